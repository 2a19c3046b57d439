//! No crash on any input: illegal, foreign and off-board actions played unchecked never leave
//! a state that makes the engine panic, undo takes them back, and error messages are one line.

use repello_core::State;

boardgame_kit::robustness_tests!(State, ["", "players=3", "players=4", "players=2,stack=3"]);
