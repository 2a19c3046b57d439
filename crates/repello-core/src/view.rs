//! The board view for generic renderers ([`boardgame_kit::view`]).

use crate::action::Action;
use crate::board::{Bounce, DF, DR, SIDE};
use crate::state::{Piece, StackStatus, State, Token};
use alloc::vec::Vec;
use boardgame_kit::view::{
    seat_views, square_cells, square_index, status_text, ActionHint, BoardView, CellIndex,
    Geometry, PieceKind, PieceView, Terrain, View,
};
use boardgame_kit::{Cell, Dir8, Game, Seat};

/// Identity of seat `k`'s stack in the view (tokens have none).
const fn stack_id(seat: Seat) -> u32 {
    seat.index() as u32
}

/// The 13x13 board rank by rank from `a1`: every square's printed number, the start area
/// (`e5`..`i9`), the neutral tokens and the stacks (with their token counts as heights). A
/// move goes from the stack to where it lands, through the squares it crosses (`path`,
/// bounces included); a push from the pushed piece to its new square (`to` is `None` off the
/// board); a placement to its square.
///
/// ```
/// use boardgame_kit::view::{BoardView, PieceKind};
/// use boardgame_kit::Game;
/// let v = repello_core::State::new(&Default::default()).view();
/// assert_eq!(v.cells.len(), 169);
/// assert!(v.cells.iter().all(|c| c.number.is_some()));
/// let gold = &v.cells[usize::from(v.cell("g7").unwrap())];
/// assert_eq!(gold.pieces[0].kind, PieceKind::Gold);
/// ```
impl BoardView for State {
    fn view(&self) -> View {
        let n = SIDE as u8;
        let mut cells = square_cells(n, n);
        for c in boardgame_kit::SquareGrid::new(n, n).iter() {
            let here = &mut cells[usize::from(square_index(n, c))];
            here.number = self.number(c);
            if (4..=8).contains(&c.file()) && (4..=8).contains(&c.rank()) {
                here.terrain = Terrain::Start { seat: None };
            }
            let piece = match self.piece(c) {
                None => continue,
                Some(Piece::Token(Token::Black)) => PieceView::new(PieceKind::Black, None),
                Some(Piece::Token(Token::Silver)) => PieceView::new(PieceKind::Silver, None),
                Some(Piece::Token(Token::Gold)) => PieceView::new(PieceKind::Gold, None),
                Some(Piece::Stack(seat)) => PieceView::new(PieceKind::Stack, Some(seat))
                    .with_height(self.stack_count(seat).into())
                    .with_id(stack_id(seat)),
            };
            here.pieces.push(piece);
        }
        let note = |seat: Seat| {
            let cap = self.captured(seat);
            let place = match self.stack_status(seat) {
                StackStatus::Unplaced => "not placed",
                StackStatus::OnBoard(_) => "on the board",
                StackStatus::Off => "pushed off",
                StackStatus::Finished => "finished",
            };
            alloc::format!(
                "stack {} ({place}); captured {} gold, {} silver, {} black; score {}",
                self.stack_count(seat),
                cap.gold,
                cap.silver,
                cap.black,
                cap.score()
            )
        };
        View {
            geometry: Geometry::Square { files: n, ranks: n },
            cells,
            seats: seat_views(
                self,
                |s| self.stack_status(s) != StackStatus::Finished,
                note,
            ),
            to_act: self.to_act().seat(),
            status: status_text(self, "to play"),
        }
    }

    fn action_hint(&self, action: &Action) -> ActionHint {
        let n = SIDE as u8;
        let at = |c: Cell| square_index(n, c);
        match *action {
            Action::Place(c) => ActionHint {
                from: None,
                to: Some(at(c)),
                path: Vec::new(),
            },
            Action::Push(c, d) => ActionHint {
                from: Some(at(c)),
                to: c.step(d).filter(|t| on_board(*t)).map(at),
                path: Vec::new(),
            },
            Action::Move(d) => {
                let Some(seat) = self.to_act().seat() else {
                    return ActionHint::default();
                };
                let StackStatus::OnBoard(from) = self.stack_status(seat) else {
                    return ActionHint::default();
                };
                let mut path: Vec<CellIndex> = walk(from, d, |c| self.number(c))
                    .into_iter()
                    .map(at)
                    .collect();
                let to = path.pop();
                ActionHint {
                    from: Some(at(from)),
                    to,
                    path,
                }
            }
        }
    }
}

fn on_board(c: Cell) -> bool {
    usize::from(c.file()) < SIDE && usize::from(c.rank()) < SIDE
}

/// The squares a stack on `from` enters moving in direction `d`, bouncing off the edges (each
/// component of the direction that would leave the board flips), as many as the number on the
/// first square.
fn walk(from: Cell, d: Dir8, number: impl Fn(Cell) -> Option<u8>) -> Vec<Cell> {
    let k = d as usize;
    let Some(first) = from.offset(DF[k], DR[k]).filter(|c| on_board(*c)) else {
        return Vec::new();
    };
    let dist = number(first).unwrap_or(0);
    Bounce::new(usize::from(from.file()), usize::from(from.rank()), k)
        .take(usize::from(dist))
        .map(|(f, r)| Cell::new(f as u8, r as u8))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::testing::position;
    use boardgame_kit::view::touches;

    fn names(v: &View, cells: &[CellIndex]) -> Vec<alloc::string::String> {
        cells
            .iter()
            .map(|&i| v.cells[usize::from(i)].name.clone())
            .collect()
    }

    #[test]
    fn start_view_has_the_nine_tokens_and_no_stack() {
        for players in 2..=4 {
            let s = State::new(&alloc::format!("players={players}").parse().unwrap());
            let v = s.view();
            assert_eq!(v.cells.len(), 169);
            assert_eq!(v.seats.len(), players);
            assert_eq!(
                (
                    v.count(PieceKind::Gold),
                    v.count(PieceKind::Silver),
                    v.count(PieceKind::Black)
                ),
                (1, 4, 4)
            );
            assert_eq!(v.count(PieceKind::Stack), 0);
            let area = v
                .cells
                .iter()
                .filter(|c| c.terrain == Terrain::Start { seat: None })
                .count();
            assert_eq!(area, 25);
        }
    }

    #[test]
    fn a_bouncing_move_lists_its_path_and_drops_a_token() {
        // Worked example 3: the stack on k11 moves east; l11 shows 3: l11, m11, bounce, l11.
        let mut numbers = alloc::string::String::new();
        for rank in (1..=13).rev() {
            for file in 0..13 {
                numbers.push(if rank == 11 && file == 11 { '3' } else { '1' });
            }
        }
        let params = alloc::format!("stack=5,numbers={numbers}");
        let s: State = position(
            &params,
            "13/13/10A2/13/13/13/6g6/13/13/13/2s7s2/6b6/B12 5,5ssbbb turn:1",
        );
        let v = s.view();
        let t = touches(&s, &"e".parse().unwrap()).unwrap();
        assert_eq!(names(&v, &[t.hint.from.unwrap()]), ["k11"]);
        assert_eq!(names(&v, &t.hint.path), ["l11", "m11"]);
        assert_eq!(names(&v, &[t.hint.to.unwrap()]), ["l11"]);
        assert_eq!(t.moves.len(), 1);
        assert_eq!(t.moves[0].piece.height, Some(5));
        // The stack leaves k11 (a black token drops there) and stands on l11.
        assert_eq!(names(&v, &t.changed), ["k11", "l11"]);
    }

    #[test]
    fn a_push_moves_one_piece_one_square() {
        let s: State = position(
            "players=2,stack=5",
            "13/13/13/13/13/13/13/13/2bb1b7/13/13/13/A12 5,0gssssbbbbbb push:1 d5/w,e5/w",
        );
        let v = s.view();
        let t = touches(&s, &"c5/w".parse().unwrap()).unwrap();
        assert_eq!((t.hint.from, t.hint.to), (v.cell("c5"), v.cell("b5")));
        assert_eq!(names(&v, &t.changed), ["b5", "c5"]);
        assert!(t.moves.is_empty(), "tokens have no identity");
    }
}
