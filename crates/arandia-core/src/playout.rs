//! The playout policy search agents follow past their tree ([`Game::playout_action`]): cheap,
//! heap-free, and much better than uniform play, which rolls ships out of their target
//! harbour as often as it brings them in.
//!
//! - The first unacted ship acts (the order of a player's ships rarely matters).
//! - A ship on its target harbour **shuffles** inside it (it never leaves); a ship on the
//!   island takes the **island move** to the neighbour with the shortest way home; every other
//!   ship rolls. A sunk ship re-enters on a random home cell.
//! - A doubled number (shoal) and the return after a wreck take the cell with the shortest
//!   way home ([`crate::eval::expected_actions`]).
//! - After an arrival among enemies, the ship **attacks** the seat that would lose the most way
//!   by being sunk, when that is more than the mover would lose by being sunk itself (both
//!   sides win a combat equally often); otherwise it declines.
//! - Dice are uniform.

use crate::action::Action;
use crate::board::{self, Cell, TABLES};
use crate::eval::way_home;
use crate::state::{Phase, State, SUNK};
use boardgame_kit::{RandomSource, Seat};

/// How much way home a ship of `seat` on `at` loses when it is sunk (it comes back home).
fn loss_if_sunk(seat: usize, at: u8) -> u32 {
    way_home(seat, SUNK * 2).saturating_sub(way_home(seat, at * 2))
}

/// The cell with the shortest way home for the mover among `cells` (a rock counts as the
/// return home).
fn shortest(seat: usize, cells: impl Iterator<Item = u8>) -> Option<u8> {
    cells.min_by_key(|&c| {
        if TABLES.rock_mask & (1u64 << c) != 0 {
            way_home(seat, SUNK * 2)
        } else {
            way_home(seat, c * 2)
        }
    })
}

/// The policy's action in `state` (see the module documentation); `None` once the game is
/// over.
pub(crate) fn playout_action<R: RandomSource + ?Sized>(
    state: &State,
    rng: &mut R,
) -> Option<Action> {
    let m = state.mover as usize;
    match state.phase {
        Phase::Won | Phase::Drawn => None,
        Phase::Roll { .. } | Phase::AttackRoll { .. } | Phase::DefendRoll { .. } => {
            Some(Action::Die(1 + rng.below(6) as u8))
        }
        Phase::Choose => {
            let ships = state.ships[m];
            if ships.contains(&(SUNK * 2)) {
                let home = TABLES.harbour[board::home_side(m)];
                return Some(Action::Enter(Cell::from_raw(home[rng.below(3) as usize])));
            }
            let code = ships.into_iter().find(|&c| c & 1 == 0 && (c >> 1) < SUNK)?;
            let at = code >> 1;
            let from = Cell::from_raw(at);
            let target = TABLES.harbour_mask[board::target_side(m)];
            if target & (1u64 << at) != 0 {
                let mut moves = State::free_moves(m, at);
                let first = moves.next();
                let pick = match moves.next() {
                    Some(second) if rng.below(2) == 1 => Some(second),
                    _ => first,
                };
                return Some(
                    pick.map_or(Action::At(from), |t| Action::Move(from, Cell::from_raw(t))),
                );
            }
            if at == TABLES.island {
                if let Some(t) = shortest(m, State::free_moves(m, at)) {
                    return Some(Action::Move(from, Cell::from_raw(t)));
                }
            }
            Some(Action::At(from))
        }
        Phase::Pick { from, die } => {
            let (cells, n) = State::usable(m, from.raw(), die);
            shortest(m, cells[..n].iter().copied()).map(|c| Action::At(Cell::from_raw(c)))
        }
        Phase::Wreck => shortest(m, TABLES.harbour[board::home_side(m)].into_iter())
            .map(|c| Action::At(Cell::from_raw(c))),
        Phase::Arrive { at } => {
            let own = loss_if_sunk(m, at.raw());
            let best = state
                .enemies_at(at.raw())
                .iter()
                .map(|s: Seat| (loss_if_sunk(s.index(), at.raw()), s))
                .max_by_key(|&(loss, s)| (loss, core::cmp::Reverse(s.index())));
            Some(match best {
                Some((loss, s)) if loss > own => Action::Attack(s),
                _ => Action::Decline,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::State;
    use boardgame_kit::{Actions, Game, SplitMix64};

    fn position(text: &str) -> State {
        State::from_position(&Default::default(), text).unwrap()
    }

    fn policy(s: &State, seed: u64) -> String {
        let mut rng = SplitMix64::new(seed);
        s.playout_action(&mut rng, &mut Actions::<State>::new())
            .unwrap()
            .to_string()
    }

    #[test]
    fn a_ship_on_its_target_harbour_shuffles_and_never_rolls() {
        // Seat 0's target is b1 c1 d1; its ship on c1 is the first to act.
        let s = position("0 - t4 0:c1,e5,g9 3:b1,c1,d1");
        for seed in 0..20 {
            let a = policy(&s, seed);
            assert!(a == "c1-b1" || a == "c1-d1", "{a}");
        }
    }

    #[test]
    fn the_policy_always_plays_legal_actions_until_the_end() {
        for players in [2u8, 3, 4, 6] {
            let params = format!("players={players}").parse().unwrap();
            let mut s = State::new(&params);
            let mut rng = SplitMix64::new(u64::from(players));
            let mut buf = Actions::<State>::new();
            let mut n = 0;
            while let Some(a) = s.playout_action(&mut rng, &mut buf) {
                assert!(s.is_legal(&a), "{a} in {}", s.position());
                s.play(a);
                n += 1;
                assert!(n < 200_000, "the policy brings a fleet home");
            }
            assert!(s.outcome().is_some());
        }
    }
}
