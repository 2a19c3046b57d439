//! Ctrl-C during long calls. Long work (searches, matches, playouts, perft, the solver) runs
//! with the interpreter released, where Python cannot run its signal handlers; [`detached`]
//! runs it under a cancellation hook (`boardgame_ai::budget::with_cancel`, which the agents'
//! searches, the match runner, the solver, perft and playouts here all look at every few
//! milliseconds) that, on the calling thread, takes the interpreter back briefly every
//! [`LOOK_EVERY`] to run the signal handlers (`PyErr_CheckSignals`). Once a handler raises
//! (`KeyboardInterrupt` for Ctrl-C), the hook says stop: the work ends as if its budget were
//! spent, its objects stay usable, and the call raises that exception.
//!
//! Threads the work starts are handed the hook and see the stop; only the calling thread
//! runs handlers (Python runs them on its main thread only: a call from another Python thread
//! is not interrupted by Ctrl-C, as with any Python code).

use boardgame_ai::budget::{with_cancel, CancelFn};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

/// How often the calling thread takes the interpreter back to run the signal handlers.
pub(crate) const LOOK_EVERY: Duration = Duration::from_millis(20);

/// The state of one call's hook.
struct Watch {
    /// The thread that made the call (the one that may run signal handlers).
    caller: ThreadId,
    /// When the call began.
    began: Instant,
    /// Set once the work must stop (a handler raised, or the deadline passed).
    stop: AtomicBool,
    /// Nanoseconds after `began` of the last look at the signals.
    looked: AtomicU64,
    /// The exception a signal handler raised.
    error: Mutex<Option<PyErr>>,
    /// Stop at this time too (a time budget).
    deadline: Option<Instant>,
}

impl Watch {
    /// Whether the work must stop now; on the calling thread, runs the signal handlers when
    /// the last look is [`LOOK_EVERY`] old.
    fn should_stop(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        let now = Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            self.stop.store(true, Ordering::Relaxed);
            return true;
        }
        if std::thread::current().id() != self.caller {
            return false;
        }
        let at = now.duration_since(self.began).as_nanos() as u64;
        let last = self.looked.load(Ordering::Relaxed);
        if at.saturating_sub(last) < LOOK_EVERY.as_nanos() as u64 {
            return false;
        }
        self.looked.store(at, Ordering::Relaxed);
        if let Err(e) = Python::attach(|py| py.check_signals()) {
            if let Ok(mut slot) = self.error.lock() {
                slot.get_or_insert(e);
            }
            self.stop.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }
}

/// Runs `work` with the interpreter released under a hook that stops it on a signal (see the
/// module docs). The exception a signal handler raised, if any; else what `work` returned.
pub(crate) fn detached<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    detached_until(py, None, |_| work())
}

/// [`detached`] with a deadline too: the hook also says stop at `deadline`. `work` is given
/// the hook (for work that asks it directly rather than through the calling thread's).
pub(crate) fn detached_until<T: Send>(
    py: Python<'_>,
    deadline: Option<Instant>,
    work: impl FnOnce(&CancelFn) -> T + Send,
) -> PyResult<T> {
    let watch = Arc::new(Watch {
        caller: std::thread::current().id(),
        began: Instant::now(),
        stop: AtomicBool::new(false),
        looked: AtomicU64::new(0),
        error: Mutex::new(None),
        deadline,
    });
    let hook: CancelFn = {
        let watch = Arc::clone(&watch);
        Arc::new(move || watch.should_stop())
    };
    let value = py.detach(|| with_cancel(Some(Arc::clone(&hook)), || work(&hook)));
    let raised = watch.error.lock().ok().and_then(|mut e| e.take());
    match raised {
        Some(e) => Err(e),
        None => Ok(value),
    }
}
