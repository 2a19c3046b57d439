//! Arbitrary bytes as an agent SPEC for every game (`boardgames` registry, `from_spec`): no
//! input panics or aborts; an error is one line that quotes at most a short excerpt of the
//! input; a SPEC longer than the bound is refused.
//!
//! Agents are only made, not asked to choose (a choice's memory is tested in the crates'
//! tests under an address-space limit); a `solver` SPEC is made with a small table, so that
//! an input does not ask for gigabytes (its `tt` key is read by the same code as alphabeta's).
#![no_main]

use boardgames::GAMES;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let spec = if text.trim_start().starts_with("solver") {
        "solver:tt=8".to_string()
    } else {
        text.into_owned()
    };
    for entry in GAMES {
        match entry.agent(&spec, 1) {
            Ok(_) => assert!(spec.len() <= boardgame_ai::MAX_SPEC_LEN),
            Err(e) => {
                let message = e.to_string();
                assert!(!message.contains('\n'), "{message:?}");
                assert!(message.len() < 400, "{} bytes: {message:?}", message.len());
            }
        }
    }
});
