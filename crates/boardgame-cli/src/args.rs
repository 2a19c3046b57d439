//! The command line, declared with clap: every command, its arguments and its help.

use crate::setup::{GameParser, Setup};
use boardgames::GameEntry;
use clap::{Args, Parser, Subcommand};

/// Drive the board games of this workspace (Slime Trail, Splut!, Battle of the Elements,
/// Repello, Arandian checkers) from the command line.
///
/// Output that scripts read goes to stdout; messages go to stderr. Bad input exits with
/// status 2 and one line on stderr. `boardgame games` lists the games, seats and parameters,
/// `boardgame rules GAME` gives a game's rules in brief, `boardgame play GAME` plays it.
#[derive(Debug, Parser)]
#[command(name = "boardgame", version, propagate_version = true)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The command line with the games and their parameters at the end of the help.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    Cli::command().after_help(format!(
        "Parameters (--params) are key=value pairs joined by commas, e.g. players=3,first=w; the \
         empty string means the defaults.\n\nGames and their parameters:\n{}",
        crate::games::overview()
    ))
}

/// Parses a command line (the program name first).
pub fn parse(argv: &[std::ffi::OsString]) -> Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    let matches = command().try_get_matches_from(argv)?;
    Cli::from_arg_matches(&matches)
}

/// One command.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the action sequences of exactly DEPTH actions (the count alone on the last line).
    Perft {
        /// The game and the position to count from.
        #[command(flatten)]
        setup: Setup,
        /// How many actions deep to count.
        #[arg(value_name = "DEPTH")]
        depth: u32,
        /// One line `ACTION COUNT` per legal action (sorted by action text), then the total.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal actions, one per line, sorted (`OUTCOME NUM/DEN` at a chance node).
    Legal {
        /// The game and the position.
        #[command(flatten)]
        setup: Setup,
        /// Follow each action with its id in the game's fixed action space (`ACTION ID`,
        /// `OUTCOME NUM/DEN ID` at a chance node; see `boardgame info`).
        #[arg(long)]
        ids: bool,
    },
    /// What a learning program needs to know of a game: the number of distinct action ids,
    /// of chance outcome ids, the observation's shape and the longest game (`none` when the
    /// rules set no bound), one `KEY VALUE` line each.
    Info {
        /// The game.
        #[arg(value_name = "GAME", value_parser = GameParser)]
        game: &'static GameEntry,
        /// Parameters: key=value pairs joined by commas (default: the game's defaults).
        #[arg(long, value_name = "P", default_value = "", allow_hyphen_values = true)]
        params: String,
    },
    /// Print the observation tensor of a position seen from a seat: its values,
    /// space-separated, in row-major order of `observation_shape` (see `boardgame info`).
    Observe {
        /// The game and the position.
        #[command(flatten)]
        setup: Setup,
        /// The observing seat, by the game's seat name (default: the seat to act, else the
        /// first seat).
        #[arg(long, value_name = "SEAT")]
        seat: Option<String>,
    },
    /// Play actions and print the position after them.
    Apply {
        /// The game and the position to start from.
        #[command(flatten)]
        setup: Setup,
        /// The actions to play, in order (`#ID` plays the action with that id).
        #[arg(value_name = "ACTION")]
        actions: Vec<String>,
    },
    /// Play actions and print the status line before the first and after each one.
    Trace {
        /// The game and the position to start from.
        #[command(flatten)]
        setup: Setup,
        /// The actions to play, in order.
        #[arg(value_name = "ACTION")]
        actions: Vec<String>,
    },
    /// Draw the board for a person, with a key of its symbols.
    Show {
        /// The game and the position.
        #[command(flatten)]
        setup: Setup,
    },
    /// Play random games and report each result and a summary.
    Selfplay {
        /// The game and the position to start from.
        #[command(flatten)]
        setup: Setup,
        /// How many games to play.
        #[arg(long, value_name = "N", default_value_t = 1)]
        games: u64,
        /// Seed of the random choices (default: taken from the clock and printed on stderr).
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
        /// Stop a game after this many actions and count it as unfinished (Splut! and
        /// Arandia have no turn limit by default).
        #[arg(long, value_name = "M", default_value_t = crate::setup::DEFAULT_CAP)]
        max_actions: u64,
        /// Draw the board after every action.
        #[arg(long, conflicts_with = "quiet")]
        show: bool,
        /// Print only the summary (no line per game, no progress bar).
        #[arg(long)]
        quiet: bool,
    },
    /// Play a seat in the terminal against the computer (`help` there shows the commands and
    /// the notation with examples from the position, `rules` the rules).
    Play {
        /// The game and the position to start from.
        #[command(flatten)]
        setup: Setup,
        /// The seat you play, by the game's seat name (default: the first seat).
        #[arg(long, value_name = "SEAT")]
        seat: Option<String>,
        /// The agent playing every other seat: `mcts` (the default, a search),
        /// `mcts:iterations=5000` (stronger, slower), `alphabeta`, `random`, `solver` (Slime
        /// Trail: perfect play).
        #[arg(long, value_name = "SPEC", default_value = "mcts")]
        opponent: String,
        /// Seed of the opponents and the dice (default: taken from the clock).
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
    },
    /// Print the action an agent chooses for the seat to act (alone on the last line).
    Best {
        /// The game and the position.
        #[command(flatten)]
        setup: Setup,
        /// The agent: `random`, `mcts`, `mcts:iterations=5000`, `alphabeta`, `solver` (Slime
        /// Trail).
        #[arg(long, value_name = "SPEC", default_value = "mcts")]
        agent: String,
        /// The agent's seed: the same SPEC, seed and position give the same choice.
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
    },
    /// Play agents against each other with the seats rotated; the last lines are one
    /// `SPEC wins=W draws=D losses=L` per agent (on stderr: a score with its 95% interval, and
    /// the games each agent won alone).
    #[command(after_help = crate::help::defaults_help())]
    Match {
        /// The game and the position every game starts from.
        #[command(flatten)]
        setup: Setup,
        /// The agents, the games and how they are played.
        #[command(flatten)]
        play: Play,
        /// How many games to play.
        #[arg(long, value_name = "N", default_value_t = 100)]
        games: u64,
        /// Write each game's record to FILE: one JSON line per game, in game order (number,
        /// game, params, position, seed, seats, agents, actions, result, winners, scores).
        #[arg(long, value_name = "FILE")]
        record: Option<std::path::PathBuf>,
    },
    /// Play a round robin between agents and print Elo ratings: the last lines are one
    /// `RANK SPEC elo=E low=L high=H games=G score=S` per agent, best first (on stderr: a
    /// table and each pair's result).
    #[command(after_help = crate::help::tournament_help())]
    Tournament {
        /// The game and the position every game starts from.
        #[command(flatten)]
        setup: Setup,
        /// The agents (at least two), the games and how they are played.
        #[command(flatten)]
        play: Play,
        /// How many games every pair of agents plays (seats rotated within the pair).
        #[arg(long, value_name = "N", default_value_t = 20)]
        games: u64,
    },
    /// Solve the position exactly (Slime Trail): `win` or `loss` for the seat to act, then
    /// `ACTION win|loss` per legal action, sorted. Progress goes to stderr: a spinner on a
    /// terminal, lines with `--progress` otherwise.
    Solve {
        /// The game and the position.
        #[command(flatten)]
        setup: Setup,
        /// Read the proven positions saved by an earlier `--save` before searching (a long
        /// solve, such as 9x9, resumes where the saved run stopped).
        #[arg(long, value_name = "FILE")]
        resume: Option<std::path::PathBuf>,
        /// Write the proven positions to FILE during the search (see `--save-every`) and once
        /// solved (versioned text; read it back with `--resume`). Each write replaces the file
        /// whole, so a killed run resumes from its last save.
        #[arg(long, value_name = "FILE")]
        save: Option<std::path::PathBuf>,
        /// With `--save`: seconds between saves during the search (default 600; 0 saves at
        /// every check of the clock, once per 65,536 positions).
        #[arg(long, value_name = "SECONDS", requires = "save")]
        save_every: Option<u64>,
        /// Show the progress on stderr even when it is not a terminal (a line a second, then
        /// the total); without it a search that runs long says once how to see it.
        #[arg(long)]
        progress: bool,
        /// Threads to search on (default: the available cores). They share one table, so the
        /// memory is the same as with one; the answer is the same for any number.
        #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
    },
    /// Load-test an online game server: N rooms played at once by scripted clients over HTTP
    /// and WebSocket, each seat's client sending random legal actions from the room's `legal`
    /// list. Prints actions per second, p50/p99 latency (action sent to its answer, ms) and the
    /// server's resident memory per open room. Without `--url` it starts `boardgame serve
    /// --rate 0` on a free loopback port and a fresh SQLite file, and stops it at the end.
    Loadtest(Load),
    /// Speak the engine line protocol on stdin and stdout (game, position, play, undo, status,
    /// legal, show, perft, go, quit).
    Engine,
    /// List the games with their seats, player counts and parameters.
    Games,
    /// Serve online play: the web page at `/` and the rooms API (see docs/online.md). Prints
    /// `listening on http://HOST:PORT` once it accepts connections; Ctrl-C stops it.
    Serve(crate::serve::ServeArgs),
    /// Print a game's rules in brief: the board, the pieces, a turn, how the game ends, the
    /// notation with examples, and its parameters.
    Rules {
        /// The game.
        #[arg(value_name = "GAME", value_parser = GameParser)]
        game: &'static GameEntry,
    },
    /// Print a shell completion script (e.g. `boardgame completions bash > ~/.bash_completion`).
    Completions {
        /// The shell.
        #[arg(value_name = "SHELL")]
        shell: clap_complete::Shell,
    },
}

/// The arguments of `loadtest`.
#[derive(Debug, Args)]
pub struct Load {
    /// A running server to load (loopback only), e.g. http://127.0.0.1:8080, started with
    /// `--rate 0` (every request of the load comes from one address).
    #[arg(long, value_name = "URL", conflicts_with = "db")]
    pub url: Option<String>,
    /// With `--url`: the server's process id, to report its memory and CPU time.
    #[arg(long, value_name = "PID", requires = "url")]
    pub pid: Option<u32>,
    /// The database of the server it starts (default: a SQLite file in a fresh temporary
    /// directory, removed at the end).
    #[arg(long, value_name = "URL")]
    pub db: Option<String>,
    /// Rooms played at once.
    #[arg(long, value_name = "N", default_value_t = 10,
      value_parser = clap::value_parser!(u16).range(1..=10_000))]
    pub rooms: u16,
    /// How long to play, seconds.
    #[arg(long, value_name = "S", default_value_t = 10.0)]
    pub seconds: f64,
    /// Stop earlier, after this many finished games.
    #[arg(long, value_name = "G")]
    pub games: Option<u64>,
    /// Send actions by `POST /api/rooms/ID/actions` instead of over the WebSocket.
    #[arg(long)]
    pub post: bool,
    /// The game played in every room.
    #[arg(long, value_name = "GAME", default_value = "slimetrail")]
    pub game: String,
    /// The rooms' `params`, as JSON (default: the game's defaults).
    #[arg(long, value_name = "JSON")]
    pub params: Option<String>,
    /// Seats in each room, all played by the scripted clients.
    #[arg(long, value_name = "N", default_value_t = 2,
      value_parser = clap::value_parser!(u8).range(1..=16))]
    pub seats: u8,
    /// Print the figures as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The agents and how their games are played: the arguments `match` and `tournament` share.
#[derive(Debug, Args)]
pub struct Play {
    /// An agent SPEC; give it once per agent (game g gives seat i the agent (i + g) mod k).
    #[arg(long = "agent", value_name = "SPEC", required = true, action = clap::ArgAction::Append)]
    pub agents: Vec<String>,
    /// Seed of the agents and the dice (default: taken from the clock and printed on
    /// stderr).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Stop a game after this many actions and leave it out of the counts as unfinished
    /// (default: the game's, see below).
    #[arg(long, value_name = "M")]
    pub max_actions: Option<u64>,
    /// Print only the last lines (no line per game, no progress bar).
    #[arg(long)]
    pub quiet: bool,
    /// Play this many games at once, one per thread; the output is the same as with 1
    /// (every game is seeded from --seed and its number, lines come in game order).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: u16,
}
