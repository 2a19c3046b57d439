//! Set-up helpers shared by the rules tests and the review tests.
#![allow(dead_code)]

use boardgame_kit::{Actions, Game};
use splut_core::{Params, Piece, State};

pub fn params(p: &str) -> Params {
    p.parse().unwrap()
}

pub fn pos(p: &str, text: &str) -> State {
    match State::from_position(&params(p), text) {
        Ok(s) => s,
        Err(e) => panic!("{text}: {e}"),
    }
}

pub fn legal(s: &State) -> Vec<String> {
    let mut list = Actions::<State>::new();
    s.legal_actions(&mut list);
    let mut v: Vec<String> = list.iter().map(|a| a.to_string()).collect();
    v.sort();
    v
}

pub fn at(s: &State, c: &str) -> Option<Piece> {
    s.piece_at(c.parse().unwrap())
}
