//! The board view for generic renderers ([`boardgame_kit::view`]).

use crate::action::Place;
use crate::state::{Kind, State};
use boardgame_kit::view::{
    seat_views, square_cells, square_index, status_text, ActionHint, BoardView, Geometry,
    PieceKind, PieceView, Terrain, View,
};
use boardgame_kit::Game;

/// A square board (20x20, or 14x14 in blitz) rank by rank from `a1`: the marked start cells of
/// every seat in play, blocks and mounds with their owners. A placement touches its cell only
/// (`to`); blocks and mounds have no identity (they never move).
///
/// ```
/// use boardgame_kit::view::{touches, BoardView};
/// use boardgame_kit::Game;
/// let s = elements_core::State::new(&"board=blitz".parse().unwrap());
/// let v = s.view();
/// assert_eq!(v.cells.len(), 14 * 14);
/// let t = touches(&s, &"a14".parse().unwrap()).unwrap();
/// assert_eq!((t.hint.from, t.hint.to), (None, v.cell("a14")));
/// ```
impl BoardView for State {
    fn view(&self) -> View {
        let geo = self.geo();
        let n = geo.side();
        let mut cells = square_cells(n, n);
        for seat in self.seats().iter() {
            for &c in geo.start_cells(seat) {
                cells[usize::from(square_index(n, c))].terrain =
                    Terrain::Start { seat: Some(seat) };
            }
        }
        for c in geo.grid().iter() {
            if let Some(p) = self.piece(c) {
                let kind = match p.kind {
                    Kind::Block => PieceKind::Block,
                    Kind::Mound => PieceKind::Mound,
                };
                cells[usize::from(square_index(n, c))]
                    .pieces
                    .push(PieceView::new(kind, Some(p.seat)));
            }
        }
        let mut status = status_text(self, "to place");
        if !self.is_over() {
            status.push_str(&alloc::format!(
                ", {} left this turn",
                self.placements_left()
            ));
        }
        View {
            geometry: Geometry::Square { files: n, ranks: n },
            cells,
            seats: seat_views(
                self,
                |s| !self.is_eliminated(s),
                |s| {
                    let note = if self.is_eliminated(s) {
                        "out"
                    } else if self.has_started(s) {
                        ""
                    } else {
                        "not started"
                    };
                    alloc::string::String::from(note)
                },
            ),
            to_act: self.to_act().seat(),
            status,
        }
    }

    fn action_hint(&self, action: &Place) -> ActionHint {
        ActionHint {
            from: None,
            to: Some(square_index(self.geo().side(), action.cell())),
            path: alloc::vec::Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::testing::position;
    use boardgame_kit::view::touches;
    use boardgame_kit::Seat;

    fn starts(v: &View) -> alloc::vec::Vec<&str> {
        v.cells
            .iter()
            .filter(|c| matches!(c.terrain, Terrain::Start { .. }))
            .map(|c| c.name.as_str())
            .collect()
    }

    #[test]
    fn start_views_are_empty_boards_with_the_marked_start_cells() {
        let v = State::new(&"".parse().unwrap()).view();
        assert_eq!(v.cells.len(), 400);
        assert!(v.cells.iter().all(|c| c.pieces.is_empty()));
        // Water (a20 b20 a19) and earth (t1 s1 t2), listed rank by rank from a1.
        assert_eq!(starts(&v), ["s1", "t1", "t2", "a19", "a20", "b20"]);
        let v = State::new(&"board=blitz,players=4".parse().unwrap()).view();
        assert_eq!(starts(&v), ["a1", "n1", "a14", "n14"]);
        assert_eq!(v.seats.len(), 4);
    }

    #[test]
    fn eating_turns_the_enemy_block_into_a_mound() {
        // Water (to place) touches the earth block on c13 from its block on b14.
        let s: State = position(
            "board=blitz",
            "1W12/2E11/14/14/14/14/14/14/14/14/14/14/14/13E w 7 we -",
        );
        let v = s.view();
        let t = touches(&s, &"c13".parse().unwrap()).unwrap();
        assert_eq!(t.hint.to, v.cell("c13"));
        assert_eq!(t.changed, [v.cell("c13").unwrap()]);
        let mut after = s;
        after.play("c13".parse().unwrap());
        let c13 = &after.view().cells[usize::from(v.cell("c13").unwrap())];
        assert_eq!(
            c13.pieces,
            [PieceView::new(PieceKind::Mound, Some(Seat::of(0)))]
        );
    }
}
