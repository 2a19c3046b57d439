//! The game: [`Game`] for [`State`] over the state's decisions and dice, the move generator,
//! the notation, the evaluation, the playout policy and the perft kernel; why an action is
//! illegal.

use crate::action::Action;
use crate::board::{self, Cell, Terrain};
use crate::key::position_key;
use crate::notation::{read_position, write_position};
use crate::playout::playout_action;
use crate::state::{Phase, State, MAX_ACTIONS, SUNK};
use crate::{eval, Params};
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use boardgame_kit::{
    Actions, ChanceOutcomes, Game, Outcome, PositionError, Prob, RandomSource, SeatSet, SeatValues,
    ToAct,
};

/// The probability of each face of the die.
const SIXTH: Prob = Prob::new(1, 6);

impl State {
    fn turn_desc(&self) -> String {
        format!("seat {}", self.mover)
    }

    fn reason(&self, a: Action) -> Cow<'static, str> {
        let m = self.mover as usize;
        let who = self.turn_desc();
        let r = match (self.phase, a) {
            (Phase::Won | Phase::Drawn, _) => String::from("the game is over"),
            (
                Phase::Roll { .. } | Phase::AttackRoll { .. } | Phase::DefendRoll { .. },
                Action::Die(k),
            ) => {
                format!("a die shows 1 to 6, not {k}")
            }
            (Phase::Roll { from }, _) => format!(
                "the die is being rolled for the ship on {from}: the action is a die value 1..6"
            ),
            (Phase::AttackRoll { .. }, _) => {
                String::from("the attacker's die is being rolled: the action is a die value 1..6")
            }
            (Phase::DefendRoll { .. }, _) => {
                String::from("the defender's die is being rolled: the action is a die value 1..6")
            }
            (Phase::Pick { from, die }, Action::At(t)) => {
                let (c, _) = State::usable(m, from.raw(), die);
                format!(
                    "the roll of {die} from {from} leads to {} or {}, not {t}",
                    Cell::from_raw(c[0]),
                    Cell::from_raw(c[1])
                )
            }
            (Phase::Pick { from, die }, _) => {
                format!("{who} must choose the cell (one of two) the ship on {from} goes to after rolling {die}")
            }
            (Phase::Wreck, Action::At(h)) => format!("{h} is not a cell of {who}'s home harbour"),
            (Phase::Wreck, _) => {
                format!("{who} must put the wrecked ship on a cell of its home harbour")
            }
            (Phase::Arrive { at }, Action::Attack(s)) => {
                if s.index() == m {
                    format!("{who} cannot attack its own ships")
                } else {
                    format!("no ship of seat {} stands on {at}", s.index())
                }
            }
            (Phase::Arrive { at }, _) => {
                format!("{who}'s ship arrived on {at} among enemies: attack/S or decline")
            }
            (Phase::Choose, Action::Die(_)) => {
                format!("no die is being rolled: {who} is to choose a ship's action")
            }
            (Phase::Choose, Action::Attack(_) | Action::Decline) => {
                format!("no arrival is offering an attack: {who} is to choose a ship's action")
            }
            (Phase::Choose, Action::At(c)) => self.no_unacted(c),
            (Phase::Choose, Action::Enter(h)) => {
                if !self.ships[m].contains(&(SUNK * 2)) {
                    format!("{who} has no sunk ship to re-enter this turn")
                } else {
                    format!("{h} is not a cell of {who}'s home harbour")
                }
            }
            (Phase::Choose, Action::Move(c, t)) => {
                if !self.ships[m].contains(&(c.raw() * 2)) {
                    self.no_unacted(c)
                } else {
                    match c.terrain() {
                        Terrain::Harbour(_) => {
                            format!("{t} is not a cell of {c}'s harbour next to it")
                        }
                        Terrain::Island => format!("{t} is not a neighbour of the island {c}"),
                        _ => format!(
                            "{c} is neither a harbour nor the island: a ship there can only roll"
                        ),
                    }
                }
            }
        };
        Cow::Owned(r)
    }

    fn no_unacted(&self, c: Cell) -> String {
        let m = self.mover as usize;
        if self.ships[m].contains(&(c.raw() * 2 + 1)) {
            format!("the ship of seat {m} on {c} has already acted this turn")
        } else {
            format!("seat {m} has no ship on {c}")
        }
    }
}

impl Game for State {
    type Params = Params;
    type Action = Action;
    type ActionBuf = [Action; MAX_ACTIONS];
    type Undo = State;

    const NAME: &'static str = "arandia";
    const SEAT_NAMES: &'static [&'static str] = &["0", "1", "2", "3", "4", "5"];
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 6;
    const HAS_CHANCE: bool = true;

    fn new(params: &Params) -> State {
        State::start(params)
    }

    fn params(&self) -> Params {
        self.params
    }

    fn seats(&self) -> SeatSet {
        self.params.seats()
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Won | Phase::Drawn => ToAct::Over,
            Phase::Roll { .. } | Phase::AttackRoll { .. } | Phase::DefendRoll { .. } => {
                ToAct::Chance
            }
            _ => ToAct::Seat(self.mover()),
        }
    }

    fn evaluate(&self) -> Option<SeatValues> {
        Some(eval::evaluate(self))
    }

    fn playout_action<R: RandomSource + ?Sized>(
        &self,
        rng: &mut R,
        _buf: &mut Actions<Self>,
    ) -> Option<Action> {
        playout_action(self, rng)
    }

    /// Playouts stop after [`eval::PLAYOUT_CUTOFF`] actions: the evaluation's
    /// expected ways home already average over the dice that playing on would sample.
    fn playout_cutoff(_params: &Params) -> Option<u32> {
        Some(eval::PLAYOUT_CUTOFF)
    }

    fn legal_actions(&self, out: &mut Actions<Self>) {
        self.generate(out);
    }

    fn count_legal(&self) -> usize {
        self.count()
    }

    fn is_legal(&self, action: &Action) -> bool {
        self.legal(*action)
    }

    fn illegal_reason(&self, action: &Action) -> Cow<'static, str> {
        self.reason(*action)
    }

    fn chance_outcomes(&self, out: &mut ChanceOutcomes<Action>) {
        out.clear();
        if self.to_act() == ToAct::Chance {
            for k in 1..=6 {
                out.push((Action::Die(k), SIXTH));
            }
        }
    }

    fn play_unchecked(&mut self, action: Action) -> State {
        let before = *self;
        self.apply(action);
        before
    }

    fn undo(&mut self, undo: State) {
        *self = undo;
    }

    /// A Zobrist-style key kept up to date as ships move (see the `zobrist` module), with the
    /// mover, the pending decision and the turns mixed in: a few operations instead of hashing
    /// the whole state.
    fn position_key(&self) -> u64 {
        position_key(self.ships_key, self.phase.code(), self.mover, self.turns)
    }

    /// The crate's kernel: copy-make with bulk counting, equal chance outcomes merged and a
    /// transposition table (see the `perft` module); the same counts as the generic driver.
    fn perft_kernel(&mut self, depth: u32) -> u64 {
        self.perft_fast(depth)
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Won => Some(Outcome::win(self.seats(), self.mover())),
            Phase::Drawn => Some(Outcome::draw(self.seats())),
            _ => None,
        }
    }

    fn position(&self) -> String {
        write_position(self)
    }

    fn from_position(params: &Params, text: &str) -> Result<State, PositionError> {
        read_position(params, text)
    }

    /// With a turn limit: at most `turn_limit * 3 * 6` actions (each turn, three ships, each
    /// with at most a choice, a die, a placement after a wreck or a pick, an attack decision and
    /// two combat dice). Without one, no bound: ships can wander forever.
    fn max_game_length(params: &Params) -> Option<u64> {
        let limit = params.turn_limit() as u64;
        (limit > 0).then(|| limit * 3 * board::actions_per_ship())
    }
}
