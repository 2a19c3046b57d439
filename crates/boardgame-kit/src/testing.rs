//! A tiny reference game (Nim) for the kit's own examples and tests, and for learning the API.

use crate::error::{ParamError, PositionError, SyntaxError};
use crate::game::{Actions, Game, Outcome, ToAct};
use crate::params::{ParamSpec, ParamValues};
use crate::seat::{Seat, SeatSet};
use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

/// Nim's parameters: `stones=N` (1..=60, default 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimParams {
    /// Stones at the start.
    pub stones: u8,
}

impl Default for NimParams {
    fn default() -> Self {
        NimParams { stones: 5 }
    }
}

impl fmt::Display for NimParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.stones != 5 {
            write!(f, "stones={}", self.stones)?;
        }
        Ok(())
    }
}

crate::impl_game_params!(
    NimParams,
    set: set_nim_param,
    [ParamSpec::new(
        "stones",
        ParamValues::Int { min: 1, max: 60 },
        "5",
        "stones on the table at the start",
    )]
);

/// Sets one key of Nim's parameters.
fn set_nim_param(p: &mut NimParams, k: &str, v: &str) -> Result<(), ParamError> {
    match k {
        "stones" => p.stones = crate::params::int(k, v, 1, 60)?,
        _ => return Err(ParamError::UnknownKey(k.into())),
    }
    Ok(())
}

/// Take one or two stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Take(u8);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Take {
    type Err = SyntaxError;
    fn from_str(s: &str) -> Result<Self, SyntaxError> {
        match s {
            "1" => Ok(Take(1)),
            "2" => Ok(Take(2)),
            _ => Err(SyntaxError::new(s, 0, "1 or 2")),
        }
    }
}

/// Two players take one or two stones in turn; whoever takes the last stone wins.
/// Position notation: `STONES SEAT` (`5 1`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    params: NimParams,
    stones: u8,
    mover: u8,
}

impl Nim {
    /// Stones left.
    #[must_use]
    pub fn stones(&self) -> u8 {
        self.stones
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.stones {
            f.write_str("o")?;
        }
        Ok(())
    }
}

impl Game for Nim {
    type Params = NimParams;
    type Action = Take;
    type ActionBuf = [Take; 2];
    type Undo = Nim;
    const NAME: &'static str = "nim";
    const SEAT_NAMES: &'static [&'static str] = &["1", "2"];
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 2;
    const HAS_CHANCE: bool = false;

    fn new(params: &NimParams) -> Self {
        Nim {
            params: *params,
            stones: params.stones,
            mover: 0,
        }
    }
    fn params(&self) -> NimParams {
        self.params
    }
    fn seats(&self) -> SeatSet {
        SeatSet::first(2)
    }
    fn to_act(&self) -> ToAct {
        if self.stones == 0 {
            ToAct::Over
        } else {
            ToAct::Seat(Seat::of(self.mover as usize))
        }
    }
    fn legal_actions(&self, out: &mut Actions<Self>) {
        out.clear();
        for k in 1..=self.stones.min(2) {
            out.push(Take(k));
        }
    }
    fn play_unchecked(&mut self, a: Take) -> Nim {
        let before = self.clone();
        self.stones = self.stones.saturating_sub(a.0);
        self.mover ^= 1;
        before
    }
    fn undo(&mut self, u: Nim) {
        *self = u;
    }
    fn outcome(&self) -> Option<Outcome> {
        // The player who took the last stone is the one who is not to move now.
        (self.stones == 0)
            .then(|| Outcome::win(SeatSet::first(2), Seat::of((self.mover ^ 1) as usize)))
    }
    fn position(&self) -> String {
        alloc::format!("{} {}", self.stones, self.mover + 1)
    }
    fn from_position(params: &NimParams, text: &str) -> Result<Self, PositionError> {
        let (a, b) = text
            .split_once(' ')
            .ok_or_else(|| SyntaxError::new(text, 0, "`STONES SEAT`"))?;
        let stones: u8 = a
            .parse()
            .map_err(|_| SyntaxError::new(text, 0, "a number of stones"))?;
        let mover = match b {
            "1" => 0,
            "2" => 1,
            _ => return Err(SyntaxError::new(text, a.len() + 1, "seat 1 or 2").into()),
        };
        if stones > params.stones {
            return Err(PositionError::invalid(
                "more stones than the game started with",
            ));
        }
        Ok(Nim {
            params: *params,
            stones,
            mover,
        })
    }
    fn max_game_length(params: &NimParams) -> Option<u64> {
        Some(params.stones as u64)
    }
}

/// Nim's action space: taking one stone is id 0, two stones id 1. Its observation is two
/// planes of one row with a value per stone of the start: the first holds 1 for each stone
/// still on the table, the second is all 1 when the observing seat is to move (at the end:
/// when it would be, having lost).
impl crate::encoding::Encoding for Nim {
    fn num_distinct_actions(_: &NimParams) -> usize {
        2
    }
    fn action_id(&self, action: Take) -> Option<usize> {
        Some(action.0 as usize - 1)
    }
    fn action_of_id(&self, id: usize) -> Option<Take> {
        match id {
            0 | 1 => Some(Take(id as u8 + 1)),
            _ => None,
        }
    }
    fn observation_shape(params: &NimParams) -> crate::encoding::Shape {
        crate::encoding::Shape::planes(2, 1, params.stones as usize)
    }
    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let n = self.params.stones as usize;
        out[..self.stones as usize].fill(1.0);
        if self.mover as usize == seat.index() {
            out[n..].fill(1.0);
        }
    }
}

#[cfg(feature = "serde")]
crate::impl_serde_state!(Nim);

/// Nim's board: one cell per stone of the start (`1` to `N`), each holding its stone (a
/// black token with the cell's number as identity) until it is taken, the last ones first.
impl crate::view::BoardView for Nim {
    fn view(&self) -> crate::view::View {
        use crate::view::{CellView, Geometry, PieceKind, PieceView, SeatView, View};
        let cells = (0..self.params.stones)
            .map(|i| {
                let mut c = CellView::new(alloc::format!("{}", i + 1), i, 0);
                if i < self.stones {
                    c.pieces
                        .push(PieceView::new(PieceKind::Black, None).with_id(i.into()));
                }
                c
            })
            .collect();
        let seats = (0..2)
            .map(|s| SeatView {
                seat: Seat::of(s),
                name: alloc::string::String::from(Self::SEAT_NAMES[s]),
                active: true,
                note: alloc::string::String::new(),
            })
            .collect();
        View {
            geometry: Geometry::Square {
                files: self.params.stones,
                ranks: 1,
            },
            cells,
            seats,
            to_act: self.to_act().seat(),
            status: crate::view::status_text(self, "takes"),
        }
    }

    fn action_hint(&self, _: &Take) -> crate::view::ActionHint {
        crate::view::ActionHint::default()
    }
}

/// Nim explained: its rules, the key of its drawing (`o` per stone), and each take in words.
impl crate::explain::Explain for Nim {
    const RULES: &'static str = "Nim: two players take one or two stones in turn from the \
table; whoever takes the last stone wins.\nAn action is the number of stones taken: `1` or `2`.\n";

    fn key(&self) -> alloc::vec::Vec<crate::explain::KeyEntry> {
        alloc::vec![crate::explain::KeyEntry::new("o", "a stone on the table")]
    }

    fn describe(&self, action: &Take) -> String {
        let left = self.stones.saturating_sub(action.0);
        let stones = if action.0 == 1 { "stone" } else { "stones" };
        if left == 0 {
            alloc::format!("takes the last {stones} and wins")
        } else {
            alloc::format!("takes {} {stones}, leaving {left}", action.0)
        }
    }
}

/// Plays a game of `params` from its start by random legal actions (chance outcomes by their
/// probabilities), as [`random_action`](crate::random_action) draws them with a generator
/// seeded `seed`, and calls `visit` at every position met: the start, and the position after
/// each action, the end included. For tests that check a property along random games.
///
/// ```
/// use boardgame_kit::testing::{walk_random_game, Nim};
/// let mut positions = 0;
/// walk_random_game::<Nim>(&Default::default(), 7, |nim| {
///     positions += 1;
///     assert!(nim.stones() <= 5);
/// });
/// assert!(positions >= 4); // five stones, at most two taken at a time
/// ```
pub fn walk_random_game<G: Game>(params: &G::Params, seed: u64, mut visit: impl FnMut(&G)) {
    let mut state = G::new(params);
    let mut rng = crate::SplitMix64::new(seed);
    let mut buf = Actions::<G>::new();
    visit(&state);
    while let Some(action) = crate::random_action(&state, &mut rng, &mut buf) {
        state.play(action);
        visit(&state);
    }
}

/// [`walk_random_game`] for each parameter text of `params` and each seed `0..seeds`:
/// `visit(text, seed, state)` is called at every position met, so that a failure can name the
/// game it was met in. Panics if a parameter text does not read.
///
/// ```
/// use boardgame_kit::testing::{walk_random_games, Nim};
/// let mut games = 0;
/// walk_random_games::<Nim>(&["stones=3", "stones=9"], 4, |_, _, nim| {
///     games += usize::from(nim.stones() == 0);
/// });
/// assert_eq!(games, 8); // every game ends
/// ```
pub fn walk_random_games<G: Game>(
    params: &[&str],
    seeds: u64,
    mut visit: impl FnMut(&str, u64, &G),
) {
    for text in params {
        let p: G::Params = text
            .parse()
            .unwrap_or_else(|e| panic!("parameters `{text}`: {e}"));
        for seed in 0..seeds {
            walk_random_game(&p, seed, |state| visit(text, seed, state));
        }
    }
}

/// The position `text` of the game with the parameters `params`, both as text, for tests:
/// panics naming the text and the error when either does not read.
///
/// ```
/// use boardgame_kit::testing::{position, Nim};
/// let nim: Nim = position("stones=9", "4 2");
/// assert_eq!(nim.stones(), 4);
/// ```
#[must_use]
pub fn position<G: Game>(params: &str, text: &str) -> G {
    let params: G::Params = params
        .parse()
        .unwrap_or_else(|e| panic!("parameters `{params}`: {e}"));
    G::from_position(&params, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal actions of `state` as text, sorted, for tests that compare them as a set.
///
/// ```
/// use boardgame_kit::testing::{sorted_legal, Nim};
/// use boardgame_kit::Game;
/// assert_eq!(sorted_legal(&Nim::new(&Default::default())), ["1", "2"]);
/// ```
#[must_use]
pub fn sorted_legal<G: Game>(state: &G) -> alloc::vec::Vec<String> {
    let mut list = Actions::<G>::new();
    state.legal_actions(&mut list);
    let mut texts: alloc::vec::Vec<String> = list.iter().map(|a| a.to_string()).collect();
    texts.sort();
    texts
}

/// The ids of the legal actions of `state` ([`Encoding::action_id`](crate::Encoding)), sorted,
/// for tests of an encoding: panics if a legal action has no id.
///
/// ```
/// use boardgame_kit::testing::{sorted_legal_ids, Nim};
/// use boardgame_kit::Game;
/// assert_eq!(sorted_legal_ids(&Nim::new(&Default::default())), [0, 1]);
/// ```
#[must_use]
pub fn sorted_legal_ids<G: crate::Encoding>(state: &G) -> alloc::vec::Vec<usize> {
    let mut list = Actions::<G>::new();
    state.legal_actions(&mut list);
    let mut ids: alloc::vec::Vec<usize> = list
        .iter()
        .map(|&a| {
            state
                .action_id(a)
                .unwrap_or_else(|| panic!("the legal action {a} has no id"))
        })
        .collect();
    ids.sort_unstable();
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{perft, Record};

    #[test]
    fn nim_perft_counts_sequences() {
        let mut s = Nim::new(&NimParams { stones: 3 });
        // 3 stones: sequences of length 2 that do not end before: 1-1, 1-2, 2-1 = 3
        assert_eq!(perft(&mut s, 2), 3);
        // length 3: only 1-1-1
        assert_eq!(perft(&mut s, 3), 1);
    }

    #[test]
    fn nim_checked_play_rejects_and_keeps_state() {
        let mut s = Nim::new(&NimParams { stones: 1 });
        let before = s.clone();
        assert!(s.try_play(Take(2)).is_err());
        assert_eq!(s, before);
        s.try_play(Take(1)).unwrap();
        assert_eq!(s.to_act(), ToAct::Over);
        assert!(matches!(
            s.try_play(Take(1)),
            Err(crate::PlayError::GameOver)
        ));
        assert!(s.outcome().unwrap().is_winner(Seat::of(0)));
    }

    #[test]
    fn params_errors_name_the_key() {
        assert_eq!(
            "stones=0".parse::<NimParams>().unwrap_err().to_string(),
            "bad value `0` for parameter `stones`: expected an integer from 1 to 60"
        );
        assert!("size=3"
            .parse::<NimParams>()
            .unwrap_err()
            .to_string()
            .contains("size"));
        assert_eq!(
            NimParams { stones: 9 }
                .to_string()
                .parse::<NimParams>()
                .unwrap()
                .stones,
            9
        );
    }

    #[test]
    fn record_reports_index_of_bad_action() {
        let e = "nim: 1 1 x".parse::<Record<Nim>>().unwrap_err();
        assert!(e.to_string().starts_with("action 3:"), "{e}");
        let e = "chess: e4".parse::<Record<Nim>>().unwrap_err();
        assert!(e.to_string().contains("chess"));
    }

    #[test]
    fn nim_ids_and_observations_follow_its_docs() {
        use crate::encoding::{Encoding, ObserveError};
        let mut s = Nim::new(&NimParams { stones: 4 });
        assert_eq!(s.action_id(Take(1)), Some(0));
        assert_eq!(s.action_id(Take(2)), Some(1));
        assert_eq!(s.action_of_id(2), None);
        s.play(Take(2)); // two stones left, seat 2 to move
        let mut obs = [0.0; 8];
        s.observe(Seat::of(1), &mut obs).unwrap();
        assert_eq!(obs, [1.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]);
        s.observe(Seat::of(0), &mut obs).unwrap();
        assert_eq!(obs, [1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        assert_eq!(
            s.observe(Seat::of(0), &mut [0.0; 7]),
            Err(ObserveError::WrongLength {
                expected: 8,
                got: 7
            })
        );
    }

    #[cfg(feature = "conformance")]
    #[test]
    fn nim_passes_conformance() {
        for p in ["", "stones=1", "stones=17"] {
            crate::conformance::check::<Nim>(
                &p.parse().unwrap(),
                &crate::conformance::Config::default(),
            );
        }
    }
}
