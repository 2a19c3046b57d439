//! The games the command knows: one line each.

/// Calls `$run::<State>($args...)` for the game named `$name`, or returns an unknown-game error.
macro_rules! dispatch {
    ($name:expr, $run:ident ( $($arg:expr),* )) => {
        match $name {
            "slimetrail" => $run::<slimetrail_core::State>($($arg),*),
            "arandia" => $run::<arandia_core::State>($($arg),*),
            "repello" => $run::<repello_core::State>($($arg),*),
            "elements" => $run::<elements_core::State>($($arg),*),
            "splut" => $run::<splut_core::State>($($arg),*),
            other => Err($crate::CliError::UnknownGame(other.to_string())),
        }
    };
}

/// The names accepted as GAME.
pub const GAMES: &[&str] = &["slimetrail", "arandia", "repello", "elements", "splut"];

pub(crate) use dispatch;
