//! The game explained to a person: the rules in brief, the key of the drawing, each action and
//! each roll of the die in words.

use crate::action::Action;
use crate::board::{self, Cell, Terrain, TABLES};
use crate::display::harbour_text;
use crate::state::{Phase, State};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use boardgame_kit::explain::{Explain, KeyEntry};
use boardgame_kit::{Game, HexDir, Seat};

/// The direction from a cell to its neighbour `to`, in words.
fn direction(from: Cell, to: Cell) -> Option<&'static str> {
    HexDir::ALL
        .into_iter()
        .find(|d| from.neighbour(*d) == Some(to))
        .map(HexDir::long_name)
}

/// A cell with what it is: `the rock e9`, `the harbour cell g3`, `the island e5`, `d5`.
fn cell_words(c: Cell) -> String {
    match c.terrain() {
        Terrain::Rock => format!("the rock {c}"),
        Terrain::Harbour(_) => format!("the harbour cell {c}"),
        Terrain::Island => format!("the island {c}"),
        Terrain::Shoal => format!("the shoal {c}"),
        Terrain::Sea => format!("{c}"),
    }
}

impl State {
    /// What happens once the mover's ship has moved and `next` is the state after: a wreck, a
    /// win, enemies to attack, the end of the turn.
    fn arrival(&self, next: &State) -> String {
        let m = self.mover as usize;
        match next.phase {
            Phase::Won => format!(
                ": all three of seat {m}'s ships are on its target harbour ({}): seat {m} wins",
                harbour_text(board::target_side(m))
            ),
            Phase::Wreck => format!(
                ": a move ending on a rock wrecks the ship, and seat {m} puts it back on a cell \
                 of its home harbour ({})",
                harbour_text(board::home_side(m))
            ),
            Phase::Arrive { at } => {
                let enemies: Vec<String> = next
                    .enemies_at(at.raw())
                    .iter()
                    .map(|s| format!("{}", s.index()))
                    .collect();
                format!(
                    ", where ships of seat {} stand: seat {m} may attack or decline",
                    enemies.join(" and seat ")
                )
            }
            _ => self.turn_end(next),
        }
    }

    /// `; seat 0's turn is over` when `next` is another seat's turn (or the game is drawn).
    fn turn_end(&self, next: &State) -> String {
        match next.phase {
            Phase::Drawn => String::from("; the turn limit is reached: the game is drawn"),
            _ if next.mover != self.mover => {
                format!("; seat {}'s turn is over", self.mover)
            }
            _ => String::new(),
        }
    }

    /// A roll of `die` for the mover's ship on `from`.
    fn roll(&self, from: Cell, die: u8, next: &State) -> String {
        let m = self.mover as usize;
        let mut text = format!("the ship on {from} rolls {die}");
        let sides: Vec<Cell> = TABLES.cand[from.index()][die as usize & 7]
            .into_iter()
            .filter(|&x| x != board::NO_CELL)
            .map(Cell::from_raw)
            .collect();
        let (usable, n) = State::usable(m, from.raw(), die);
        match n {
            0 => {
                match sides.first() {
                    None => text.push_str(&format!(
                        ": the side marked {die} leads off the board, so the ship stays on {from}"
                    )),
                    Some(c) => text.push_str(&format!(
                        ": the side marked {die} leads into {}, a harbour closed to seat {m}'s \
                         ships, so the ship stays on {from}",
                        cell_words(*c)
                    )),
                }
                text.push_str(&self.turn_end(next));
            }
            1 => {
                let to = Cell::from_raw(usable[0]);
                let dir = direction(from, to).unwrap_or("on");
                text.push_str(&format!(": it sails {dir} to {}", cell_words(to)));
                text.push_str(&self.arrival(next));
            }
            _ => text.push_str(&format!(
                ": the shoal's two sides marked {die} lead to {} and {}: seat {m} picks one",
                Cell::from_raw(usable[0]),
                Cell::from_raw(usable[1])
            )),
        }
        text
    }
}

/// Arandian checkers explained.
///
/// ```
/// use arandia_core::{Action, State};
/// use boardgame_kit::explain::Explain;
/// use boardgame_kit::Game;
/// let mut s = State::new(&Default::default());
/// assert_eq!(s.describe(&"f9".parse().unwrap()), "the die is rolled for the ship on f9");
/// s.play("f9".parse().unwrap());
/// let wreck = s.describe(&Action::Die(4));
/// assert!(wreck.starts_with("the ship on f9 rolls 4: it sails west to the rock e9: a move"), "{wreck}");
/// ```
impl Explain for State {
    const RULES: &'static str = include_str!("rules.txt");
    const README: &'static str = include_str!("../README.md");

    fn key(&self) -> Vec<KeyEntry> {
        let seats: Vec<String> = self
            .seats()
            .iter()
            .map(|s| format!("{}", s.index()))
            .collect();
        alloc::vec![
            KeyEntry::new(".", "open sea"),
            KeyEntry::new("#", "a rock: a ship whose move ends there is wrecked"),
            KeyEntry::new(
                "H",
                "a harbour cell (the seat lines below name each seat's home and target)"
            ),
            KeyEntry::new("@", "the island e5: a ship there may step to any neighbour"),
            KeyEntry::new("~", "a shoal: one die number leads two ways, one nowhere"),
            KeyEntry::new(
                seats.join(" "),
                "after a cell's mark, one digit per ship on it: the ship's seat"
            ),
            KeyEntry::new(
                "+",
                "after two digits: more ships on the cell (the seat lines list them)"
            ),
            KeyEntry::new("*", "in a seat line: the ship has acted this turn"),
        ]
    }

    fn describe(&self, action: &Action) -> String {
        let m = self.mover as usize;
        let mut next = *self;
        let played = next.try_play(*action).is_ok();
        // A move's words, then what its arrival brings when it can be played.
        let moved = |text: String| {
            if played {
                text + &self.arrival(&next)
            } else {
                text
            }
        };
        match (self.phase, *action) {
            (Phase::Choose, Action::At(c)) => format!("the die is rolled for the ship on {c}"),
            (Phase::Choose, Action::Move(c, t)) => {
                let dir = direction(c, t).unwrap_or("on");
                moved(if c.terrain() == Terrain::Island {
                    format!(
                        "the ship on the island {c} steps {dir} to {}",
                        cell_words(t)
                    )
                } else {
                    format!("the ship on {c} moves along the harbour {dir} to {t}")
                })
            }
            (Phase::Choose, Action::Enter(c)) => moved(format!(
                "the sunk ship re-enters on the home harbour cell {c}"
            )),
            (Phase::Roll { from }, Action::Die(k)) => self.roll(from, k, &next),
            (Phase::Pick { from, .. }, Action::At(t)) => {
                moved(format!("the ship on {from} takes {}", cell_words(t)))
            }
            (Phase::Wreck, Action::At(c)) => moved(format!("the wrecked ship is put back on {c}")),
            (Phase::Arrive { at }, Action::Attack(s)) => format!(
                "the ship on {at} attacks seat {}'s ship there: the attacker rolls, then the \
                 defender; the lower roll is sunk",
                s.index()
            ),
            (Phase::Arrive { at }, Action::Decline) => {
                let mut text = format!("the ship on {at} does not attack");
                text.push_str(&self.turn_end(&next));
                text
            }
            (Phase::AttackRoll { .. }, Action::Die(k)) => {
                format!("the attacker, seat {m}, rolls {k}")
            }
            (Phase::DefendRoll { at, def, roll }, Action::Die(k)) => {
                let d = def.index();
                let mut text = format!("the defender, seat {d}, rolls {k} against {roll}");
                text.push_str(&match roll.cmp(&k) {
                    core::cmp::Ordering::Greater => format!(
                        ": seat {d}'s ship on {at} is sunk (it re-enters on seat {d}'s next turn)"
                    ),
                    core::cmp::Ordering::Less => format!(
                        ": seat {m}'s attacking ship on {at} is sunk (it re-enters on seat \
                         {m}'s next turn)"
                    ),
                    core::cmp::Ordering::Equal => String::from(": equal rolls, nothing happens"),
                });
                text.push_str(&self.turn_end(&next));
                text
            }
            (_, a) => format!("{a}"),
        }
    }

    fn seat_label(&self, seat: Seat) -> String {
        format!("seat {}", State::seat_name(seat))
    }
}
