//! Standard output for scripts: buffered, and every write error turned into a [`CliError`]
//! (a closed pipe becomes [`CliError::Closed`], never a panic).

use crate::error::CliError;
use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};

/// Buffered standard output that reports write errors as [`CliError`].
pub struct Out {
    inner: BufWriter<StdoutLock<'static>>,
}

impl Out {
    /// Standard output, locked for the whole command.
    pub fn stdout() -> Out {
        Out {
            inner: BufWriter::new(io::stdout().lock()),
        }
    }

    /// Writes one line (the text and a newline).
    pub fn line(&mut self, text: impl std::fmt::Display) -> Result<(), CliError> {
        writeln!(self.inner, "{text}").map_err(CliError::from_write)
    }

    /// Writes text as it is.
    pub fn text(&mut self, text: &str) -> Result<(), CliError> {
        self.inner
            .write_all(text.as_bytes())
            .map_err(CliError::from_write)
    }

    /// Sends what is buffered (before waiting for input, and at the end).
    pub fn flush(&mut self) -> Result<(), CliError> {
        self.inner.flush().map_err(CliError::from_write)
    }
}

/// Writes one human message line on stderr; a failure to write it is ignored (there is nowhere
/// left to report it).
pub fn note(text: impl std::fmt::Display) {
    let _ = writeln!(io::stderr(), "{text}");
}

/// Whether stderr is a terminal (progress bars are drawn only then).
pub fn stderr_is_terminal() -> bool {
    io::stderr().is_terminal()
}
