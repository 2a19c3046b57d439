//! A fuzzing harness every game's fuzz target calls with the fuzzer's bytes.
//!
//! The bytes are read as text lines: the first line is tried as parameters, the second as a
//! position, and every later line as an action. Whatever is read must never panic; anything
//! that parses must re-print to text that parses back to the same value; every action is tried
//! with `try_play`, and a refused action must leave the state unchanged.

use crate::game::{Game, ToAct};
use alloc::string::ToString;

/// Runs the harness on arbitrary bytes; panics only when an invariant is broken.
///
/// ```
/// use boardgame_kit::{fuzzing::run, testing::Nim};
/// run::<Nim>(b"stones=4\n4 1\n1\n2\nx\n1");
/// run::<Nim>(&[0xff, 0x00, b'\n']);
/// ```
pub fn run<G: Game>(data: &[u8]) {
    let text = match core::str::from_utf8(data) {
        Ok(t) => t,
        Err(e) => match core::str::from_utf8(&data[..e.valid_up_to()]) {
            Ok(t) => t,
            Err(_) => return,
        },
    };
    let mut lines = text.split('\n');
    let params: G::Params = match lines.next().unwrap_or("").parse::<G::Params>() {
        Ok(p) => {
            let again: G::Params = p
                .to_string()
                .parse()
                .expect("printed parameters must read back");
            assert_eq!(again, p, "parameters must round-trip");
            p
        }
        Err(_) => Default::default(),
    };
    let mut state = match G::from_position(&params, lines.next().unwrap_or("")) {
        Ok(s) => {
            let pos = s.position();
            let back = G::from_position(&params, &pos).expect("a printed position must read back");
            assert_eq!(back, s, "position must round-trip");
            assert_eq!(back.position(), pos, "position must re-print identically");
            s
        }
        Err(_) => G::new(&params),
    };
    for line in lines {
        let Ok(a) = state.parse_action(line) else {
            continue;
        };
        let printed = a.to_string();
        assert_eq!(
            state.parse_action(&printed).ok(),
            Some(a),
            "action text must round-trip"
        );
        let before = state.clone();
        let legal = state.is_legal(&a);
        match state.try_play(a) {
            Ok(_) => assert!(legal, "try_play accepted an action is_legal refuses"),
            Err(_) => {
                assert!(
                    !legal || before.to_act() == ToAct::Over,
                    "try_play refused a legal action"
                );
                assert_eq!(state, before, "a refused action changed the state");
            }
        }
        let pos = state.position();
        assert_eq!(
            G::from_position(&params, &pos).as_ref(),
            Ok(&state),
            "position must round-trip"
        );
    }
}
