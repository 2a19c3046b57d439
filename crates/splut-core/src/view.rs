//! The board view for generic renderers ([`boardgame_kit::view`]).

use crate::action::Action;
use crate::board::{cell, SQUARES};
use crate::state::{idx_of, kind_of, State, EMPTY, ROCK, SORCERER, TROLL};
use boardgame_kit::view::{
    seat_views, status_text, ActionHint, BoardView, CellView, Geometry, PieceKind, PieceView, View,
};
use boardgame_kit::{Game, Seat};

/// The 41 squares of the diamond in square order (rank by rank from `e1`, the order of the
/// legal list), each with its piece: Rocks (no owner) and every team's Sorcerer, Troll and
/// Dwarf. Every piece has an identity (its board code), so thrown, pulled, pushed and
/// levitated pieces show up in [`boardgame_kit::view::touches`].
///
/// ```
/// use boardgame_kit::view::{touches, BoardView};
/// use boardgame_kit::Game;
/// let s = splut_core::State::new(&"players=4".parse().unwrap());
/// let v = s.view();
/// assert_eq!(v.cells.len(), 41);
/// assert_eq!(v.cells.iter().map(|c| c.pieces.len()).sum::<usize>(), 4 + 4 * 3);
/// ```
impl BoardView for State {
    fn view(&self) -> View {
        let cells = (0..SQUARES as u8)
            .map(|sq| {
                let c = cell(sq);
                let mut here = CellView::new(alloc::format!("{c}"), c.file(), c.rank());
                let code = self.board[usize::from(sq)];
                if code != EMPTY {
                    let seat = Seat::of(usize::from(idx_of(code)));
                    let piece = match kind_of(code) {
                        ROCK => PieceView::new(PieceKind::Rock, None),
                        SORCERER => PieceView::new(PieceKind::Sorcerer, Some(seat)),
                        TROLL => PieceView::new(PieceKind::Troll, Some(seat)),
                        _ => PieceView::new(PieceKind::Dwarf, Some(seat)),
                    };
                    here.pieces.push(piece.with_id(code.into()));
                }
                here
            })
            .collect();
        let alive = self.in_play();
        let mut status = status_text(self, "to move");
        if self.to_act().seat().is_some() {
            let n = self.steps_left();
            status.push_str(&alloc::format!(
                ", turn {}, {n} step{} left",
                self.turn(),
                if n == 1 { "" } else { "s" }
            ));
        }
        View {
            geometry: Geometry::Diamond { size: 9 },
            cells,
            seats: seat_views(
                self,
                |s| alive.contains(s),
                |s| {
                    if alive.contains(s) {
                        alloc::string::String::new()
                    } else {
                        alloc::string::String::from("out (Splut!)")
                    }
                },
            ),
            to_act: self.to_act().seat(),
            status,
        }
    }

    fn action_hint(&self, action: &Action) -> ActionHint {
        ActionHint {
            from: Some(action.f().into()),
            to: Some(action.t().into()),
            path: alloc::vec::Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::view::{touches, Touches};

    fn at(params: &str, position: &str) -> State {
        boardgame_kit::testing::position(params, position)
    }

    /// The pieces `t` moves: kind, from, to (`None`: off the board), sorted.
    fn moved(
        s: &State,
        t: &Touches,
    ) -> alloc::vec::Vec<(
        PieceKind,
        alloc::string::String,
        Option<alloc::string::String>,
    )> {
        let v = s.view();
        let name = |i: u16| v.cells[usize::from(i)].name.clone();
        let mut moves: alloc::vec::Vec<_> = t
            .moves
            .iter()
            .map(|m| (m.piece.kind, name(m.from), m.to.map(name)))
            .collect();
        moves.sort();
        moves
    }

    #[test]
    fn start_views_hold_the_four_rocks_and_three_pieces_per_team() {
        for (params, teams) in [("", 2), ("players=3", 3), ("players=4", 4)] {
            let v = State::new(&params.parse().unwrap()).view();
            assert_eq!(v.cells.len(), 41);
            assert_eq!(v.geometry, Geometry::Diamond { size: 9 });
            assert_eq!(v.count(PieceKind::Rock), 4);
            for kind in [PieceKind::Sorcerer, PieceKind::Troll, PieceKind::Dwarf] {
                assert_eq!(v.count(kind), teams, "{params}");
            }
            let rocks: alloc::vec::Vec<_> = v
                .cells
                .iter()
                .filter(|c| c.pieces.iter().any(|p| p.kind == PieceKind::Rock))
                .map(|c| c.name.as_str())
                .collect();
            assert_eq!(rocks, ["e1", "a5", "i5", "e9"]);
            // Every square is within four orthogonal steps of e5.
            assert!(v
                .cells
                .iter()
                .all(|c| (c.x as i32 - 4).abs() + (c.y as i32 - 4).abs() <= 4));
        }
    }

    #[test]
    fn a_throw_moves_the_rock_to_its_landing_square() {
        // Worked example 4: the red Troll on e4 throws the Rock on e5 west; it flies over the
        // green Dwarf on d5 and lands on c5, before the blue Troll on b5.
        let s = at(
            "players=4",
            "e5,a5,e9,i5 s:d2,e4,-;n:f8,-,d5;e:h4,b5,- s 3 3 - - -",
        );
        let t = touches(&s, &"e4-e5/w".parse().unwrap()).unwrap();
        assert_eq!(
            moved(&s, &t),
            [
                (PieceKind::Troll, "e4".into(), Some("e5".into())),
                (PieceKind::Rock, "e5".into(), Some("c5".into())),
            ]
        );
    }

    #[test]
    fn a_dwarf_pushes_the_whole_line() {
        // Worked example 7: the blue Dwarf on e3 pushes the red Troll (e4) and a Rock (e5).
        let s = at("players=4", "e5,a5,e9,i5 s:d2,e4,-;e:h4,h6,e3 e 3 3 - - -");
        let t = touches(&s, &"e3-e4".parse().unwrap()).unwrap();
        assert_eq!(
            moved(&s, &t),
            [
                (PieceKind::Troll, "e4".into(), Some("e5".into())),
                (PieceKind::Dwarf, "e3".into(), Some("e4".into())),
                (PieceKind::Rock, "e5".into(), Some("e6".into())),
            ]
        );
        let v = s.view();
        assert_eq!((t.hint.from, t.hint.to), (v.cell("e3"), v.cell("e4")));
        assert_eq!(t.changed.len(), 4); // e3 empties, e4, e5, e6 get new pieces
    }

    #[test]
    fn splut_removes_the_whole_team() {
        // Worked example 5: the Rock thrown north from e4 lands on the blue Sorcerer on e7.
        let s = at("players=4", "e4,a5,e9,i5 s:d2,f4,-;e:e7,h6,h5 s 3 3 - - -");
        let t = touches(&s, &"f4-e4/n".parse().unwrap()).unwrap();
        let gone: alloc::vec::Vec<_> = t
            .moves
            .iter()
            .filter(|m| m.to.is_none())
            .map(|m| m.piece.kind)
            .collect();
        assert_eq!(gone.len(), 3, "{gone:?}");
        let m = moved(&s, &t);
        assert!(m.contains(&(PieceKind::Rock, "e4".into(), Some("e7".into()))));
    }
}
