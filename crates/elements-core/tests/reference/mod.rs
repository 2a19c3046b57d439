//! A slow, obviously-correct reference implementation written straight from the rules text
//! (the rules (`docs/elements.md`)), on a plain array of cells with breadth-first search. It shares
//! nothing with the engine but the public API used to read a state into it.
#![allow(dead_code, clippy::needless_range_loop)]

use boardgame_kit::{Cell, Game, Seat, ToAct};
use elements_core::{Kind, Params, State};
use std::collections::VecDeque;

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sq {
    Empty,
    Block(usize),
    Mound(usize),
}

/// The whole game state, plainly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slow {
    pub side: usize,
    pub blitz: bool,
    pub per_turn: u8,
    /// `cells[rank][file]`.
    pub cells: Vec<Vec<Sq>>,
    pub in_play: [bool; 4],
    pub out: [bool; 4],
    pub started: [bool; 4],
    /// Seat to place, or the winner once over.
    pub current: usize,
    pub left: u8,
    pub over: bool,
}

/// Seats in play: 2 players water and earth, 3 water air earth, 4 all.
fn in_play(players: u8) -> [bool; 4] {
    match players {
        2 => [true, false, true, false],
        3 => [true, true, true, false],
        _ => [true, true, true, true],
    }
}

impl Slow {
    pub fn new(params: &Params) -> Slow {
        let blitz = params.board == elements_core::BoardSize::Blitz;
        let side = if blitz { 14 } else { 20 };
        Slow {
            side,
            blitz,
            per_turn: params.per_turn,
            cells: vec![vec![Sq::Empty; side]; side],
            in_play: in_play(params.players),
            out: [false; 4],
            started: [false; 4],
            current: 0,
            left: params.per_turn,
            over: false,
        }
    }

    /// Reads an engine state through its public API.
    pub fn from_state(s: &State) -> Slow {
        let p = s.params();
        let mut slow = Slow::new(&p);
        for r in 0..slow.side {
            for f in 0..slow.side {
                slow.cells[r][f] = match s.piece(Cell::new(f as u8, r as u8)) {
                    None => Sq::Empty,
                    Some(pc) if pc.kind == Kind::Block => Sq::Block(pc.seat.index()),
                    Some(pc) => Sq::Mound(pc.seat.index()),
                };
            }
        }
        for k in 0..4 {
            slow.started[k] = s.has_started(Seat::of(k));
            slow.out[k] = s.is_eliminated(Seat::of(k));
        }
        match s.to_act() {
            ToAct::Seat(x) => {
                slow.current = x.index();
                slow.left = s.placements_left();
            }
            _ => {
                slow.over = true;
                slow.current = s
                    .outcome()
                    .unwrap()
                    .seats()
                    .iter()
                    .find(|x| s.outcome().unwrap().is_winner(*x))
                    .unwrap()
                    .index();
                slow.left = 0;
            }
        }
        slow
    }

    /// The marked start cells of a seat, (file, rank).
    pub fn start_cells(&self, seat: usize) -> Vec<(usize, usize)> {
        let m = self.side - 1;
        let all = match seat {
            0 => [(0, m), (1, m), (0, m - 1)],
            1 => [(m, m), (m - 1, m), (m, m - 1)],
            2 => [(m, 0), (m - 1, 0), (m, 1)],
            _ => [(0, 0), (1, 0), (0, 1)],
        };
        if self.blitz {
            all[..1].to_vec()
        } else {
            all.to_vec()
        }
    }

    fn neighbours(&self, f: usize, r: usize) -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for df in -1i32..=1 {
            for dr in -1i32..=1 {
                if df == 0 && dr == 0 {
                    continue;
                }
                let (nf, nr) = (f as i32 + df, r as i32 + dr);
                if nf >= 0 && nr >= 0 && (nf as usize) < self.side && (nr as usize) < self.side {
                    v.push((nf as usize, nr as usize));
                }
            }
        }
        v
    }

    /// Legal cells of seat `p` as (file, rank), sorted rank-major (the engine's action order).
    pub fn legal_for(&self, p: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        if !self.started[p] {
            for (f, r) in self.start_cells(p) {
                if self.cells[r][f] == Sq::Empty {
                    out.push((f, r));
                }
            }
            out.sort_by_key(|&(f, r)| (r, f));
            return out;
        }
        // Mounds of P connected, through a chain of P's mounds, to a mound touching a block of P.
        let mut linked = vec![vec![false; self.side]; self.side];
        let mut queue = VecDeque::new();
        for r in 0..self.side {
            for f in 0..self.side {
                if self.cells[r][f] == Sq::Mound(p)
                    && self
                        .neighbours(f, r)
                        .iter()
                        .any(|&(nf, nr)| self.cells[nr][nf] == Sq::Block(p))
                {
                    linked[r][f] = true;
                    queue.push_back((f, r));
                }
            }
        }
        while let Some((f, r)) = queue.pop_front() {
            for (nf, nr) in self.neighbours(f, r) {
                if self.cells[nr][nf] == Sq::Mound(p) && !linked[nr][nf] {
                    linked[nr][nf] = true;
                    queue.push_back((nf, nr));
                }
            }
        }
        for r in 0..self.side {
            for f in 0..self.side {
                let target_ok = match self.cells[r][f] {
                    Sq::Empty => true,
                    Sq::Block(q) => q != p,
                    Sq::Mound(_) => false,
                };
                if !target_ok {
                    continue;
                }
                let reachable = self.neighbours(f, r).iter().any(|&(nf, nr)| {
                    self.cells[nr][nf] == Sq::Block(p)
                        || (self.cells[nr][nf] == Sq::Mound(p) && linked[nr][nf])
                });
                if reachable {
                    out.push((f, r));
                }
            }
        }
        out
    }

    pub fn legal(&self) -> Vec<(usize, usize)> {
        if self.over {
            return Vec::new();
        }
        self.legal_for(self.current)
    }

    fn remaining(&self) -> Vec<usize> {
        (0..4)
            .filter(|&s| self.in_play[s] && !self.out[s])
            .collect()
    }

    fn next_seat_after(&self, p: usize) -> usize {
        (1..=4)
            .map(|k| (p + k) % 4)
            .find(|&s| self.in_play[s] && !self.out[s])
            .unwrap()
    }

    /// Eliminates a seat; returns true if the game ended (one left).
    fn eliminate(&mut self, s: usize) -> bool {
        self.out[s] = true;
        let rem = self.remaining();
        if rem.len() == 1 {
            self.over = true;
            self.current = rem[0];
            self.left = 0;
            true
        } else {
            false
        }
    }

    /// Plays a legal placement, following the rules text step by step.
    pub fn play(&mut self, f: usize, r: usize) {
        assert!(self.legal().contains(&(f, r)), "slow: illegal placement");
        let p = self.current;
        self.started[p] = true;
        match self.cells[r][f] {
            Sq::Empty => self.cells[r][f] = Sq::Block(p),
            Sq::Block(q) => {
                self.cells[r][f] = Sq::Mound(p);
                let q_has_block = self.cells.iter().flatten().any(|c| *c == Sq::Block(q));
                // A player who has made its first placement and owns no block is out at once.
                if !q_has_block && !self.out[q] && self.started[q] && self.eliminate(q) {
                    return;
                }
            }
            Sq::Mound(_) => unreachable!(),
        }
        self.left -= 1;
        if self.left == 0 {
            self.current = self.next_seat_after(p);
            self.left = self.per_turn;
        }
        // The player due to place with no legal placement is eliminated; the next one starts a
        // fresh turn, and so on.
        loop {
            if !self.legal_for(self.current).is_empty() {
                return;
            }
            let stuck = self.current;
            if self.eliminate(stuck) {
                return;
            }
            self.current = self.next_seat_after(stuck);
            self.left = self.per_turn;
        }
    }

    /// Perft on the slow model.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        for (f, r) in self.legal() {
            let mut c = self.clone();
            c.play(f, r);
            n += c.perft(depth - 1);
        }
        n
    }
}
