//! [`GameRecord`]: one game of a match as it was played, its line of `boardgame match` and its
//! JSON line of `boardgame match --record`.

use super::spec::MatchSpec;
use boardgame_kit::{GameResult, Outcome, Seat, SeatSet, MAX_SEATS};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How a game of a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The game is over: winners (several share a win) or a draw, scores for scored games.
    Over(Outcome),
    /// The game was stopped at the cap on actions ([`MatchSpec::max_actions`]); it counts
    /// for nobody.
    Unfinished,
}

/// One game of a match: who sat where, the actions in order (chance outcomes included) and
/// how it ended, with what the JSON line needs to stand on its own (the game, parameters,
/// start position and match seed).
///
/// `Display` is the game's line of `boardgame match`: `game N: SEAT=SPEC ...: over: RESULT (L
/// actions)`, or `... unfinished, stopped at the cap of L actions`. [`GameRecord::to_json`]
/// is its line of `boardgame match --record`, read back by [`GameRecord::from_json`].
///
/// ```
/// use boardgames::arena::{play_game, GameRecord, MatchSpec};
/// let entry = boardgames::find("slimetrail").unwrap();
/// let spec = MatchSpec::new(entry, "size=5", None, &["random", "random:seed=9"]).unwrap();
/// let record = play_game(&spec, 1).unwrap();
/// assert_eq!(record.number(), 2);
/// assert_eq!(record.agents(), ["random:seed=9", "random"]);
/// assert!(record.to_string().starts_with("game 2: 1=random:seed=9 2=random: over: "));
/// let line = record.to_json();
/// assert!(line.starts_with(r#"{"number":2,"game":"slimetrail","params":"size=5","#));
/// assert_eq!(GameRecord::from_json(&spec, &line).unwrap(), record);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    game: &'static str,
    seat_names: &'static [&'static str],
    params: String,
    position: Option<String>,
    seed: u64,
    index: u64,
    seats: Vec<Seat>,
    seating: Vec<usize>,
    agents: Vec<String>,
    actions: Vec<String>,
    end: GameEnd,
}

impl GameRecord {
    /// The record of game `index` of `spec`, played by the agents `seating` (one index into
    /// the spec's agents per seat in play, in seat order).
    pub(crate) fn new(
        spec: &MatchSpec,
        index: u64,
        seating: Vec<usize>,
        actions: Vec<String>,
        end: GameEnd,
    ) -> GameRecord {
        let start = spec.start();
        GameRecord {
            game: start.name(),
            seat_names: start.seat_names(),
            params: spec.params().to_string(),
            position: spec.position().map(str::to_string),
            seed: spec.seed(),
            index,
            seats: start.seats().iter().collect(),
            agents: seating.iter().map(|&a| spec.agents()[a].clone()).collect(),
            seating,
            actions,
            end,
        }
    }

    /// The game's index in its match (0-based: the `g` of the seat rotation).
    #[must_use]
    pub fn index(&self) -> u64 {
        self.index
    }

    /// The game's number as the match prints it (`index + 1`).
    #[must_use]
    pub fn number(&self) -> u64 {
        self.index + 1
    }

    /// The game's name.
    #[must_use]
    pub fn game(&self) -> &'static str {
        self.game
    }

    /// The seats in play, in seat order.
    #[must_use]
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The agent of each seat in play, as an index into the match's agents.
    #[must_use]
    pub fn seating(&self) -> &[usize] {
        &self.seating
    }

    /// The SPEC of each seat's agent, in seat order.
    #[must_use]
    pub fn agents(&self) -> &[String] {
        &self.agents
    }

    /// The actions played, in order (chance outcomes included).
    #[must_use]
    pub fn actions(&self) -> &[String] {
        &self.actions
    }

    /// How the game ended.
    #[must_use]
    pub fn end(&self) -> &GameEnd {
        &self.end
    }

    /// The line after `game N: `: who sat where and how the game ended.
    #[must_use]
    pub fn summary(&self) -> String {
        let who: Vec<String> = self
            .seats
            .iter()
            .zip(&self.agents)
            .map(|(seat, spec)| format!("{}={spec}", seat.name(self.seat_names)))
            .collect();
        let len = self.actions.len();
        let result = match &self.end {
            GameEnd::Over(o) => format!("over: {} ({len} actions)", o.summary(self.seat_names)),
            GameEnd::Unfinished => format!("unfinished, stopped at the cap of {len} actions"),
        };
        format!("{}: {result}", who.join(" "))
    }

    /// The record as one line of JSON (no newline): `number` (1-based), `game`, `params`,
    /// `position` (`null`: the start), `seed` (the match's), `seats` (names, in seat order),
    /// `agents` (their SPECs, in seat order), `actions`, `result` (`win`, `draw` or
    /// `unfinished`), `winners` (seat names; empty unless `win`) and `scores` (in seat order,
    /// for a scored game that is over; else `null`).
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The record's fields as written in its JSON line.
    fn line(&self) -> Line {
        let (result, winners, scores) = match &self.end {
            GameEnd::Over(o) => {
                let winners: Vec<String> = o
                    .winners()
                    .iter()
                    .map(|s| s.name(self.seat_names).to_string())
                    .collect();
                let result = if winners.is_empty() { "draw" } else { "win" };
                let scores = o
                    .scores()
                    .map(|s| self.seats.iter().map(|seat| s[seat.index()]).collect());
                (result, winners, scores)
            }
            GameEnd::Unfinished => ("unfinished", Vec::new(), None),
        };
        Line {
            number: self.number(),
            game: self.game.to_string(),
            params: self.params.clone(),
            position: self.position.clone(),
            seed: self.seed,
            seats: self.seat_name_list(),
            agents: self.agents.clone(),
            actions: self.actions.clone(),
            result: result.to_string(),
            winners,
            scores,
        }
    }

    /// Reads a line written by [`GameRecord::to_json`] for a game of `spec`: the game,
    /// parameters, position, seed, seats and each seat's SPEC (by the seat rotation) must be
    /// the spec's, and the result must name seats in play. The actions are not replayed.
    ///
    /// ```
    /// use boardgames::arena::{MatchSpec, GameRecord, RecordReadError};
    /// let entry = boardgames::find("slimetrail").unwrap();
    /// let spec = MatchSpec::new(entry, "", None, &["random"]).unwrap();
    /// let e = GameRecord::from_json(&spec, "{}").unwrap_err();
    /// assert!(matches!(e, RecordReadError::Json(_)));
    /// ```
    pub fn from_json(spec: &MatchSpec, text: &str) -> Result<GameRecord, RecordReadError> {
        let line: Line = serde_json::from_str(text.trim_end())
            .map_err(|e| RecordReadError::Json(e.to_string()))?;
        let start = spec.start();
        let names = start.seat_names();
        let seats: Vec<Seat> = start.seats().iter().collect();
        let index = line
            .number
            .checked_sub(1)
            .ok_or(RecordReadError::Mismatch("number"))?;
        let seating = spec.seating(index);
        let agents: Vec<String> = seating.iter().map(|&a| spec.agents()[a].clone()).collect();
        let expected_seats: Vec<String> = seats.iter().map(|s| s.name(names).into()).collect();
        let checks = [
            ("game", line.game == start.name()),
            ("params", line.params == spec.params()),
            ("position", line.position.as_deref() == spec.position()),
            ("seed", line.seed == spec.seed()),
            ("seats", line.seats == expected_seats),
            ("agents", line.agents == agents),
        ];
        if let Some((field, _)) = checks.iter().find(|(_, ok)| !ok) {
            return Err(RecordReadError::Mismatch(field));
        }
        let in_play = start.seats();
        let mut winners = SeatSet::EMPTY;
        for name in &line.winners {
            match Seat::from_name(name, names).filter(|s| in_play.contains(*s)) {
                Some(seat) => winners.insert(seat),
                None => return Err(RecordReadError::Mismatch("winners")),
            }
        }
        let scores = match line.scores {
            Some(list) if list.len() == seats.len() && line.result != "unfinished" => {
                let mut all = [0; MAX_SEATS];
                for (seat, score) in seats.iter().zip(list) {
                    all[seat.index()] = score;
                }
                Some(all)
            }
            Some(_) => return Err(RecordReadError::Mismatch("scores")),
            None => None,
        };
        let end = match (line.result.as_str(), winners.is_empty()) {
            ("win", false) => {
                GameEnd::Over(Outcome::new(GameResult::Winners(winners), in_play, scores))
            }
            ("draw", true) => GameEnd::Over(Outcome::new(GameResult::Draw, in_play, scores)),
            ("unfinished", true) => GameEnd::Unfinished,
            _ => return Err(RecordReadError::Mismatch("result")),
        };
        Ok(GameRecord {
            game: start.name(),
            seat_names: names,
            params: line.params,
            position: line.position,
            seed: line.seed,
            index,
            seats,
            seating,
            agents,
            actions: line.actions,
            end,
        })
    }

    fn seat_name_list(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|s| s.name(self.seat_names).to_string())
            .collect()
    }
}

/// The object of the JSON line ([`GameRecord::to_json`]), for other serde formats and
/// bindings.
impl Serialize for GameRecord {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.line().serialize(serializer)
    }
}

/// The game's line of `boardgame match`: `game N: ` and [`GameRecord::summary`].
impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: {}", self.number(), self.summary())
    }
}

/// Why a JSON line is not the record of a game of a match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordReadError {
    /// The line is not a record's JSON.
    #[error("not a game record: {0}")]
    Json(String),
    /// A field does not fit the match (another game, seed, seating...).
    #[error("the record's `{0}` is not this match's")]
    Mismatch(&'static str),
}

/// The JSON line, field by field in the order written.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    number: u64,
    game: String,
    params: String,
    position: Option<String>,
    seed: u64,
    seats: Vec<String>,
    agents: Vec<String>,
    actions: Vec<String>,
    result: String,
    winners: Vec<String>,
    scores: Option<Vec<i32>>,
}
