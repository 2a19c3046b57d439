//! Progress bars on stderr for long commands: drawn only when stderr is a terminal, and only
//! once the work has run for half a second (short commands never flash a bar).

use crate::out::note;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::Mutex;
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
fn spinner(label: &'static str) -> Option<ProgressBar> {
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

/// Seconds between two progress lines when they are printed to a file or a pipe.
const LINE_EVERY: Duration = Duration::from_secs(1);

/// The progress of a search of unknown length (`solve`), told the positions searched every
/// 65,536 positions: a spinner when stderr is a terminal; otherwise, when forced
/// (`--progress`), a line on stderr at the first report and then at most once a second; and
/// otherwise one line at the first report saying how to see it. Short searches report
/// nothing, so they print nothing.
pub struct SearchProgress {
    label: &'static str,
    bar: Option<ProgressBar>,
    lines: bool,
    started: Instant,
    seen: Mutex<Seen>,
}

/// What a [`SearchProgress`] has reported so far.
#[derive(Default)]
struct Seen {
    /// The positions of the searches that are over (a solve runs one search for the position,
    /// then one for its actions, each counting from 0).
    done: u64,
    /// The last count of the search under way.
    current: u64,
    last_line: Option<Instant>,
}

impl Seen {
    /// Takes the count of the search under way and gives the total so far.
    fn total(&mut self, positions: u64) -> u64 {
        if positions < self.current {
            self.done += self.current;
        }
        self.current = positions;
        self.done + positions
    }
}

impl SearchProgress {
    /// The progress of a search labelled `label`; `forced` prints lines when stderr is not a
    /// terminal.
    pub fn new(label: &'static str, forced: bool) -> SearchProgress {
        let bar = spinner(label);
        SearchProgress {
            label,
            lines: bar.is_none() && forced,
            bar,
            started: Instant::now(),
            seen: Mutex::new(Seen::default()),
        }
    }

    /// The search has looked at `positions` positions so far.
    pub fn report(&self, positions: u64) {
        let Ok(mut seen) = self.seen.lock() else {
            return;
        };
        let first = seen.done + seen.current == 0;
        let positions = seen.total(positions);
        if let Some(bar) = &self.bar {
            bar.set_message(format!("{positions} positions searched"));
            bar.tick();
        } else if self.lines {
            if seen.last_line.is_none_or(|t| t.elapsed() >= LINE_EVERY) {
                seen.last_line = Some(Instant::now());
                note(format_args!(
                    "{}: {positions} positions searched ({:.1} s)",
                    self.label,
                    self.started.elapsed().as_secs_f64()
                ));
            }
        } else if first {
            note(format_args!(
                "{}: searching; progress is drawn only when stderr is a terminal (add \
                 --progress to print it here)",
                self.label
            ));
        }
    }

    /// The search is over: the spinner goes, forced lines end with the total.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        let positions = self.seen.lock().map(|s| s.done + s.current).unwrap_or(0);
        if self.lines && positions > 0 {
            note(format_args!(
                "{}: done in {:.1} s ({positions} positions or more searched)",
                self.label,
                self.started.elapsed().as_secs_f64(),
            ));
        }
    }
}
