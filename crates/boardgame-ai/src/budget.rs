//! How much an agent may think per choice.

use core::fmt;

/// The budget of one choice: a number of iterations (MCTS) or nodes (alpha-beta), and with
/// the `std` feature a wall-clock time. A choice stops at the first limit reached; a budget
/// with no limit at all is given a default by each agent.
///
/// ```
/// use boardgame_ai::Budget;
/// let b = Budget::iterations(5000);
/// assert_eq!(b.iteration_limit(), Some(5000));
/// assert_eq!(b.to_string(), "iterations=5000");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    iterations: Option<u64>,
    nodes: Option<u64>,
    millis: Option<u64>,
}

impl Budget {
    /// No limit (each agent applies its default).
    pub const UNLIMITED: Budget = Budget {
        iterations: None,
        nodes: None,
        millis: None,
    };

    /// At most `n` search iterations (MCTS playouts) per choice.
    #[must_use]
    pub const fn iterations(n: u64) -> Budget {
        Budget {
            iterations: Some(n),
            nodes: None,
            millis: None,
        }
    }

    /// At most `n` positions visited per choice (alpha-beta nodes).
    #[must_use]
    pub const fn nodes(n: u64) -> Budget {
        Budget {
            iterations: None,
            nodes: Some(n),
            millis: None,
        }
    }

    /// At most `ms` milliseconds of wall-clock time per choice (needs the `std` feature to
    /// be enforced; without it the limit is ignored).
    #[must_use]
    pub const fn millis(ms: u64) -> Budget {
        Budget {
            iterations: None,
            nodes: None,
            millis: Some(ms),
        }
    }

    /// This budget with an iteration limit too.
    #[must_use]
    pub const fn with_iterations(mut self, n: u64) -> Budget {
        self.iterations = Some(n);
        self
    }

    /// This budget with a node limit too.
    #[must_use]
    pub const fn with_nodes(mut self, n: u64) -> Budget {
        self.nodes = Some(n);
        self
    }

    /// This budget with a time limit too.
    #[must_use]
    pub const fn with_millis(mut self, ms: u64) -> Budget {
        self.millis = Some(ms);
        self
    }

    /// The iteration limit.
    #[must_use]
    pub const fn iteration_limit(&self) -> Option<u64> {
        self.iterations
    }

    /// The node limit.
    #[must_use]
    pub const fn node_limit(&self) -> Option<u64> {
        self.nodes
    }

    /// The time limit in milliseconds.
    #[must_use]
    pub const fn millis_limit(&self) -> Option<u64> {
        self.millis
    }

    /// Whether no limit is set.
    #[must_use]
    pub const fn is_unlimited(&self) -> bool {
        self.iterations.is_none() && self.nodes.is_none() && self.millis.is_none()
    }

    /// This budget, or `default` when it sets no limit.
    #[must_use]
    pub const fn or(self, default: Budget) -> Budget {
        if self.is_unlimited() {
            default
        } else {
            self
        }
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        for (key, v) in [
            ("iterations", self.iterations),
            ("nodes", self.nodes),
            ("time", self.millis),
        ] {
            if let Some(v) = v {
                let unit = if key == "time" { "ms" } else { "" };
                write!(f, "{sep}{key}={v}{unit}")?;
                sep = ",";
            }
        }
        Ok(())
    }
}

/// A running choice's clock: started when the choice begins, asked whether time is up.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock {
    #[cfg(feature = "std")]
    deadline: Option<std::time::Instant>,
}

impl Clock {
    /// Starts the clock for a budget.
    pub(crate) fn start(budget: &Budget) -> Clock {
        #[cfg(feature = "std")]
        {
            Clock {
                deadline: budget
                    .millis
                    .map(|ms| std::time::Instant::now() + std::time::Duration::from_millis(ms)),
            }
        }
        #[cfg(not(feature = "std"))]
        {
            let _ = budget;
            Clock {}
        }
    }

    /// Whether the time limit has passed (never, without `std` or without a time limit), or
    /// the calling thread's cancellation hook says stop ([`with_cancel`]).
    pub(crate) fn expired(&self) -> bool {
        #[cfg(feature = "std")]
        {
            self.deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
                || cancelled()
        }
        #[cfg(not(feature = "std"))]
        {
            false
        }
    }
}

/// A cancellation hook: asked, every few milliseconds of a search, whether to stop now.
#[cfg(feature = "std")]
pub type CancelFn = std::sync::Arc<dyn Fn() -> bool + Send + Sync>;

#[cfg(feature = "std")]
std::thread_local! {
    static CANCEL: core::cell::RefCell<Option<CancelFn>> = const { core::cell::RefCell::new(None) };
}

/// Runs `work` with `hook` as the calling thread's cancellation hook (none: `None`), then
/// puts back the hook it had. Every search of an agent on this thread during `work` asks the
/// hook each time it looks at its clock (MCTS every few iterations, alpha-beta every few
/// thousand nodes: well under a millisecond apart) and, once it says yes, stops as if its
/// budget were spent (the agent stays usable; its choice is the best found so far). Searches
/// on several threads hand the hook to their threads ([`cancel_hook`]). Feature `std`.
///
/// This is how a caller stops a long search from outside, such as Ctrl-C in the Python
/// package: the hook checks for the interrupt and says yes once there is one.
///
/// ```
/// use boardgame_ai::{budget, Agent, Budget, Mcts, MctsConfig};
/// use boardgame_kit::{testing::Nim, Game};
/// use std::sync::Arc;
/// let nim = Nim::new(&"stones=30".parse().unwrap());
/// let mut mcts = Mcts::new(MctsConfig::default(), Budget::iterations(1_000_000_000), 1);
/// let t = std::time::Instant::now();
/// let stop_now = Arc::new(|| true);
/// let action = budget::with_cancel(Some(stop_now), || mcts.choose(&nim)).unwrap();
/// assert!(t.elapsed().as_secs() < 10);
/// assert!(nim.is_legal(&action));
/// assert!(!budget::cancelled()); // the hook was this call's only
/// ```
#[cfg(feature = "std")]
pub fn with_cancel<T>(hook: Option<CancelFn>, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<CancelFn>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let old = self.0.take();
            // `try_with`: nothing to put back while the thread itself is going away.
            let _ = CANCEL.try_with(|c| *c.borrow_mut() = old);
        }
    }
    let _restore = Restore(CANCEL.with(|c| c.replace(hook)));
    work()
}

/// The calling thread's cancellation hook, if any (to hand to the threads a search starts,
/// through [`with_cancel`]). Feature `std`.
#[cfg(feature = "std")]
pub fn cancel_hook() -> Option<CancelFn> {
    CANCEL.with(|c| c.borrow().clone())
}

/// Whether the calling thread's cancellation hook says stop (`false` without one). Feature
/// `std`.
#[cfg(feature = "std")]
pub fn cancelled() -> bool {
    cancel_hook().is_some_and(|hook| hook())
}
