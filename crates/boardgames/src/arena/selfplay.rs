//! Self-play: one agent SPEC in every seat, each choice recorded as a training sample.
//!
//! A self-play run is a match of one agent ([`spec`]: the match `boardgame match` plays with
//! `--agent SPEC` given once), and self-play game `g` is game `g` of that match, played by
//! the match runner's own loop ([`super::play_game_watched`]): every seat's agent is seeded
//! from the run's seed, `g` and the seat ([`super::agent_seed`]), the dice from the seed and
//! `g` ([`super::dice_seed`]). So any self-play game can be replayed from its seed and number
//! alone: self-play game `g` (0-based) of a run with seed `S` is the last line of the file
//! written by
//!
//! ```text
//! boardgame match GAME --params P [--position POS] --agent SPEC --seed S --games g+1 \
//!     [--max-actions M] --record FILE
//! ```
//!
//! (its actions, result and scores; the samples add what the agents saw and searched).
//!
//! ```
//! use boardgames::arena::{play_game, selfplay};
//! let entry = boardgames::find("slimetrail").unwrap();
//! let spec = selfplay::spec(entry, "size=5", None, "mcts:iterations=40", None).unwrap();
//! let game = selfplay::play(&spec, 3).unwrap();
//! assert_eq!(game.record, play_game(&spec.clone().with_seed(0), 3).unwrap());
//! assert_eq!(game.samples.len(), game.record.actions().len()); // no chance: all choices
//! let first = &game.samples[0];
//! assert_eq!(first.seat, 0);
//! assert!(first.legal.contains(&first.action));
//! let total: f32 = first.policy.iter().map(|(_, p)| p).sum();
//! assert!((total - 1.0).abs() < 1e-5);
//! assert_eq!(game.returns().iter().sum::<f64>(), 0.0); // one winner, one loser
//! ```

use super::error::ArenaError;
use super::play::{play_game_watched, Decision};
use super::record::{GameEnd, GameRecord};
use super::spec::MatchSpec;
use crate::GameEntry;

/// The match a self-play run of `agent` plays: [`super::defaults::spec`] with `agent` as the
/// one agent (every seat), so the game's default turn limit and cap apply unless `params` /
/// `max_actions` set them; seed 0 (set it with [`MatchSpec::with_seed`]).
///
/// ```
/// let arandia = boardgames::find("arandia").unwrap();
/// let spec = boardgames::arena::selfplay::spec(arandia, "", None, "random", Some(30)).unwrap();
/// assert_eq!((spec.agents().len(), spec.max_actions()), (1, 30));
/// ```
pub fn spec(
    entry: &'static GameEntry,
    params: &str,
    position: Option<&str>,
    agent: &str,
    max_actions: Option<u64>,
) -> Result<MatchSpec, ArenaError> {
    super::defaults::spec(entry, params, position, &[agent], max_actions)
}

/// One seat's choice in a self-play game.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The seat's number among the seats in play (0-based, in seat order).
    pub seat: usize,
    /// The id of the action chosen.
    pub action: usize,
    /// The observation seen from the seat before it chose (the game's observation shape,
    /// flattened in C order).
    pub observation: Vec<f32>,
    /// The ids of the legal actions.
    pub legal: Vec<usize>,
    /// The search's visit distribution over the action ids (`(id, share)` pairs summing to 1,
    /// in the order of the agent's analysis); for an agent that reports no visits (`random`),
    /// the chosen action with share 1.
    pub policy: Vec<(usize, f32)>,
}

/// A self-play game: its record (the match's record of the same game) and a sample per
/// seat's choice.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlayGame {
    /// The game's record, as `boardgame match --record` writes it.
    pub record: GameRecord,
    /// One per choice of a seat, in the order played (chance outcomes are not samples).
    pub samples: Vec<Sample>,
}

impl SelfPlayGame {
    /// Each seat's return in seat order: the split returns of the outcome (+1 for a seat
    /// that won alone, -1 for a seat that lost, 0 in a draw, a shared win between), all 0
    /// for a game stopped at the cap.
    #[must_use]
    pub fn returns(&self) -> Vec<f64> {
        match self.record.end() {
            GameEnd::Over(outcome) => self
                .record
                .seats()
                .iter()
                .map(|&s| outcome.split_returns(s))
                .collect(),
            GameEnd::Unfinished => vec![0.0; self.record.seats().len()],
        }
    }

    /// Whether the game ended by the rules (not at the cap).
    #[must_use]
    pub fn finished(&self) -> bool {
        matches!(self.record.end(), GameEnd::Over(_))
    }
}

/// Plays self-play game `game` (0-based) of `spec` (a [`spec`] with its seed): the match
/// runner's game `game`, with a [`Sample`] taken at every seat's choice.
pub fn play(spec: &MatchSpec, game: u64) -> Result<SelfPlayGame, ArenaError> {
    let mut samples = Vec::new();
    let mut failed = None;
    let record = play_game_watched(spec, game, &mut |d| {
        if failed.is_none() {
            match sample(d) {
                Ok(s) => samples.push(s),
                Err(e) => failed = Some(e),
            }
        }
    })?;
    match failed {
        Some(e) => Err(e),
        None => Ok(SelfPlayGame { record, samples }),
    }
}

/// The sample of one choice.
fn sample(d: &Decision<'_>) -> Result<Sample, ArenaError> {
    let game = d.game;
    let action = game.text_id(d.action)?;
    let observation = game.observation(d.seat)?;
    let mut legal = Vec::new();
    game.legal_ids_into(&mut legal);
    let visits: Vec<(usize, u64)> = d
        .agent
        .analysis()
        .map(|a| {
            a.actions
                .iter()
                .filter(|s| s.visits > 0)
                .filter_map(|s| game.text_id(&s.action).ok().map(|id| (id, s.visits)))
                .collect()
        })
        .unwrap_or_default();
    let total: u64 = visits.iter().map(|(_, v)| v).sum();
    let policy = if total > 0 {
        visits
            .iter()
            .map(|&(id, v)| (id, (v as f64 / total as f64) as f32))
            .collect()
    } else {
        vec![(action, 1.0)]
    };
    Ok(Sample {
        seat: d.number,
        action,
        observation,
        legal,
        policy,
    })
}
