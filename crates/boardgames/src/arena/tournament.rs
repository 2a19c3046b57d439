//! A round robin between agents: every pair plays a match of its own, and the results are
//! fitted to Elo ratings ([`super::ratings`]).
//!
//! Pair `(a, b)` (agents in the order given, `a < b`, pairs in that order) plays
//! `games_per_pair` games as a two-agent match ([`super::MatchSpec`] with the agents `[a,
//! b]`): game `g` of the pair gives seat `i` agent `a` when `(i + g)` is even, else `b`. With
//! two seats each agent plays each seat equally often over two games; with more seats the
//! agents alternate around the table (three seats: `a b a` then `b a b`), so an even number
//! of games per pair gives both agents the same number of seats. The pair's seed comes from
//! the tournament seed and the two agents' indices ([`pair_seed`]), so adding an agent at the
//! end changes none of the games of the others.
//!
//! A game counts for the pair as a whole: won by `a` when every winning seat is `a`'s, by
//! `b` likewise, and drawn (half a point each) when it is drawn or its winning seats belong
//! to both (Repello's tie at the top). Games stopped at the cap count for nobody.
//!
//! ```
//! use boardgames::arena::{tournament::Tournament, MatchSpec};
//! let entry = boardgames::find("slimetrail").unwrap();
//! let agents = ["random", "mcts:iterations=200", "alphabeta:nodes=300"];
//! let spec = MatchSpec::new(entry, "size=5", None, &agents).unwrap().with_seed(1);
//! let t = Tournament::new(&spec, 4).unwrap();
//! assert_eq!(t.games(), 12); // three pairs of four games
//! let mut standings = t.standings();
//! for n in 0..t.games() {
//!     standings.add(&t.play_game(n).unwrap());
//! }
//! let table = standings.table();
//! assert_eq!(table.len(), 3);
//! assert!(table[0].to_string().starts_with("1 "));
//! assert!(table.iter().all(|row| row.games == 8));
//! ```

use super::error::ArenaError;
use super::play::play_game;
use super::ratings::{fit, Ratings, Results};
use super::record::{GameEnd, GameRecord};
use super::spec::MatchSpec;
use boardgame_kit::{RandomSource, SplitMix64};
use std::fmt;

/// The seed of the match between agents `a` and `b` of a tournament seeded with `seed`.
///
/// ```
/// use boardgames::arena::tournament::pair_seed;
/// assert_ne!(pair_seed(1, 0, 1), pair_seed(1, 0, 2));
/// assert_eq!(pair_seed(1, 0, 1), pair_seed(1, 0, 1));
/// ```
#[must_use]
pub fn pair_seed(seed: u64, a: usize, b: usize) -> u64 {
    let pair = ((a as u64) << 32 | b as u64).rotate_left(16);
    SplitMix64::new(seed ^ pair).next_u64()
}

/// One pair of a tournament and its match.
#[derive(Clone, Debug)]
pub struct Pairing {
    /// The first agent (index into the tournament's agents).
    pub a: usize,
    /// The second agent.
    pub b: usize,
    /// Their match: the agents `[a, b]`, seeded with [`pair_seed`].
    pub spec: MatchSpec,
}

/// A round robin (see the module docs).
#[derive(Clone, Debug)]
pub struct Tournament {
    agents: Vec<String>,
    games_per_pair: u64,
    pairings: Vec<Pairing>,
}

impl Tournament {
    /// A round robin between the agents of `spec` (at least two), `games_per_pair` games per
    /// pair, on `spec`'s game, parameters, position and cap; the pairs' seeds come from
    /// `spec`'s seed.
    pub fn new(spec: &MatchSpec, games_per_pair: u64) -> Result<Tournament, ArenaError> {
        let agents = spec.agents().to_vec();
        if agents.len() < 2 {
            return Err(ArenaError::TooFewAgents(agents.len()));
        }
        let mut pairings = Vec::new();
        for a in 0..agents.len() {
            for b in a + 1..agents.len() {
                let pair = spec
                    .with_agents(&[&agents[a], &agents[b]])?
                    .with_seed(pair_seed(spec.seed(), a, b));
                pairings.push(Pairing { a, b, spec: pair });
            }
        }
        Ok(Tournament {
            agents,
            games_per_pair,
            pairings,
        })
    }

    /// The agents' SPECs, in the order given.
    #[must_use]
    pub fn agents(&self) -> &[String] {
        &self.agents
    }

    /// The pairs, in playing order.
    #[must_use]
    pub fn pairings(&self) -> &[Pairing] {
        &self.pairings
    }

    /// Games per pair.
    #[must_use]
    pub fn games_per_pair(&self) -> u64 {
        self.games_per_pair
    }

    /// All the games: pairs times games per pair.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.pairings.len() as u64 * self.games_per_pair
    }

    /// Plays game `n` (0-based, `0..games()`): game `n % games_per_pair` of pair `n /
    /// games_per_pair`. Like [`super::play_game`], a function of the tournament and `n` alone.
    pub fn play_game(&self, n: u64) -> Result<TournamentGame, ArenaError> {
        let per = self.games_per_pair.max(1);
        let pair = usize::try_from(n / per).unwrap_or(usize::MAX);
        let pairing = self
            .pairings
            .get(pair)
            .or(self.pairings.last())
            .ok_or(ArenaError::TooFewAgents(self.agents.len()))?;
        let record = play_game(&pairing.spec, n % per)?;
        Ok(TournamentGame {
            index: n,
            a: pairing.a,
            b: pairing.b,
            record,
        })
    }

    /// Empty standings for this tournament's agents.
    #[must_use]
    pub fn standings(&self) -> Standings {
        Standings {
            agents: self.agents.clone(),
            results: Results::new(self.agents.len()),
            unfinished: 0,
        }
    }
}

/// One game of a tournament: its number in the tournament, its pair and its record (whose
/// agents are the pair's: 0 is `a`, 1 is `b`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGame {
    /// The game's index in the tournament (0-based).
    pub index: u64,
    /// The pair's first agent.
    pub a: usize,
    /// The pair's second agent.
    pub b: usize,
    /// The game as played.
    pub record: GameRecord,
}

/// The game's line: `game N: ` (numbered through the whole tournament) and the record's
/// [`GameRecord::summary`].
impl fmt::Display for TournamentGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: {}", self.index + 1, self.record.summary())
    }
}

/// A tournament's results so far: the head-to-head results of every pair, and the games
/// stopped unfinished. Games add up in any order and standings merge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    agents: Vec<String>,
    results: Results,
    unfinished: u64,
}

impl Standings {
    /// Counts one game (see the module docs).
    pub fn add(&mut self, game: &TournamentGame) {
        let pair = [game.a, game.b];
        let GameEnd::Over(outcome) = game.record.end() else {
            self.unfinished += 1;
            return;
        };
        let winners = outcome.winners();
        let mut won = [false; 2];
        for (seat, &side) in game.record.seats().iter().zip(game.record.seating()) {
            if winners.contains(*seat) {
                won[side.min(1)] = true;
            }
        }
        match won {
            [true, false] => self.results.add_win(pair[0], pair[1]),
            [false, true] => self.results.add_win(pair[1], pair[0]),
            _ => self.results.add_draw(pair[0], pair[1]),
        }
    }

    /// Adds the games of other standings of the same tournament.
    pub fn merge(&mut self, other: &Standings) {
        self.results.merge(&other.results);
        self.unfinished += other.unfinished;
    }

    /// The head-to-head results.
    #[must_use]
    pub fn results(&self) -> &Results {
        &self.results
    }

    /// The games stopped unfinished at the cap.
    #[must_use]
    pub fn unfinished(&self) -> u64 {
        self.unfinished
    }

    /// The Bradley-Terry fit of the results.
    #[must_use]
    pub fn ratings(&self) -> Ratings {
        fit(&self.results)
    }

    /// One row per agent, best rating first (equal ratings in the agents' order).
    #[must_use]
    pub fn table(&self) -> Vec<Row> {
        let ratings = self.ratings();
        let mut order: Vec<usize> = (0..self.agents.len()).collect();
        order.sort_by(|&x, &y| ratings.elo[y].total_cmp(&ratings.elo[x]));
        order
            .into_iter()
            .enumerate()
            .map(|(rank, agent)| Row {
                rank: rank + 1,
                agent,
                spec: self.agents[agent].clone(),
                elo: ratings.elo[agent],
                low: ratings.low[agent],
                high: ratings.high[agent],
                games: self.results.games(agent),
                score: self.results.score(agent).unwrap_or(0.0),
            })
            .collect()
    }
}

/// One agent's line of the ratings table.
///
/// `Display` is the line of `boardgame tournament`: `RANK SPEC elo=E low=L high=H games=G
/// score=S`, the ratings rounded to whole points and the score (points per game) to three
/// decimals.
///
/// ```
/// use boardgames::arena::tournament::Row;
/// let row = Row { rank: 1, agent: 0, spec: "mcts".into(), elo: 95.4, low: 56.2, high: 134.7,
///     games: 100, score: 0.75 };
/// assert_eq!(row.to_string(), "1 mcts elo=95 low=56 high=135 games=100 score=0.750");
/// let row = Row { elo: -0.4, low: -39.6, ..row };
/// assert!(row.to_string().starts_with("1 mcts elo=0 low=-40 "));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// 1 for the best rating.
    pub rank: usize,
    /// The agent's index in the order given.
    pub agent: usize,
    /// The agent's SPEC.
    pub spec: String,
    /// The rating (Elo points, mean 0).
    pub elo: f64,
    /// The low end of its 95% interval.
    pub low: f64,
    /// The high end of its 95% interval.
    pub high: f64,
    /// The counted games it played.
    pub games: u64,
    /// Its points per counted game (win 1, draw 1/2).
    pub score: f64,
}

/// A rating rounded to a whole number of points (never `-0`).
fn points(x: f64) -> i64 {
    x.round() as i64
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} elo={} low={} high={} games={} score={:.3}",
            self.rank,
            self.spec,
            points(self.elo),
            points(self.low),
            points(self.high),
            self.games,
            self.score
        )
    }
}
