//! Agent seats: SPECs checked and capped when a room is created, and the bounded pool of
//! threads the agents think on (never the async runtime's threads).

use crate::game::Match;
use boardgames::GameEntry;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// The agents whose thinking the server can bound in time (`time=`), and `random`.
const TIMED: &[&str] = &["mcts", "alphabeta"];

/// A SPEC as the server plays it: its search time capped at `max_ms` milliseconds and one
/// thread (the pool is the server's parallelism). The SPEC is checked by making the agent:
/// the error says what is wrong with it.
pub(crate) fn capped_spec(entry: &GameEntry, spec: &str, max_ms: u64) -> Result<String, String> {
    let spec = spec.trim();
    if spec.len() > 200 {
        return Err("the SPEC is longer than 200 bytes".to_string());
    }
    let (name, options) = spec.split_once(':').unwrap_or((spec, ""));
    let name = name.trim();
    if name == "random" {
        entry.agent(spec, 0).map_err(|e| e.to_string())?;
        return Ok(spec.to_string());
    }
    if !TIMED.contains(&name) {
        entry.agent(spec, 0).map_err(|e| e.to_string())?;
        return Err(format!(
            "agent `{name}` cannot be bounded in time on this server: use mcts, alphabeta or random"
        ));
    }
    let mut pairs: Vec<String> = Vec::new();
    let mut time: Option<u64> = None;
    for pair in options.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let (k, v) = (k.trim(), v.trim());
        match k {
            "time" => {
                time = Some(millis(v).ok_or_else(|| {
                    format!("bad value `{v}` for key `time` of agent `{name}`: expected a time such as 250ms or 2s")
                })?)
            }
            // One thread per move: the pool's threads are the server's parallelism.
            "threads" | "parallel" => {}
            // Memory per move stays bounded: the transposition table at most 2^MAX_TT entries,
            // the tree at most MAX_NODES nodes.
            "tt" => pairs.push(format!("tt={}", v.parse::<u64>().map_or(MAX_TT, |b| b.min(MAX_TT)))),
            "max_nodes" => pairs.push(format!(
                "max_nodes={}",
                v.parse::<u64>().map_or(MAX_NODES, |n| n.clamp(1, MAX_NODES))
            )),
            _ => pairs.push(pair.to_string()),
        }
    }
    let ms = time.unwrap_or(max_ms).clamp(1, max_ms.max(1));
    pairs.push(format!("time={ms}ms"));
    let capped = format!("{name}:{}", pairs.join(","));
    entry.agent(&capped, 0).map_err(|e| e.to_string())?;
    Ok(capped)
}

/// The largest transposition table an agent seat may use: 2^22 entries.
const MAX_TT: u64 = 22;
/// The largest search tree an agent seat may keep.
const MAX_NODES: u64 = 1 << 20;

/// `250ms`, `2s`, `1.5s` in milliseconds (`None` when it does not read: the cap applies).
fn millis(v: &str) -> Option<u64> {
    if let Some(ms) = v.strip_suffix("ms") {
        return ms.trim().parse().ok();
    }
    let s: f64 = v.strip_suffix('s').unwrap_or(v).trim().parse().ok()?;
    (s.is_finite() && s >= 0.0).then(|| (s * 1000.0).min(u64::MAX as f64) as u64)
}

type Job = Box<dyn FnOnce() + Send>;

/// A fixed set of threads fed by a bounded queue.
#[derive(Clone)]
pub(crate) struct Pool {
    queue: SyncSender<Job>,
}

impl Pool {
    /// `threads` threads (at least one) and a queue of `threads * 64` jobs.
    pub(crate) fn new(threads: usize) -> Pool {
        let threads = threads.max(1);
        let (queue, jobs) = sync_channel::<Job>(threads * 64);
        let jobs = Arc::new(Mutex::new(jobs));
        for i in 0..threads {
            let jobs: Arc<Mutex<Receiver<Job>>> = Arc::clone(&jobs);
            let spawned = std::thread::Builder::new()
                .name(format!("agent-{i}"))
                .spawn(move || loop {
                    let job = match jobs.lock() {
                        Ok(rx) => rx.recv(),
                        Err(poisoned) => poisoned.into_inner().recv(),
                    };
                    match job {
                        Ok(job) => {
                            // A job that panics ends alone; its answer channel closes.
                            let _ = catch_unwind(AssertUnwindSafe(job));
                        }
                        Err(_) => return,
                    }
                });
            if let Err(e) = spawned {
                eprintln!("boardgames-server: cannot start agent thread {i}: {e}");
            }
        }
        Pool { queue }
    }

    /// The action the agent made from `spec` chooses in `game`; `None` if it could not
    /// choose (the caller then plays a random legal action, so that the game goes on).
    pub(crate) async fn choose(&self, spec: String, game: Match) -> Option<String> {
        let (tx, rx) = oneshot::channel();
        let mut job: Job = Box::new(move || {
            let _ = tx.send(game.choose(&spec, crate::secret::seed()));
        });
        loop {
            match self.queue.try_send(job) {
                Ok(()) => break,
                Err(TrySendError::Full(back)) => {
                    job = back;
                    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                }
                Err(TrySendError::Disconnected(_)) => return None,
            }
        }
        rx.await.ok().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_capped_and_checked() {
        let e = boardgames::find("splut").unwrap();
        assert_eq!(capped_spec(e, "mcts", 2000).unwrap(), "mcts:time=2000ms");
        assert_eq!(
            capped_spec(e, "mcts:iterations=50,time=10s,threads=4", 2000).unwrap(),
            "mcts:iterations=50,time=2000ms"
        );
        assert_eq!(
            capped_spec(e, "mcts:time=100ms", 2000).unwrap(),
            "mcts:time=100ms"
        );
        assert_eq!(capped_spec(e, "random", 2000).unwrap(), "random");
        assert!(capped_spec(e, "mcts:bogus=1", 2000).is_err());
        assert!(capped_spec(e, "nonsense", 2000).is_err());
    }
}
