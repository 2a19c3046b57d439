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

    /// Whether the time limit has passed (never, without `std` or without a time limit).
    pub(crate) fn expired(&self) -> bool {
        #[cfg(feature = "std")]
        {
            self.deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
        }
        #[cfg(not(feature = "std"))]
        {
            false
        }
    }
}
