//! A deliberately plain implementation of the rules text on a 9 x 9 array, for cross-checking.
#![allow(dead_code)]

/// A deliberately plain implementation of the rules text, for cross-checking.
#[derive(Clone)]
pub struct Reference {
    pub n: i32,
    pub slime: [[bool; 9]; 9],
    pub snail: (i32, i32),
    pub ply: u32,
}

impl Reference {
    pub fn new(n: i32) -> Reference {
        Reference {
            n,
            slime: [[false; 9]; 9],
            snail: (n / 2, n / 2),
            ply: 0,
        }
    }
    pub fn over(&self) -> bool {
        self.snail == (0, 0) || self.snail == (self.n - 1, self.n - 1) || self.moves().is_empty()
    }
    pub fn moves(&self) -> Vec<(i32, i32)> {
        let mut v = Vec::new();
        for df in -1..=1 {
            for dr in -1..=1 {
                let (f, r) = (self.snail.0 + df, self.snail.1 + dr);
                if (df, dr) != (0, 0)
                    && (0..self.n).contains(&f)
                    && (0..self.n).contains(&r)
                    && !self.slime[f as usize][r as usize]
                {
                    v.push((f, r));
                }
            }
        }
        v
    }
    pub fn perft(&self, d: u32) -> u64 {
        if d == 0 {
            return 1;
        }
        if self.snail == (0, 0) || self.snail == (self.n - 1, self.n - 1) {
            return 0;
        }
        let mut t = 0;
        for m in self.moves() {
            let mut c = self.clone();
            c.slime[self.snail.0 as usize][self.snail.1 as usize] = true;
            c.snail = m;
            c.ply += 1;
            t += c.perft(d - 1);
        }
        t
    }
}
