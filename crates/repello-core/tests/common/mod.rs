//! Set-up helpers shared by the rules tests and the review tests.
#![allow(dead_code)]

use boardgame_kit::Cell;
use repello_core::{Action, Params};

pub fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

pub fn act(s: &str) -> Action {
    s.parse().unwrap()
}

/// Parameters with every number 1 except those given.
pub fn numbers(players: u8, stack: Option<u8>, set: &[(&str, u8)]) -> Params {
    let mut digits = ['1'; 169];
    for &(c, n) in set {
        let c = cell(c);
        digits[(12 - c.rank() as usize) * 13 + c.file() as usize] = (b'0' + n) as char;
    }
    let digits: String = digits.iter().collect();
    let mut text = format!("players={players},numbers={digits}");
    if let Some(s) = stack {
        text.push_str(&format!(",stack={s}"));
    }
    text.parse().unwrap()
}
