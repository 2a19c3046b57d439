//! Set-up helpers shared by the rules tests and the review tests.
#![allow(dead_code)]

use boardgame_kit::testing::{position, sorted_legal};
use splut_core::{Params, Piece, State};

pub fn params(p: &str) -> Params {
    p.parse().unwrap()
}

pub fn pos(p: &str, text: &str) -> State {
    position(p, text)
}

pub fn legal(s: &State) -> Vec<String> {
    sorted_legal(s)
}

pub fn at(s: &State, c: &str) -> Option<Piece> {
    s.piece_at(c.parse().unwrap())
}
