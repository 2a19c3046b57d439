//! A match between agents in the page ([`play`]): the library's match runner
//! (`boardgames::arena`) on one thread, its records and tally as plain data. Plain Rust: the
//! binding in `lib.rs` only converts.

use boardgames::arena::{self, ArenaError, GameRecord};
use serde::Serialize;

/// One agent's results, per seat it played (as `boardgame match` counts them).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AgentResult {
    /// The agent's SPEC.
    pub spec: String,
    /// Seats among the winners (a shared win counts for every winning seat).
    pub wins: u64,
    /// Of the wins, those shared with other seats.
    pub shared: u64,
    /// Seats of drawn games.
    pub draws: u64,
    /// Seats that lost.
    pub losses: u64,
    /// Seats of games stopped at the cap.
    pub unfinished: u64,
    /// Points per finished seat (win 1, draw 1/2), if it finished one.
    pub score: Option<f64>,
    /// Games whose winning seats were all this agent's.
    pub won_alone: u64,
}

/// A whole match: every game's record (the JSON line of `boardgame match --record`, as an
/// object), the agents' results and the games shared between agents, drawn and unfinished.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchResult {
    /// One record per game, in game order (serialised as its JSON line's object).
    pub records: Vec<GameRecord>,
    /// One result per agent, in the order given.
    pub agents: Vec<AgentResult>,
    /// Games won by seats of several agents.
    pub shared: u64,
    /// Drawn games.
    pub drawn: u64,
    /// Games stopped at the cap.
    pub unfinished: u64,
}

/// Plays `games` games of game `name` with `params` between `agents` (seats rotated), seeded
/// with `seed`, each capped at `max_actions` actions (default: the game's, with Arandia's
/// default turn limit when `params` sets none, as `boardgame match`). The same arguments give
/// the same result as `boardgame match` (for SPECs without a `time` budget, which the browser
/// build refuses).
pub fn play(
    name: &str,
    params: &str,
    agents: &[String],
    games: u64,
    seed: u64,
    max_actions: Option<u64>,
) -> Result<MatchResult, String> {
    let entry = boardgames::find(name).map_err(|e| e.to_string())?;
    let spec = arena::defaults::spec(entry, params, None, agents, max_actions)
        .map_err(|e| e.to_string())?
        .with_seed(seed);
    let mut records = Vec::new();
    let tally = arena::run(&spec, games, 1, &mut |record| {
        records.push(record.clone());
        Ok::<(), ArenaError>(())
    })
    .map_err(|e| e.to_string())?;
    let agents = agents
        .iter()
        .enumerate()
        .map(|(a, spec)| {
            let t = tally.agent(a);
            AgentResult {
                spec: spec.clone(),
                wins: t.wins,
                shared: t.shared,
                draws: t.draws,
                losses: t.losses,
                unfinished: t.unfinished,
                score: t.score(),
                won_alone: tally.won_alone(a),
            }
        })
        .collect();
    Ok(MatchResult {
        records,
        agents,
        shared: tally.shared(),
        drawn: tally.drawn(),
        unfinished: tally.unfinished(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_in_the_page_counts_what_the_command_counts() {
        let agents = ["mcts:iterations=100".to_string(), "random".to_string()];
        let m = play("slimetrail", "size=5", &agents, 4, 2, None).unwrap();
        assert_eq!(m.records.len(), 4);
        assert_eq!(m.records[1].number(), 2);
        assert_eq!(m.records[1].agents()[0], "random");
        let text = serde_json::to_string(&m).unwrap();
        assert!(
            text.starts_with(r#"{"records":[{"number":1,"game":"slimetrail""#),
            "{text}"
        );
        let seats: u64 = m.agents.iter().map(|a| a.wins + a.draws + a.losses).sum();
        assert_eq!(seats, 8);
        assert_eq!(m.agents[0].won_alone + m.agents[1].won_alone, 4);
        assert_eq!(m.agents[0].wins, m.agents[0].won_alone);
        // Arandia gets its default turn limit: random fleets draw at it instead of running on.
        let m = play("arandia", "", &agents[1..], 1, 1, None).unwrap();
        assert!(m.records[0]
            .to_json()
            .contains(r#""params":"turn_limit=40000""#));
        assert_eq!((m.drawn, m.unfinished), (1, 0));
        assert!(play("chess", "", &agents, 1, 1, None)
            .unwrap_err()
            .contains("chess"));
        assert!(play("slimetrail", "", &[], 1, 1, None).is_err());
        let capped = play("repello", "", &agents[1..], 1, 1, Some(10)).unwrap();
        assert_eq!(capped.records[0].end(), &arena::GameEnd::Unfinished);
    }
}
