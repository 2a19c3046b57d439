//! The evaluation search agents use beyond their horizon.
//!
//! A player stays in the game while it owns a block and can reach a cell to place on, so the
//! terms count what keeps it alive and what lets it grow. For each player still in the game:
//!
//! - **Blocks** (`1.0` each): a player with no block is out.
//! - **Live mounds** (`0.5` each): mounds chained to one of the player's blocks, which conduct
//!   its reach (dead mounds are only walls).
//! - **Reach** (`0.25` per cell): the cells touching the player's blocks and live mounds that it
//!   could place on (empty, or another player's block to eat), its room for the next turn.
//!
//! Eliminated players get the lowest strength. Each seat's value is its strength minus the best
//! strength among the other seats, over a scale that grows with the pieces on the board
//! ([`SeatValues::relative`]).
//!
//! **Endgame** ([`ENDGAME_PLACEMENTS`]): games between unequal players are decided when the
//! board fills, by who is first left with no cell to place on or no block, which the terms
//! above cannot see (a player far ahead on them can still be the first one stuck). So once at
//! most [`ENDGAME_PLACEMENTS`] placements can remain (an empty cell takes at most two more, a
//! block and then an eat; a block at most one, an eat), the position is scored instead by the
//! outcome of one uniform playout to the end of the game, seeded by the position's key (the
//! same position always gets the same score, and the search stays deterministic).
//!
//! Searches share what they learn about a cell across the orders it is taken in (RAVE,
//! [`RAVE_EQUIVALENCE`]).
//!
//! Search playouts ([`playout_place`]) draw straight from the state's bitboards (no action list).
//! With two players they eat whenever they can in the opening, while at least half of the board's
//! cells are empty: if the seat to place can reach the other player's blocks, it eats one of them,
//! drawn uniformly; otherwise, and for the rest of the game, it places uniformly among its legal
//! cells. The opening is where the two fronts meet, and there eating is what kills (a player whose
//! last block is eaten is out, and a turn of seven placements can eat a whole thin front): playouts
//! that build at random beside an enemy that never bites cannot tell a safe placement from one that
//! hands the enemy a block to eat, and with uniform playouts a search as the first seat lost to the
//! same search as the second nearly every game, whatever the budgets. Later the game becomes a race
//! to fill the board, which uniform playouts judge better: against a random player, a search whose
//! playouts ate first all game lost 28 of 113 games, and one whose playouts ate first until the
//! endgame rule's 300 placements 12 of 130, against 1 of those 113 and 2 of those 130 with uniform
//! playouts. With three or four players the playouts stay uniform throughout: there eating first,
//! even only before the endgame, lost more games to random players (13 of 200 in three players,
//! against 7; 14 of 160 in four, against 7). Playouts stop after one round of turns
//! ([`playout_cutoff`]), where this evaluation scores them: whole games on the 20x20 board last
//! hundreds of placements, and the terms above already say who is growing.

use crate::state::State;
use crate::{Params, Place};
use boardgame_kit::{Cell, Game, RandomSource, SeatValues, SplitMix64, MAX_SEATS};

const BLOCK: f32 = 1.0;
const LIVE_MOUND: f32 = 0.5;
const REACH: f32 = 0.25;
const OUT: f32 = -1.0e6;

/// The most placements that can remain (`2 x empty cells + blocks`) for [`evaluate`] to score
/// a position by a playout to the end rather than by its terms.
pub const ENDGAME_PLACEMENTS: u32 = 300;

/// An upper bound on the placements left in the game: each empty cell can take a block and
/// then an eat, each block an eat, and mounds take nothing.
fn placements_bound(state: &State) -> u32 {
    2 * empty_cells(state) + state.all_blocks().count()
}

/// The board's cells holding neither a block nor a mound.
fn empty_cells(state: &State) -> u32 {
    let occupied = state.all_blocks() | state.all_mounds();
    state.geo().mask().count() - occupied.count()
}

/// Whether at least half of the board's cells are empty.
fn in_opening(state: &State) -> bool {
    2 * empty_cells(state) >= state.geo().mask().count()
}

/// The outcome of a uniform playout from `state` to the end of the game, seeded by the
/// position's key; `None` if the game is already over.
fn endgame_playout(state: &State) -> Option<SeatValues> {
    if state.is_over() {
        return None;
    }
    let mut end = *state;
    let mut rng = SplitMix64::new(state.position_key());
    while let Some(place) = uniform_place(&end, &mut rng) {
        end.play_unchecked(place);
    }
    end.outcome().map(|o| SeatValues::from_outcome(&o))
}

/// The position's value for every seat (see the module documentation).
///
/// ```
/// use elements_core::State;
/// use boardgame_kit::{Game, Seat};
/// let s = State::new(&Default::default());
/// // Nobody has placed yet: nobody is ahead.
/// assert_eq!(s.evaluate().unwrap().get(Seat::of(0)), 0.0);
/// ```
pub fn evaluate(state: &State) -> SeatValues {
    if placements_bound(state) <= ENDGAME_PLACEMENTS {
        if let Some(values) = endgame_playout(state) {
            return values;
        }
    }
    let geo = state.geo();
    let (mask, stride) = (geo.mask(), geo.stride());
    let mut all_mounds = state.mounds[0];
    for m in &state.mounds[1..] {
        all_mounds |= *m;
    }
    let mut strength = [OUT; MAX_SEATS];
    let mut pieces = 0;
    for seat in state.seats().iter() {
        let s = seat.index();
        if state.active >> s & 1 == 0 {
            continue;
        }
        let blocks = state.blocks[s];
        let live = state.live[s];
        let reach = (blocks | live).dilate8(mask, stride) & !blocks & !all_mounds;
        pieces += blocks.count() + live.count();
        strength[s] = BLOCK * blocks.count() as f32
            + LIVE_MOUND * live.count() as f32
            + REACH * reach.count() as f32;
    }
    SeatValues::relative(state.seats(), strength, 8.0 + pieces as f32 / 4.0)
}

/// The RAVE equivalence the search agents use for Elements ([`Game::rave_equivalence`]):
/// a placement on a cell is worth much the same a few placements earlier or later, so each
/// simulation also scores every cell a seat took later on as if it had been taken first,
/// and a choice among the 100-odd cells of a turn is not left to a handful of noisy samples
/// each. Measured with `mcts` 1,000 against three random seats: without it 16 losses in 100
/// games, with it 4 (10 in 200).
pub const RAVE_EQUIVALENCE: u32 = 300;

/// How many placements a search playout makes before [`evaluate`] scores it: one round (a
/// turn of every player), at least 8.
///
/// ```
/// use elements_core::{eval::playout_cutoff, Params};
/// assert_eq!(playout_cutoff(&Params::default()), 14); // two players, seven placements each
/// ```
#[must_use]
pub fn playout_cutoff(params: &Params) -> u32 {
    (u32::from(params.per_turn) * u32::from(params.players)).max(8)
}

/// The search playouts' placement: with two players and while at least half of the board's
/// cells are empty, an eat, drawn uniformly among the other player's blocks the seat to place
/// can reach, if there is one; else a uniform legal placement. `None` once the game is over.
///
/// ```
/// use boardgame_kit::{Game, SplitMix64};
/// use elements_core::{eval::playout_place, State};
/// let s = State::new(&Default::default());
/// let place = playout_place(&s, &mut SplitMix64::new(1)).unwrap();
/// assert!(s.is_legal(&place));
/// ```
pub fn playout_place<R: RandomSource + ?Sized>(state: &State, rng: &mut R) -> Option<Place> {
    if state.params.players == 2 && !state.is_over() && in_opening(state) {
        let eats = state.moves & state.all_blocks();
        let e = eats.count();
        if e > 0 {
            return nth_cell(state, eats, rng.below(u64::from(e)) as u32);
        }
    }
    uniform_place(state, rng)
}

/// A uniform legal placement; `None` once the game is over.
fn uniform_place<R: RandomSource + ?Sized>(state: &State, rng: &mut R) -> Option<Place> {
    let n = state.moves.count();
    if state.is_over() || n == 0 {
        return None;
    }
    nth_cell(state, state.moves, rng.below(u64::from(n)) as u32)
}

/// The `k`-th cell (in index order) of `set`, as a placement; `None` if `set` has `k` or fewer.
fn nth_cell(state: &State, set: boardgame_kit::Bitboard7, mut k: u32) -> Option<Place> {
    let stride = state.geo().stride();
    for (w, &word) in set.0.iter().enumerate() {
        let here = word.count_ones();
        if k >= here {
            k -= here;
            continue;
        }
        let mut bits = word;
        for _ in 0..k {
            bits &= bits - 1;
        }
        let i = w * 64 + bits.trailing_zeros() as usize;
        return Some(Place::new(Cell::new(
            (i % stride) as u8,
            (i / stride) as u8,
        )));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;
    use boardgame_kit::{Actions, Seat, ToAct};
    use std::collections::BTreeSet;

    /// Blitz, water to make its last placement: water's lone block a14 has three empty cells
    /// beside it and is cut off from its own (dead) mounds, which fill the rest of the board
    /// around earth's nine blocks in the bottom-right corner. Earth leads on the terms (nine
    /// blocks against one), but whatever water plays, earth is stuck when its turn comes and is
    /// out: water wins, and the endgame score says so exactly.
    #[test]
    fn endgame_scores_the_player_walled_in_as_lost_whatever_its_material() {
        let params: Params = "board=blitz".parse().unwrap();
        let mut ranks = vec!["W1wwwwwwwwwwww", "2wwwwwwwwwwww"];
        ranks.extend(["wwwwwwwwwwwwww"; 9]);
        ranks.extend(["wwwwwwwwwwwEEE"; 3]);
        let text = format!("{} w 1 we -", ranks.join("/"));
        let s = State::from_position(&params, &text).unwrap();
        assert!(placements_bound(&s) <= ENDGAME_PLACEMENTS);
        let (water, earth) = (Seat::of(0), Seat::of(2));
        let v = evaluate(&s);
        assert_eq!((v.get(water), v.get(earth)), (1.0, -1.0));
        // A wide-open position is scored by the terms, strictly between a win and a loss.
        let mut open = State::new(&params);
        for cell in ["a14", "n1"] {
            open.play(cell.parse().unwrap());
            while open.placements_left() > 0 && open.to_act() == ToAct::Seat(Seat::of(0)) {
                let mut list = Actions::<State>::new();
                open.legal_actions(&mut list);
                open.play(list[0]);
            }
        }
        assert!(placements_bound(&open) > ENDGAME_PLACEMENTS);
        let v = evaluate(&open);
        assert!(v.get(water).abs() < 1.0 && v.get(earth).abs() < 1.0);
    }

    /// The cells `state`'s seat to place can eat (another player's block it can reach).
    fn eats(state: &State) -> Vec<Place> {
        let mut list = Actions::<State>::new();
        state.legal_actions(&mut list);
        let ToAct::Seat(me) = state.to_act() else {
            return Vec::new();
        };
        list.iter()
            .copied()
            .filter(|p| {
                state
                    .piece(p.cell())
                    .is_some_and(|piece| piece.seat != me && piece.kind == Kind::Block)
            })
            .collect()
    }

    /// Whether repeated draws of [`playout_place`] in `state` cover exactly `expected`.
    fn draws_cover(state: &State, expected: &[Place], rng: &mut SplitMix64) -> bool {
        let expected: BTreeSet<Place> = expected.iter().copied().collect();
        let mut seen = BTreeSet::new();
        for _ in 0..100 * expected.len() {
            seen.insert(playout_place(state, rng).unwrap());
        }
        seen == expected
    }

    #[test]
    fn two_player_playouts_eat_whenever_they_can_in_the_opening_and_others_are_uniform() {
        for players in [2u8, 3, 4] {
            let params: Params = format!("players={players}").parse().unwrap();
            let mut rng = SplitMix64::new(u64::from(players));
            let mut list = Actions::<State>::new();
            // A playout from the start. Placements in the opening (half the board or more
            // empty): [eats, uniform draws with an eat legal, uniform draws without one].
            let mut made = [0; 3];
            let mut s = State::new(&params);
            while let Some(p) = playout_place(&s, &mut rng) {
                assert!(s.is_legal(&p), "{p} in {}", s.position());
                if !in_opening(&s) {
                    // Checked below.
                    s.play(p);
                    continue;
                }
                let can_eat = eats(&s);
                let kind = match (can_eat.is_empty(), players) {
                    (false, 2) => {
                        // Two players, an eat is legal: the playout eats.
                        assert!(can_eat.contains(&p), "{p} does not eat in {}", s.position());
                        0
                    }
                    (false, _) => 1,
                    (true, _) => 2,
                };
                made[kind] += 1;
                if made[kind] == 20 {
                    // Every candidate is drawn sometimes: the draw is uniform over the cells
                    // that eat when the playout eats, else over every legal cell.
                    let expected = if kind == 0 {
                        can_eat
                    } else {
                        s.legal_actions(&mut list);
                        list.to_vec()
                    };
                    assert!(draws_cover(&s, &expected, &mut rng), "{}", s.position());
                }
                s.play(p);
            }
            assert!(s.outcome().is_some());
            let two = players == 2;
            assert!(
                made[2] >= 20 && (made[0] >= 20) == two && (made[1] >= 20) != two,
                "{players} players: {made:?}"
            );
            // After the opening every playout draws uniformly over every legal cell, eats or
            // not: uniform placements until then, then a position where an eat is legal.
            let mut s = State::new(&params);
            while in_opening(&s) || eats(&s).is_empty() {
                let p = uniform_place(&s, &mut rng).expect("a uniform game reaches the endgame");
                s.play(p);
            }
            s.legal_actions(&mut list);
            assert!(list.len() > eats(&s).len());
            assert!(draws_cover(&s, &list, &mut rng), "{}", s.position());
        }
    }
}
