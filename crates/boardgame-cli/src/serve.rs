//! `boardgame serve`: the online game server (the `boardgames-server` library) on an address.

use crate::error::CliError;
use crate::out::Out;
use boardgames_server::{Config, Server};
use std::path::PathBuf;

/// The options of `boardgame serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Where to listen (`HOST:PORT`; port 0 picks a free port).
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    addr: String,
    /// The database: `sqlite://FILE` (created if missing) or `postgres://USER@HOST/DB`.
    #[arg(long, value_name = "URL", default_value = "sqlite://boardgames.db")]
    db: String,
    /// The longest an agent seat thinks per move, in milliseconds.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    max_agent_ms: u64,
    /// The folder of the built web page (default: `web/` if `web/build.sh` has built it).
    #[arg(long, value_name = "DIR")]
    web: Option<PathBuf>,
    /// Threads the agent seats think on (default: one per core).
    #[arg(long, value_name = "N")]
    agent_threads: Option<usize>,
    /// Threads the server's network and rooms run on (default: one per core). Fewer leave
    /// more of the machine to the database's writer thread, the agent seats and other programs.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Requests per second from one IP address (0: no limit).
    #[arg(long, value_name = "N", default_value_t = 20)]
    rate: u32,
    /// Requests one IP address may send at once above its rate.
    #[arg(long, value_name = "N", default_value_t = 100)]
    burst: u32,
    /// The most rooms whose game is not over.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    max_open_rooms: u64,
}

/// The most threads `--threads` may ask for.
const MAX_THREADS: usize = 1024;

/// One thread per core (what tokio picks by itself).
fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, usize::from)
        .clamp(1, MAX_THREADS)
}

/// Serves until Ctrl-C or SIGTERM.
pub fn serve(args: ServeArgs, out: &mut Out) -> Result<(), CliError> {
    let defaults = Config::default();
    let config = Config {
        addr: args.addr,
        db: args.db,
        web: args.web,
        max_agent_ms: args.max_agent_ms.max(1),
        agent_threads: args.agent_threads.unwrap_or(defaults.agent_threads).max(1),
        requests_per_second: args.rate,
        burst: args.burst,
        max_open_rooms: args.max_open_rooms,
        ..defaults
    };
    let threads = match args.threads {
        Some(n) if (1..=MAX_THREADS).contains(&n) => n,
        Some(n) => {
            return Err(CliError::Usage(format!(
                "--threads {n}: from 1 to {MAX_THREADS}"
            )))
        }
        None => default_threads(),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .enable_all()
        .build()
        .map_err(|e| CliError::Usage(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(async {
        let server = Server::bind(config)
            .await
            .map_err(|e| CliError::Usage(e.to_string()))?;
        out.line(format_args!("listening on http://{}", server.local_addr()))?;
        out.flush()?;
        server
            .run()
            .await
            .map_err(|e| CliError::Usage(e.to_string()))
    })
}
