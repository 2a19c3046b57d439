//! No crash on any input: illegal, foreign and off-board actions played unchecked never leave
//! a state that makes the engine panic, undo takes them back, and error messages are one line.

use splut_core::State;

boardgame_kit::robustness_tests!(
    State,
    [
        "",
        "players=2,seats=we",
        "players=3",
        "players=3,seats=wne,first=n",
        "players=4"
    ]
);
