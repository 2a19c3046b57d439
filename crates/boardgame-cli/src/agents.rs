//! The commands with agents: `best`, `match` and `solve`, and the `engine` protocol loop.

use crate::args::Setup;
use crate::error::CliError;
use crate::out::{note, Out};
use crate::progress::{Progress, SearchProgress};
use crate::scripted::start;
use boardgame_kit::{DynGame, SplitMix64, ToAct};
use boardgames::{DynAgent, GameEntry, Session};
use std::io::BufRead;
use std::path::PathBuf;

/// `best`: the action the agent chooses for the seat to act.
pub fn best(setup: &Setup, spec: &str, seed: u64, out: &mut Out) -> Result<(), CliError> {
    let game = start(setup)?;
    let mut agent = setup.game.agent(spec, seed)?;
    let action = agent.choose(game.as_ref())?;
    out.line(action)
}

/// `solve`: `win` or `loss` for the seat to act, then each legal action's result.
/// `resume` and `save` name files of proven positions read before and written during (every
/// `save_every` seconds) and after the search; `show_progress` prints the progress on stderr
/// even when it is not a terminal.
pub fn solve(
    setup: &Setup,
    resume: Option<PathBuf>,
    save: Option<PathBuf>,
    save_every: Option<u64>,
    show_progress: bool,
    out: &mut Out,
) -> Result<(), CliError> {
    let game = start(setup)?;
    if !setup.game.has_solver() {
        return Err(boardgames::solve::SolveError::NoSolver(setup.game.name()).into());
    }
    let progress = std::sync::Arc::new(SearchProgress::new("solve", show_progress));
    let report = progress.clone();
    let options = boardgames::solve::SolveOptions {
        progress: Some(std::sync::Arc::new(move |positions| {
            report.report(positions)
        })),
        resume,
        save,
        save_every: save_every.map(std::time::Duration::from_secs),
    };
    let solution = setup.game.solve_with(game.as_ref(), &options);
    progress.finish();
    let solution = solution?;
    let word = |win: bool| if win { "win" } else { "loss" };
    out.line(word(solution.win))?;
    for (action, win) in solution.actions {
        out.line(format_args!("{action} {}", word(win)))?;
    }
    Ok(())
}

/// `engine`: the line protocol on stdin and stdout until `quit` or the end of input.
pub fn engine(out: &mut Out) -> Result<(), CliError> {
    let mut session = Session::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        if input
            .read_until(b'\n', &mut line)
            .map_err(CliError::Input)?
            == 0
        {
            return Ok(());
        }
        if let Some(answer) = session.handle_bytes(&line) {
            out.text(&answer.to_string())?;
            out.flush()?;
            if answer.is_quit() {
                return Ok(());
            }
        }
    }
}

/// How `match` runs.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// The agents' SPECs, in the order given.
    pub agents: Vec<String>,
    /// Number of games.
    pub games: u64,
    /// Seed, if given.
    pub seed: Option<u64>,
    /// Cap on the actions of one game.
    pub max_actions: u64,
    /// Only the last lines.
    pub quiet: bool,
    /// Games played at once, on this many threads (1: in the calling thread).
    pub jobs: usize,
}

/// The default cap on the actions of one `match` game.
pub const MATCH_CAP: u64 = 2_000;

#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    wins: u64,
    draws: u64,
    losses: u64,
    unfinished: u64,
}

/// A different seed for every agent of every game, from the run's seed.
fn agent_seed(seed: u64, game: u64, seat: usize) -> u64 {
    let mut rng = SplitMix64::new(seed ^ game.rotate_left(32) ^ (seat as u64).rotate_left(56));
    boardgame_kit::RandomSource::next_u64(&mut rng)
}

/// Plays one game to its end or the cap: each seat's action from its agent, chance by its
/// probabilities; every agent is told every action.
pub fn play_out(
    game: &mut dyn DynGame,
    agents: &mut [Option<Box<dyn DynAgent>>],
    rng: &mut SplitMix64,
    cap: u64,
) -> Result<u64, CliError> {
    let mut len = 0;
    while len < cap {
        let action = match game.to_act() {
            ToAct::Seat(s) => match agents.get_mut(s.index()).and_then(Option::as_mut) {
                Some(agent) => agent.choose(game)?,
                None => break,
            },
            ToAct::Chance => match game.random_action_text(rng) {
                Some(a) => a,
                None => break,
            },
            _ => break,
        };
        for agent in agents.iter_mut().flatten() {
            agent.inform(game, &action);
        }
        game.play_text(&action)?;
        len += 1;
    }
    Ok(len)
}

/// One finished (or capped) game of a match: who sat where, and how it ended.
struct GameRecord {
    /// Per seat played: the seat and the index of its agent.
    assigned: Vec<(boardgame_kit::Seat, usize)>,
    /// The winners, or `None` when the game was stopped unfinished at the cap.
    winners: Option<boardgame_kit::SeatSet>,
    /// The game's line (`game N: ...`).
    line: String,
}

/// Plays game number `g` of a match: its agents and dice are seeded from the match seed and
/// `g` alone, so the game is the same whichever thread plays it and in whatever order.
fn play_match_game(
    first: &dyn DynGame,
    entry: &GameEntry,
    opts: &MatchOptions,
    seed: u64,
    g: u64,
) -> Result<GameRecord, CliError> {
    let k = opts.agents.len();
    let mut game = first.clone_box();
    let mut agents: Vec<Option<Box<dyn DynAgent>>> =
        (0..boardgame_kit::MAX_SEATS).map(|_| None).collect();
    let mut assigned = Vec::new();
    for (i, seat) in first.seats().iter().enumerate() {
        let a = (i + g as usize) % k;
        agents[seat.index()] = Some(entry.agent(&opts.agents[a], agent_seed(seed, g, i))?);
        assigned.push((seat, a));
    }
    let mut rng = SplitMix64::new(seed.wrapping_add(g));
    let len = play_out(game.as_mut(), &mut agents, &mut rng, opts.max_actions)?;
    let who: Vec<String> = assigned
        .iter()
        .map(|(s, a)| format!("{}={}", game.seat_name(*s), opts.agents[*a]))
        .collect();
    let (winners, result) = match game.outcome() {
        Some(o) => (
            Some(o.winners()),
            format!("over: {} ({len} actions)", o.summary(game.seat_names())),
        ),
        None => (
            None,
            format!("unfinished, stopped at the cap of {len} actions"),
        ),
    };
    Ok(GameRecord {
        assigned,
        winners,
        line: format!("game {}: {}: {result}", g + 1, who.join(" ")),
    })
}

/// Plays the games `0..games` on `jobs` scoped threads (each takes the next game number not
/// yet taken), calls `finished` as each game ends (in any order: the progress bar), and
/// hands every record to `sink` in game order, as soon as the games before it are done. The
/// first error stops the run (the workers finish the game they are on).
fn play_games(
    games: u64,
    jobs: usize,
    play: &(dyn Fn(u64) -> Result<GameRecord, CliError> + Sync),
    finished: &mut dyn FnMut(),
    sink: &mut dyn FnMut(GameRecord) -> Result<(), CliError>,
) -> Result<(), CliError> {
    use std::collections::BTreeMap;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::mpsc;
    if jobs <= 1 {
        for g in 0..games {
            let record = play(g)?;
            finished();
            sink(record)?;
        }
        return Ok(());
    }
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<(u64, Result<GameRecord, CliError>)>();
        for _ in 0..jobs.min(games.max(1) as usize) {
            let send = send.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games || send.send((g, play(g))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        let mut pending = BTreeMap::new();
        let mut due = 0u64;
        let result = (|| {
            for (g, record) in receive.iter() {
                finished();
                pending.insert(g, record);
                while let Some(record) = pending.remove(&due) {
                    sink(record?)?;
                    due += 1;
                }
            }
            Ok(())
        })();
        stop.store(true, Ordering::Relaxed);
        result
    })
}

/// `match`: plays the agents against each other with seats rotated; the last lines are one
/// `SPEC wins=W draws=D losses=L` per agent.
pub fn play_match(setup: &Setup, opts: &MatchOptions, out: &mut Out) -> Result<(), CliError> {
    let first = start(setup)?;
    let entry: &GameEntry = setup.game;
    for spec in &opts.agents {
        entry.agent(spec, 0)?;
    }
    let seed = opts.seed.unwrap_or_else(|| {
        let seed = crate::selfplay::clock_seed();
        note(format_args!(
            "seed {seed} (repeat this run with --seed {seed})"
        ));
        seed
    });
    let k = opts.agents.len();
    let mut tally = vec![Tally::default(); k];
    let mut games = GameTally::new(k);
    let mut unfinished_games = 0u64;
    let mut progress = Progress::new(opts.games, "match", opts.quiet);
    let play = |g: u64| play_match_game(first.as_ref(), entry, opts, seed, g);
    let mut sink = |record: GameRecord| -> Result<(), CliError> {
        match record.winners {
            Some(winners) => {
                games.count(&record.assigned, winners);
                for (seat, a) in &record.assigned {
                    let t = &mut tally[*a];
                    if winners.contains(*seat) {
                        t.wins += 1;
                    } else if winners.is_empty() {
                        t.draws += 1;
                    } else {
                        t.losses += 1;
                    }
                }
            }
            None => {
                unfinished_games += 1;
                for (_, a) in &record.assigned {
                    tally[*a].unfinished += 1;
                }
            }
        }
        if !opts.quiet {
            out.line(&record.line)?;
            // A match can run for hours: each game's line goes out as it ends, so a file
            // being written (`tail -f`) or a pipe shows the games so far.
            out.flush()?;
        }
        Ok(())
    };
    play_games(
        opts.games,
        opts.jobs,
        &play,
        &mut || progress.inc(),
        &mut sink,
    )?;
    progress.finish();
    for (spec, t) in opts.agents.iter().zip(&tally) {
        out.line(format_args!(
            "{spec} wins={} draws={} losses={}",
            t.wins, t.draws, t.losses
        ))?;
    }
    out.flush()?;
    for (spec, t) in opts.agents.iter().zip(&tally) {
        note(score_line(spec, t));
    }
    if k > 1 {
        for line in games.summary(&opts.agents) {
            note(line);
        }
    }
    if unfinished_games > 0 {
        note(format_args!(
            "{unfinished_games} of {} games were stopped unfinished at {} actions and are not \
             counted (raise --max-actions, or set a turn limit in --params where the game has one)",
            opts.games, opts.max_actions
        ));
    }
    Ok(())
}

/// Whole games by who won them: an agent wins a game alone when every winning seat is its
/// own (with more than two seats it may hold several), else the win is shared between agents.
/// With more than two seats the per-seat scores stay near `1 / seats` even for the stronger
/// agent (only one seat wins), so the share of the games won alone is the comparison.
struct GameTally {
    alone: Vec<u64>,
    shared: u64,
    drawn: u64,
}

impl GameTally {
    fn new(agents: usize) -> Self {
        GameTally {
            alone: vec![0; agents],
            shared: 0,
            drawn: 0,
        }
    }

    fn count(
        &mut self,
        assigned: &[(boardgame_kit::Seat, usize)],
        winners: boardgame_kit::SeatSet,
    ) {
        let mut agents = assigned
            .iter()
            .filter(|(seat, _)| winners.contains(*seat))
            .map(|&(_, a)| a);
        match agents.next() {
            None => self.drawn += 1,
            Some(first) if agents.all(|a| a == first) => self.alone[first] += 1,
            Some(_) => self.shared += 1,
        }
    }

    /// One line per agent (its games won alone, their share with a 95% interval), then the
    /// shared and drawn games.
    fn summary(&self, specs: &[String]) -> Vec<String> {
        let total: u64 = self.alone.iter().sum();
        let mut lines: Vec<String> = specs
            .iter()
            .zip(&self.alone)
            .map(|(spec, &won)| {
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

/// The human summary of one agent: its mean score per seat (win 1, draw 1/2, loss 0) with a
/// 95% Wilson score interval, which stays meaningful at 0% and 100% (where the normal
/// approximation collapses to a zero-width interval).
fn score_line(spec: &str, t: &Tally) -> String {
    let n = t.wins + t.draws + t.losses;
    if n == 0 {
        return format!("{spec}: no finished seat");
    }
    let nf = n as f64;
    let mean = (t.wins as f64 + 0.5 * t.draws as f64) / nf;
    let (lo, hi) = wilson_interval(mean, nf);
    format!(
        "{spec}: score {:.1}% (95% interval {:.1}%-{:.1}%) over {n} seats",
        100.0 * mean,
        100.0 * lo,
        100.0 * hi
    )
}

/// The 95% Wilson score interval of a proportion `p` observed over `n` trials.
fn wilson_interval(p: f64, n: f64) -> (f64, f64) {
    const Z: f64 = 1.96;
    let z2 = Z * Z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::{wilson_interval, GameTally};
    use boardgame_kit::{Seat, SeatSet};

    #[test]
    fn games_are_won_alone_shared_or_drawn() {
        // Four seats, two agents: agent 0 on seats 0 and 2, agent 1 on seats 1 and 3.
        let assigned: Vec<(Seat, usize)> = (0..4).map(|i| (Seat::new(i).unwrap(), i % 2)).collect();
        let set = |seats: &[usize]| {
            let mut s = SeatSet::EMPTY;
            for &i in seats {
                s.insert(Seat::new(i).unwrap());
            }
            s
        };
        let mut t = GameTally::new(2);
        t.count(&assigned, set(&[2]));
        t.count(&assigned, set(&[0, 2]));
        t.count(&assigned, set(&[1]));
        t.count(&assigned, set(&[0, 3]));
        t.count(&assigned, SeatSet::EMPTY);
        assert_eq!((t.alone.clone(), t.shared, t.drawn), (vec![2, 1], 1, 1));
        let lines = t.summary(&["a".to_string(), "b".to_string()]);
        assert!(
            lines[0].starts_with("a: won 2 of the 3 games won by one agent alone (66.7%"),
            "{lines:?}"
        );
        assert!(lines[1].starts_with("b: won 1 of the 3 games"), "{lines:?}");
        assert_eq!(lines[2], "1 games won by seats of several agents, 1 drawn");
    }

    #[test]
    fn wilson_interval_is_not_degenerate_at_the_extremes() {
        // 10 wins out of 10: the interval is [0.722, 1], not [1, 1].
        let (lo, hi) = wilson_interval(1.0, 10.0);
        assert!((lo - 0.7225).abs() < 1e-3, "{lo}");
        assert_eq!(hi, 1.0);
        // 50 of 100: about 0.404..0.596.
        let (lo, hi) = wilson_interval(0.5, 100.0);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
    }
}
