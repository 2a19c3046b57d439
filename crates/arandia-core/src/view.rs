//! The board view for generic renderers ([`boardgame_kit::view`]).

use crate::action::Action;
use crate::board::{Cell, Terrain as CellTerrain, RADIUS};
use crate::state::{Phase, Place, State};
use alloc::vec::Vec;
use boardgame_kit::view::{
    seat_views, status_text, ActionHint, BoardView, CellIndex, CellView, Geometry, PieceKind,
    PieceView, Terrain, View,
};
use boardgame_kit::{Game, Seat};

/// The 61 hexes in cell order (file by file, the order of the texts), in the kit's axial
/// coordinates (`x` the file, `y` the rank): rocks, harbours with their sides, the island and
/// the shoals; ships with their owners, marked `spent` once they have acted this turn (ships
/// are interchangeable, so they carry no identity). A roll starts from the ship's cell and has
/// no destination until the die falls; a pick, a shuffle or an island move goes from the
/// ship's cell to the chosen cell; a re-entry or a wrecked ship's return goes to its cell; an
/// attack or a refusal acts on the arrival cell.
///
/// ```
/// use boardgame_kit::view::{touches, BoardView, Geometry};
/// use boardgame_kit::Game;
/// let s = arandia_core::State::new(&Default::default());
/// let v = s.view();
/// assert_eq!(v.geometry, Geometry::Hex { radius: 4 });
/// assert_eq!(v.cells.len(), 61);
/// let t = touches(&s, &"f9-g9".parse().unwrap()).unwrap();
/// assert_eq!((t.hint.from, t.hint.to), (v.cell("f9"), v.cell("g9")));
/// ```
impl BoardView for State {
    fn view(&self) -> View {
        let mut cells: Vec<CellView> = Cell::all()
            .map(|c| {
                let h = c.hex();
                let mut here = CellView::new(alloc::format!("{c}"), h.file as u8, h.rank as u8);
                here.terrain = match c.terrain() {
                    CellTerrain::Sea => Terrain::Plain,
                    CellTerrain::Rock => Terrain::Rock,
                    CellTerrain::Harbour(side) => Terrain::Harbour { side },
                    CellTerrain::Island => Terrain::Island,
                    CellTerrain::Shoal => Terrain::Shoal,
                };
                here
            })
            .collect();
        for seat in self.seats().iter() {
            for ship in self.ships(seat) {
                if let Place::At(c) = ship.place {
                    let mut piece = PieceView::new(PieceKind::Ship, Some(seat));
                    piece.spent = ship.acted;
                    cells[c.index()].pieces.push(piece);
                }
            }
        }
        let note = |seat: Seat| {
            let off: Vec<&str> = self
                .ships(seat)
                .iter()
                .filter_map(|s| match s.place {
                    Place::Sunk => Some("sunk"),
                    Place::Wrecked => Some("wrecked"),
                    _ => None,
                })
                .collect();
            off.join(", ")
        };
        View {
            geometry: Geometry::Hex {
                radius: RADIUS as u8,
            },
            cells,
            seats: seat_views(self, |_| true, note),
            to_act: self.to_act().seat(),
            status: self.status(),
        }
    }

    fn action_hint(&self, action: &Action) -> ActionHint {
        let at = |c: Cell| Some(c.index() as CellIndex);
        let (from, to) = match (*action, self.phase()) {
            (Action::At(c), Phase::Choose) => (at(c), None),
            (Action::At(c), Phase::Pick { from, .. }) => (at(from), at(c)),
            (Action::At(c), _) | (Action::Enter(c), _) => (None, at(c)),
            (Action::Move(a, b), _) => (at(a), at(b)),
            (Action::Attack(_) | Action::Decline, Phase::Arrive { at: c }) => (None, at(c)),
            _ => (None, None),
        };
        ActionHint {
            from,
            to,
            path: Vec::new(),
        }
    }
}

impl State {
    /// One line for a person: who acts and what is pending, or the result.
    fn status(&self) -> alloc::string::String {
        let m = self.mover().index();
        match self.phase() {
            Phase::Choose => alloc::format!("seat {m} chooses a ship"),
            Phase::Roll { from } => alloc::format!("the die rolls for seat {m}'s ship on {from}"),
            Phase::Pick { from, die } => {
                alloc::format!("seat {m}'s ship on {from} rolled {die}: pick its cell")
            }
            Phase::Wreck => alloc::format!("seat {m}'s wrecked ship: pick its home cell"),
            Phase::Arrive { at } => alloc::format!("seat {m} arrived on {at}: attack or decline"),
            Phase::AttackRoll { at, .. } => alloc::format!("combat on {at}: the attacker rolls"),
            Phase::DefendRoll { at, roll, .. } => {
                alloc::format!("combat on {at}: the attacker rolled {roll}, the defender rolls")
            }
            _ => status_text(self, "to act"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_kit::view::touches;

    fn ships(v: &View) -> Vec<(&str, usize)> {
        v.cells
            .iter()
            .flat_map(|c| {
                c.pieces
                    .iter()
                    .map(move |p| (c.name.as_str(), p.owner.unwrap().index()))
            })
            .collect()
    }

    #[test]
    fn start_views_put_three_ships_on_each_home_harbour() {
        for (players, seats) in [(2, 2), (3, 3), (4, 4), (6, 6)] {
            let v = State::new(&alloc::format!("players={players}").parse().unwrap()).view();
            assert_eq!(v.cells.len(), 61);
            assert_eq!(ships(&v).len(), 3 * seats);
            for (name, seat) in ships(&v) {
                let c = &v.cells[usize::from(v.cell(name).unwrap())];
                assert_eq!(c.terrain, Terrain::Harbour { side: seat as u8 }, "{name}");
            }
            let count = |t: Terrain| v.cells.iter().filter(|c| c.terrain == t).count();
            assert_eq!(count(Terrain::Rock), 6);
            assert_eq!(count(Terrain::Shoal), 6);
            assert_eq!(count(Terrain::Island), 1);
            // Axial coordinates: |x - y| <= 4 on a hexagon of radius 4.
            assert!(v.cells.iter().all(|c| (c.x as i32 - c.y as i32).abs() <= 4));
        }
    }

    #[test]
    fn a_roll_has_a_source_and_its_die_moves_the_ship() {
        let s = State::new(&Default::default());
        let v = s.view();
        let t = touches(&s, &"f9".parse().unwrap()).unwrap();
        assert_eq!((t.hint.from, t.hint.to), (v.cell("f9"), None));
        // The ship is marked as acted at once; then a 6 (south-east) takes it to f8.
        let mut rolled = s;
        rolled.play("f9".parse().unwrap());
        let f9 = &rolled.view().cells[usize::from(v.cell("f9").unwrap())];
        assert!(f9.pieces[0].spent);
        let t = touches(&rolled, &"6".parse().unwrap()).unwrap();
        assert_eq!((t.hint.from, t.hint.to), (None, None));
        assert_eq!(t.changed, [v.cell("f8").unwrap(), v.cell("f9").unwrap()]);
    }

    #[test]
    fn a_wrecked_ship_is_listed_with_its_seat_until_it_returns() {
        let mut s = State::new(&Default::default());
        s.play("f9".parse().unwrap());
        s.play("4".parse().unwrap()); // west of f9 is the rock e9
        let v = s.view();
        assert_eq!(v.seats[0].note, "wrecked");
        assert_eq!(ships(&v).len(), 5);
        let t = touches(&s, &"h9".parse().unwrap()).unwrap();
        assert_eq!((t.hint.from, t.hint.to), (None, v.cell("h9")));
    }
}
