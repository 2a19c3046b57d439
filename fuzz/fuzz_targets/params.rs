//! Arbitrary bytes as the parameter text of every game (`boardgames` registry) and of the
//! kit's reader: no input panics; reading is linear (a long text is refused before it is
//! read); an error is one line that quotes at most a short excerpt of the input.
#![no_main]

use boardgame_kit::params::{pairs, MAX_PARAMS, MAX_PARAMS_LEN};
use boardgames::GAMES;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(items) = pairs(&text) {
        assert!(text.len() <= MAX_PARAMS_LEN && items.len() <= MAX_PARAMS);
    }
    for entry in GAMES {
        if let Err(e) = entry.new_game(&text) {
            let message = e.to_string();
            assert!(!message.contains('\n'), "{message:?}");
            assert!(message.len() < 400, "{} bytes: {message:?}", message.len());
        }
    }
});
