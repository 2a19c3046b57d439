//! A slow, plain reference implementation of the rules, written straight from the rules text on
//! a 9x9 array (its own position reader and writer included).
#![allow(dead_code, clippy::needless_range_loop)] // plain index loops on purpose: the reference is written for clarity

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum P {
    Rock(usize),
    S(usize),
    T(usize),
    D(usize),
}

pub const SEATS: [&str; 4] = ["s", "w", "n", "e"];
// n, e, s, w
pub const DIRS: [(i32, i32, &str); 4] = [(0, 1, "n"), (1, 0, "e"), (0, -1, "s"), (-1, 0, "w")];

#[derive(Clone, Debug)]
pub struct M {
    pub grid: [[Option<P>; 9]; 9], // [file][rank]
    pub in_play: [bool; 4],
    pub over: Option<String>, // "won:x" or "draw"
    pub to_move: usize,
    pub turn: u32,
    pub steps: u32,
    pub lev: Option<Option<usize>>, // None = closed; Some(None) = fresh; Some(Some(r)) = running
    pub moved: [bool; 4],
    pub prev: [bool; 4],
    pub limit: u32,
}

pub fn on(f: i32, r: i32) -> bool {
    (0..9).contains(&f) && (0..9).contains(&r) && (f - 4).abs() + (r - 4).abs() <= 4
}

pub fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

pub fn parse_sq(s: &str) -> (i32, i32) {
    let b = s.as_bytes();
    ((b[0] - b'a') as i32, s[1..].parse::<i32>().unwrap() - 1)
}

pub fn quota(turn: u32) -> u32 {
    match turn {
        1 => 1,
        2 => 2,
        _ => 3,
    }
}

impl M {
    pub fn parse(text: &str, limit: u32) -> M {
        let f: Vec<&str> = text.split(' ').collect();
        let mut m = M {
            grid: [[None; 9]; 9],
            in_play: [false; 4],
            over: None,
            to_move: 0,
            turn: 0,
            steps: 0,
            lev: Some(None),
            moved: [false; 4],
            prev: [false; 4],
            limit,
        };
        for (i, sq) in f[0].split(',').enumerate() {
            let (a, b) = parse_sq(sq);
            m.grid[a as usize][b as usize] = Some(P::Rock(i));
        }
        if f[1] != "-" {
            for team in f[1].split(';') {
                let (seat, rest) = team.split_once(':').unwrap();
                let s = SEATS.iter().position(|x| *x == seat).unwrap();
                m.in_play[s] = true;
                for (k, sq) in rest.split(',').enumerate() {
                    if sq == "-" {
                        continue;
                    }
                    let (a, b) = parse_sq(sq);
                    m.grid[a as usize][b as usize] = Some([P::S(s), P::T(s), P::D(s)][k]);
                }
            }
        }
        if f[2] == "draw" || f[2].starts_with("won:") {
            m.over = Some(f[2].to_string());
        } else {
            m.to_move = SEATS.iter().position(|x| *x == f[2]).unwrap();
        }
        m.turn = f[3].parse().unwrap();
        m.steps = f[4].parse().unwrap();
        m.lev = match f[5] {
            "-" => Some(None),
            "x" => None,
            r => Some(Some(r.parse().unwrap())),
        };
        for c in f[6].bytes().filter(|c| c.is_ascii_digit()) {
            m.moved[(c - b'0') as usize] = true;
        }
        for c in f[7].bytes().filter(|c| c.is_ascii_digit()) {
            m.prev[(c - b'0') as usize] = true;
        }
        m
    }

    pub fn find(&self, p: P) -> Option<(i32, i32)> {
        for f in 0..9 {
            for r in 0..9 {
                if self.grid[f][r] == Some(p) {
                    return Some((f as i32, r as i32));
                }
            }
        }
        None
    }

    pub fn at(&self, f: i32, r: i32) -> Option<P> {
        self.grid[f as usize][r as usize]
    }

    pub fn write(&self) -> String {
        let mut rocks = vec![];
        for i in 0..4 {
            let (f, r) = self.find(P::Rock(i)).unwrap();
            rocks.push(name(f, r));
        }
        let mut teams = vec![];
        for s in 0..4 {
            if !self.in_play[s] {
                continue;
            }
            let sq = |p| self.find(p).map(|(f, r)| name(f, r)).unwrap_or("-".into());
            teams.push(format!(
                "{}:{},{},{}",
                SEATS[s],
                sq(P::S(s)),
                sq(P::T(s)),
                sq(P::D(s))
            ));
        }
        let teams = if teams.is_empty() {
            "-".to_string()
        } else {
            teams.join(";")
        };
        let who = self.over.clone().unwrap_or(SEATS[self.to_move].to_string());
        let lev = match self.lev {
            None => "x".to_string(),
            Some(None) => "-".to_string(),
            Some(Some(r)) => r.to_string(),
        };
        let mask = |m: &[bool; 4]| {
            let s: String = (0..4).filter(|&i| m[i]).map(|i| i.to_string()).collect();
            if s.is_empty() {
                "-".to_string()
            } else {
                s
            }
        };
        format!(
            "{} {} {} {} {} {} {} {}",
            rocks.join(","),
            teams,
            who,
            self.turn,
            self.steps,
            lev,
            mask(&self.moved),
            mask(&self.prev)
        )
    }

    /// Pieces of a seat, as (kind letter, file, rank).
    pub fn own(&self, s: usize) -> Vec<(char, i32, i32)> {
        let mut v = vec![];
        for (k, p) in [('S', P::S(s)), ('T', P::T(s)), ('D', P::D(s))] {
            if let Some((f, r)) = self.find(p) {
                v.push((k, f, r));
            }
        }
        v
    }

    pub fn legal(&self) -> Vec<String> {
        let mut out = vec![];
        if self.over.is_some() {
            return out;
        }
        self.steps_of(self.to_move, &mut out, true);
        out.sort();
        out
    }

    /// The steps of `seat` (with levitation options when `lev` is true).
    pub fn steps_of(&self, seat: usize, out: &mut Vec<String>, lev: bool) {
        for (k, f, r) in self.own(seat) {
            for (df, dr, dname) in DIRS {
                let (tf, tr) = (f + df, r + dr);
                if !on(tf, tr) {
                    continue;
                }
                let mv = format!("{}-{}", name(f, r), name(tf, tr));
                let target = self.at(tf, tr);
                match k {
                    'S' => {
                        if target.is_some() {
                            continue;
                        }
                        out.push(mv.clone());
                        if !lev {
                            continue;
                        }
                        // the board after the Sorcerer's step
                        let mut g = self.grid;
                        g[tf as usize][tr as usize] = g[f as usize][r as usize];
                        g[f as usize][r as usize] = None;
                        for id in 0..4 {
                            let ok = match self.lev {
                                None => false,
                                Some(None) => !self.prev[id],
                                Some(Some(x)) => x == id,
                            };
                            if !ok {
                                continue;
                            }
                            let (qf, qr) = self.find(P::Rock(id)).unwrap();
                            let (ef, er) = (qf + df, qr + dr);
                            if on(ef, er) && g[ef as usize][er as usize].is_none() {
                                out.push(format!("{}/{}", mv, name(qf, qr)));
                            }
                        }
                    }
                    'T' => match target {
                        None => {
                            out.push(mv.clone());
                            let (bf, br) = (f - df, r - dr);
                            if on(bf, br) && matches!(self.at(bf, br), Some(P::Rock(_))) {
                                out.push(format!("{mv}/p"));
                            }
                        }
                        Some(P::Rock(_)) => {
                            let mut g = self.grid;
                            g[tf as usize][tr as usize] = g[f as usize][r as usize];
                            g[f as usize][r as usize] = None;
                            for (ddf, ddr, tn) in DIRS {
                                let (zf, zr) = (tf + ddf, tr + ddr);
                                if on(zf, zr)
                                    && !matches!(
                                        g[zf as usize][zr as usize],
                                        Some(P::Rock(_)) | Some(P::T(_))
                                    )
                                {
                                    out.push(format!("{mv}/{tn}"));
                                }
                            }
                        }
                        _ => {}
                    },
                    _ => {
                        let (mut zf, mut zr) = (tf, tr);
                        while on(zf, zr) && self.at(zf, zr).is_some() {
                            zf += df;
                            zr += dr;
                        }
                        if on(zf, zr) {
                            out.push(mv.clone());
                        }
                    }
                }
                let _ = dname;
            }
        }
    }

    pub fn can_step(&self, seat: usize) -> bool {
        let mut v = vec![];
        self.steps_of(seat, &mut v, false);
        !v.is_empty()
    }

    pub fn mv(&mut self, from: (i32, i32), to: (i32, i32)) {
        let p = self.grid[from.0 as usize][from.1 as usize].take();
        if let Some(P::Rock(i)) = p {
            self.moved[i] = true;
        }
        assert!(self.grid[to.0 as usize][to.1 as usize].is_none());
        self.grid[to.0 as usize][to.1 as usize] = p;
    }

    pub fn apply(&mut self, text: &str) {
        let (main, suffix) = match text.split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (text, None),
        };
        let (a, b) = main.split_once('-').unwrap();
        let (x, y) = (parse_sq(a), parse_sq(b));
        let (df, dr) = (y.0 - x.0, y.1 - x.1);
        let piece = self.at(x.0, x.1).unwrap();
        let mover = self.to_move;
        let mut levitated = false;
        match piece {
            P::S(_) => {
                self.mv(x, y);
                if let Some(q) = suffix {
                    let q = parse_sq(q);
                    let Some(P::Rock(id)) = self.at(q.0, q.1) else {
                        panic!()
                    };
                    self.mv(q, (q.0 + df, q.1 + dr));
                    self.lev = Some(Some(id));
                    levitated = true;
                }
            }
            P::T(_) => {
                if let Some(P::Rock(id)) = self.at(y.0, y.1) {
                    // throw
                    let t = DIRS.iter().find(|d| Some(d.2) == suffix).unwrap();
                    self.grid[y.0 as usize][y.1 as usize] =
                        self.grid[x.0 as usize][x.1 as usize].take();
                    self.moved[id] = true;
                    let mut cur = y;
                    loop {
                        let nx = (cur.0 + t.0, cur.1 + t.1);
                        if !on(nx.0, nx.1) {
                            break;
                        }
                        match self.at(nx.0, nx.1) {
                            None | Some(P::D(_)) => cur = nx,
                            Some(P::S(s)) => {
                                // Splut!
                                for f in 0..9 {
                                    for r in 0..9 {
                                        if matches!(self.grid[f][r], Some(P::S(z)) | Some(P::T(z)) | Some(P::D(z)) if z == s)
                                        {
                                            self.grid[f][r] = None;
                                        }
                                    }
                                }
                                self.in_play[s] = false;
                                cur = nx;
                                break;
                            }
                            _ => break,
                        }
                    }
                    // landing: a Dwarf there is killed
                    assert!(cur != y);
                    self.grid[cur.0 as usize][cur.1 as usize] = Some(P::Rock(id));
                    self.end_turn(mover);
                    return;
                }
                self.mv(x, y);
                if suffix == Some("p") {
                    self.mv((x.0 - df, x.1 - dr), x);
                }
            }
            P::D(_) => {
                let mut line = vec![];
                let mut z = y;
                while self.at(z.0, z.1).is_some() {
                    line.push(z);
                    z = (z.0 + df, z.1 + dr);
                }
                for &sq in line.iter().rev() {
                    self.mv(sq, (sq.0 + df, sq.1 + dr));
                }
                self.mv(x, y);
            }
            P::Rock(_) => panic!(),
        }
        if !levitated && matches!(self.lev, Some(Some(_))) {
            self.lev = None;
        }
        self.steps -= 1;
        if self.steps == 0 || !self.can_step(mover) {
            self.end_turn(mover);
        }
    }

    pub fn end_turn(&mut self, mover: usize) {
        self.prev = self.moved;
        self.moved = [false; 4];
        self.lev = Some(None);
        self.steps = 0;
        let alive: Vec<usize> = (0..4).filter(|&s| self.in_play[s]).collect();
        if alive.len() == 1 {
            self.over = Some(format!("won:{}", SEATS[alive[0]]));
            return;
        }
        // candidates clockwise from the seat after the mover, the mover last
        let order: Vec<usize> = (1..=4)
            .map(|k| (mover + k) % 4)
            .filter(|&s| self.in_play[s])
            .collect();
        for s in order {
            if self.limit > 0 && self.turn >= self.limit {
                self.over = Some("draw".into());
                return;
            }
            self.turn += 1;
            if self.can_step(s) {
                self.to_move = s;
                self.steps = quota(self.turn);
                return;
            }
            self.prev = [false; 4];
        }
        self.over = Some("draw".into());
    }
}
