//! The board drawing for a person.

use crate::board::{self, Cell, Terrain, BOARD};
use crate::state::{Phase, State, SUNK, WRECK};
use alloc::string::String;
use boardgame_kit::{Game, Hex};
use core::fmt::{self, Write};

/// Columns of one cell: its name, a space, its mark and up to three ship digits, a gap.
const WIDTH: usize = 8;

/// Ships shown on one cell as digits; beyond, the first two and `+`.
const SHOWN: usize = 3;

/// The mark of a cell's terrain: `.` sea, `#` rock, `H` harbour, `@` island, `~` shoal.
pub(crate) const fn mark(t: Terrain) -> char {
    match t {
        Terrain::Sea => '.',
        Terrain::Rock => '#',
        Terrain::Harbour(_) => 'H',
        Terrain::Island => '@',
        Terrain::Shoal => '~',
    }
}

/// The cells of a side's harbour as text: `f9 g9 h9`.
pub(crate) fn harbour_text(side: usize) -> String {
    let mut out = String::new();
    for (i, c) in board::harbour(side).iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{c}");
    }
    out
}

impl State {
    /// What the cell shows after its name: its mark, then one digit per ship on it (the
    /// ship's seat), in seat order.
    fn cell_text(&self, c: Cell) -> String {
        let mut out = String::new();
        out.push(mark(c.terrain()));
        let mut ships = String::new();
        for seat in self.seats().iter() {
            for &code in &self.ships[seat.index()] {
                if code >> 1 == c.raw() {
                    let _ = write!(ships, "{}", seat.index());
                }
            }
        }
        if ships.len() > SHOWN {
            ships.truncate(SHOWN - 1);
            ships.push('+');
        }
        out.push_str(&ships);
        out
    }

    /// The pending decision in words.
    fn pending(&self) -> String {
        let m = self.mover;
        let home = harbour_text(board::home_side(m as usize));
        match self.phase {
            Phase::Choose => alloc::format!("seat {m} chooses a ship's action"),
            Phase::Roll { from } => {
                alloc::format!("the die is rolled for seat {m}'s ship on {from}")
            }
            Phase::Pick { from, die } => alloc::format!(
                "seat {m}'s ship on {from} rolled {die}, which leads two ways: seat {m} picks \
                 its cell"
            ),
            Phase::Wreck => alloc::format!(
                "seat {m}'s ship ran onto a rock and was wrecked: seat {m} puts it back on a \
                 cell of its home harbour ({home})"
            ),
            Phase::Arrive { at } => {
                alloc::format!("seat {m}'s ship arrived on {at} among enemies: attack or decline")
            }
            Phase::AttackRoll { at, def } => alloc::format!(
                "combat on {at}: seat {m} attacks seat {}; the attacker rolls",
                def.index()
            ),
            Phase::DefendRoll { at, def, roll } => alloc::format!(
                "combat on {at}: seat {m} attacks seat {}; the attacker rolled {roll}, the \
                 defender rolls",
                def.index()
            ),
            Phase::Won => alloc::format!("game over: seat {m} wins"),
            Phase::Drawn => String::from("game over: drawn at the turn limit"),
        }
    }
}

/// Draws the hexagon, rank 9 at the top, one line per rank: each cell shows its name, its mark
/// (`.` sea, `#` rock, `H` harbour, `@` island, `~` shoal) and one digit per ship on it, the
/// ship's seat (more than three ships: the first two and `+`); then a line per seat (its home
/// and target harbours, and where its ships are: a cell, `sunk` or `wrecked`, `*` once acted
/// this turn), and last the turn and the pending decision.
///
/// ```
/// use arandia_core::State;
/// use boardgame_kit::Game;
/// let text = State::new(&Default::default()).to_string();
/// assert!(text.starts_with("                e9 #    f9 H0   g9 H0   h9 H0   i9 #\n"));
/// assert!(text.contains("\nseat 0 (home f9 g9 h9, target b1 c1 d1): f9 g9 h9\n"));
/// assert!(text.ends_with("turns completed: 0; seat 0 chooses a ship's action"));
/// ```
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = BOARD.radius();
        for rank in (0..=2 * r).rev() {
            let indent = (rank - r).unsigned_abs() as usize * WIDTH / 2;
            let mut line = String::new();
            for _ in 0..indent {
                line.push(' ');
            }
            for file in 0..=2 * r {
                let Some(c) = Cell::from_hex(Hex::new(file, rank)) else {
                    continue;
                };
                let _ = write!(
                    line,
                    "{:<w$}",
                    alloc::format!("{c} {}", self.cell_text(c)),
                    w = WIDTH
                );
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        for seat in self.seats().iter() {
            let s = seat.index();
            write!(
                f,
                "seat {s} (home {}, target {}):",
                harbour_text(board::home_side(s)),
                harbour_text(board::target_side(s))
            )?;
            for &code in &self.ships[s] {
                match code >> 1 {
                    SUNK => f.write_str(" sunk")?,
                    WRECK => f.write_str(" wrecked")?,
                    c => write!(f, " {}", Cell::from_raw(c))?,
                }
                if code & 1 == 1 {
                    f.write_str("*")?;
                }
            }
            writeln!(f)?;
        }
        write!(f, "turns completed: {}; {}", self.turns, self.pending())
    }
}
