//! The game explained to a person: the rules in brief, the key of the drawing, each action in
//! words.

use crate::action::Action;
use crate::state::{Phase, Piece, StackStatus, State, Token};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use boardgame_kit::explain::{Explain, KeyEntry};
use boardgame_kit::{Game, Seat};

/// A piece in words: `the black token`, `seat 2's stack`.
fn piece_name(p: Piece) -> String {
    match p {
        Piece::Token(Token::Black) => String::from("the black token"),
        Piece::Token(Token::Silver) => String::from("the silver token"),
        Piece::Token(Token::Gold) => String::from("the gold token"),
        Piece::Stack(s) => format!("seat {}'s stack", State::seat_name(s)),
    }
}

/// The stack letter of a seat (`A` for seat 1).
fn letter(seat: Seat) -> char {
    (b'A' + seat.index() as u8) as char
}

impl State {
    /// What a push off the board brought the pusher: the tokens it gained, in words.
    fn gains(&self, next: &State, seat: Seat) -> String {
        let (a, b) = (self.captured(seat), next.captured(seat));
        let mut parts = Vec::new();
        for (n, what) in [
            (b.gold.saturating_sub(a.gold), "gold"),
            (b.silver.saturating_sub(a.silver), "silver"),
            (b.black.saturating_sub(a.black), "black"),
        ] {
            if n > 0 {
                parts.push(format!("{n} {what}"));
            }
        }
        parts.join(", ")
    }
}

/// Repello explained.
///
/// ```
/// use boardgame_kit::explain::Explain;
/// use boardgame_kit::Game;
/// use repello_core::{Params, State};
/// let s = State::new(&Params::default());
/// assert_eq!(s.describe(&"e5".parse().unwrap()), "places the stack on e5 (the setup round)");
/// assert!(s.key().iter().any(|e| e.symbols == "A B"));
/// ```
impl Explain for State {
    const RULES: &'static str = include_str!("rules.txt");
    const README: &'static str = include_str!("../README.md");

    fn key(&self) -> Vec<KeyEntry> {
        let stacks: Vec<String> = self
            .seats()
            .iter()
            .map(|s| String::from(letter(s)))
            .collect();
        let seats: Vec<&str> = self.seats().iter().map(State::seat_name).collect();
        alloc::vec![
            KeyEntry::new(
                "1 2 3 4 5 6",
                "the number printed on the square: a move whose first square it is goes that far"
            ),
            KeyEntry::new(
                ":",
                "after the number: the square is in the start area (e5 to i9)"
            ),
            KeyEntry::new(".", "no piece on the square"),
            KeyEntry::new("b s g", "a black (1 point), silver (3) or gold (5) token"),
            KeyEntry::new(
                stacks.join(" "),
                format!(
                    "the stacks of seats {}, with the tokens they hold (A15: 15 tokens)",
                    seats.join(", ")
                )
            ),
        ]
    }

    fn describe(&self, action: &Action) -> String {
        let Some(mover) = self.to_act().seat() else {
            return format!("{action}");
        };
        let mut next = self.clone();
        let played = next.try_play(*action).is_ok();
        let mut text = match *action {
            Action::Place(c) => match (self.phase(), self.stack_status(mover)) {
                (Phase::Setup, _) => format!("places the stack on {c} (the setup round)"),
                (_, StackStatus::OnBoard(x)) => format!(
                    "has no legal move: drops a token on {x} and relocates the stack to {c}"
                ),
                _ => format!("puts the stack, pushed off before, back on the board on {c}"),
            },
            Action::Move(d) => {
                let StackStatus::OnBoard(from) = self.stack_status(mover) else {
                    return format!("moves the stack {}", d.long_name());
                };
                let first = from.step(d);
                let n = first.and_then(|c| self.number(c)).unwrap_or(0);
                let mut text = format!("moves the stack {} from {from} by {n}", d.long_name());
                if let Some(first) = first {
                    text.push_str(&format!(" (the number on {first})"));
                }
                if let StackStatus::OnBoard(to) = next.stack_status(mover) {
                    let (df, dr) = d.delta();
                    let straight = from.offset(df * n as i8, dr * n as i8);
                    text.push_str(&format!(" to {to}"));
                    if straight != Some(to) {
                        text.push_str(", bouncing off the edge");
                    }
                }
                text.push_str(&format!(", dropping a token on {from}"));
                text
            }
            Action::Push(c, d) => {
                let what = self.piece(c).map(piece_name).unwrap_or_default();
                match c.step(d).filter(|t| self.number(*t).is_some()) {
                    Some(t) => format!("pushes {what} on {c} {} to {t}", d.long_name()),
                    None => {
                        let mut text =
                            format!("pushes {what} on {c} {} off the board", d.long_name());
                        let gained = self.gains(&next, mover);
                        if played && !gained.is_empty() {
                            text.push_str(&format!(": it captures {gained}"));
                        }
                        if let Some(Piece::Stack(s)) = self.piece(c) {
                            text.push_str(&format!(
                                " (seat {} puts its stack back on its next turn)",
                                State::seat_name(s)
                            ));
                        }
                        text
                    }
                }
            }
        };
        if !played {
            return text;
        }
        if next.stack_status(mover) == StackStatus::Finished
            && self.stack_status(mover) != StackStatus::Finished
        {
            text.push_str("; the stack is used up: no more turns for this seat");
        }
        if let Some(o) = next.outcome() {
            text.push_str(&format!(
                "; the game is over: {}",
                State::outcome_display(&o)
            ));
        } else if next.phase() == Phase::Repulsion && next.to_act().seat() == Some(mover) {
            if self.phase() != Phase::Repulsion {
                text.push_str("; pieces touch: pushes follow");
            }
        } else if self.phase() != Phase::Setup
            && (self.phase() == Phase::Repulsion || next.to_act().seat() != Some(mover))
        {
            text.push_str("; the turn is over");
        }
        text
    }

    fn seat_label(&self, seat: Seat) -> String {
        format!("seat {} ({})", State::seat_name(seat), letter(seat))
    }
}
