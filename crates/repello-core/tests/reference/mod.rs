//! A slow, obviously-correct move generator written straight from the rules text: the legal
//! actions of a state and the board after one of them, on a plain 13 x 13 array.
#![allow(dead_code)]

use boardgame_kit::{Cell, Dir8, Game, Seat, ToAct};
use repello_core::{Action, Phase, Piece, StackStatus, State};
use std::collections::HashSet;

/// 13 x 13, index rank * 13 + file.
pub type Board = Vec<Option<Piece>>;

pub fn on_board(f: i32, r: i32) -> bool {
    (0..13).contains(&f) && (0..13).contains(&r)
}

pub fn idx(c: Cell) -> usize {
    c.rank() as usize * 13 + c.file() as usize
}

pub fn board_of(s: &State) -> Board {
    (0..169)
        .map(|i| s.piece(Cell::new((i % 13) as u8, (i / 13) as u8)))
        .collect()
}

pub fn in_start(c: Cell) -> bool {
    (4..=8).contains(&c.file()) && (4..=8).contains(&c.rank())
}

pub fn all_cells() -> impl Iterator<Item = Cell> {
    (0..13u8).flat_map(|r| (0..13u8).map(move |f| Cell::new(f, r)))
}

pub fn neighbours(c: Cell) -> Vec<Cell> {
    Dir8::ALL
        .iter()
        .filter_map(|d| {
            let (df, dr) = d.delta();
            let (f, r) = (c.file() as i32 + df as i32, c.rank() as i32 + dr as i32);
            on_board(f, r).then(|| Cell::new(f as u8, r as u8))
        })
        .collect()
}

/// Where the stack on `from` goes in direction `d`: None if the direction is not offered or
/// the path is blocked.
pub fn reference_move(s: &State, b: &Board, from: Cell, d: Dir8) -> Option<Cell> {
    let (mut df, mut dr) = (d.delta().0 as i32, d.delta().1 as i32);
    let (mut f, mut r) = (from.file() as i32, from.rank() as i32);
    if !on_board(f + df, r + dr) {
        return None; // the first square is off the board: not offered
    }
    let n = s.number(Cell::new((f + df) as u8, (r + dr) as u8)).unwrap();
    for _ in 0..n {
        if !(0..13).contains(&(f + df)) {
            df = -df;
        }
        if !(0..13).contains(&(r + dr)) {
            dr = -dr;
        }
        f += df;
        r += dr;
        let c = Cell::new(f as u8, r as u8);
        if c == from || b[idx(c)].is_some() {
            return None; // the dropped token, or a piece
        }
    }
    Some(Cell::new(f as u8, r as u8))
}

pub fn reference_legal(s: &State) -> Vec<Action> {
    let b = board_of(s);
    let seat = match s.to_act() {
        ToAct::Seat(x) => x,
        _ => return Vec::new(),
    };
    let empty_start: Vec<Cell> = all_cells()
        .filter(|&c| in_start(c) && b[idx(c)].is_none())
        .collect();
    let any_empty: Vec<Cell> = all_cells().filter(|&c| b[idx(c)].is_none()).collect();
    let mut out: Vec<Action> = match s.phase() {
        Phase::Over => Vec::new(),
        Phase::Setup => empty_start
            .iter()
            .filter(|&&c| neighbours(c).iter().all(|n| b[idx(*n)].is_none()))
            .map(|&c| Action::Place(c))
            .collect(),
        Phase::Turn => match s.stack_status(seat) {
            StackStatus::Off => {
                let v = if empty_start.is_empty() {
                    &any_empty
                } else {
                    &empty_start
                };
                v.iter().map(|&c| Action::Place(c)).collect()
            }
            StackStatus::OnBoard(from) => {
                let moves: Vec<Action> = Dir8::ALL
                    .iter()
                    .filter(|&&d| reference_move(s, &b, from, d).is_some())
                    .map(|&d| Action::Move(d))
                    .collect();
                if !moves.is_empty() {
                    moves
                } else {
                    // Relocation: the token drops on `from` first.
                    let v: Vec<Cell> = empty_start.iter().copied().filter(|&c| c != from).collect();
                    let v = if v.is_empty() {
                        any_empty.iter().copied().filter(|&c| c != from).collect()
                    } else {
                        v
                    };
                    v.into_iter().map(Action::Place).collect()
                }
            }
            other => panic!("seat to act has stack status {other:?}"),
        },
        Phase::Repulsion => {
            // The arrangements of the phase since its move or last capture: undo the pushes.
            let mut seen: HashSet<Board> = HashSet::new();
            let mut cur = b.clone();
            seen.insert(cur.clone());
            let pushes: Vec<(Cell, Dir8)> = s.phase_pushes().collect();
            for &(x, d) in pushes.iter().rev() {
                let t = Cell::new(
                    (x.file() as i32 + d.delta().0 as i32) as u8,
                    (x.rank() as i32 + d.delta().1 as i32) as u8,
                );
                let p = cur[idx(t)].take();
                assert!(p.is_some() && cur[idx(x)].is_none());
                cur[idx(x)] = p;
                assert!(seen.insert(cur.clone()), "history repeats");
            }
            let mut v = Vec::new();
            for x in all_cells() {
                let Some(px) = b[idx(x)] else { continue };
                for y in neighbours(x) {
                    if b[idx(y)].is_none() {
                        continue;
                    }
                    let (df, dr) = (
                        x.file() as i32 - y.file() as i32,
                        x.rank() as i32 - y.rank() as i32,
                    );
                    let d = Dir8::from_delta(df as i8, dr as i8).unwrap();
                    let (tf, tr) = (x.file() as i32 + df, x.rank() as i32 + dr);
                    if !on_board(tf, tr) {
                        if px != Piece::Stack(seat) {
                            v.push(Action::Push(x, d));
                        }
                        continue;
                    }
                    let t = Cell::new(tf as u8, tr as u8);
                    if b[idx(t)].is_some() {
                        continue;
                    }
                    let mut after = b.clone();
                    after[idx(x)] = None;
                    after[idx(t)] = Some(px);
                    if !seen.contains(&after) {
                        v.push(Action::Push(x, d));
                    }
                }
            }
            v
        }
    };
    out.sort();
    out.dedup();
    out
}

/// Board, stack counts and captured tokens (black, silver, gold) after an action, straight
/// from the rules, before the end-of-turn clean-up.
pub fn reference_apply(s: &State, a: Action) -> (Board, Vec<u8>, Vec<[u8; 3]>) {
    let mut b = board_of(s);
    let n = s.players();
    let me = s.to_act().seat().unwrap();
    let mut counts: Vec<u8> = (0..n).map(|k| s.stack_count(Seat::of(k))).collect();
    let mut capt: Vec<[u8; 3]> = (0..n)
        .map(|k| {
            let c = s.captured(Seat::of(k));
            [c.black, c.silver, c.gold]
        })
        .collect();
    match a {
        Action::Place(c) => {
            if let (Phase::Turn, StackStatus::OnBoard(from)) = (s.phase(), s.stack_status(me)) {
                b[idx(from)] = Some(Piece::Token(repello_core::Token::Black));
                counts[me.index()] -= 1;
            }
            b[idx(c)] = Some(Piece::Stack(me));
        }
        Action::Move(d) => {
            let StackStatus::OnBoard(from) = s.stack_status(me) else {
                unreachable!()
            };
            let to = reference_move(s, &b, from, d).unwrap();
            b[idx(from)] = Some(Piece::Token(repello_core::Token::Black));
            counts[me.index()] -= 1;
            b[idx(to)] = Some(Piece::Stack(me));
        }
        Action::Push(x, d) => {
            let p = b[idx(x)].take().unwrap();
            let (tf, tr) = (
                x.file() as i32 + d.delta().0 as i32,
                x.rank() as i32 + d.delta().1 as i32,
            );
            if on_board(tf, tr) {
                b[idx(Cell::new(tf as u8, tr as u8))] = Some(p);
            } else {
                match p {
                    Piece::Token(t) => capt[me.index()][t as usize] += 1,
                    Piece::Stack(q) => {
                        let q = q.index();
                        if counts[q] > 0 {
                            counts[q] -= 1;
                            capt[me.index()][0] += 1;
                        }
                        if let Some(k) = (0..3).rev().find(|&k| capt[q][k] > 0) {
                            capt[q][k] -= 1;
                            capt[me.index()][k] += 1;
                        }
                    }
                }
            }
        }
    }
    (b, counts, capt)
}
