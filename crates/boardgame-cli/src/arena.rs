//! The commands that play agents against each other: `match` and `tournament`, over the
//! library's match runner (`boardgames::arena`).

use crate::error::CliError;
use crate::out::{note, Out};
use crate::progress::Progress;
use crate::setup::{clock_seed, Setup};
use boardgames::arena::tournament::Tournament;
use boardgames::arena::{self, defaults, GameRecord, MatchSpec};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

/// How `match` and `tournament` run.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// The agents' SPECs, in the order given.
    pub agents: Vec<String>,
    /// Number of games (per pair of agents in a tournament).
    pub games: u64,
    /// Seed, if given.
    pub seed: Option<u64>,
    /// Cap on the actions of one game, if given (else the game's default).
    pub max_actions: Option<u64>,
    /// Only the last lines.
    pub quiet: bool,
    /// Games played at once, on this many threads (1: in the calling thread).
    pub jobs: usize,
    /// Where `match` writes each game's record, one JSON line per game.
    pub record: Option<PathBuf>,
}

impl crate::args::Play {
    /// The options of a run of `games` games (per pair, for a tournament), recorded to
    /// `record` if given.
    pub fn options(self, games: u64, record: Option<PathBuf>) -> MatchOptions {
        MatchOptions {
            agents: self.agents,
            games,
            seed: self.seed,
            max_actions: self.max_actions,
            quiet: self.quiet,
            jobs: usize::from(self.jobs),
            record,
        }
    }
}

/// The match both commands play, checked: the game with its default turn limit where it has
/// one, the agents, and the cap (the game's default when not given).
fn spec(setup: &Setup, opts: &MatchOptions) -> Result<MatchSpec, CliError> {
    Ok(defaults::spec(
        setup.game,
        &setup.params,
        setup.position.as_deref(),
        &opts.agents,
        opts.max_actions,
    )?)
}

/// The checked match with its seed (from the clock when not given), said on stderr with the
/// default turn limit if one was set.
fn seeded(spec: MatchSpec, setup: &Setup, opts: &MatchOptions) -> MatchSpec {
    if let Some(limit) = defaults::turn_limit(setup.game, &setup.params) {
        note(format_args!(
            "{} plays with turn_limit={limit} unless --params sets turn_limit (0: no limit)",
            setup.game.name()
        ));
    }
    let seed = opts.seed.unwrap_or_else(|| {
        let seed = clock_seed();
        note(format_args!(
            "seed {seed} (repeat this run with --seed {seed})"
        ));
        seed
    });
    spec.with_seed(seed)
}

/// The note about games stopped at the cap, if there were any.
fn unfinished_note(unfinished: u64, games: u64, cap: u64) {
    if unfinished > 0 {
        note(format_args!(
            "{unfinished} of {games} games were stopped unfinished at {cap} actions and are not \
             counted (raise --max-actions, or set a turn limit in --params where the game has one)"
        ));
    }
}

/// Elo points rounded, with their sign (`+95`, `-40`, `0`).
fn signed(x: f64) -> String {
    match x.round() as i64 {
        0 => "0".to_string(),
        n => format!("{n:+}"),
    }
}

/// The `--record` file: one JSON line per game, in game order, flushed after each.
struct RecordFile {
    path: PathBuf,
    file: BufWriter<File>,
}

impl RecordFile {
    fn create(path: PathBuf) -> Result<RecordFile, CliError> {
        match File::create(&path) {
            Ok(file) => Ok(RecordFile {
                path,
                file: BufWriter::new(file),
            }),
            Err(error) => Err(CliError::Record { path, error }),
        }
    }

    fn write(&mut self, record: &GameRecord) -> Result<(), CliError> {
        writeln!(self.file, "{}", record.to_json())
            .and_then(|()| self.file.flush())
            .map_err(|error| CliError::Record {
                path: self.path.clone(),
                error,
            })
    }
}

/// `match`: plays the agents against each other with seats rotated; the last lines are one
/// `SPEC wins=W draws=D losses=L` per agent.
pub fn play_match(setup: &Setup, opts: &MatchOptions, out: &mut Out) -> Result<(), CliError> {
    let spec = spec(setup, opts)?;
    let mut record = opts.record.clone().map(RecordFile::create).transpose()?;
    let spec = seeded(spec, setup, opts);
    let mut progress = Progress::new(opts.games, "match", opts.quiet);
    let tally = arena::run::<CliError>(&spec, opts.games, opts.jobs, &mut |game| {
        progress.inc();
        if let Some(file) = record.as_mut() {
            file.write(game)?;
        }
        if !opts.quiet {
            out.line(game)?;
            // A match can run for hours: each game's line goes out as it ends, so a file
            // being written (`tail -f`) or a pipe shows the games so far.
            out.flush()?;
        }
        Ok(())
    })?;
    progress.finish();
    for (a, spec) in opts.agents.iter().enumerate() {
        out.line(tally.agent(a).line(spec))?;
    }
    out.flush()?;
    for (a, spec) in opts.agents.iter().enumerate() {
        note(tally.agent(a).score_line(spec));
    }
    if opts.agents.len() > 1 {
        for line in tally.game_lines(&opts.agents) {
            note(line);
        }
    }
    unfinished_note(tally.unfinished(), opts.games, spec.max_actions());
    Ok(())
}

/// `tournament`: a round robin, `games` games per pair of agents; the last lines are one
/// `RANK SPEC elo=E low=L high=H games=G score=S` per agent, best first.
pub fn tournament(setup: &Setup, opts: &MatchOptions, out: &mut Out) -> Result<(), CliError> {
    let spec = spec(setup, opts)?;
    Tournament::new(&spec, opts.games)?;
    let spec = seeded(spec, setup, opts);
    let t = Tournament::new(&spec, opts.games)?;
    let mut standings = t.standings();
    let mut progress = Progress::new(t.games(), "tournament", opts.quiet);
    let play = |n: u64| t.play_game(n).map_err(CliError::from);
    arena::run_indexed(
        t.games(),
        opts.jobs,
        &play,
        &mut |_| progress.inc(),
        &mut |game| {
            standings.add(&game);
            if !opts.quiet {
                out.line(&game)?;
                out.flush()?;
            }
            Ok(())
        },
    )?;
    progress.finish();
    let table = standings.table();
    for row in &table {
        out.line(row)?;
    }
    out.flush()?;
    let ratings = standings.ratings();
    note(
        "Elo from a Bradley-Terry fit (maximum likelihood, draws and shared wins half a win), \
         mean 0, 95% intervals from the Fisher information:",
    );
    let width = table.iter().map(|r| r.spec.len()).max().unwrap_or(0).max(5);
    note(format_args!(
        "rank  {:<width$}  {:>5}  {:>13}  {:>5}  score",
        "agent", "elo", "95% interval", "games"
    ));
    for row in &table {
        note(format_args!(
            "{:>4}  {:<width$}  {:>5}  {:>6}..{:<5}  {:>5}  {:.1}%",
            row.rank,
            row.spec,
            signed(row.elo),
            signed(row.low),
            signed(row.high),
            row.games,
            100.0 * row.score
        ));
    }
    let results = standings.results();
    for p in t.pairings() {
        let (a, b) = (&t.agents()[p.a], &t.agents()[p.b]);
        let games = results.games_between(p.a, p.b);
        let points = results.points_against(p.a, p.b);
        note(format_args!(
            "{a} against {b}: {points} of {games} points{}",
            if games > 0 {
                format!(" ({:.1}%)", 100.0 * points / games as f64)
            } else {
                String::new()
            }
        ));
    }
    if ratings.virtual_draws {
        note(
            "some agent scored every point or none against the rest (or played no counted \
             game), so one virtual drawn game was added between every pair to keep the \
             ratings finite",
        );
    }
    unfinished_note(standings.unfinished(), t.games(), spec.max_actions());
    Ok(())
}
