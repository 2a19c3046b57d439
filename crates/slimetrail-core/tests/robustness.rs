//! No crash on any input: illegal, foreign and off-board actions played unchecked never leave
//! a state that makes the engine panic, undo takes them back, and error messages are one line.

use boardgame_kit::Game;
use slimetrail_core::{Params, State};

boardgame_kit::robustness_tests!(State, ["size=5", "", "size=9"]);

/// The attack of the issue: `q11` on 9x9 made the next `legal_actions`, `Display` or playout
/// index out of bounds; `x26` was truncated to a cell on the board.
#[test]
fn off_board_unchecked_steps_change_nothing() {
    use boardgame_kit::{playout, Actions, SplitMix64};
    for size in ["size=5", "", "size=9"] {
        let p: Params = size.parse().unwrap();
        let mut s = State::new(&p);
        s.play(first_legal(&s));
        for text in ["q11", "x26", "z1", "a26", "j10", "k1"] {
            let before = s;
            // Off-board cells do not read as steps: they are built from any cell name.
            let step = slimetrail_core::Step(text.parse::<boardgame_kit::Cell>().unwrap());
            let u = s.play_unchecked(step);
            assert_eq!(s, before, "{size} {text}");
            let mut list = Actions::<State>::new();
            s.legal_actions(&mut list);
            assert!(!list.is_empty());
            assert!(!s.to_string().is_empty());
            assert_eq!(State::from_position(&p, &s.position()), Ok(s));
            let mut copy = s;
            assert!(playout(&mut copy, &mut SplitMix64::new(1), 100)
                .outcome
                .is_some());
            s.undo(u);
            assert_eq!(s, before);
        }
    }
}

fn first_legal(s: &State) -> slimetrail_core::Step {
    let mut list = boardgame_kit::Actions::<State>::new();
    s.legal_actions(&mut list);
    list[0]
}
