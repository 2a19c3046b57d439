//! The board view for generic renderers ([`boardgame_kit::view`]).

use crate::action::Step;
use crate::state::State;
use boardgame_kit::view::{
    seat_views, square_cells, square_index, status_text, ActionHint, BoardView, Geometry,
    PieceKind, PieceView, Terrain, View,
};
use boardgame_kit::{Cell, Game, Seat};

/// Identity of the snail in the view (there is one).
const SNAIL_ID: u32 = 0;

/// A square board of `size` x `size` cells (rank by rank from `a1`): the two goal corners
/// (`a1` for seat `1`, the top-right corner for seat `2`), the snail and the slime.
///
/// ```
/// use boardgame_kit::view::{touches, BoardView};
/// use boardgame_kit::Game;
/// let s = slimetrail_core::State::default();
/// let v = s.view();
/// assert_eq!(v.cells.len(), 49);
/// let t = touches(&s, &"c3".parse().unwrap()).unwrap();
/// assert_eq!((t.hint.from, t.hint.to), (v.cell("d4"), v.cell("c3")));
/// ```
impl BoardView for State {
    fn view(&self) -> View {
        let b = self.board();
        let n = b.size();
        let mut cells = square_cells(n, n);
        for seat in [Seat::of(0), Seat::of(1)] {
            let corner = b.cell(b.corner(seat));
            cells[usize::from(square_index(n, corner))].terrain = Terrain::Goal { seat };
        }
        for cell in b.grid().iter() {
            let here = &mut cells[usize::from(square_index(n, cell))];
            if cell == self.snail() {
                here.pieces
                    .push(PieceView::new(PieceKind::Snail, None).with_id(SNAIL_ID));
            } else if self.slime() >> b.index(cell) & 1 != 0 {
                here.pieces.push(PieceView::new(PieceKind::Slime, None));
            }
        }
        View {
            geometry: Geometry::Square { files: n, ranks: n },
            cells,
            seats: seat_views(self, |_| true, |_| alloc::string::String::new()),
            to_act: self.to_act().seat(),
            status: status_text(self, "to move"),
        }
    }

    fn action_hint(&self, action: &Step) -> ActionHint {
        let n = self.board().size();
        let to: Cell = action.0;
        ActionHint {
            from: Some(square_index(n, self.snail())),
            to: Some(square_index(n, to)),
            path: alloc::vec::Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::view::{touches, PieceKind};

    #[test]
    fn start_view_has_every_cell_the_snail_in_the_centre_and_two_goals() {
        for size in [5u8, 7, 9] {
            let s = State::new(&alloc::format!("size={size}").parse().unwrap());
            let v = s.view();
            assert_eq!(v.cells.len(), usize::from(size) * usize::from(size));
            assert_eq!(v.count(PieceKind::Snail), 1);
            assert_eq!(v.count(PieceKind::Slime), 0);
            let centre = v.cells.iter().find(|c| !c.pieces.is_empty()).unwrap();
            assert_eq!((centre.x, centre.y), (size / 2, size / 2));
            let goals: alloc::vec::Vec<_> = v
                .cells
                .iter()
                .filter(|c| matches!(c.terrain, Terrain::Goal { .. }))
                .map(|c| c.name.as_str())
                .collect();
            let top = alloc::format!("{}", Cell::new(size - 1, size - 1));
            assert_eq!(goals, ["a1", top.as_str()]);
        }
    }

    #[test]
    fn a_step_moves_the_snail_and_leaves_slime() {
        let mut s = State::default();
        s.play("c3".parse().unwrap());
        let v = s.view();
        let t = touches(&s, &"b2".parse().unwrap()).unwrap();
        assert_eq!(t.hint.from, v.cell("c3"));
        assert_eq!(t.hint.to, v.cell("b2"));
        assert_eq!(t.moves.len(), 1);
        assert_eq!(t.moves[0].piece.kind, PieceKind::Snail);
        assert_eq!(
            (Some(t.moves[0].from), t.moves[0].to),
            (v.cell("c3"), v.cell("b2"))
        );
        // c3 gets slime, b2 the snail.
        assert_eq!(t.changed, [v.cell("b2").unwrap(), v.cell("c3").unwrap()]);
        s.play("b2".parse().unwrap());
        assert_eq!(s.view().count(PieceKind::Slime), 2);
        assert!(
            touches(&s, &"d4".parse().unwrap()).is_none(),
            "slimed cells are illegal"
        );
    }
}
