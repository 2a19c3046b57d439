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

/// The legal actions (sorted) whose text starts with `prefix`: one piece's, or one step's.
pub fn legal_starting(s: &State, prefix: &str) -> Vec<String> {
    legal(s)
        .into_iter()
        .filter(|a| a.starts_with(prefix))
        .collect()
}

pub fn at(s: &State, c: &str) -> Option<Piece> {
    s.piece_at(c.parse().unwrap())
}
