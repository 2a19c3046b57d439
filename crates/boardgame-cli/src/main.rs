//! `boardgame`: drive any game of the workspace from the command line.
//!
//! The scripted commands (`perft`, `legal`, `apply`, `trace`, `show`) follow the contract of
//! `shared/rules/README.md` exactly; `selfplay` and `play` are for people. Bad input exits with
//! status 2 and one line on stderr.

mod games;

use boardgame_kit::drivers::status_line;
use boardgame_kit::{
    perft, perft_divide, random_action, Actions, ChanceOutcomes, Game, PlayError, Seat, SplitMix64,
    ToAct,
};
use games::{dispatch, GAMES};
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: boardgame COMMAND GAME [OPTIONS] [ARGS]
commands:
  perft GAME DEPTH [--params P] [--position POS] [--divide]
  legal GAME [--params P] [--position POS]
  apply GAME [--params P] [--position POS] ACTION...
  trace GAME [--params P] [--position POS] ACTION...
  show GAME [--params P] [--position POS]
  selfplay GAME [--params P] [--games N] [--seed S] [--max-actions M] [--show]
  play GAME [--params P] [--seat SEAT] [--seed S]";

/// Everything that can go wrong with the user's input: printed as one line, exit status 2.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// No such game.
    #[error("unknown game `{0}` (known: {games})", games = GAMES.join(", "))]
    UnknownGame(String),
    /// Bad command line.
    #[error("{0}")]
    Usage(String),
    /// Bad parameters.
    #[error("--params: {0}")]
    Params(boardgame_kit::ParamError),
    /// Bad position.
    #[error("--position: {0}")]
    Position(boardgame_kit::PositionError),
    /// An action that cannot be read.
    #[error("action {index} `{text}`: {error}")]
    ActionSyntax {
        /// 1-based index.
        index: usize,
        /// The text given.
        text: String,
        /// Why.
        error: boardgame_kit::SyntaxError,
    },
    /// An illegal action.
    #[error("action {index} `{text}`: {error}")]
    Illegal {
        /// 1-based index.
        index: usize,
        /// The text given.
        text: String,
        /// Why.
        error: PlayError,
    },
    /// Standard input/output failed.
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
}

/// The parsed command line.
#[derive(Debug, Default)]
struct Args {
    command: String,
    game: String,
    params: String,
    position: Option<String>,
    divide: bool,
    show: bool,
    games: Option<u64>,
    seed: Option<u64>,
    max_actions: Option<u64>,
    seat: Option<String>,
    rest: Vec<String>,
}

fn parse_args(argv: &[String]) -> Result<Args, CliError> {
    let mut a = Args::default();
    let mut positional = Vec::new();
    let mut i = 0;
    let value = |i: &mut usize, name: &str| -> Result<String, CliError> {
        *i += 1;
        argv.get(*i)
            .cloned()
            .ok_or_else(|| CliError::Usage(format!("{name} needs a value")))
    };
    let number = |s: String, name: &str| -> Result<u64, CliError> {
        s.parse()
            .map_err(|_| CliError::Usage(format!("{name} needs a non-negative integer, not `{s}`")))
    };
    while i < argv.len() {
        let arg = &argv[i];
        match arg.as_str() {
            "--params" => a.params = value(&mut i, arg)?,
            "--position" => a.position = Some(value(&mut i, arg)?),
            "--divide" => a.divide = true,
            "--show" => a.show = true,
            "--games" => a.games = Some(number(value(&mut i, arg)?, arg)?),
            "--seed" => a.seed = Some(number(value(&mut i, arg)?, arg)?),
            "--max-actions" => a.max_actions = Some(number(value(&mut i, arg)?, arg)?),
            "--seat" => a.seat = Some(value(&mut i, arg)?),
            s if s.starts_with("--") => {
                return Err(CliError::Usage(format!("unknown option `{s}`")))
            }
            _ => positional.push(arg.clone()),
        }
        i += 1;
    }
    let mut it = positional.into_iter();
    a.command = it
        .next()
        .ok_or_else(|| CliError::Usage(USAGE.lines().next().unwrap_or_default().into()))?;
    a.game = it
        .next()
        .ok_or_else(|| CliError::Usage(format!("`{}` needs a GAME", a.command)))?;
    a.rest = it.collect();
    Ok(a)
}

fn start<G: Game>(args: &Args) -> Result<G, CliError> {
    let params: G::Params = args.params.parse().map_err(CliError::Params)?;
    match &args.position {
        Some(p) => G::from_position(&params, p).map_err(CliError::Position),
        None => Ok(G::new(&params)),
    }
}

fn play_texts<G: Game>(
    state: &mut G,
    texts: &[String],
    mut after: impl FnMut(&G),
) -> Result<(), CliError> {
    for (k, text) in texts.iter().enumerate() {
        let index = k + 1;
        let a = state
            .parse_action(text)
            .map_err(|error| CliError::ActionSyntax {
                index,
                text: text.clone(),
                error,
            })?;
        state.try_play(a).map_err(|error| CliError::Illegal {
            index,
            text: text.clone(),
            error,
        })?;
        after(state);
    }
    Ok(())
}

fn no_extra(args: &Args) -> Result<(), CliError> {
    match args.rest.first() {
        Some(x) => Err(CliError::Usage(format!("unexpected argument `{x}`"))),
        None => Ok(()),
    }
}

fn run<G: Game>(args: &Args, out: &mut String) -> Result<(), CliError> {
    match args.command.as_str() {
        "perft" => {
            let depth_text = args
                .rest
                .first()
                .ok_or_else(|| CliError::Usage("perft needs a DEPTH".into()))?;
            let depth: u32 = depth_text.parse().map_err(|_| {
                CliError::Usage(format!(
                    "DEPTH must be a non-negative integer, not `{depth_text}`"
                ))
            })?;
            if args.rest.len() > 1 {
                return Err(CliError::Usage(format!(
                    "unexpected argument `{}`",
                    args.rest[1]
                )));
            }
            let mut s = start::<G>(args)?;
            if args.divide {
                let rows = perft_divide(&mut s, depth);
                let total: u64 = if depth == 0 {
                    1
                } else {
                    rows.iter().map(|r| r.1).sum()
                };
                for (a, n) in rows {
                    let _ = writeln!(out, "{a} {n}");
                }
                let _ = writeln!(out, "{total}");
            } else {
                let _ = writeln!(out, "{}", perft(&mut s, depth));
            }
        }
        "legal" => {
            no_extra(args)?;
            let s = start::<G>(args)?;
            if s.to_act() == ToAct::Chance {
                let mut outs = ChanceOutcomes::new();
                s.chance_outcomes(&mut outs);
                let mut rows: Vec<(String, String)> = outs
                    .iter()
                    .map(|(a, p)| (a.to_string(), p.to_string()))
                    .collect();
                rows.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
                for (a, p) in rows {
                    let _ = writeln!(out, "{a} {p}");
                }
            } else {
                let mut list = Actions::<G>::new();
                s.legal_actions(&mut list);
                let mut texts: Vec<String> = list.iter().map(|a| a.to_string()).collect();
                texts.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
                for t in texts {
                    let _ = writeln!(out, "{t}");
                }
            }
        }
        "apply" => {
            let mut s = start::<G>(args)?;
            play_texts(&mut s, &args.rest, |_| {})?;
            let _ = writeln!(out, "{}", s.position());
        }
        "trace" => {
            let mut s = start::<G>(args)?;
            let _ = writeln!(out, "{}", status_line(&s));
            let mut lines = String::new();
            let r = play_texts(&mut s, &args.rest, |st| {
                let _ = writeln!(lines, "{}", status_line(st));
            });
            out.push_str(&lines);
            r?;
        }
        "show" => {
            no_extra(args)?;
            let s = start::<G>(args)?;
            let _ = writeln!(out, "{s}");
        }
        "selfplay" => {
            no_extra(args)?;
            selfplay::<G>(args, out)?;
        }
        "play" => {
            no_extra(args)?;
            interactive::<G>(args)?;
        }
        other => {
            return Err(CliError::Usage(format!(
                "unknown command `{other}` (perft, legal, apply, trace, show, selfplay, play)"
            )))
        }
    }
    Ok(())
}

fn selfplay<G: Game>(args: &Args, out: &mut String) -> Result<(), CliError> {
    let first = start::<G>(args)?;
    let games = args.games.unwrap_or(1);
    let seed = args.seed.unwrap_or(1);
    let cap = args.max_actions.unwrap_or(100_000);
    let seats = first.seats();
    let mut wins = [0u64; boardgame_kit::MAX_SEATS];
    let (mut draws, mut unfinished, mut total_len, mut max_len) = (0u64, 0u64, 0u64, 0u64);
    let mut stdout = std::io::stdout().lock();
    let clock = Instant::now();
    let mut buf = Actions::<G>::new();
    for g in 0..games {
        let mut s = first.clone();
        let mut rng = SplitMix64::new(seed.wrapping_add(g));
        let mut len = 0u64;
        if args.show {
            writeln!(stdout, "{s}\n")?;
        }
        while len < cap {
            let Some(a) = random_action(&s, &mut rng, &mut buf) else {
                break;
            };
            s.play_unchecked(a);
            len += 1;
            if args.show {
                writeln!(stdout, "{len}. {a}\n{s}\n")?;
            }
        }
        total_len += len;
        max_len = max_len.max(len);
        let result = match s.outcome() {
            Some(o) => {
                let winners = o.winners();
                if winners.is_empty() {
                    draws += 1;
                }
                winners.iter().for_each(|x| wins[x.index()] += 1);
                o.summary(G::SEAT_NAMES)
            }
            None => {
                unfinished += 1;
                "unfinished".to_string()
            }
        };
        writeln!(stdout, "game {}: over: {result} ({len} actions)", g + 1)?;
    }
    let secs = clock.elapsed().as_secs_f64();
    let mut summary = String::from("wins:");
    for seat in seats.iter() {
        let _ = write!(summary, " {}={}", G::seat_name(seat), wins[seat.index()]);
    }
    let _ = writeln!(out, "{summary} draws={draws} unfinished={unfinished}");
    let _ = writeln!(
        out,
        "length: mean {:.1} max {max_len} actions; {:.0} playouts/s",
        total_len as f64 / games.max(1) as f64,
        if secs > 0.0 { games as f64 / secs } else { 0.0 }
    );
    Ok(())
}

fn interactive<G: Game>(args: &Args) -> Result<(), CliError> {
    let mut s = start::<G>(args)?;
    let human = match &args.seat {
        Some(name) => Seat::from_name(name, G::SEAT_NAMES)
            .filter(|x| s.seats().contains(*x))
            .ok_or_else(|| {
                CliError::Usage(format!("--seat: `{name}` is not a seat of this game"))
            })?,
        None => s.seats().lowest().unwrap_or(Seat::of(0)),
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    let mut rng = SplitMix64::new(seed);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut stdout = std::io::stdout().lock();
    let mut buf = Actions::<G>::new();
    writeln!(
        stdout,
        "You play seat {}. Type an action, `?` for the legal actions, `quit` to stop.",
        G::seat_name(human)
    )?;
    loop {
        writeln!(stdout, "\n{s}")?;
        match s.to_act() {
            ToAct::Over => {
                let summary = s
                    .outcome()
                    .map(|o| o.summary(G::SEAT_NAMES))
                    .unwrap_or_default();
                writeln!(stdout, "over: {summary}")?;
                return Ok(());
            }
            ToAct::Seat(seat) if seat == human => {
                write!(stdout, "{}> ", G::seat_name(seat))?;
                stdout.flush()?;
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 {
                    return Ok(());
                }
                let line = line.trim();
                match line {
                    "" => continue,
                    "quit" | "exit" => return Ok(()),
                    "?" | "help" | "legal" => {
                        s.legal_actions(&mut buf);
                        let mut texts: Vec<String> = buf.iter().map(|a| a.to_string()).collect();
                        texts.sort();
                        writeln!(stdout, "legal: {}", texts.join(" "))?;
                    }
                    text => match s.parse_action(text) {
                        Err(e) => writeln!(stdout, "error: {e}")?,
                        Ok(a) => {
                            if let Err(e) = s.try_play(a) {
                                writeln!(stdout, "error: {e}")?;
                            }
                        }
                    },
                }
            }
            other => {
                if let Some(a) = random_action(&s, &mut rng, &mut buf) {
                    let who = match other {
                        ToAct::Seat(x) => G::seat_name(x).to_string(),
                        _ => "chance".to_string(),
                    };
                    writeln!(stdout, "{who} plays {a}")?;
                    s.play_unchecked(a);
                }
            }
        }
    }
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    if argv.iter().any(|a| a == "--help" || a == "-h") || argv.is_empty() {
        println!("{USAGE}");
        return if argv.is_empty() {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    let result = parse_args(&argv).and_then(|args| {
        let mut out = String::new();
        let r = dispatch!(args.game.as_str(), run(&args, &mut out));
        print!("{out}");
        r
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("boardgame: {e}");
            ExitCode::from(2)
        }
    }
}
