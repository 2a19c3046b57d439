//! Set-up helpers shared by the rules tests and the review tests.
#![allow(dead_code)]

use boardgame_kit::grid::push_ranks;
use boardgame_kit::{Actions, Cell, Game};
use repello_core::{Action, Params, State};

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

/// A position with only the pieces named on the board (`b` `s` `g` tokens, `A`..`D` stacks),
/// the stack counts and captured tokens by seat, and a mode. The tokens neither on the board,
/// nor in a stack, nor listed as captured are added to the captured tokens of seat `sink`
/// (0-based), so that the totals balance.
pub fn setup(
    params: &Params,
    pieces: &[(&str, char)],
    seats: &[(u8, &str)],
    sink: usize,
    mode: &str,
) -> State {
    let mut grid = [['.'; 13]; 13];
    for &(c, p) in pieces {
        let c = cell(c);
        grid[12 - c.rank() as usize][c.file() as usize] = p;
    }
    let mut board = String::new();
    push_ranks(
        &mut board,
        grid.iter()
            .map(|row| row.iter().map(|&ch| (ch != '.').then_some(ch))),
    );
    let n = params.players() as usize;
    let count_of = |ch: char| {
        pieces.iter().filter(|(_, p)| *p == ch).count() as i32
            + seats
                .iter()
                .map(|(_, c)| c.chars().filter(|x| *x == ch).count() as i32)
                .sum::<i32>()
    };
    let counts: i32 = seats.iter().map(|(c, _)| *c as i32).sum();
    let missing_s = 4 - count_of('s');
    let missing_g = 1 - count_of('g');
    let missing_b = 4 + n as i32 * params.stack() as i32 - count_of('b') - counts;
    assert!(missing_s >= 0 && missing_g >= 0 && missing_b >= 0);
    let mut entries: Vec<(u8, String)> =
        seats.iter().map(|(c, cap)| (*c, cap.to_string())).collect();
    let e = &mut entries[sink].1;
    e.push_str(&"g".repeat(missing_g as usize));
    e.push_str(&"s".repeat(missing_s as usize));
    e.push_str(&"b".repeat(missing_b as usize));
    // Most valuable first, as the notation writes them.
    let entries: Vec<String> = entries
        .into_iter()
        .map(|(c, cap)| {
            let mut v: Vec<char> = cap.chars().collect();
            v.sort_by_key(|ch| match ch {
                'g' => 0,
                's' => 1,
                _ => 2,
            });
            format!("{c}{}", v.into_iter().collect::<String>())
        })
        .collect();
    let text = format!("{board} {} {mode}", entries.join(","));
    State::from_position(params, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal actions' names, sorted (and as many as `count_legal` says).
pub fn legal(s: &State) -> Vec<String> {
    let mut v = Actions::<State>::new();
    s.legal_actions(&mut v);
    let mut t: Vec<String> = v.iter().map(|a| a.to_string()).collect();
    t.sort();
    assert_eq!(t.len(), s.count_legal());
    t
}
