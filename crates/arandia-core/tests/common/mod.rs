//! Set-up helpers shared by the rules tests and the review tests.
#![allow(dead_code)]

use arandia_core::{Action, Params, State};
use boardgame_kit::testing::{position, sorted_legal};
use boardgame_kit::Game;

/// The harbours of the rules by side, clockwise from the top, each in order along its side.
pub const HARBOURS: [[&str; 3]; 6] = [
    ["f9", "g9", "h9"],
    ["i8", "i7", "i6"],
    ["h4", "g3", "f2"],
    ["b1", "c1", "d1"],
    ["a2", "a3", "a4"],
    ["b6", "c7", "d8"],
];

pub fn params(s: &str) -> Params {
    s.parse().unwrap()
}

pub fn pos(p: &str, text: &str) -> State {
    position(p, text)
}

pub fn legal(s: &State) -> Vec<String> {
    sorted_legal(s)
}

pub fn strs(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

pub fn play(s: &mut State, actions: &str) {
    for a in actions.split_whitespace() {
        let act: Action = a.parse().unwrap();
        if let Err(e) = s.try_play(act) {
            panic!("{a} refused at {}: {e}", s.position());
        }
    }
}
