//! What most commands start from: the game, its parameters and position (`Setup`, read by
//! clap), the game started from them, the seed of runs without `--seed`, the default cap.

use crate::error::CliError;
use boardgame_kit::DynGame;
use boardgames::{GameEntry, GAMES};
use clap::builder::{PossibleValue, TypedValueParser};
use clap::Args;

/// The default cap on the actions of one game: games still running after it are reported as
/// unfinished (Splut! and Arandia have no turn limit unless one is set in their parameters).
pub const DEFAULT_CAP: u64 = 100_000;

/// A seed from the clock, for runs without `--seed`.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 % 10_000_000_000)
        .unwrap_or(1)
}

/// The game at its start or at `--position`.
pub fn start(setup: &Setup) -> Result<Box<dyn DynGame>, CliError> {
    Ok(setup.game.start(&setup.params, setup.position.as_deref())?)
}

/// The game and where to start: the arguments most commands share.
#[derive(Debug, Args)]
pub struct Setup {
    /// The game.
    #[arg(value_name = "GAME", value_parser = GameParser)]
    pub game: &'static GameEntry,
    /// Parameters: key=value pairs joined by commas (default: the game's defaults).
    #[arg(long, value_name = "P", default_value = "", allow_hyphen_values = true)]
    pub params: String,
    /// A position in the game's notation (default: the start position).
    #[arg(long, value_name = "POS", allow_hyphen_values = true)]
    pub position: Option<String>,
}

/// Reads a game name through the registry (and offers the names to shell completion).
#[derive(Clone, Copy, Debug)]
pub struct GameParser;

impl TypedValueParser for GameParser {
    type Value = &'static GameEntry;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let name = value.to_str().ok_or_else(|| {
            clap::Error::raw(clap::error::ErrorKind::InvalidUtf8, "invalid UTF-8 in GAME")
                .with_cmd(cmd)
        })?;
        boardgames::find(name).map_err(|e| {
            clap::Error::raw(clap::error::ErrorKind::InvalidValue, e.to_string()).with_cmd(cmd)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            GAMES
                .iter()
                .map(|g| PossibleValue::new(g.name()).help(g.title())),
        ))
    }
}
