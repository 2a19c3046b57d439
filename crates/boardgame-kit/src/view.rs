//! The board view model: what a generic renderer needs to draw any game and animate its
//! actions without knowing the rules.
//!
//! A game implements [`BoardView`] (in its `src/view.rs`): [`BoardView::view`] describes the
//! board ([`Geometry`], every [`CellView`] with its [`Terrain`], printed number and
//! [`PieceView`]s) and [`BoardView::action_hint`] names the cells an action starts from and
//! goes to. [`touches`] adds, without game code, what the action changes: the pieces that
//! move (matched by their identity, so pushed, pulled and thrown pieces are found) or leave
//! the board, and every cell whose contents change. With the `serde` feature every type here
//! serialises, so JavaScript or any other language can read the view as JSON.
//!
//! ```
//! use boardgame_kit::testing::Nim;
//! use boardgame_kit::view::{BoardView, Geometry};
//! use boardgame_kit::Game;
//! let nim = Nim::new(&"stones=3".parse().unwrap());
//! let view = nim.view();
//! assert_eq!(view.geometry, Geometry::Square { files: 3, ranks: 1 });
//! assert_eq!(view.cells.iter().filter(|c| !c.pieces.is_empty()).count(), 3);
//! ```

use crate::game::{Game, ToAct};
use crate::seat::Seat;
use alloc::string::String;
use alloc::vec::Vec;

/// Index of a cell in [`View::cells`].
pub type CellIndex = u16;

/// The shape of the board, with the coordinate system of [`CellView::x`] and [`CellView::y`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Geometry {
    /// A rectangle of squares: `x` is the file (0 on the left), `y` the rank (0 at the
    /// bottom).
    Square {
        /// Number of files (columns).
        files: u8,
        /// Number of ranks (rows).
        ranks: u8,
    },
    /// The squares of a `size` x `size` grid (odd size) whose distance to the centre, counted
    /// in orthogonal steps, is at most `size / 2`: Splut!'s diamond. `x`, `y` as for
    /// [`Geometry::Square`]; only the diamond's squares are listed.
    Diamond {
        /// Side of the enclosing square grid.
        size: u8,
    },
    /// A hexagon of hexagonal cells in axial coordinates: `x` is the file (east is `x + 1`),
    /// `y` the rank (north-east is `x + 1, y + 1`, north-west is `y + 1`), both from 0, with
    /// `|x - radius| <= radius`, `|y - radius| <= radius`, `|x - y| <= radius`. Drawn with
    /// flat rows: the centre of `(x, y)` is at column `x - y / 2` (in cell widths) of row `y`.
    Hex {
        /// Number of rings around the centre cell (4 for 61 cells).
        radius: u8,
    },
}

/// What is printed on a cell, or its role in the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Terrain {
    /// An ordinary cell.
    #[default]
    Plain,
    /// A goal: a piece arriving here wins for `seat`.
    Goal {
        /// The seat the goal belongs to.
        seat: Seat,
    },
    /// A start cell, of one seat or (`None`) of everybody.
    Start {
        /// The seat it belongs to, if only one.
        seat: Option<Seat>,
    },
    /// A rock (Arandia's board corners).
    Rock,
    /// A harbour on side `side` of the board (Arandia).
    Harbour {
        /// The side (0..6, clockwise from the top).
        side: u8,
    },
    /// The island at the centre (Arandia).
    Island,
    /// A shoal (Arandia).
    Shoal,
}

/// The kind of a piece (or of a mark left on a cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum PieceKind {
    /// Slime Trail's snail.
    Snail,
    /// Slime left on a cell (Slime Trail).
    Slime,
    /// Splut!'s Sorcerer.
    Sorcerer,
    /// Splut!'s Troll.
    Troll,
    /// Splut!'s Dwarf.
    Dwarf,
    /// A rock piece (Splut!).
    Rock,
    /// A block (Battle of the Elements).
    Block,
    /// A mound (Battle of the Elements).
    Mound,
    /// A stack of tokens (Repello); [`PieceView::height`] counts them.
    Stack,
    /// A black token (Repello, 1 point).
    Black,
    /// A silver token (Repello, 3 points).
    Silver,
    /// A gold token (Repello, 5 points).
    Gold,
    /// A ship (Arandia).
    Ship,
}

/// A piece on a cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceView {
    /// What it is.
    pub kind: PieceKind,
    /// The seat owning it, if any.
    pub owner: Option<Seat>,
    /// The number of items it stands for (a stack's tokens), if it matters.
    pub height: Option<u32>,
    /// An identity that stays the same while the piece moves, when the game can tell pieces
    /// apart (used by [`touches`] to follow moved pieces).
    pub id: Option<u32>,
    /// Marked when the piece has already acted this turn (Arandia's ships).
    pub spent: bool,
}

impl PieceView {
    /// A piece of `kind`, owned by `owner`, without height, identity or mark.
    ///
    /// ```
    /// use boardgame_kit::view::{PieceKind, PieceView};
    /// let p = PieceView::new(PieceKind::Gold, None).with_id(7);
    /// assert_eq!(p.id, Some(7));
    /// ```
    #[must_use]
    pub fn new(kind: PieceKind, owner: Option<Seat>) -> PieceView {
        PieceView {
            kind,
            owner,
            height: None,
            id: None,
            spent: false,
        }
    }

    /// The same piece with an identity.
    #[must_use]
    pub fn with_id(mut self, id: u32) -> PieceView {
        self.id = Some(id);
        self
    }

    /// The same piece with a height.
    #[must_use]
    pub fn with_height(mut self, height: u32) -> PieceView {
        self.height = Some(height);
        self
    }
}

/// One cell of the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CellView {
    /// Its name in the game's notation (`e5`).
    pub name: String,
    /// Horizontal coordinate, see [`Geometry`].
    pub x: u8,
    /// Vertical coordinate, see [`Geometry`].
    pub y: u8,
    /// What is printed on it.
    pub terrain: Terrain,
    /// A number printed on it (Repello's distances), if any.
    pub number: Option<u8>,
    /// The pieces on it, bottom first.
    pub pieces: Vec<PieceView>,
}

impl CellView {
    /// A plain, empty cell.
    ///
    /// ```
    /// let c = boardgame_kit::view::CellView::new("a1".into(), 0, 0);
    /// assert!(c.pieces.is_empty() && c.number.is_none());
    /// ```
    #[must_use]
    pub fn new(name: String, x: u8, y: u8) -> CellView {
        CellView {
            name,
            x,
            y,
            terrain: Terrain::Plain,
            number: None,
            pieces: Vec::new(),
        }
    }
}

/// A line about one seat: what the board does not show (stacks off the board, captures,
/// sunk ships, scores).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SeatView {
    /// The seat.
    pub seat: Seat,
    /// Its name in the game's notation.
    pub name: String,
    /// Still in the game (not eliminated or finished).
    pub active: bool,
    /// A short description for a person (may be empty).
    pub note: String,
}

/// The whole board as a renderer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct View {
    /// The board's shape.
    pub geometry: Geometry,
    /// Every cell, in an order the game chooses; actions refer to cells by their index here.
    pub cells: Vec<CellView>,
    /// One line per seat in play.
    pub seats: Vec<SeatView>,
    /// The seat to act, when a player acts (not at a chance node or after the end).
    pub to_act: Option<Seat>,
    /// What is going on, for a person (`water to place, 3 placements left`).
    pub status: String,
}

impl View {
    /// The index of the cell named `name`, if any.
    ///
    /// ```
    /// use boardgame_kit::{testing::Nim, view::BoardView, Game};
    /// let v = Nim::new(&"stones=3".parse().unwrap()).view();
    /// assert_eq!(v.cell("2"), Some(1));
    /// ```
    #[must_use]
    pub fn cell(&self, name: &str) -> Option<CellIndex> {
        self.cells
            .iter()
            .position(|c| c.name == name)
            .map(|i| i as CellIndex)
    }

    /// How many pieces of `kind` stand on the board, over all cells.
    ///
    /// ```
    /// use boardgame_kit::view::{BoardView, PieceKind};
    /// use boardgame_kit::{testing::Nim, Game};
    /// let v = Nim::new(&"stones=3".parse().unwrap()).view();
    /// assert_eq!(v.count(PieceKind::Black), 3);
    /// ```
    #[must_use]
    pub fn count(&self, kind: PieceKind) -> usize {
        self.cells
            .iter()
            .flat_map(|c| &c.pieces)
            .filter(|p| p.kind == kind)
            .count()
    }
}

/// The cells an action starts from and goes to, as the game knows them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ActionHint {
    /// The cell of the piece that acts (or of the piece pushed), if any.
    pub from: Option<CellIndex>,
    /// The cell it goes to or the cell acted on, if any (none for a roll whose result is not
    /// known, or a piece pushed off the board).
    pub to: Option<CellIndex>,
    /// The cells crossed on the way from `from` to `to`, in order, both excluded (Repello's
    /// bouncing moves); empty for a step.
    pub path: Vec<CellIndex>,
}

/// One piece's movement caused by an action.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceMove {
    /// The piece (as it was before the action).
    pub piece: PieceView,
    /// Where it stood.
    pub from: CellIndex,
    /// Where it stands after the action; `None`: it left the board.
    pub to: Option<CellIndex>,
}

/// Everything an action touches: [`ActionHint`] plus what [`touches`] finds by playing it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Touches {
    /// The action's text.
    pub action: String,
    /// Start, end and path, from the game.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub hint: ActionHint,
    /// Pieces with an identity that moved or left the board (pushed, pulled, thrown,
    /// levitated, killed pieces included).
    pub moves: Vec<PieceMove>,
    /// Every cell whose contents differ after the action, in index order.
    pub changed: Vec<CellIndex>,
}

/// A game that can describe its board to a generic renderer.
pub trait BoardView: Game {
    /// The board now.
    fn view(&self) -> View;

    /// Where `action` starts and ends, from the seat to act's point of view. Only called with
    /// legal actions; anything else may give an empty hint.
    fn action_hint(&self, action: &Self::Action) -> ActionHint;
}

/// Everything `action` touches in `state`: the game's [`ActionHint`], the pieces that move or
/// leave (found by playing the action on a copy and matching piece identities), and the cells
/// whose contents change. `None` if the action is illegal.
///
/// ```
/// use boardgame_kit::testing::Nim;
/// use boardgame_kit::view::touches;
/// use boardgame_kit::Game;
/// let nim = Nim::new(&"stones=3".parse().unwrap());
/// let t = touches(&nim, &"2".parse().unwrap()).unwrap();
/// assert_eq!(t.changed, vec![1, 2]); // the last two stones go
/// assert_eq!(t.moves.len(), 2);
/// assert!(t.moves.iter().all(|m| m.to.is_none()));
/// let last = Nim::new(&"stones=1".parse().unwrap());
/// assert!(touches(&last, &"2".parse().unwrap()).is_none()); // only one stone left
/// ```
#[must_use]
pub fn touches<G: BoardView>(state: &G, action: &G::Action) -> Option<Touches> {
    if !state.is_legal(action) {
        return None;
    }
    let hint = state.action_hint(action);
    let before = state.view();
    let mut next = state.clone();
    next.try_play(*action).ok()?;
    let after = next.view();
    let changed = before
        .cells
        .iter()
        .zip(&after.cells)
        .enumerate()
        .filter(|(_, (a, b))| a.pieces != b.pieces)
        .map(|(i, _)| i as CellIndex)
        .collect();
    let find = |view: &View, id: u32| {
        view.cells.iter().enumerate().find_map(|(i, c)| {
            c.pieces
                .iter()
                .any(|p| p.id == Some(id))
                .then_some(i as CellIndex)
        })
    };
    let mut moves = Vec::new();
    for (i, cell) in before.cells.iter().enumerate() {
        for piece in &cell.pieces {
            let Some(id) = piece.id else { continue };
            let to = find(&after, id);
            if to != Some(i as CellIndex) {
                moves.push(PieceMove {
                    piece: piece.clone(),
                    from: i as CellIndex,
                    to,
                });
            }
        }
    }
    Some(Touches {
        action: alloc::format!("{action}"),
        hint,
        moves,
        changed,
    })
}

/// The standard status line for the views: who acts, or the result.
///
/// ```
/// use boardgame_kit::{testing::Nim, view::status_text, Game};
/// let nim = Nim::new(&"stones=1".parse().unwrap());
/// assert_eq!(status_text(&nim, "takes"), "1 takes");
/// ```
#[must_use]
pub fn status_text<G: Game>(state: &G, verb: &str) -> String {
    match state.to_act() {
        ToAct::Seat(s) => alloc::format!("{} {verb}", G::seat_name(s)),
        ToAct::Chance => String::from("chance"),
        _ => match state.outcome() {
            Some(o) => alloc::format!("game over: {}", o.summary(G::SEAT_NAMES)),
            None => String::from("game over"),
        },
    }
}

/// The cells of a `files` x `ranks` square board, rank by rank from `a1` (the index of
/// [`Cell`](crate::Cell) `c` is `c.rank() * files + c.file()`, see [`square_index`]), plain
/// and empty.
///
/// ```
/// let cells = boardgame_kit::view::square_cells(3, 2);
/// assert_eq!(cells.len(), 6);
/// assert_eq!(cells[4].name, "b2");
/// assert_eq!((cells[4].x, cells[4].y), (1, 1));
/// ```
#[must_use]
pub fn square_cells(files: u8, ranks: u8) -> Vec<CellView> {
    let mut cells = Vec::with_capacity(usize::from(files) * usize::from(ranks));
    for rank in 0..ranks {
        for file in 0..files {
            let name = alloc::format!("{}", crate::Cell::new(file, rank));
            cells.push(CellView::new(name, file, rank));
        }
    }
    cells
}

/// The index of `cell` among [`square_cells`]`(files, _)`.
///
/// ```
/// use boardgame_kit::{view::square_index, Cell};
/// assert_eq!(square_index(3, Cell::new(1, 1)), 4);
/// ```
#[must_use]
pub fn square_index(files: u8, cell: crate::Cell) -> CellIndex {
    CellIndex::from(cell.rank()) * CellIndex::from(files) + CellIndex::from(cell.file())
}

/// One [`SeatView`] per seat of `state`, named as the game names them, with `note(seat)` and
/// `active(seat)`.
pub fn seat_views<G: Game>(
    state: &G,
    mut active: impl FnMut(Seat) -> bool,
    mut note: impl FnMut(Seat) -> String,
) -> Vec<SeatView> {
    state
        .seats()
        .iter()
        .map(|seat| SeatView {
            seat,
            name: String::from(G::seat_name(seat)),
            active: active(seat),
            note: note(seat),
        })
        .collect()
}
