//! No heap on the hot path: along random games of every game, listing the legal actions,
//! mapping them to ids and back, observing from every seat, and playing and undoing an action
//! allocate nothing once the caller's buffers exist (the allocator counts every request).
//!
//! One exception, by design: Repello's state keeps the arrangements met in the current
//! repulsion phase (the rule against repeating one) inline up to 16; a longer phase spills
//! them to the heap, so its play may allocate there and only there.
//!
//! One test in this file: the count is the whole process's, so nothing may run beside it.

use boardgame_kit::{random_action, Actions, Encoding, SplitMix64};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Whether a play may allocate at this state: never, except in a Repello repulsion phase that
/// has already seen more pushes than its inline history holds (the position lists them after
/// `push:N `).
type MayAllocate = fn(&str) -> bool;

fn never(_: &str) -> bool {
    false
}

fn long_repello_phase(position: &str) -> bool {
    let pushes = position
        .split_once(" push:")
        .and_then(|(_, rest)| rest.split_once(' '))
        .map_or(0, |(_, list)| list.split(',').count());
    pushes >= 15
}

/// Plays `games` random games (at most `max_actions` each) and checks every state; returns
/// the number of states checked.
fn check<G: Encoding>(params: &str, games: u64, max_actions: usize, play: MayAllocate) -> usize {
    let params: G::Params = params.parse().unwrap();
    let size = G::observation_shape(&params).size();
    let mut obs = vec![0.0f32; size];
    let mut list = Actions::<G>::new();
    let mut pick = Actions::<G>::new();
    let mut checked = 0;
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed);
        let mut state = G::new(&params);
        let seats: Vec<_> = state.seats().iter().collect();
        for _ in 0..max_actions {
            let Some(action) = random_action(&state, &mut rng, &mut pick) else {
                break;
            };
            let position = state.position();
            let region = Region::new(GLOBAL);
            state.legal_actions(&mut list);
            let mut sum = 0usize;
            for &a in list.iter() {
                let id = state.action_id(a).unwrap_or(usize::MAX);
                sum = sum.wrapping_add(id);
                assert_eq!(state.action_of_id(id), Some(a));
            }
            for &seat in &seats {
                state.observe(seat, &mut obs).unwrap();
            }
            let change = region.change();
            assert_eq!(
                (change.allocations, change.reallocations),
                (0, 0),
                "{} [{params}] seed {seed}: generation, ids or observation allocated at \
                 `{position}` ({} legal actions)",
                G::NAME,
                list.len()
            );
            let region = Region::new(GLOBAL);
            let undo = state.play_unchecked(action);
            state.undo(undo);
            let change = region.change();
            assert!(
                change.allocations + change.reallocations == 0 || play(&position),
                "{} [{params}] seed {seed}: play {action} and undo allocated at `{position}`",
                G::NAME,
            );
            std::hint::black_box(sum);
            state.play_unchecked(action);
            checked += 1;
        }
    }
    checked
}

#[test]
fn generation_ids_observation_play_and_undo_allocate_nothing() {
    let mut states = 0;
    for p in ["", "size=5", "size=9"] {
        states += check::<slimetrail_core::State>(p, 20, 100, never);
    }
    for p in ["", "players=3", "players=4,turn_limit=40"] {
        states += check::<splut_core::State>(p, 6, 300, never);
    }
    for p in [
        "board=blitz",
        "players=4",
        "board=blitz,players=3,per_turn=3",
    ] {
        states += check::<elements_core::State>(p, 4, 400, never);
    }
    for p in ["", "players=3", "players=4"] {
        states += check::<repello_core::State>(p, 4, 300, long_repello_phase);
    }
    for p in ["", "players=3", "players=6,turn_limit=30"] {
        states += check::<arandia_core::State>(p, 4, 300, never);
    }
    assert!(states > 5_000, "{states} states checked");
}
