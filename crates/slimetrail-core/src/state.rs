//! The state: the slime, the snail and the board, validated from its parts; the goal corners
//! and the snail's legal destinations as a mask.

use crate::board::{adjacent, Bits, Board};
use crate::params::Params;
use boardgame_kit::{Cell, Game, PositionError, Seat};

/// A Slime Trail position: the slime, the snail and the board size. 32 bytes, `Copy`.
///
/// The seat to move is not stored: every action slimes exactly one cell, so seat `1` moves
/// when the slime count is even.
///
/// ```
/// use slimetrail_core::{State, Step};
/// use boardgame_kit::{Game, ToAct, Seat};
/// let mut s = State::default();
/// assert_eq!(s.to_act(), ToAct::Seat(Seat::of(0)));
/// s.try_play("c3".parse().unwrap()).unwrap();
/// assert_eq!(s.moves().count_ones(), 7);
/// assert!(s.try_play("d4".parse().unwrap()).is_err()); // slimed
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) slime: Bits,
    pub(crate) snail: u8,
    pub(crate) board: Board,
}

impl Default for State {
    fn default() -> State {
        State::new(&Params::default())
    }
}

impl State {
    /// Builds a state from its parts, validating them (used by the position parser): the snail
    /// on the board and not on slime; slime on the board, never on a goal corner (a corner
    /// entered ends the game, so it is never left); the start cell slimed once anything is.
    pub fn from_parts(board: Board, slime: Bits, snail: Cell) -> Result<State, PositionError> {
        if !board.contains(snail) {
            return Err(PositionError::invalid("the snail is off the board"));
        }
        let snail = board.index(snail);
        if slime & !board.all() != 0 {
            return Err(PositionError::invalid("slime off the board"));
        }
        if slime >> snail & 1 != 0 {
            return Err(PositionError::invalid("the snail stands on slime"));
        }
        for seat in [Seat::of(0), Seat::of(1)] {
            if slime >> board.corner(seat) & 1 != 0 {
                return Err(PositionError::invalid(
                    "a goal corner is slimed, but a corner entered ends the game",
                ));
            }
        }
        if slime == 0 && snail != board.centre() {
            return Err(PositionError::invalid(
                "without slime the snail must be on the centre cell",
            ));
        }
        if slime != 0 && slime >> board.centre() & 1 == 0 {
            return Err(PositionError::invalid(
                "the centre cell must be slimed once the snail has left it",
            ));
        }
        let touches_trail = board
            .grid()
            .iter()
            .any(|c| slime >> board.index(c) & 1 != 0 && adjacent(c, board.cell(snail)));
        if slime != 0 && !touches_trail {
            return Err(PositionError::invalid(
                "the snail is not next to the end of its trail",
            ));
        }
        Ok(State {
            slime,
            snail,
            board,
        })
    }

    /// The board geometry.
    #[must_use]
    pub fn board(&self) -> Board {
        self.board
    }

    /// The slimed cells (bits of the padded layout, see [`Board`]).
    #[must_use]
    pub fn slime(&self) -> Bits {
        self.slime
    }

    /// The snail's cell.
    #[must_use]
    pub fn snail(&self) -> Cell {
        self.board.cell(self.snail)
    }

    /// The snail's bit index in the padded layout (see [`Board`]).
    #[inline(always)]
    pub(crate) fn snail_index(&self) -> u8 {
        self.snail
    }

    /// The seat whose turn it is (also after the end: the seat that would move).
    #[must_use]
    pub fn mover(&self) -> Seat {
        Seat::of((self.slime.count_ones() & 1) as usize)
    }

    /// Number of actions played since the start.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.slime.count_ones()
    }

    /// The goal corner the snail stands on, if any: the seat that owns it.
    #[must_use]
    pub fn corner_owner(&self) -> Option<Seat> {
        [Seat::of(0), Seat::of(1)]
            .into_iter()
            .find(|s| self.board.corner(*s) == self.snail)
    }

    /// The snail's legal destinations as bits (empty once the game is over).
    #[inline(always)]
    #[must_use]
    pub fn moves(&self) -> Bits {
        self.board.king(self.snail) & !self.slime
    }

    /// Moves the snail to bit `to` without any check.
    #[inline(always)]
    pub(crate) fn step_to(&mut self, to: u8) -> u8 {
        let from = self.snail;
        self.slime |= 1 << from;
        self.snail = to;
        from
    }
}

#[cfg(feature = "serde")]
boardgame_kit::impl_serde_state!(State);
