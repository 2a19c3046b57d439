//! [`Tally`]: the results of a match added up from its game records.

use super::interval::wilson_interval;
use super::record::{GameEnd, GameRecord};
use serde::{Deserialize, Serialize};

/// One agent's results, counted per seat it played: a seat among the winners wins (a win
/// shared by several seats, such as Repello's tie at the top, is a win for each of them and
/// is also counted in [`AgentTally::shared`]), a draw is a draw for every seat, any other seat
/// loses; seats of unfinished games count apart.
///
/// ```
/// use boardgames::arena::AgentTally;
/// let t = AgentTally { wins: 6, shared: 2, draws: 2, losses: 2, unfinished: 1 };
/// assert_eq!(t.seats(), 10);
/// assert_eq!(t.score(), Some(0.7));
/// assert_eq!(t.line("mcts"), "mcts wins=6 draws=2 losses=2");
/// assert_eq!(AgentTally::default().score(), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgentTally {
    /// Seats among the winners of a finished game.
    pub wins: u64,
    /// Of the wins, those shared with other winning seats.
    pub shared: u64,
    /// Seats of drawn games.
    pub draws: u64,
    /// Seats not among the winners of a won game.
    pub losses: u64,
    /// Seats of games stopped unfinished at the cap (not counted above).
    pub unfinished: u64,
}

impl AgentTally {
    /// The seats of finished games.
    #[must_use]
    pub fn seats(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per seat of finished games (win 1, draw 1/2, loss 0); `None` without
    /// one.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        let n = self.seats();
        (n > 0).then(|| (self.wins as f64 + 0.5 * self.draws as f64) / n as f64)
    }

    /// The agent's line of the command-line contract: `SPEC wins=W draws=D losses=L`.
    #[must_use]
    pub fn line(&self, spec: &str) -> String {
        format!(
            "{spec} wins={} draws={} losses={}",
            self.wins, self.draws, self.losses
        )
    }

    /// The human summary: the mean score per seat with its 95% Wilson interval (see
    /// [`super::wilson_interval`]); when some wins were shared, the seats split into wins
    /// alone, shared wins, draws and losses, which add up to the seats.
    ///
    /// ```
    /// use boardgames::arena::AgentTally;
    /// let t = AgentTally { wins: 20, shared: 9, draws: 0, losses: 0, unfinished: 0 };
    /// assert_eq!(
    ///     t.score_line("a"),
    ///     "a: score 100.0% (95% interval 83.9%-100.0%) over 20 seats: 11 won alone, 9 won \
    ///      shared with other seats, 0 drawn, 0 lost"
    /// );
    /// let t = AgentTally { wins: 1, losses: 1, ..AgentTally::default() };
    /// assert_eq!(t.score_line("b"), "b: score 50.0% (95% interval 9.5%-90.5%) over 2 seats");
    /// assert_eq!(AgentTally::default().score_line("c"), "c: no finished seat");
    /// ```
    #[must_use]
    pub fn score_line(&self, spec: &str) -> String {
        let n = self.seats();
        let Some(mean) = self.score() else {
            return format!("{spec}: no finished seat");
        };
        let (lo, hi) = wilson_interval(mean, n as f64);
        let mut line = format!(
            "{spec}: score {:.1}% (95% interval {:.1}%-{:.1}%) over {n} seats",
            100.0 * mean,
            100.0 * lo,
            100.0 * hi
        );
        if self.shared > 0 {
            line.push_str(&format!(
                ": {} won alone, {} won shared with other seats, {} drawn, {} lost",
                self.wins - self.shared,
                self.shared,
                self.draws,
                self.losses
            ));
        }
        line
    }

    fn add(&mut self, other: &AgentTally) {
        self.wins += other.wins;
        self.shared += other.shared;
        self.draws += other.draws;
        self.losses += other.losses;
        self.unfinished += other.unfinished;
    }
}

/// A match's results: per agent ([`AgentTally`], per seat played) and per whole game (won by
/// one agent alone, shared between agents, drawn, unfinished).
///
/// Records add up in any order, and tallies of games played elsewhere merge: adding and
/// merging are commutative and associative, so the totals never depend on where or in what
/// order the games were played. A record's agents are the indices of its seating
/// ([`GameRecord::seating`]); the tally grows to fit them.
///
/// ```
/// use boardgames::arena::{play_game, MatchSpec, Tally};
/// let entry = boardgames::find("slimetrail").unwrap();
/// let spec = MatchSpec::new(entry, "size=5", None, &["mcts:iterations=100", "random"]).unwrap();
/// let records: Vec<_> = (0..4).map(|g| play_game(&spec, g).unwrap()).collect();
/// let mut all = Tally::new(2);
/// records.iter().for_each(|r| all.add(r));
/// let (mut odd, mut even) = (Tally::new(2), Tally::new(2));
/// records.iter().rev().step_by(2).for_each(|r| odd.add(r));
/// records.iter().step_by(2).for_each(|r| even.add(r));
/// even.merge(&odd);
/// assert_eq!(even, all);
/// assert_eq!(all.games(), 4);
/// assert_eq!(all.won_alone(0) + all.won_alone(1), 4); // a Slime Trail game has one winner
/// ```
///
/// A tally is serialisable (serde: the counts per agent and per game), so tallies of games
/// played in other processes travel back to be merged; reading one back checks that its
/// per-agent lists agree.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "TallyCounts")]
pub struct Tally {
    agents: Vec<AgentTally>,
    alone: Vec<u64>,
    shared: u64,
    drawn: u64,
    unfinished: u64,
    games: u64,
}

/// A tally as it is read back, before its lists are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TallyCounts {
    agents: Vec<AgentTally>,
    alone: Vec<u64>,
    shared: u64,
    drawn: u64,
    unfinished: u64,
    games: u64,
}

impl TryFrom<TallyCounts> for Tally {
    type Error = String;

    fn try_from(c: TallyCounts) -> Result<Tally, String> {
        if c.agents.len() != c.alone.len() {
            return Err(format!(
                "a tally of {} agents with games won alone for {}",
                c.agents.len(),
                c.alone.len()
            ));
        }
        Ok(Tally {
            agents: c.agents,
            alone: c.alone,
            shared: c.shared,
            drawn: c.drawn,
            unfinished: c.unfinished,
            games: c.games,
        })
    }
}

impl Tally {
    /// An empty tally for `agents` agents.
    #[must_use]
    pub fn new(agents: usize) -> Tally {
        Tally {
            agents: vec![AgentTally::default(); agents],
            alone: vec![0; agents],
            ..Tally::default()
        }
    }

    fn fit(&mut self, agents: usize) {
        if self.agents.len() < agents {
            self.agents.resize(agents, AgentTally::default());
            self.alone.resize(agents, 0);
        }
    }

    /// Counts one game.
    pub fn add(&mut self, record: &GameRecord) {
        let seating = record.seating();
        self.fit(seating.iter().map(|&a| a + 1).max().unwrap_or(0));
        self.games += 1;
        let outcome = match record.end() {
            GameEnd::Over(outcome) => outcome,
            GameEnd::Unfinished => {
                self.unfinished += 1;
                seating.iter().for_each(|&a| self.agents[a].unfinished += 1);
                return;
            }
        };
        let winners = outcome.winners();
        for (seat, &a) in record.seats().iter().zip(seating) {
            let t = &mut self.agents[a];
            if winners.contains(*seat) {
                t.wins += 1;
                if winners.len() > 1 {
                    t.shared += 1;
                }
            } else if winners.is_empty() {
                t.draws += 1;
            } else {
                t.losses += 1;
            }
        }
        let mut agents = record
            .seats()
            .iter()
            .zip(seating)
            .filter(|(seat, _)| winners.contains(**seat))
            .map(|(_, &a)| a);
        match agents.next() {
            None => self.drawn += 1,
            Some(first) if agents.all(|a| a == first) => self.alone[first] += 1,
            Some(_) => self.shared += 1,
        }
    }

    /// Adds the games of another tally (of the same agents).
    pub fn merge(&mut self, other: &Tally) {
        self.fit(other.agents.len());
        for (mine, theirs) in self.agents.iter_mut().zip(&other.agents) {
            mine.add(theirs);
        }
        for (mine, theirs) in self.alone.iter_mut().zip(&other.alone) {
            *mine += theirs;
        }
        self.shared += other.shared;
        self.drawn += other.drawn;
        self.unfinished += other.unfinished;
        self.games += other.games;
    }

    /// Agent `agent`'s results (empty for an agent that played no game).
    #[must_use]
    pub fn agent(&self, agent: usize) -> AgentTally {
        self.agents.get(agent).copied().unwrap_or_default()
    }

    /// The number of agents counted for.
    #[must_use]
    pub fn agents(&self) -> usize {
        self.agents.len()
    }

    /// The games counted, unfinished ones included.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The games stopped unfinished at the cap.
    #[must_use]
    pub fn unfinished(&self) -> u64 {
        self.unfinished
    }

    /// The games won by one agent alone: every winning seat was `agent`'s (with more seats
    /// than agents it may hold several).
    #[must_use]
    pub fn won_alone(&self, agent: usize) -> u64 {
        self.alone.get(agent).copied().unwrap_or(0)
    }

    /// The games whose winning seats belonged to several agents.
    #[must_use]
    pub fn shared(&self) -> u64 {
        self.shared
    }

    /// The drawn games.
    #[must_use]
    pub fn drawn(&self) -> u64 {
        self.drawn
    }

    /// The human summary of whole games: one line per agent (its games won alone, and their
    /// share of all games won alone with a 95% interval), then the shared and drawn games.
    /// With more than two seats the per-seat scores stay near `1 / seats` even for the
    /// stronger agent (only one seat wins), so the share of the games won alone is the
    /// comparison.
    ///
    /// ```
    /// use boardgames::arena::Tally;
    /// let lines = Tally::new(2).game_lines(&["a".to_string(), "b".to_string()]);
    /// assert_eq!(lines, ["a: won no game alone", "b: won no game alone",
    ///     "0 games won by seats of several agents, 0 drawn"]);
    /// ```
    #[must_use]
    pub fn game_lines(&self, specs: &[String]) -> Vec<String> {
        let total: u64 = self.alone.iter().sum();
        let mut lines: Vec<String> = specs
            .iter()
            .enumerate()
            .map(|(a, spec)| {
                let won = self.won_alone(a);
                if total == 0 {
                    return format!("{spec}: won no game alone");
                }
                let p = won as f64 / total as f64;
                let (lo, hi) = wilson_interval(p, total as f64);
                format!(
                    "{spec}: won {won} of the {total} games won by one agent alone ({:.1}%, 95% \
                     interval {:.1}%-{:.1}%)",
                    100.0 * p,
                    100.0 * lo,
                    100.0 * hi
                )
            })
            .collect();
        lines.push(format!(
            "{} games won by seats of several agents, {} drawn",
            self.shared, self.drawn
        ));
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::spec::MatchSpec;
    use boardgame_kit::{GameResult, Outcome, Seat, SeatSet};

    /// A record of a four-seat game with two agents (agent 0 on seats 0 and 2, agent 1 on
    /// seats 1 and 3) won by `winners` (a draw when empty).
    fn four_seats(winners: &[usize]) -> GameRecord {
        let entry = crate::find("repello").unwrap();
        let spec = MatchSpec::new(entry, "players=4", None, &["random", "random:seed=1"]).unwrap();
        let set: SeatSet = winners.iter().map(|&i| Seat::of(i)).collect();
        let result = if set.is_empty() {
            GameResult::Draw
        } else {
            GameResult::Winners(set)
        };
        let end = GameEnd::Over(Outcome::new(result, SeatSet::first(4), None));
        GameRecord::new(&spec, 0, vec![0, 1, 0, 1], Vec::new(), end)
    }

    #[test]
    fn games_are_won_alone_shared_or_drawn() {
        let mut t = Tally::new(2);
        for winners in [&[2][..], &[0, 2], &[1], &[0, 3], &[]] {
            t.add(&four_seats(winners));
        }
        assert_eq!(
            (t.won_alone(0), t.won_alone(1), t.shared(), t.drawn()),
            (2, 1, 1, 1)
        );
        // Per seat: agent 0 won 4 seats (2 of them shared: 0 and 2 together, 0 with 3),
        // drew 2 and lost 4.
        let a = t.agent(0);
        assert_eq!((a.wins, a.shared, a.draws, a.losses), (4, 3, 2, 4));
        let lines = t.game_lines(&["a".to_string(), "b".to_string()]);
        assert!(
            lines[0].starts_with("a: won 2 of the 3 games won by one agent alone (66.7%"),
            "{lines:?}"
        );
        assert!(lines[1].starts_with("b: won 1 of the 3 games"), "{lines:?}");
        assert_eq!(lines[2], "1 games won by seats of several agents, 1 drawn");
    }

    #[test]
    fn unfinished_games_count_for_nobody() {
        let entry = crate::find("slimetrail").unwrap();
        let spec = MatchSpec::new(entry, "", None, &["random"]).unwrap();
        let mut t = Tally::new(1);
        t.add(&GameRecord::new(
            &spec,
            0,
            vec![0, 0],
            Vec::new(),
            GameEnd::Unfinished,
        ));
        assert_eq!((t.games(), t.unfinished(), t.drawn()), (1, 1, 0));
        assert_eq!(t.agent(0).unfinished, 2);
        assert_eq!(t.agent(0).seats(), 0);
        assert_eq!(t.agent(0).score_line("r"), "r: no finished seat");
    }

    #[test]
    fn a_tally_grows_to_the_agents_it_meets() {
        let mut t = Tally::new(0);
        t.add(&four_seats(&[1]));
        assert_eq!(t.agents(), 2);
        assert_eq!(t.agent(1).wins, 1);
        assert_eq!(t.agent(5), AgentTally::default());
        let mut u = Tally::default();
        u.merge(&t);
        assert_eq!(u, t);
    }
}
