//! Playing many games on threads: [`run`] for a match, [`run_indexed`] for any numbered work.

use super::error::ArenaError;
use super::play::play_game;
use super::record::GameRecord;
use super::spec::MatchSpec;
use super::tally::Tally;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// Plays games `0..games` of a match, `jobs` at once on as many threads (1 or 0: in the
/// calling thread, which is what a build without threads, such as the browser's, must use),
/// hands each record to `on_game` in game order as soon as the games before it are done, and
/// returns the tally of all of them.
///
/// Every game is played by [`play_game`], so the records and the tally are the same for any
/// `jobs` (unless an agent has a wall-clock budget). The first error, from a game or from
/// `on_game`, stops the run (the threads finish the game they are on) and is returned.
///
/// ```
/// use boardgames::arena::{run, ArenaError, MatchSpec};
/// let entry = boardgames::find("repello").unwrap();
/// let spec = MatchSpec::new(entry, "players=3", None, &["random", "alphabeta:nodes=50"]).unwrap();
/// let mut lines = |jobs| {
///     let mut lines = Vec::new();
///     run(&spec, 3, jobs, &mut |r| Ok::<(), ArenaError>(lines.push(r.to_string()))).unwrap();
///     lines
/// };
/// assert_eq!(lines(1), lines(3));
/// ```
pub fn run<E>(
    spec: &MatchSpec,
    games: u64,
    jobs: usize,
    on_game: &mut dyn FnMut(&GameRecord) -> Result<(), E>,
) -> Result<Tally, E>
where
    E: From<ArenaError> + Send,
{
    let mut tally = Tally::new(spec.agents().len());
    let play = |g: u64| play_game(spec, g).map_err(E::from);
    run_indexed(
        games,
        jobs,
        &play,
        &mut |_| {},
        &mut |record: GameRecord| {
            tally.add(&record);
            on_game(&record)
        },
    )?;
    Ok(tally)
}

/// Runs `play(0)`, ..., `play(count - 1)` on `jobs` scoped threads (each takes the next number
/// not yet taken; 1 or 0: in the calling thread), calls `finished` with each number as its
/// work ends (in any order: for a progress bar), and hands every result to `sink` in number
/// order, as soon as the ones before it are done. The first error stops the run (the threads
/// finish the work they are on) and is returned.
///
/// A thread the system refuses to start is done without: its share goes to the threads
/// started (with none, all of it runs in the calling thread). Under a cancellation hook
/// (`boardgame_ai::budget::with_cancel`) the threads are handed the calling thread's hook,
/// which the calling thread also looks at while it waits; once it says stop, no new work is
/// begun (the work under way ends as its searches stop: a game with
/// [`ArenaError::Cancelled`]).
///
/// ```
/// use boardgames::arena::run_indexed;
/// let mut squares = Vec::new();
/// let mut done = 0;
/// run_indexed(5, 2, &|n| Ok::<u64, ()>(n * n), &mut |_| done += 1, &mut |s| {
///     squares.push(s);
///     Ok(())
/// })
/// .unwrap();
/// assert_eq!((squares, done), (vec![0, 1, 4, 9, 16], 5));
/// assert_eq!(run_indexed(5, 2, &|n| if n == 3 { Err(n) } else { Ok(n) }, &mut |_| {},
///     &mut |_| Ok(())), Err(3));
/// ```
pub fn run_indexed<T, E>(
    count: u64,
    jobs: usize,
    play: &(dyn Fn(u64) -> Result<T, E> + Sync),
    finished: &mut dyn FnMut(u64),
    sink: &mut dyn FnMut(T) -> Result<(), E>,
) -> Result<(), E>
where
    T: Send,
    E: Send,
{
    if jobs <= 1 {
        for n in 0..count {
            let result = play(n)?;
            finished(n);
            sink(result)?;
        }
        return Ok(());
    }
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let cancel = cancel_hook();
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<(u64, Result<T, E>)>();
        let threads = usize::try_from(count.max(1)).map_or(jobs, |c| jobs.min(c));
        let mut started = 0;
        for _ in 0..threads {
            let send = send.clone();
            let (next, stop, cancel) = (&next, &stop, cancel.clone());
            let worker = move || {
                with_cancel(cancel, || {
                    while !stop.load(Ordering::Relaxed) {
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= count || send.send((n, play(n))).is_err() {
                            break;
                        }
                    }
                })
            };
            // A thread the system refuses is not started: the work goes to the others.
            if std::thread::Builder::new()
                .spawn_scoped(scope, worker)
                .is_err()
            {
                break;
            }
            started += 1;
        }
        drop(send);
        if started == 0 {
            // Not a single thread: all of it in the calling thread.
            return run_indexed(count, 1, play, finished, sink);
        }
        let mut pending = BTreeMap::new();
        let mut due = 0u64;
        let result = (|| {
            loop {
                let (n, result) = match receive.recv_timeout(LOOK_EVERY) {
                    Ok(got) => got,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        // The threads' searches look at the hook the calling thread hands
                        // them; the calling thread, only waiting, looks at it here.
                        if cancelled() {
                            stop.store(true, Ordering::Relaxed);
                        }
                        continue;
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                };
                finished(n);
                pending.insert(n, result);
                while let Some(result) = pending.remove(&due) {
                    sink(result?)?;
                    due += 1;
                }
            }
            Ok(())
        })();
        stop.store(true, Ordering::Relaxed);
        result
    })
}

/// How often the calling thread of a run on threads, waiting for their work, looks at its
/// cancellation hook.
const LOOK_EVERY: Duration = Duration::from_millis(20);

#[cfg(feature = "std")]
use boardgame_ai::budget::{cancel_hook, cancelled, with_cancel};

/// Without `std` there is no cancellation hook.
#[cfg(not(feature = "std"))]
fn cancel_hook() -> Option<()> {
    None
}

/// Without `std` there is no cancellation hook.
#[cfg(not(feature = "std"))]
fn cancelled() -> bool {
    false
}

/// Without `std` there is no cancellation hook.
#[cfg(not(feature = "std"))]
fn with_cancel<T>(_hook: Option<()>, work: impl FnOnce() -> T) -> T {
    work()
}
