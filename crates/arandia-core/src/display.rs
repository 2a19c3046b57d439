//! The board drawing for a person.

use crate::board::{self, Cell, Terrain, BOARD};
use crate::state::{Phase, State, SUNK, WRECK};
use alloc::string::String;
use boardgame_kit::{Game, Hex};
use core::fmt::{self, Write};

const WIDTH: usize = 8;

fn marker(c: Cell) -> String {
    match c.terrain() {
        Terrain::Sea => String::from("."),
        Terrain::Rock => String::from("#"),
        Terrain::Harbour(s) => alloc::format!("H{s}"),
        Terrain::Island => String::from("@"),
        Terrain::Shoal => String::from("~"),
    }
}

/// Draws the hexagon, rank 9 at the top: each cell shows its name and what is printed on it
/// (`.` sea, `#` rock, `Hk` harbour of side k, `@` island, `~` shoal) and, below, the seats of
/// the ships on it (one digit per ship); then the turn, the pending decision and every ship.
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = BOARD.radius();
        for rank in (0..=2 * r).rev() {
            let indent = (rank - r).unsigned_abs() as usize * WIDTH / 2;
            let mut top = String::new();
            let mut bottom = String::new();
            for _ in 0..indent {
                top.push(' ');
                bottom.push(' ');
            }
            for file in 0..=2 * r {
                let Some(c) = Cell::from_hex(Hex::new(file, rank)) else {
                    continue;
                };
                let _ = write!(
                    top,
                    "{:<w$}",
                    alloc::format!("{c} {}", marker(c)),
                    w = WIDTH
                );
                let mut ships = String::new();
                for seat in self.seats().iter() {
                    for &code in &self.ships[seat.index()] {
                        if code >> 1 == c.raw() {
                            let _ = write!(ships, "{}", seat.index());
                        }
                    }
                }
                if ships.len() >= WIDTH {
                    ships = alloc::format!("{}ships", ships.len());
                }
                let _ = write!(bottom, "{:<w$}", ships, w = WIDTH);
            }
            writeln!(f, "{}", top.trim_end())?;
            writeln!(f, "{}", bottom.trim_end())?;
        }
        let m = self.mover;
        let what = match self.phase {
            Phase::Choose => alloc::format!("seat {m} chooses a ship's action"),
            Phase::Roll { from } => {
                alloc::format!("the die is rolled for seat {m}'s ship on {from}")
            }
            Phase::Pick { from, die } => {
                alloc::format!("seat {m}'s ship on {from} rolled {die}: seat {m} picks its cell")
            }
            Phase::Wreck => alloc::format!("seat {m}'s wrecked ship awaits its home cell"),
            Phase::Arrive { at } => {
                alloc::format!("seat {m}'s ship arrived on {at} among enemies: attack or decline")
            }
            Phase::AttackRoll { at, def } => {
                alloc::format!(
                    "combat on {at}: seat {m} attacks seat {}; the attacker rolls",
                    def.index()
                )
            }
            Phase::DefendRoll { at, def, roll } => {
                alloc::format!("combat on {at}: seat {m} attacks seat {}; the attacker rolled {roll}, the defender rolls", def.index())
            }
            Phase::Won => alloc::format!("game over: seat {m} wins"),
            Phase::Drawn => String::from("game over: drawn at the turn limit"),
        };
        writeln!(f, "turns completed: {}; {what}", self.turns)?;
        for seat in self.seats().iter() {
            let s = seat.index();
            write!(
                f,
                "seat {s} (home side {s}, target side {}):",
                board::target_side(s)
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
        f.write_str("(* acted this turn; . sea, # rock, Hk harbour of side k, @ island, ~ shoal)")
    }
}
