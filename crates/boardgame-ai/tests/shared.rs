//! `shared=split`: a search values winning alone above sharing the win; by default (`win`) the
//! two are worth the same, as `boardgame match` counts them.

use boardgame_ai::{from_spec, Agent, SharedWin};
use boardgame_kit::testing::{Nim, NimParams, Take};
use boardgame_kit::{Actions, Game, GameResult, Outcome, PositionError, Seat, SeatSet, ToAct};
use core::fmt;

/// Nim where the last take decides how the game is won: taking the last stones with `2` is a
/// win shared by both seats, with `1` a win for the first seat alone. With two stones and the
/// first seat to act, it can share the win at once (`2`) or leave one stone, which the other
/// seat must take: a win alone, one move later.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct ShareNim {
    nim: Nim,
    last: Option<Take>,
}

impl fmt::Display for ShareNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.nim.fmt(f)
    }
}

fn take(k: &str) -> Take {
    k.parse().unwrap()
}

impl Game for ShareNim {
    type Params = NimParams;
    type Action = Take;
    type ActionBuf = <Nim as Game>::ActionBuf;
    type Undo = ShareNim;
    const NAME: &'static str = "sharenim";
    // Nim's seats and players: only the outcome differs.
    const SEAT_NAMES: &'static [&'static str] = Nim::SEAT_NAMES;
    const MIN_PLAYERS: usize = Nim::MIN_PLAYERS;
    const MAX_PLAYERS: usize = Nim::MAX_PLAYERS;
    const HAS_CHANCE: bool = Nim::HAS_CHANCE;

    fn new(params: &NimParams) -> Self {
        ShareNim {
            nim: Nim::new(params),
            last: None,
        }
    }
    fn params(&self) -> NimParams {
        self.nim.params()
    }
    fn seats(&self) -> SeatSet {
        self.nim.seats()
    }
    fn to_act(&self) -> ToAct {
        self.nim.to_act()
    }
    fn legal_actions(&self, out: &mut Actions<Self>) {
        self.nim.legal_actions(out);
    }
    fn play_unchecked(&mut self, action: Take) -> ShareNim {
        let before = self.clone();
        self.nim.play_unchecked(action);
        self.last = Some(action);
        before
    }
    fn undo(&mut self, undo: ShareNim) {
        *self = undo;
    }
    fn outcome(&self) -> Option<Outcome> {
        self.nim.outcome()?;
        let both = SeatSet::first(2);
        Some(if self.last == Some(take("2")) {
            Outcome::new(GameResult::Winners(both), both, None)
        } else {
            Outcome::win(both, Seat::of(0))
        })
    }
    fn position(&self) -> String {
        self.nim.position()
    }
    fn from_position(params: &NimParams, text: &str) -> Result<Self, PositionError> {
        Ok(ShareNim {
            nim: Nim::from_position(params, text)?,
            last: None,
        })
    }
    fn max_game_length(params: &NimParams) -> Option<u64> {
        Nim::max_game_length(params)
    }
}

fn two_stones() -> ShareNim {
    ShareNim::new(&"stones=2".parse().unwrap())
}

/// The analysis value of each action, by its text.
fn values(agent: &dyn Agent<ShareNim>) -> Vec<(String, f32)> {
    let analysis = agent.analysis().unwrap();
    analysis
        .actions
        .iter()
        .map(|s| (s.action.to_string(), s.value))
        .collect()
}

#[test]
fn the_rule_of_the_test_game_holds() {
    let mut shared = two_stones();
    shared.play(take("2"));
    assert_eq!(shared.outcome().unwrap().winners(), SeatSet::first(2));
    let mut alone = two_stones();
    alone.play(take("1"));
    assert_eq!(alone.to_act(), ToAct::Seat(Seat::of(1)));
    assert_eq!(alone.count_legal(), 1);
    alone.play(take("1"));
    assert_eq!(
        alone.outcome().unwrap().winners(),
        SeatSet::EMPTY.with(Seat::of(0))
    );
}

#[test]
fn split_searches_win_alone() {
    for seed in 0..5 {
        for spec in [
            "mcts:iterations=500,shared=split",
            "mcts:iterations=500,shared=split,solver=off",
            "alphabeta:nodes=1000,shared=split",
            "alphabeta:nodes=1000,shared=split,tt=0",
        ] {
            let mut agent = from_spec::<ShareNim>(spec, seed).unwrap();
            assert_eq!(agent.choose(&two_stones()).unwrap(), take("1"), "{spec}");
        }
    }
    let mut mcts = from_spec::<ShareNim>("mcts:iterations=500,shared=split,solver=off", 1).unwrap();
    mcts.choose(&two_stones()).unwrap();
    let v = values(mcts.as_ref());
    assert_eq!(v, vec![("1".to_string(), 1.0), ("2".to_string(), 0.0)]);
}

#[test]
fn by_default_a_shared_win_is_worth_a_win() {
    assert_eq!(SharedWin::default(), SharedWin::Full);
    // Both actions win; without the solver, which stops at the first proven win, both get
    // visits and are worth 1.
    let mut mcts = from_spec::<ShareNim>("mcts:iterations=500,solver=off", 1).unwrap();
    mcts.choose(&two_stones()).unwrap();
    assert_eq!(
        values(mcts.as_ref()),
        vec![("1".to_string(), 1.0), ("2".to_string(), 1.0)]
    );
    // Alpha-beta prefers the sooner of two wins: the shared one, at once.
    for spec in ["alphabeta:nodes=1000", "alphabeta:nodes=1000,shared=win"] {
        let mut ab = from_spec::<ShareNim>(spec, 0).unwrap();
        assert_eq!(ab.choose(&two_stones()).unwrap(), take("2"), "{spec}");
    }
}

#[test]
fn the_shared_key_is_checked() {
    assert!(from_spec::<ShareNim>("mcts:shared=win", 0).is_ok());
    assert!(from_spec::<ShareNim>("alphabeta:shared=split", 0).is_ok());
    let err = from_spec::<ShareNim>("mcts:shared=half", 0)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("half") && err.contains("win or split"),
        "{err}"
    );
}
