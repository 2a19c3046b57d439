//! A slow, obviously-correct reference implementation written straight from the rules text
//! (`docs/arandia.md`), sharing no code with the crate: its own geometry (from the rank
//! table of the rules), its own shoal labels (derived from "the side facing the island repeats
//! the label of the side facing away"), its own state (a list of ships), its own reading and
//! printing of the position notation. Actions are texts. The harbours of the rules are the
//! tests' own table (`common::HARBOURS`), shared with the rules tests.

#![allow(dead_code)]

use super::common::HARBOURS;
use std::collections::BTreeSet;

/// Files of each rank (1-based rank -> first and last file letter), from the rules.
const RANKS: [(u8, char, char); 9] = [
    (9, 'e', 'i'),
    (8, 'd', 'i'),
    (7, 'c', 'i'),
    (6, 'b', 'i'),
    (5, 'a', 'i'),
    (4, 'a', 'h'),
    (3, 'a', 'g'),
    (2, 'a', 'f'),
    (1, 'a', 'e'),
];

const ROCKS: [&str; 6] = ["e9", "i9", "i5", "e1", "a1", "a5"];
const ISLAND: &str = "e5";
const SHOALS: [&str; 6] = ["g5", "g7", "e7", "c5", "c3", "e3"];

/// (file delta, rank delta) of the side labelled 1..6 on a sea cell.
const DIRS: [(i32, i32); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];

pub fn on_board(name: &str) -> bool {
    let b = name.as_bytes();
    if b.len() != 2 {
        return false;
    }
    let (f, r) = (b[0] as char, (b[1] as i32) - ('0' as i32));
    RANKS
        .iter()
        .any(|&(rank, lo, hi)| rank as i32 == r && f >= lo && f <= hi)
}

fn coords(name: &str) -> (i32, i32) {
    let b = name.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

fn name(f: i32, r: i32) -> String {
    if !(0..9).contains(&f) || !(0..9).contains(&r) {
        return String::from("??");
    }
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

pub fn all_cells() -> Vec<String> {
    let mut v = vec![];
    for f in 0..9 {
        for r in 0..9 {
            let n = name(f, r);
            if on_board(&n) {
                v.push(n);
            }
        }
    }
    v
}

fn distance(a: &str, b: &str) -> i32 {
    let (af, ar) = coords(a);
    let (bf, br) = coords(b);
    let (df, dr) = (bf - af, br - ar);
    df.abs().max(dr.abs()).max((df - dr).abs())
}

/// The labels (1..6) printed on the sides of a cell, side by side in direction order.
fn labels(cell: &str) -> [u8; 6] {
    let mut l = [1, 2, 3, 4, 5, 6];
    if SHOALS.contains(&cell) {
        // The side facing the island: the one whose neighbour is nearest the island.
        let (f, r) = coords(cell);
        let facing = (0..6)
            .min_by_key(|&d| distance(&name(f + DIRS[d].0, r + DIRS[d].1), ISLAND))
            .unwrap();
        let away = (facing + 3) % 6;
        l[facing] = l[away];
    }
    l
}

/// The candidate cells for die value `k` from `cell` (possibly off the board: `None`).
fn candidates(cell: &str, k: u8) -> Vec<Option<String>> {
    let (f, r) = coords(cell);
    let l = labels(cell);
    (0..6)
        .filter(|&d| l[d] == k)
        .map(|d| {
            let n = name(f + DIRS[d].0, r + DIRS[d].1);
            on_board(&n).then_some(n)
        })
        .collect()
}

fn neighbours(cell: &str) -> Vec<String> {
    let (f, r) = coords(cell);
    DIRS.iter()
        .map(|&(df, dr)| name(f + df, r + dr))
        .filter(|n| on_board(n))
        .collect()
}

fn harbour_side(cell: &str) -> Option<usize> {
    HARBOURS.iter().position(|h| h.contains(&cell))
}

pub fn seats_in_play(players: u8) -> Vec<usize> {
    match players {
        2 => vec![0, 3],
        3 => vec![0, 2, 4],
        4 => vec![0, 1, 3, 4],
        _ => vec![0, 1, 2, 3, 4, 5],
    }
}

fn home(seat: usize) -> [&'static str; 3] {
    HARBOURS[seat]
}

fn target(seat: usize) -> [&'static str; 3] {
    HARBOURS[(seat + 3) % 6]
}

/// A harbour that is neither the ship's home nor its target is closed to it.
pub fn allowed(seat: usize, cell: &str) -> bool {
    on_board(cell) && !ROCKS.contains(&cell) && !closed(seat, cell)
}

fn closed(seat: usize, cell: &str) -> bool {
    match harbour_side(cell) {
        Some(s) => s != seat && s != (seat + 3) % 6,
        None => false,
    }
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Loc {
    On(String),
    Sunk,
    Wrecked,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RShip {
    pub seat: usize,
    pub loc: Loc,
    pub acted: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RPhase {
    Choose,
    Roll(String),
    Pick(String, u8),
    Wreck,
    Arrive(String),
    Attack(String, usize),
    Defend(String, usize, u8),
    Won,
    Drawn,
}

#[derive(Clone, Debug)]
pub struct Ref {
    pub players: u8,
    pub turn_limit: u32,
    pub mover: usize,
    pub turns: u32,
    pub phase: RPhase,
    pub ships: Vec<RShip>,
}

impl Ref {
    pub fn parse(players: u8, turn_limit: u32, text: &str) -> Ref {
        let toks: Vec<&str> = text.split(' ').collect();
        let mover: usize = toks[0].parse().unwrap();
        let p: Vec<&str> = toks[1].split(':').collect();
        let phase = match p[0] {
            "-" => RPhase::Choose,
            "roll" => RPhase::Roll(p[1].into()),
            "pick" => RPhase::Pick(p[1].into(), p[2].parse().unwrap()),
            "wreck" => RPhase::Wreck,
            "arrive" => RPhase::Arrive(p[1].into()),
            "attack" => RPhase::Attack(p[1].into(), p[2].parse().unwrap()),
            "defend" => RPhase::Defend(p[1].into(), p[2].parse().unwrap(), p[3].parse().unwrap()),
            "won" => RPhase::Won,
            "drawn" => RPhase::Drawn,
            other => panic!("phase {other}"),
        };
        let turns: u32 = toks[2][1..].parse().unwrap();
        let mut ships = vec![];
        for g in &toks[3..] {
            let (s, list) = g.split_once(':').unwrap();
            let seat: usize = s.parse().unwrap();
            for item in list.split(',') {
                let acted = item.ends_with('*');
                let core = item.trim_end_matches('*');
                let loc = match core {
                    "x" => Loc::Sunk,
                    "w" => Loc::Wrecked,
                    c => Loc::On(c.to_string()),
                };
                ships.push(RShip { seat, loc, acted });
            }
        }
        Ref {
            players,
            turn_limit,
            mover,
            turns,
            phase,
            ships,
        }
    }

    pub fn print(&self) -> String {
        let phase = match &self.phase {
            RPhase::Choose => "-".to_string(),
            RPhase::Roll(c) => format!("roll:{c}"),
            RPhase::Pick(c, k) => format!("pick:{c}:{k}"),
            RPhase::Wreck => "wreck".to_string(),
            RPhase::Arrive(c) => format!("arrive:{c}"),
            RPhase::Attack(c, s) => format!("attack:{c}:{s}"),
            RPhase::Defend(c, s, k) => format!("defend:{c}:{s}:{k}"),
            RPhase::Won => "won".to_string(),
            RPhase::Drawn => "drawn".to_string(),
        };
        let mut out = format!("{} {} t{}", self.mover, phase, self.turns);
        for seat in seats_in_play(self.players) {
            let mut items: Vec<(Loc, bool)> = self
                .ships
                .iter()
                .filter(|s| s.seat == seat)
                .map(|s| (s.loc.clone(), s.acted))
                .collect();
            items.sort();
            let texts: Vec<String> = items
                .iter()
                .map(|(l, a)| {
                    let base = match l {
                        Loc::On(c) => c.clone(),
                        Loc::Sunk => "x".into(),
                        Loc::Wrecked => "w".into(),
                    };
                    if *a {
                        base + "*"
                    } else {
                        base
                    }
                })
                .collect();
            out.push_str(&format!(" {seat}:{}", texts.join(",")));
        }
        out
    }

    pub fn to_act(&self) -> String {
        match self.phase {
            RPhase::Won | RPhase::Drawn => "over".into(),
            RPhase::Roll(_) | RPhase::Attack(..) | RPhase::Defend(..) => "chance".into(),
            _ => format!("{}", self.mover),
        }
    }

    /// The legal actions as texts, sorted by bytes.
    pub fn legal(&self) -> Vec<String> {
        let m = self.mover;
        let mut set = BTreeSet::new();
        match &self.phase {
            RPhase::Won | RPhase::Drawn => {}
            RPhase::Roll(_) | RPhase::Attack(..) | RPhase::Defend(..) => {
                for k in 1..=6 {
                    set.insert(k.to_string());
                }
            }
            RPhase::Choose => {
                for s in self.ships.iter().filter(|s| s.seat == m && !s.acted) {
                    match &s.loc {
                        Loc::Sunk => {
                            for h in home(m) {
                                set.insert(format!("+{h}"));
                            }
                        }
                        Loc::Wrecked => panic!("wrecked ship in choose phase"),
                        Loc::On(c) => {
                            set.insert(c.clone());
                            if let Some(side) = harbour_side(c) {
                                for n in neighbours(c) {
                                    if harbour_side(&n) == Some(side) {
                                        set.insert(format!("{c}-{n}"));
                                    }
                                }
                            }
                            if c == ISLAND {
                                for n in neighbours(c) {
                                    if !closed(m, &n) {
                                        set.insert(format!("{c}-{n}"));
                                    }
                                }
                            }
                        }
                    }
                }
            }
            RPhase::Pick(c, k) => {
                for n in self.usable(c, *k) {
                    set.insert(n);
                }
            }
            RPhase::Wreck => {
                for h in home(m) {
                    set.insert(h.to_string());
                }
            }
            RPhase::Arrive(c) => {
                for s in &self.ships {
                    if s.seat != m && s.loc == Loc::On(c.clone()) {
                        set.insert(format!("attack/{}", s.seat));
                    }
                }
                set.insert("decline".into());
            }
        }
        let mut v: Vec<String> = set.into_iter().collect();
        v.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
        v
    }

    fn usable(&self, cell: &str, k: u8) -> Vec<String> {
        candidates(cell, k)
            .into_iter()
            .flatten()
            .filter(|n| !closed(self.mover, n))
            .collect()
    }

    fn ship_index(&self, seat: usize, loc: &Loc, acted: bool) -> usize {
        self.ships
            .iter()
            .position(|s| s.seat == seat && &s.loc == loc && s.acted == acted)
            .expect("ship")
    }

    /// The ship `i` of the mover arrives on `cell` (by any move or placement).
    fn arrive(&mut self, i: usize, cell: &str) {
        if ROCKS.contains(&cell) {
            self.ships[i].loc = Loc::Wrecked;
            self.phase = RPhase::Wreck;
            return;
        }
        self.ships[i].loc = Loc::On(cell.to_string());
        let m = self.mover;
        let won = self
            .ships
            .iter()
            .filter(|s| s.seat == m)
            .all(|s| match &s.loc {
                Loc::On(c) => target(m).contains(&c.as_str()),
                _ => false,
            });
        if won {
            self.phase = RPhase::Won;
            return;
        }
        let enemies = self
            .ships
            .iter()
            .any(|s| s.seat != m && s.loc == Loc::On(cell.to_string()));
        if enemies {
            self.phase = RPhase::Arrive(cell.to_string());
        } else {
            self.action_over();
        }
    }

    fn action_over(&mut self) {
        let m = self.mover;
        if self.ships.iter().any(|s| s.seat == m && !s.acted) {
            self.phase = RPhase::Choose;
            return;
        }
        for s in self.ships.iter_mut() {
            s.acted = false;
        }
        self.turns += 1;
        let seats = seats_in_play(self.players);
        let pos = seats.iter().position(|&s| s == m).unwrap();
        self.mover = seats[(pos + 1) % seats.len()];
        self.phase = if self.turn_limit > 0 && self.turns >= self.turn_limit {
            RPhase::Drawn
        } else {
            RPhase::Choose
        };
    }

    /// Plays a legal action (text).
    pub fn play(&mut self, a: &str) {
        assert!(
            self.legal().iter().any(|x| x == a),
            "reference: {a} not legal in {}",
            self.print()
        );
        let m = self.mover;
        match self.phase.clone() {
            RPhase::Choose => {
                if let Some(h) = a.strip_prefix('+') {
                    let i = self.ship_index(m, &Loc::Sunk, false);
                    self.ships[i].acted = true;
                    self.arrive(i, h);
                } else if let Some((c, t)) = a.split_once('-') {
                    let i = self.ship_index(m, &Loc::On(c.into()), false);
                    self.ships[i].acted = true;
                    self.arrive(i, t);
                } else {
                    let i = self.ship_index(m, &Loc::On(a.into()), false);
                    self.ships[i].acted = true;
                    self.phase = RPhase::Roll(a.into());
                }
            }
            RPhase::Roll(c) => {
                let k: u8 = a.parse().unwrap();
                let u = self.usable(&c, k);
                let i = self.ship_index(m, &Loc::On(c.clone()), true);
                match u.len() {
                    0 => self.action_over(),
                    1 => self.arrive(i, &u[0].clone()),
                    _ => self.phase = RPhase::Pick(c, k),
                }
            }
            RPhase::Pick(c, _) => {
                let i = self.ship_index(m, &Loc::On(c), true);
                self.arrive(i, a);
            }
            RPhase::Wreck => {
                let i = self.ship_index(m, &Loc::Wrecked, true);
                self.arrive(i, a);
            }
            RPhase::Arrive(c) => {
                if a == "decline" {
                    self.action_over();
                } else {
                    let s: usize = a["attack/".len()..].parse().unwrap();
                    self.phase = RPhase::Attack(c, s);
                }
            }
            RPhase::Attack(c, s) => self.phase = RPhase::Defend(c, s, a.parse().unwrap()),
            RPhase::Defend(c, s, att) => {
                let def: u8 = a.parse().unwrap();
                if att > def {
                    let i = self.ship_index(s, &Loc::On(c.clone()), false);
                    self.ships[i].loc = Loc::Sunk;
                } else if att < def {
                    let i = self.ship_index(m, &Loc::On(c.clone()), true);
                    self.ships[i].loc = Loc::Sunk;
                }
                self.action_over();
            }
            RPhase::Won | RPhase::Drawn => panic!("game over"),
        }
    }
}
