//! Progress bars on stderr for long commands: drawn only when stderr is a terminal, and only
//! once the work has run for half a second (short commands never flash a bar).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::time::{Duration, Instant};

const DELAY: Duration = Duration::from_millis(500);

/// A progress bar over `len` steps that appears only when it is worth it.
pub struct Progress {
    len: u64,
    done: u64,
    label: &'static str,
    started: Instant,
    enabled: bool,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A bar over `len` steps, labelled; `quiet` turns it off.
    pub fn new(len: u64, label: &'static str, quiet: bool) -> Progress {
        Progress {
            len,
            done: 0,
            label,
            started: Instant::now(),
            enabled: !quiet && crate::out::stderr_is_terminal(),
            bar: None,
        }
    }

    /// One step done.
    pub fn inc(&mut self) {
        self.done += 1;
        if let Some(bar) = &self.bar {
            bar.set_position(self.done);
        } else if self.enabled && self.started.elapsed() >= DELAY {
            let bar = ProgressBar::with_draw_target(Some(self.len), ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template(
                "{prefix} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar.set_prefix(self.label);
            bar.set_position(self.done);
            self.bar = Some(bar);
        }
    }

    /// Removes the bar from the terminal.
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A spinner with a message on stderr for work of unknown length (`solve`), when stderr is a
/// terminal; the caller reports rarely (every 65,536 positions), so short runs never
/// show it.
pub fn spinner(label: &'static str) -> Option<ProgressBar> {
    if !crate::out::stderr_is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{prefix} [{elapsed_precise}] {spinner} {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    bar.set_style(style);
    bar.set_prefix(label);
    Some(bar)
}
