//! A slow, obviously-correct move generator written straight from the rules text, cross-checked
//! against the engine's generator over many random positions (all parameter sets, random
//! boards of numbers).

use boardgame_kit::{
    random_action, Actions, Cell, Dir8, Game, RandomSource, Seat, SplitMix64, ToAct,
};
use repello_core::{Action, Params, Phase, Piece, StackStatus, State};
use std::collections::HashSet;

type Board = Vec<Option<Piece>>; // 13 x 13, index rank * 13 + file

fn on_board(f: i32, r: i32) -> bool {
    (0..13).contains(&f) && (0..13).contains(&r)
}

fn idx(c: Cell) -> usize {
    c.rank() as usize * 13 + c.file() as usize
}

fn board_of(s: &State) -> Board {
    (0..169)
        .map(|i| s.piece(Cell::new((i % 13) as u8, (i / 13) as u8)))
        .collect()
}

fn in_start(c: Cell) -> bool {
    (4..=8).contains(&c.file()) && (4..=8).contains(&c.rank())
}

fn all_cells() -> impl Iterator<Item = Cell> {
    (0..13u8).flat_map(|r| (0..13u8).map(move |f| Cell::new(f, r)))
}

fn neighbours(c: Cell) -> Vec<Cell> {
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
fn reference_move(s: &State, b: &Board, from: Cell, d: Dir8) -> Option<Cell> {
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

fn reference_legal(s: &State) -> Vec<Action> {
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
fn reference_apply(s: &State, a: Action) -> (Board, Vec<u8>, Vec<[u8; 3]>) {
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

/// Checks the state after `a` against the rules.
fn check_apply(before: &State, a: Action, after: &State) {
    let (b, counts, capt) = reference_apply(before, a);
    let n = before.players();
    let me = before.to_act().seat().unwrap();
    for k in 0..n {
        let c = after.captured(Seat::of(k));
        assert_eq!(
            [c.black, c.silver, c.gold],
            capt[k],
            "captured of seat {k} after {a}"
        );
        assert_eq!(
            after.stack_count(Seat::of(k)),
            counts[k],
            "count of seat {k} after {a}"
        );
    }
    let turn_over = !(after.phase() == Phase::Repulsion && after.to_act() == ToAct::Seat(me))
        && before.phase() != Phase::Setup;
    for (i, &w) in b.iter().enumerate() {
        let mut want = w;
        if turn_over {
            if let Some(Piece::Stack(q)) = want {
                if counts[q.index()] == 0 {
                    want = None; // finished: leaves at the end of the turn
                }
            }
        }
        assert_eq!(
            after.piece(Cell::new((i % 13) as u8, (i / 13) as u8)),
            want,
            "square {i} after {a}: {}",
            before.position()
        );
    }
    if turn_over {
        let alive = |k: usize| {
            counts[k] > 0 || matches!(after.stack_status(Seat::of(k)), StackStatus::OnBoard(_))
        };
        let next = (1..=n).map(|j| (me.index() + j) % n).find(|&k| alive(k));
        match next {
            None => assert_eq!(after.to_act(), ToAct::Over),
            Some(k) => assert_eq!(after.to_act(), ToAct::Seat(Seat::of(k))),
        }
    }
}

fn random_numbers(rng: &mut SplitMix64) -> String {
    (0..169)
        .map(|_| char::from(b'1' + rng.below(6) as u8))
        .collect()
}

#[test]
fn engine_matches_reference_generator() {
    let mut rng = SplitMix64::new(99);
    let mut sets: Vec<String> = [
        "",
        "players=3",
        "players=4",
        "players=2,stack=3",
        "players=4,stack=20",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for _ in 0..4 {
        let players = 2 + rng.below(3);
        sets.push(format!(
            "players={players},stack={},numbers={}",
            1 + rng.below(20),
            random_numbers(&mut rng)
        ));
    }
    let games = if cfg!(debug_assertions) { 12 } else { 60 };
    let mut checked = 0;
    for set in &sets {
        let params: Params = set.parse().unwrap();
        for g in 0..games {
            let mut s = State::new(&params);
            let mut rng = SplitMix64::new(1000 + g);
            let mut buf = Actions::<State>::new();
            loop {
                s.legal_actions(&mut buf);
                let fast: Vec<Action> = buf.to_vec();
                let slow = reference_legal(&s);
                assert_eq!(fast, slow, "[{set}] {}", s.position());
                checked += 1;
                // Moves land where the reference walk says.
                if s.phase() == Phase::Turn {
                    let seat = s.to_act().seat().unwrap();
                    if let StackStatus::OnBoard(from) = s.stack_status(seat) {
                        let b = board_of(&s);
                        for &a in &fast {
                            if let Action::Move(d) = a {
                                let to = reference_move(&s, &b, from, d).unwrap();
                                let mut t = s.clone();
                                t.play(a);
                                if t.stack_count(seat) > 0 || t.phase() == Phase::Repulsion {
                                    assert_eq!(t.piece(to), Some(Piece::Stack(seat)));
                                }
                            }
                        }
                    }
                }
                let Some(a) = random_action(&s, &mut rng, &mut buf) else {
                    break;
                };
                let before = s.clone();
                s.play(a);
                check_apply(&before, a, &s);
            }
            let _ = Seat::of(0);
        }
    }
    assert!(checked > 1000);
}
