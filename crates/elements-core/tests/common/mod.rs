//! Set-up helpers shared by the rules, review, encoding and cross-check tests.
#![allow(dead_code, clippy::needless_range_loop)]

use boardgame_kit::grid::push_ranks;
use boardgame_kit::{Cell, Game};
use elements_core::{Params, Place, State};

/// A position text built from a sparse list of pieces: `(cell, letter)` with `W A E F` blocks and
/// `w a e f` mounds, then ` SEAT LEFT STARTED OUT`.
pub fn board_text(side: usize, pieces: &[(&str, char)]) -> String {
    let mut grid = vec![vec!['.'; side]; side];
    for (name, ch) in pieces {
        let c: Cell = name.parse().unwrap();
        grid[c.rank() as usize][c.file() as usize] = *ch;
    }
    let mut board = String::new();
    push_ranks(
        &mut board,
        (0..side)
            .rev()
            .map(|r| grid[r].iter().map(|&ch| (ch != '.').then_some(ch))),
    );
    board
}

/// A state from pieces and the trailing fields.
pub fn pos(params: &str, pieces: &[(&str, char)], rest: &str) -> State {
    let p: Params = params.parse().unwrap();
    let side = p.board.side() as usize;
    let text = format!("{} {}", board_text(side, pieces), rest);
    match State::from_position(&p, &text) {
        Ok(s) => s,
        Err(e) => panic!("bad test position `{text}`: {e}"),
    }
}

/// Names of the legal actions.
pub fn legal_names(s: &State) -> Vec<String> {
    let mut v = boardgame_kit::Actions::<State>::new();
    s.legal_actions(&mut v);
    v.iter().map(|a| a.to_string()).collect()
}

/// Names of cells (file, rank).
pub fn cell_names(v: &[(usize, usize)]) -> Vec<String> {
    v.iter()
        .map(|&(f, r)| Cell::new(f as u8, r as u8).to_string())
        .collect()
}

/// An action from its text.
pub fn p(s: &str) -> Place {
    s.parse().unwrap()
}

/// The start position for a parameter text.
pub fn new(params: &str) -> State {
    State::new(&params.parse().unwrap())
}
