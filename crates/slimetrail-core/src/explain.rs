//! The game explained to a person: the rules in brief, the key of the drawing, each step in
//! words.

use crate::action::Step;
use crate::state::State;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use boardgame_kit::explain::{Explain, KeyEntry};
use boardgame_kit::{Dir8, Game, Seat};

impl State {
    /// The name of seat `seat`'s goal corner on this board (`a1`, `g7`).
    fn corner_name(&self, seat: Seat) -> String {
        let b = self.board();
        format!("{}", b.cell(b.corner(seat)))
    }
}

/// Slime Trail explained.
///
/// ```
/// use boardgame_kit::explain::Explain;
/// use slimetrail_core::State;
/// let s = State::default();
/// assert_eq!(s.describe(&"c3".parse().unwrap()), "the snail steps south-west from d4 to c3");
/// assert!(s.key().iter().any(|e| e.symbols == "#"));
/// assert!(State::RULES.contains("Notation"));
/// ```
impl Explain for State {
    const RULES: &'static str = include_str!("rules.txt");
    const README: &'static str = include_str!("../README.md");

    fn key(&self) -> Vec<KeyEntry> {
        let goal = |seat: usize| {
            format!(
                "seat {}'s goal corner ({}): the snail entering it wins for seat {}",
                seat + 1,
                self.corner_name(Seat::of(seat)),
                seat + 1
            )
        };
        alloc::vec![
            KeyEntry::new("@", "the snail (both players move it)"),
            KeyEntry::new("#", "slime: a cell the snail has left, closed for good"),
            KeyEntry::new("1", goal(0)),
            KeyEntry::new("2", goal(1)),
            KeyEntry::new(".", "a clean cell"),
        ]
    }

    fn describe(&self, action: &Step) -> String {
        let (from, to) = (self.snail(), action.0);
        let dir = Dir8::from_delta(
            to.file() as i8 - from.file() as i8,
            to.rank() as i8 - from.rank() as i8,
        );
        let mut text = match dir {
            Some(d) => format!("the snail steps {} from {from} to {to}", d.long_name()),
            None => format!("the snail steps to {to}"),
        };
        let mut next = *self;
        if next.try_play(*action).is_ok() {
            if let Some(o) = next.outcome() {
                let winner = o.winners().lowest().unwrap_or(Seat::of(0));
                let name = State::seat_name(winner);
                match next.corner_owner() {
                    Some(owner) => text.push_str(&format!(
                        ", into seat {}'s corner: seat {name} wins",
                        State::seat_name(owner)
                    )),
                    None => text.push_str(&format!(
                        ": seat {} has no step left, so seat {name} wins",
                        State::seat_name(next.mover())
                    )),
                }
            }
        }
        text
    }
}
