//! The `boardgame engine` line protocol as a library: a [`Session`] takes one command line and
//! gives back the answer, for any game of the registry.
//!
//! One command per line. Every answer is one or more lines followed by an empty line; its first
//! line starts with `= ` (success, the result follows) or `? ` and a one-line reason (nothing
//! changed). Blank lines and lines starting with `#` get no answer. A new session plays
//! `slimetrail` with the default parameters.
//!
//! | command | answer after `= ` |
//! | --- | --- |
//! | `game NAME [PARAMS]` | a new game at its start; the position |
//! | `position POS` | the position as the engine prints it |
//! | `play ACTION...` | all or nothing (a refusal names the 1-based index); `#ID` is the action with that id; the position |
//! | `undo [N]` | takes back N actions (default 1) since the last `game`/`position`; the position |
//! | `status` | `SEAT: A B C`, `chance: 1 2 3` or `over: W ...` |
//! | `legal` | the legal actions, sorted, space-separated; `OUTCOME:NUM/DEN` at a chance node |
//! | `show` | the board, on the lines after the `= ` line |
//! | `info` | on the lines after the `= ` line: `num_distinct_actions N`, `max_chance_outcomes M`, `observation_shape D1 D2 ...`, `max_game_length L` (or `none`) |
//! | `ids` | the ids of the legal actions, in the order of `legal`, space-separated |
//! | `observe [SEAT]` | the observation seen from SEAT (default: the seat to act, else the first seat), its values space-separated in row-major order |
//! | `perft D` | the count |
//! | `go [SPEC]` | the action the agent (default `mcts`) chooses; nothing is played (see below) |
//! | `quit` | `= `, and the session ends |
//!
//! `go` keeps its agent while the game goes on: the agent is told every action played (chance
//! outcomes too), so MCTS carries its tree from one `go` to the next (and a second `go` at the
//! same position searches on from the first). A `go` with another SPEC, `game`, `position` or
//! `undo` starts a fresh agent. The answers stay a function of the commands since the last
//! `game`/`position`: the same script gives the same answers on every run.
//!
//! ```
//! use boardgames::Session;
//! let mut s = Session::new();
//! assert_eq!(s.handle("play c3 b2").unwrap().to_string(), "= 7/7/7/3x3/2x4/1@5/7 1\n\n");
//! // All or nothing: the refusal names the action, and a1 was not played.
//! assert!(s.handle("play a1 zz").unwrap().text().starts_with("? action 2 `zz`: cannot read"));
//! assert_eq!(s.handle("status").unwrap().text(), "= 1: a1 a2 a3 b1 b3 c1 c2");
//! assert!(s.handle("# a comment").is_none());
//! assert!(s.handle("quit").unwrap().is_quit());
//! ```

use crate::table::{Table, TableError};
use crate::text::one_line;
use boardgame_ai::Analysis;
use boardgame_kit::{DynGame, PerftError, ToAct};
use std::fmt;

/// The agent `go` uses when no SPEC is given.
pub const DEFAULT_AGENT: &str = "mcts";

/// The seed of the agents `go` makes (a SPEC may set its own with `seed=N`): the same SPEC and
/// position give the same choice on every run.
pub const AGENT_SEED: u64 = 0;

/// The answer to one command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    text: String,
    quit: bool,
}

impl Response {
    fn ok(result: impl fmt::Display) -> Response {
        Response {
            text: format!("= {result}"),
            quit: false,
        }
    }

    fn error(reason: impl fmt::Display) -> Response {
        Response {
            text: format!("? {}", one_line(&reason.to_string())),
            quit: false,
        }
    }

    /// The answer's lines without the empty line that ends it on the wire.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the answer is a success (`= `).
    pub fn is_ok(&self) -> bool {
        self.text.starts_with('=')
    }

    /// Whether the session ends after this answer (`quit`).
    pub fn is_quit(&self) -> bool {
        self.quit
    }
}

/// The answer as sent: its lines, then an empty line.
impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n\n", self.text)
    }
}

/// One engine session: the current game at a [`Table`] (its state, the actions that `undo`
/// can take back, and the agent of the last `go` while the game goes on).
#[derive(Debug)]
pub struct Session {
    table: Table,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session playing `slimetrail` with the default parameters, at the start.
    pub fn new() -> Session {
        let table = Table::new(crate::GAMES[0].name(), "", None)
            .unwrap_or_else(|_| unreachable!("the defaults of every game are valid"));
        Session { table }
    }

    /// What the agent of the last `go` found (`None` when no agent is kept: before any `go`,
    /// or after `game`, `position` or `undo`).
    ///
    /// ```
    /// let mut s = boardgames::Session::new();
    /// s.handle("game slimetrail size=5");
    /// let first = s.handle("go mcts:iterations=500").unwrap();
    /// assert_eq!(s.analysis().unwrap().iterations, 500);
    /// s.handle(&format!("play {}", &first.text()[2..]));
    /// s.handle("go mcts:iterations=500");
    /// // The tree of the first `go` was kept: its visits below the played action count too.
    /// let visits: u64 = s.analysis().unwrap().actions.iter().map(|a| a.visits).sum();
    /// assert!(visits > 500 || s.analysis().unwrap().exact);
    /// ```
    pub fn analysis(&self) -> Option<Analysis<String>> {
        self.table.analysis()
    }

    /// The current state.
    pub fn game(&self) -> &dyn DynGame {
        self.table.game()
    }

    /// The game in progress.
    ///
    /// ```
    /// let mut s = boardgames::Session::new();
    /// s.handle("play c3 b2");
    /// assert_eq!(s.table().history().collect::<Vec<_>>(), ["c3", "b2"]);
    /// ```
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Answers one line given as bytes: a line that is not UTF-8 is refused (`? `).
    ///
    /// ```
    /// let mut s = boardgames::Session::new();
    /// assert!(s.handle_bytes(b"play \xff").unwrap().text().starts_with("? "));
    /// assert!(s.handle_bytes(b"legal\r\n").unwrap().is_ok());
    /// ```
    pub fn handle_bytes(&mut self, line: &[u8]) -> Option<Response> {
        match std::str::from_utf8(line) {
            Ok(text) => self.handle(text),
            Err(e) => Some(Response::error(format_args!(
                "the line is not valid UTF-8 (byte {})",
                e.valid_up_to()
            ))),
        }
    }

    /// Answers one line (without its line ending); `None` for a blank line or a comment.
    pub fn handle(&mut self, line: &str) -> Option<Response> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        Some(match command {
            "game" => self.new_game(rest),
            "position" => self.position(rest),
            "play" => self.play(rest),
            "undo" => self.undo(rest),
            "status" => self.no_args(command, rest, |g| g.status_line()),
            "legal" => self.no_args(command, rest, legal),
            "show" => self.no_args(command, rest, show),
            "info" => self.no_args(command, rest, |g| {
                format!("\n{}", g.info()).trim_end().into()
            }),
            "ids" => self.no_args(command, rest, ids),
            "observe" => self.observe(rest),
            "perft" => self.perft(rest),
            "go" => self.go(rest),
            "quit" => Response {
                quit: true,
                ..self.no_args(command, rest, |_| String::new())
            },
            other => Response::error(format_args!(
                "unknown command `{other}` (game, position, play, undo, status, legal, show, \
                 info, ids, observe, perft, go, quit)"
            )),
        })
    }

    fn no_args(
        &self,
        command: &str,
        rest: &str,
        answer: impl FnOnce(&dyn DynGame) -> String,
    ) -> Response {
        if rest.is_empty() {
            Response::ok(answer(self.table.game()))
        } else {
            Response::error(format_args!("`{command}` takes no arguments, got `{rest}`"))
        }
    }

    fn new_game(&mut self, rest: &str) -> Response {
        let (name, params) = match rest.split_once(char::is_whitespace) {
            Some((n, p)) => (n, p.trim()),
            None => (rest, ""),
        };
        if name.is_empty() {
            return Response::error("`game` needs a NAME");
        }
        match Table::new(name, params, None) {
            Ok(table) => {
                self.table = table;
                Response::ok(self.table.position())
            }
            Err(e) => Response::error(e),
        }
    }

    fn position(&mut self, rest: &str) -> Response {
        if rest.is_empty() {
            return Response::error("`position` needs a POS");
        }
        match self.table.set_position(rest) {
            Ok(()) => Response::ok(self.table.position()),
            Err(e) => Response::error(e),
        }
    }

    fn play(&mut self, rest: &str) -> Response {
        let texts: Vec<&str> = rest.split_whitespace().collect();
        if texts.is_empty() {
            return Response::error("`play` needs at least one ACTION");
        }
        match self.table.play_all(&texts) {
            Ok(()) => Response::ok(self.table.position()),
            Err((k, e)) => Response::error(format_args!("action {} `{}`: {e}", k + 1, texts[k])),
        }
    }

    fn undo(&mut self, rest: &str) -> Response {
        let n = if rest.is_empty() {
            1
        } else {
            match rest.parse::<usize>() {
                Ok(n) if n > 0 => n,
                _ => {
                    return Response::error(format_args!(
                        "`undo` takes a positive count, not `{rest}`"
                    ))
                }
            }
        };
        match self.table.undo(n) {
            Ok(()) => Response::ok(self.table.position()),
            Err(TableError::Undo { played, .. }) => Response::error(format_args!(
                "cannot undo {n} action(s): {played} played since the last `game` or `position`"
            )),
            Err(e) => Response::error(e),
        }
    }

    fn observe(&self, rest: &str) -> Response {
        let game = self.table.game();
        let seat = if rest.is_empty() {
            observer(game)
        } else {
            match boardgame_kit::Seat::from_name(rest, game.seat_names()) {
                Some(s) => s,
                None => {
                    return Response::error(format_args!(
                        "no seat `{rest}` in {} (seats: {})",
                        game.name(),
                        game.seat_names().join(" ")
                    ))
                }
            }
        };
        match self.table.observe(seat.index()) {
            Ok(values) => Response::ok(values_text(&values)),
            Err(e) => Response::error(format_args!("seat {rest}: {e}")),
        }
    }

    fn perft(&mut self, rest: &str) -> Response {
        let Ok(depth) = rest.parse::<u32>() else {
            return Response::error(format_args!(
                "`perft` needs a DEPTH (a non-negative integer), not `{rest}`"
            ));
        };
        match self.table.perft(depth) {
            Ok(n) => Response::ok(n),
            // A depth beyond the longest game: no sequence that long exists.
            Err(TableError::Perft(PerftError::BeyondGameLength { .. })) => Response::ok(0),
            Err(e) => Response::error(e),
        }
    }

    fn go(&mut self, rest: &str) -> Response {
        let spec = if rest.is_empty() { DEFAULT_AGENT } else { rest };
        match self.table.choose(spec, AGENT_SEED) {
            Ok(action) => Response::ok(action),
            Err(e) => Response::error(e),
        }
    }
}

fn legal(game: &dyn DynGame) -> String {
    if game.to_act() == ToAct::Chance {
        let mut items: Vec<String> = game
            .chance_outcomes()
            .into_iter()
            .map(|(a, p)| format!("{a}:{p}"))
            .collect();
        items.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
        items.join(" ")
    } else {
        game.legal_sorted().join(" ")
    }
}

/// The ids of the legal actions in the order of [`legal`] (sorted by text).
fn ids(game: &dyn DynGame) -> String {
    let ids: Vec<String> = crate::text::sorted_ids(game)
        .into_iter()
        .map(|(_, id)| id.to_string())
        .collect();
    ids.join(" ")
}

/// The seat an observation is seen from by default: the seat to act, else the first seat.
pub fn observer(game: &dyn DynGame) -> boardgame_kit::Seat {
    match game.to_act() {
        ToAct::Seat(s) => s,
        _ => game.seats().lowest().unwrap_or(boardgame_kit::Seat::of(0)),
    }
}

/// Observation values as text: space-separated, each as Rust prints an `f32` (`0`, `1`,
/// `0.5`).
pub fn values_text(values: &[f32]) -> String {
    let v: Vec<String> = values.iter().map(|x| x.to_string()).collect();
    v.join(" ")
}

fn show(game: &dyn DynGame) -> String {
    let picture = game.to_string();
    let lines: Vec<&str> = picture.lines().filter(|l| !l.trim().is_empty()).collect();
    format!("\n{}", lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(s: &mut Session, line: &str) -> String {
        s.handle(line)
            .map(|r| r.text().to_string())
            .unwrap_or_default()
    }

    #[test]
    fn errors_change_nothing_and_say_why() {
        let mut s = Session::new();
        answer(&mut s, "play c3");
        let before = s.game().position();
        for line in [
            "play b2 zz",
            "play b2 c3",
            "undo 2",
            "undo x",
            "undo 0",
            "position nonsense",
            "game chess",
            "game splut players=9",
            "perft x",
            "perft -1",
            "go gnugo",
            "status now",
            "frobnicate",
            "play",
        ] {
            let a = answer(&mut s, line);
            assert!(a.starts_with("? "), "{line}: {a}");
            assert_eq!(a.lines().count(), 1, "{line}: {a}");
            assert_eq!(s.game().position(), before, "{line}");
        }
        assert_eq!(answer(&mut s, "undo"), "= 7/7/7/3@3/7/7/7 1");
    }

    #[test]
    fn games_positions_and_undo() {
        let mut s = Session::new();
        assert_eq!(answer(&mut s, "game slimetrail size=5"), "= 5/5/2@2/5/5 1");
        assert_eq!(answer(&mut s, "perft 2"), "= 56");
        assert_eq!(answer(&mut s, "play c2 b1 a1"), "= 5/5/2x2/2x2/@x3 2");
        assert_eq!(answer(&mut s, "status"), "= over: 1");
        assert_eq!(answer(&mut s, "legal"), "= ");
        assert!(answer(&mut s, "go").starts_with("? "));
        assert_eq!(answer(&mut s, "undo 3"), "= 5/5/2@2/5/5 1");
        assert_eq!(
            answer(&mut s, "position 5/5/2x2/2x2/1@3 1"),
            "= 5/5/2x2/2x2/1@3 1"
        );
        assert!(answer(&mut s, "undo").starts_with("? cannot undo 1"));
    }

    #[test]
    fn chance_nodes_list_outcomes_with_probabilities() {
        let mut s = Session::new();
        answer(&mut s, "game arandia");
        answer(&mut s, "play f9");
        assert_eq!(
            answer(&mut s, "legal"),
            "= 1:1/6 2:1/6 3:1/6 4:1/6 5:1/6 6:1/6"
        );
        assert_eq!(answer(&mut s, "status"), "= chance: 1 2 3 4 5 6");
        assert!(answer(&mut s, "go").contains("chance"));
    }

    #[test]
    fn ids_observations_and_plays_by_id() {
        let mut s = Session::new();
        answer(&mut s, "game slimetrail size=5");
        assert_eq!(
            answer(&mut s, "info"),
            format!("= \n{}", boardgames_info("slimetrail", "size=5").trim_end())
        );
        let legal = answer(&mut s, "legal");
        let ids = answer(&mut s, "ids");
        assert_eq!(legal.split(' ').count(), ids.split(' ').count());
        // Each id plays the action `legal` lists at its place.
        let first_id = ids[2..].split(' ').next().unwrap().to_string();
        let first_action = legal[2..].split(' ').next().unwrap().to_string();
        let by_id = answer(&mut s, &format!("play #{first_id}"));
        answer(&mut s, "undo");
        assert_eq!(by_id, answer(&mut s, &format!("play {first_action}")));
        let obs = answer(&mut s, "observe");
        let size = s.game().observation_shape().size();
        assert_eq!(obs[2..].split(' ').count(), size);
        assert!(answer(&mut s, "observe 2").starts_with("= "));
        for bad in [
            "observe 3",
            "observe x",
            "play #999",
            "play #",
            "ids now",
            "info x",
        ] {
            let before = s.game().position();
            assert!(answer(&mut s, bad).starts_with("? "), "{bad}");
            assert_eq!(s.game().position(), before, "{bad}");
        }
    }

    fn boardgames_info(game: &str, params: &str) -> String {
        crate::start(game, params, None).unwrap().info().to_string()
    }

    #[test]
    fn show_has_no_empty_line_and_go_is_repeatable() {
        let mut s = Session::new();
        let shown = answer(&mut s, "show");
        assert!(shown.starts_with("= \n"));
        assert!(shown.lines().skip(1).all(|l| !l.is_empty()));
        let a = answer(&mut s, "go mcts:iterations=300");
        // The same commands give the same answer in another session.
        assert_eq!(a, answer(&mut Session::new(), "go mcts:iterations=300"));
        assert!(s.game().legal_texts().contains(&a[2..].to_string()), "{a}");
        assert_eq!(s.game().position(), "7/7/7/3@3/7/7/7 1");
    }
}
