//! The parsing of what clients send, without a database or a network, for the fuzz target:
//! the same functions the routes and the WebSocket call.

use crate::app::{check, NewRoom};
use crate::error::ApiError;
use crate::game::Match;
use crate::routes::{parse, ActionBody, CreateBody};

/// Reads `body` as `POST /api/rooms` does and checks the room it asks for (game, parameters,
/// seats and SPECs, clock), as the server does before it writes anything.
///
/// ```
/// use boardgames_server::fuzzing::room_request;
/// assert!(room_request(br#"{"game": "splut", "seats": ["human", "random"]}"#).is_ok());
/// assert_eq!(room_request(b"{").unwrap_err().status().as_u16(), 400);
/// assert_eq!(room_request(br#"{"game": "chess", "seats": []}"#).unwrap_err().status().as_u16(), 422);
/// ```
pub fn room_request(body: &[u8]) -> Result<(), ApiError> {
    let b: CreateBody = parse(body)?;
    check(
        NewRoom {
            game: b.game,
            params: b.params,
            seats: b.seats,
            move_seconds: b.move_seconds,
        },
        100,
    )
    .map(drop)
}

/// Reads `message` as an action (`{"action": A, "ply": N}`, a POST's body or a WebSocket
/// message) and plays it, as a room does, on the start position of `game` (a registry name)
/// with `params`.
///
/// ```
/// use boardgames_server::fuzzing::action_message;
/// assert!(action_message("slimetrail", "", br#"{"action": "c3", "ply": 0}"#).is_ok());
/// assert_eq!(action_message("slimetrail", "", br#"{"action": "z9", "ply": 0}"#).unwrap_err().status().as_u16(), 422);
/// assert_eq!(action_message("slimetrail", "", br#"{"ply": "x"}"#).unwrap_err().status().as_u16(), 400);
/// ```
pub fn action_message(game: &str, params: &str, message: &[u8]) -> Result<(), ApiError> {
    let body: ActionBody = parse(message)?;
    let entry = boardgames::find(game).map_err(|e| ApiError::unprocessable(e.to_string()))?;
    let mut m = Match::start(entry, params).map_err(ApiError::unprocessable)?;
    m.play(&body.action)
        .map(drop)
        .map_err(ApiError::unprocessable)
}
