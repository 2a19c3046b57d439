//! The game explained to a person: the rules in brief, the key of the drawing, each step in
//! words.

use crate::action::{Action, ActionKind};
use crate::board::{cell, dir_between, dir_index, dir_long_name, nb, opposite, square, NONE};
use crate::display::COLOURS;
use crate::state::{Piece, State, Status};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use boardgame_kit::explain::{Explain, KeyEntry};
use boardgame_kit::{Cell, Game, Seat};

/// The colour of each seat's team.
const COLOUR_NAMES: [&str; 4] = ["red", "yellow", "green", "blue"];

/// A piece in words: `red's Troll`, `Rock 2`.
fn piece_name(p: Piece) -> String {
    match p {
        Piece::Rock(i) => format!("Rock {i}"),
        Piece::Sorcerer(s) => format!("{}'s Sorcerer", COLOUR_NAMES[s.index() & 3]),
        Piece::Troll(s) => format!("{}'s Troll", COLOUR_NAMES[s.index() & 3]),
        Piece::Dwarf(s) => format!("{}'s Dwarf", COLOUR_NAMES[s.index() & 3]),
    }
}

/// A kind of piece alone: `Troll`.
fn kind_name(p: Piece) -> &'static str {
    match p {
        Piece::Rock(_) => "Rock",
        Piece::Sorcerer(_) => "Sorcerer",
        Piece::Troll(_) => "Troll",
        Piece::Dwarf(_) => "Dwarf",
    }
}

impl State {
    /// What a throw from `to` did: where the Rock landed, whom it killed or sent off.
    fn throw_result(&self, action: &Action, next: &State) -> String {
        let Some(rock) =
            square(action.to()).and_then(|sq| self.rocks.iter().position(|&r| r == sq))
        else {
            return String::new();
        };
        let landed = cell(next.rocks[rock]);
        let mut text = format!("; it lands on {landed}");
        for (seat, colour) in COLOUR_NAMES.iter().enumerate() {
            let gone_team = self.alive & (1 << seat) != 0 && next.alive & (1 << seat) == 0;
            let gone_dwarf =
                !gone_team && self.pieces[seat][2] != NONE && next.pieces[seat][2] == NONE;
            if gone_team {
                text.push_str(&format!(
                    " on {colour}'s Sorcerer: Splut! The {colour} team leaves the board"
                ));
            } else if gone_dwarf {
                text.push_str(&format!(", killing {colour}'s Dwarf there"));
            }
        }
        text.push_str(" (a throw ends the turn)");
        text
    }

    /// The pieces a Dwarf stepping from `from` to `to` pushes, in words.
    fn pushed_line(&self, from: Cell, to: Cell) -> Option<String> {
        let (f, t) = (square(from)?, square(to)?);
        let d = dir_between(f, t)?;
        let mut names = Vec::new();
        let mut sq = t;
        while sq != NONE {
            match self.piece_at(cell(sq)) {
                Some(p) => names.push(format!("{} on {}", piece_name(p), cell(sq))),
                None => break,
            }
            sq = nb(sq, d);
        }
        (!names.is_empty()).then(|| format!(", pushing {} one square on", names.join(", ")))
    }
}

/// Splut! explained.
///
/// ```
/// use boardgame_kit::explain::Explain;
/// use boardgame_kit::Game;
/// use splut_core::State;
/// let s = State::new(&Default::default());
/// assert_eq!(s.describe(&"e2-e3".parse().unwrap()), "Dwarf e2 steps north to e3");
/// assert!(s.key().iter().any(|e| e.symbols == "rS rT rD"));
/// ```
impl Explain for State {
    const RULES: &'static str = include_str!("rules.txt");
    const README: &'static str = include_str!("../README.md");

    fn key(&self) -> Vec<KeyEntry> {
        let mut key = alloc::vec![KeyEntry::new(".", "an empty square")];
        for seat in self.params.seats().iter() {
            let c = COLOURS[seat.index() & 3];
            key.push(KeyEntry::new(
                format!("{c}S {c}T {c}D"),
                format!(
                    "{} (seat {}): its Sorcerer, Troll and Dwarf",
                    COLOUR_NAMES[seat.index() & 3],
                    State::seat_name(seat)
                ),
            ));
        }
        key.push(KeyEntry::new("O0 O1 O2 O3", "the four Rocks, by number"));
        key
    }

    fn describe(&self, action: &Action) -> String {
        let (from, to) = (action.from(), action.to());
        let Some(piece) = self.piece_at(from) else {
            return format!("a step from {from} to {to}");
        };
        // The step's direction, as an index of the board's direction tables.
        let d = match (square(from), square(to)) {
            (Some(f), Some(t)) => dir_between(f, t),
            _ => None,
        };
        // The square one step from `c` in the step's direction (or against it).
        let beside = |c: Cell, back: bool| {
            let d = d?;
            let n = nb(square(c)?, if back { opposite(d) } else { d });
            (n != NONE).then(|| cell(n))
        };
        let rock_on = |c: Cell| self.piece_at(c).map(piece_name).unwrap_or_default();
        let mut next = *self;
        let played = next.try_play(*action).is_ok();
        let mut text = match (action.kind(), d) {
            (ActionKind::Throw(t), _) => {
                let mut text = format!(
                    "Troll {from} steps onto {} on {to} and throws it {}",
                    rock_on(to),
                    dir_long_name(dir_index(t))
                );
                if played {
                    text.push_str(&self.throw_result(action, &next));
                }
                text
            }
            (kind, Some(d)) => {
                let mut text = format!(
                    "{} {from} steps {} to {to}",
                    kind_name(piece),
                    dir_long_name(d)
                );
                match kind {
                    ActionKind::Pull => {
                        if let Some(b) = beside(from, true) {
                            text.push_str(&format!(", pulling {} from {b} to {from}", rock_on(b)));
                        }
                    }
                    ActionKind::Levitate(c) => {
                        text.push_str(&format!(", levitating {} from {c}", rock_on(c)));
                        if let Some(x) = beside(c, false) {
                            text.push_str(&format!(" to {x}"));
                        }
                    }
                    _ if matches!(piece, Piece::Dwarf(_)) => {
                        if let Some(line) = self.pushed_line(from, to) {
                            text.push_str(&line);
                        }
                    }
                    _ => {}
                }
                text
            }
            _ => format!("{} {from} steps to {to}", kind_name(piece)),
        };
        if played {
            match next.status {
                Status::Won(w) => {
                    text.push_str(&format!(": {} wins", self.seat_label(Seat::of(w as usize))))
                }
                Status::Draw => text.push_str(": the game is drawn"),
                Status::Playing => {}
            }
        }
        text
    }

    fn seat_label(&self, seat: Seat) -> String {
        format!(
            "{} ({})",
            State::seat_name(seat),
            COLOUR_NAMES[seat.index() & 3]
        )
    }
}
