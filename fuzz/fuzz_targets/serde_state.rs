//! Arbitrary bytes as the JSON form of a game state (`{game, params, position}`) and of its
//! parameters and actions, for the game chosen by the first byte: reading never panics, and
//! what is read writes back to JSON that reads back to the same value.
#![no_main]

use boardgame_kit::Game;
use serde::{de::DeserializeOwned, Serialize};

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + core::fmt::Debug>(json: &[u8]) {
    if let Ok(value) = serde_json::from_slice::<T>(json) {
        let again = serde_json::to_vec(&value).expect("a value read must write");
        let back: T = serde_json::from_slice(&again).expect("what was written must read back");
        assert_eq!(back, value, "JSON round trip");
    }
}

fn state<G: Game + Serialize + DeserializeOwned>(json: &[u8])
where
    G::Params: Serialize + DeserializeOwned,
    G::Action: Serialize + DeserializeOwned,
{
    round_trip::<G>(json);
    round_trip::<G::Params>(json);
    round_trip::<G::Action>(json);
    round_trip::<Vec<G::Action>>(json);
    if let Ok(s) = serde_json::from_slice::<G>(json) {
        assert_eq!(
            G::from_position(&s.params(), &s.position()).as_ref(),
            Ok(&s),
            "a state read from JSON is a valid position"
        );
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&which, json)) = data.split_first() else {
        return;
    };
    match which % 5 {
        0 => state::<slimetrail_core::State>(json),
        1 => state::<splut_core::State>(json),
        2 => state::<elements_core::State>(json),
        3 => state::<repello_core::State>(json),
        _ => state::<arandia_core::State>(json),
    }
});
