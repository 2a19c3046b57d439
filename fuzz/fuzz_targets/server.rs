//! Arbitrary bytes as what a client sends the online server: the body of `POST /api/rooms`
//! (the room asked for is checked: game, parameters, seats, SPECs, clock) and an action
//! message (`{"action": A, "ply": N}`, a POST body or a WebSocket message) played on each
//! game's start position. Nothing panics; every refusal has a 4xx status and a one-line
//! reason.
#![no_main]

use boardgames_server::fuzzing::{action_message, room_request};
use libfuzzer_sys::fuzz_target;

fn refused_well(result: Result<(), boardgames_server::ApiError>) {
    if let Err(e) = result {
        assert!(e.status().is_client_error(), "{e:?}");
        assert!(!e.reason().is_empty() && !e.reason().contains('\n'), "{e:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    // Agents' SPECs are made to be checked: keep the inputs short so that each runs fast.
    if data.len() > 4096 {
        return;
    }
    refused_well(room_request(data));
    for game in boardgames::GAMES {
        refused_well(action_message(game.name(), "", data));
    }
});
