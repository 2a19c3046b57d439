//! The game explained to a person: the rules in brief, the key of the drawing, each placement
//! in words.

use crate::action::Place;
use crate::state::{Kind, State, ELEMENTS};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use boardgame_kit::explain::{Explain, KeyEntry};
use boardgame_kit::{Game, Seat};

/// Battle of the Elements explained.
///
/// ```
/// use boardgame_kit::explain::Explain;
/// use boardgame_kit::Game;
/// use elements_core::State;
/// let s = State::new(&Default::default());
/// let first = s.describe(&"a20".parse().unwrap());
/// assert_eq!(first, "places its first block on a20, a start cell of its corner");
/// assert!(s.key().iter().any(|e| e.symbols == "W w"));
/// ```
impl Explain for State {
    const RULES: &'static str = include_str!("rules.txt");
    const README: &'static str = include_str!("../README.md");

    fn key(&self) -> Vec<KeyEntry> {
        let mut key = alloc::vec![KeyEntry::new(".", "an empty cell")];
        for seat in self.seats().iter() {
            let s = seat.index() & 3;
            let c = ["w", "a", "e", "f"][s];
            key.push(KeyEntry::new(
                format!("{} {c}", c.to_ascii_uppercase()),
                format!("{} (seat {c}): a block, a mound", ELEMENTS[s]),
            ));
        }
        key
    }

    fn describe(&self, action: &Place) -> String {
        let cell = action.cell();
        let mover = self.current as usize & 3;
        let mut text = match self.piece(cell) {
            Some(p) if p.kind == Kind::Block => format!(
                "eats {}'s block on {cell}: it becomes a {} mound",
                ELEMENTS[p.seat.index() & 3],
                ELEMENTS[mover]
            ),
            _ if self.started & (1 << mover) == 0 => {
                format!("places its first block on {cell}, a start cell of its corner")
            }
            _ => format!("places a block on {cell}"),
        };
        let mut next = *self;
        if next.try_play(*action).is_err() {
            return text;
        }
        for seat in self.seats().iter() {
            let s = seat.index() & 3;
            if self.active & (1 << s) != 0 && next.active & (1 << s) == 0 {
                let why = if next.blocks[s].is_empty() && next.started & (1 << s) != 0 {
                    "has no block left"
                } else {
                    "has no legal placement"
                };
                text.push_str(&format!("; {} {why} and is out", ELEMENTS[s]));
            }
        }
        if let Some(o) = next.outcome() {
            if let Some(w) = o.winners().lowest() {
                text.push_str(&format!(": {} wins", self.seat_label(w)));
            }
        }
        text
    }

    fn seat_label(&self, seat: Seat) -> String {
        format!(
            "{} ({})",
            ELEMENTS[seat.index() & 3],
            State::seat_name(seat)
        )
    }
}
