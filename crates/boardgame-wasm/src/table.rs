//! A game in progress behind one object ([`Table`]): [`boardgames::Table`] (the registry's
//! board, its move list with undo, the AI agents) with the answers the page asks for (legal
//! actions with the cells they touch, the board view, what an agent found). No game's concrete
//! type appears here, so a game added to the registry is playable in the browser with no
//! change to this crate. Plain Rust: the bindings in `lib.rs` only convert.

use boardgame_kit::view::{ActionHint, Touches, View};
use boardgame_kit::{DynGame, GameResult, ToAct};
use serde::Serialize;

/// A legal action with the cells it starts from and goes to, for clicking and highlighting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Legal {
    /// The action's text (what [`Table::play`] takes).
    pub text: String,
    /// The action's id in the game's fixed action space ([`boardgame_kit::Encoding`]; a
    /// chance outcome's id at a chance node).
    pub id: usize,
    /// Where it starts, ends, and the path between.
    #[serde(flatten)]
    pub hint: ActionHint,
}

/// A chance outcome with its exact probability `num / den`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chance {
    /// The outcome's text (a die value).
    pub text: String,
    /// Numerator of its probability.
    pub num: u32,
    /// Denominator of its probability.
    pub den: u32,
}

/// What an agent found when it chose an action (its search statistics), for a front end to
/// show: `boardgame_ai::Analysis` with the actions as text.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Thought {
    /// The action chosen (the first of [`Thought::line`] when the agent searched).
    pub action: String,
    /// The seat index that was to act.
    pub seat: usize,
    /// The value of the position for every seat in play, in `-1.0..=1.0` (all 0 from an agent
    /// that does not search, such as `random`).
    pub values: Vec<SeatValue>,
    /// Whether the values are exact (the position is solved).
    pub exact: bool,
    /// The principal line: the chosen action and the continuation the agent expects.
    pub line: Vec<String>,
    /// Statistics per legal action, in the order of the legal list.
    pub actions: Vec<ActionThought>,
    /// Search iterations run (MCTS playouts; alpha-beta: completed depths).
    pub iterations: u64,
    /// Positions visited (MCTS: tree nodes; alpha-beta: nodes searched).
    pub nodes: u64,
}

/// The value of the position for one seat.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SeatValue {
    /// Seat index.
    pub seat: usize,
    /// Its value, in `-1.0..=1.0`.
    pub value: f32,
}

/// The statistics of one legal action in a [`Thought`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActionThought {
    /// The action's text.
    pub action: String,
    /// MCTS visits (alpha-beta: 0).
    pub visits: u64,
    /// Its value for the seat to act, in `-1.0..=1.0`.
    pub value: f32,
    /// Whether the value is exact.
    pub exact: bool,
}

/// Who acts next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Turn {
    /// A player: its seat index and name.
    Seat {
        /// Seat index.
        seat: usize,
        /// Seat name in the game's notation.
        name: String,
    },
    /// Chance (a die).
    Chance,
    /// Nobody: the game is over.
    Over,
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ending {
    /// Seat indices of the winners (several share a win; empty for a draw).
    pub winners: Vec<usize>,
    /// A draw.
    pub draw: bool,
    /// Scores per seat index, for scored games.
    pub scores: Option<Vec<i32>>,
    /// The result in the game's words (`1`, `draw`, `1,2 scores 1=5 2=5`).
    pub summary: String,
}

/// Who acts in `game`.
pub fn turn(game: &dyn DynGame) -> Turn {
    match game.to_act() {
        ToAct::Seat(s) => Turn::Seat {
            seat: s.index(),
            name: game.seat_name(s).into(),
        },
        ToAct::Chance => Turn::Chance,
        _ => Turn::Over,
    }
}

/// The chance outcomes of `game` (empty unless it is a chance node).
pub fn chances(game: &dyn DynGame) -> Vec<Chance> {
    game.chance_outcomes()
        .into_iter()
        .map(|(text, p)| Chance {
            text,
            num: p.num(),
            den: p.den(),
        })
        .collect()
}

/// The end of `game`, once it is over.
pub fn ending(game: &dyn DynGame) -> Option<Ending> {
    let o = game.outcome()?;
    let seats: Vec<usize> = o.seats().iter().map(|s| s.index()).collect();
    Some(Ending {
        winners: o.winners().iter().map(|s| s.index()).collect(),
        draw: matches!(o.result(), GameResult::Draw),
        scores: o.scores().map(|sc| seats.iter().map(|&s| sc[s]).collect()),
        summary: game.outcome_summary().unwrap_or_default(),
    })
}

/// A game in progress, whatever the game: [`boardgames::Table`] (the registry's board, its
/// move list with undo, its agents) with the answers the page asks for, errors as text for
/// JavaScript.
pub struct Table(boardgames::Table);

/// Starts the game called `name` (see [`boardgames::GAMES`]) with parameters, at `position`
/// if one is given.
pub fn open(name: &str, params: &str, position: Option<&str>) -> Result<Table, String> {
    boardgames::Table::new(name, params, position)
        .map(Table)
        .map_err(|e| e.to_string())
}

impl Table {
    /// The dynamic face of the current state.
    pub fn game(&self) -> &dyn DynGame {
        self.0.game()
    }

    /// The legal actions (at a chance node the outcomes), with the cells they touch.
    pub fn legal(&self) -> Vec<Legal> {
        let board = self.0.board();
        board
            .legal_hints()
            .into_iter()
            .zip(board.legal_ids())
            .map(|((text, hint), id)| Legal { text, id, hint })
            .collect()
    }

    /// The observation seen from seat number `seat` ([`boardgame_kit::Encoding`]).
    pub fn observe(&self, seat: usize) -> Result<Vec<f32>, String> {
        self.0.observe(seat).map_err(|e| e.to_string())
    }

    /// The board now.
    pub fn view(&self) -> View {
        self.0.board().board_view()
    }

    /// Everything the action written `text` touches.
    pub fn touches(&self, text: &str) -> Result<Touches, String> {
        self.0
            .board()
            .touches_text(text.trim())
            .map_err(|e| e.to_string())
    }

    /// Plays the action written `text`; on error nothing changes.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        let text = text.trim();
        // The refusal in the words of the legal list (as `touches` gives it).
        self.0
            .game()
            .action_index(text)
            .map_err(|e| e.to_string())?;
        self.0.play(text).map_err(|e| e.to_string())
    }

    /// Takes back the last action played; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        self.0.undo(1).is_ok()
    }

    /// The texts of the actions played since the start or the last [`Table::set_position`].
    pub fn history(&self) -> Vec<String> {
        self.0.history().map(String::from).collect()
    }

    /// Replaces the state by a position of the same game and parameters; clears the history.
    pub fn set_position(&mut self, text: &str) -> Result<(), String> {
        self.0.set_position(text.trim()).map_err(|e| e.to_string())
    }

    /// The action the agent described by `spec` (`mcts:iterations=2000`) chooses for the seat
    /// to act.
    pub fn best(&self, spec: &str, seed: u64) -> Result<String, String> {
        let (action, _) = self.0.choose_fresh(spec, seed).map_err(|e| e.to_string())?;
        Ok(action)
    }

    /// The action the agent described by `spec` chooses, with what its search found.
    pub fn analyse(&self, spec: &str, seed: u64) -> Result<Thought, String> {
        let (action, found) = self.0.choose_fresh(spec, seed).map_err(|e| e.to_string())?;
        let seat = self.0.seat_to_act().unwrap_or(0);
        let mut thought = Thought {
            action: action.clone(),
            seat,
            values: Vec::new(),
            exact: false,
            line: vec![action],
            actions: Vec::new(),
            iterations: 0,
            nodes: 0,
        };
        if let Some(a) = found {
            thought.values = self
                .game()
                .seats()
                .iter()
                .map(|s| SeatValue {
                    seat: s.index(),
                    value: a.values.get(s),
                })
                .collect();
            thought.exact = a.exact;
            if !a.line.is_empty() {
                thought.line = a.line;
            }
            thought.actions = a
                .actions
                .into_iter()
                .map(|s| ActionThought {
                    action: s.action,
                    visits: s.visits,
                    value: s.value,
                    exact: s.exact,
                })
                .collect();
            thought.iterations = a.iterations;
            thought.nodes = a.nodes;
        }
        Ok(thought)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_opens_with_a_view_and_legal_actions() {
        for entry in boardgames::GAMES {
            let t = open(entry.name(), "", None).unwrap();
            assert!(!t.view().cells.is_empty(), "{}", entry.name());
            assert!(!t.legal().is_empty(), "{}", entry.name());
            assert_eq!(t.game().name(), entry.name());
        }
        let refused = |name: &str, params: &str| open(name, params, None).err().unwrap();
        assert!(refused("chess", "").contains("chess"));
        assert!(refused("slimetrail", "size=4").contains("size"));
    }

    #[test]
    fn play_undo_and_history_keep_the_move_list() {
        let mut t = open("slimetrail", "size=5", None).unwrap();
        let start = t.game().position();
        t.play("b2").unwrap();
        t.play("a2").unwrap();
        assert_eq!(t.history(), ["b2", "a2"]);
        assert!(t.play("b2").unwrap_err().contains("b2"), "slimed: illegal");
        assert!(t.play("zz").is_err());
        assert_eq!(t.history().len(), 2, "errors change nothing");
        assert!(t.undo() && t.undo() && !t.undo());
        assert_eq!(t.game().position(), start);
    }

    #[test]
    fn legal_actions_carry_their_ids_and_seats_observe() {
        let mut t = open("slimetrail", "size=5", None).unwrap();
        let legal = t.legal();
        for l in &legal {
            assert_eq!(t.game().text_id(&l.text), Ok(l.id));
        }
        let size = t.game().observation_shape().size();
        assert_eq!(t.observe(0).unwrap().len(), size);
        assert!(t.observe(2).is_err() && t.observe(usize::MAX).is_err());
        t.play(&format!("#{}", legal[0].id)).unwrap();
        assert_eq!(t.history(), [legal[0].text.clone()]);
    }

    #[test]
    fn legal_actions_carry_their_cells() {
        let t = open("splut", "", None).unwrap();
        let v = t.view();
        let legal = t.legal();
        let e2 = legal.iter().find(|l| l.text == "e2-e3").unwrap();
        assert_eq!((e2.hint.from, e2.hint.to), (v.cell("e2"), v.cell("e3")));
        let touched = t.touches("e2-e3").unwrap();
        assert_eq!(touched.moves.len(), 1);
        assert!(t.touches("e2-e5").is_err());
    }

    #[test]
    fn chance_nodes_list_the_die_and_the_game_ends_with_a_result() {
        let mut t = open("arandia", "", None).unwrap();
        t.play("f9").unwrap();
        assert_eq!(turn(t.game()), Turn::Chance);
        let dice = chances(t.game());
        assert_eq!(dice.len(), 6);
        assert!(dice.iter().all(|c| (c.num, c.den) == (1, 6)));
        let mut t = open("slimetrail", "size=5", None).unwrap();
        for a in ["b2", "a1"] {
            t.play(a).unwrap();
        }
        assert_eq!(turn(t.game()), Turn::Over);
        let end = ending(t.game()).unwrap();
        assert_eq!(end.winners, [0]);
        assert!(!end.draw);
    }

    #[test]
    fn agents_choose_legal_actions_and_positions_round_trip() {
        let mut t = open("repello", "stack=2", None).unwrap();
        let a = t.best("mcts:iterations=50", 7).unwrap();
        assert!(t.legal().iter().any(|l| l.text == a));
        t.play(&a).unwrap();
        let pos = t.game().position();
        let mut u = open("repello", "stack=2", None).unwrap();
        u.set_position(&pos).unwrap();
        assert_eq!(u.game().position(), pos);
        assert!(u.history().is_empty());
        assert!(u.set_position("nonsense").is_err());
        assert!(t.best("nosuchagent", 1).is_err());
    }

    #[test]
    fn analyse_gives_the_choice_its_value_and_line() {
        let t = open("slimetrail", "size=5", None).unwrap();
        let th = t.analyse("mcts:iterations=300", 1).unwrap();
        assert_eq!(th.action, t.best("mcts:iterations=300", 1).unwrap());
        assert_eq!(th.line[0], th.action);
        assert_eq!(th.seat, 0);
        assert_eq!(th.values.iter().map(|v| v.seat).collect::<Vec<_>>(), [0, 1]);
        assert!(th.values.iter().all(|v| (-1.0..=1.0).contains(&v.value)));
        assert_eq!(th.actions.len(), t.legal().len());
        assert!(th.iterations >= 300);
        let r = t.analyse("random", 2).unwrap();
        assert_eq!(r.line, std::slice::from_ref(&r.action));
        assert!(t.analyse("nosuchagent", 1).is_err());
    }
}
