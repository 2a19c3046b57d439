//! What one searching thread owns: its generator, its scratch space, its playouts.

use crate::SharedWin;
use alloc::vec::Vec;
use boardgame_kit::{Actions, ChanceOutcomes, Game, Seat, SplitMix64, ToAct, MAX_SEATS};

/// The most actions of one iteration that RAVE takes into account.
const RAVE_ACTIONS: usize = 4096;

/// Scratch space reused by every iteration.
#[derive(Clone, Debug)]
pub(super) struct Scratch<G: Game> {
    pub(super) undo: Vec<G::Undo>,
    pub(super) path: Vec<u32>,
    /// With RAVE, the actions of the iteration so far, with the seat that played each
    /// (`None`: a chance outcome); entry `k` leads from `path[k]` to `path[k + 1]`.
    pub(super) played: Vec<(Option<Seat>, G::Action)>,
    /// With RAVE, the actions of one seat among `played`.
    pub(super) mine: Vec<G::Action>,
    pub(super) actions: Actions<G>,
    pub(super) outcomes: ChanceOutcomes<G::Action>,
}

/// What one searching thread owns: its generator, its scratch space and its longest playout.
#[derive(Clone, Debug)]
pub(super) struct Walker<G: Game> {
    pub(super) rng: SplitMix64,
    pub(super) scratch: Scratch<G>,
    /// The longest playout since the last choice began.
    pub(super) longest: u32,
}

impl<G: Game> Walker<G> {
    pub(super) fn new(seed: u64) -> Self {
        Walker {
            rng: SplitMix64::new(seed),
            scratch: Scratch {
                undo: Vec::new(),
                path: Vec::new(),
                played: Vec::new(),
                mine: Vec::new(),
                actions: Actions::<G>::new(),
                outcomes: ChanceOutcomes::new(),
            },
            longest: 0,
        }
    }

    /// Reserves the scratch space once, so that iterations do not allocate.
    pub(super) fn reserve(&mut self) {
        let scratch = &mut self.scratch;
        if scratch.undo.capacity() < 1024 {
            scratch.undo.reserve(1024);
            scratch.path.reserve(1024);
            scratch.played.reserve(RAVE_ACTIONS);
            scratch.mine.reserve(RAVE_ACTIONS);
        }
    }

    /// Notes an action of the iteration for RAVE, up to the reserved room ([`RAVE_ACTIONS`]:
    /// later actions of a long playout are left out rather than allocating).
    pub(super) fn record(&mut self, seat: Option<Seat>, action: G::Action) {
        if self.scratch.played.len() < RAVE_ACTIONS {
            self.scratch.played.push((seat, action));
        }
    }

    /// Takes back every action of the iteration, leaving `state` at the root again.
    pub(super) fn unwind(&mut self, state: &mut G) {
        while let Some(u) = self.scratch.undo.pop() {
            state.undo(u);
        }
    }

    /// Plays the game's playout policy to the end (or the cutoff) and scores the end.
    pub(super) fn playout(&mut self, state: &mut G, rollout: Rollout) -> [f32; MAX_SEATS] {
        let mut steps = 0;
        loop {
            self.longest = self.longest.max(steps);
            if steps >= rollout.limit {
                return state.evaluate().unwrap_or_default().as_array();
            }
            match state.playout_action(&mut self.rng, &mut self.scratch.actions) {
                Some(a) => {
                    if rollout.rave {
                        if let ToAct::Seat(s) = state.to_act() {
                            self.record(Some(s), a);
                        }
                    }
                    self.scratch.undo.push(state.play_unchecked(a));
                    steps += 1;
                }
                None => {
                    return state
                        .outcome()
                        .map(|o| rollout.shared.values(&o))
                        .unwrap_or_default()
                        .as_array()
                }
            }
        }
    }
}

/// What a playout needs to know of the tree (copied out, so that a thread of a shared-tree
/// search plays out without holding the tree).
#[derive(Clone, Copy, Debug)]
pub(super) struct Rollout {
    pub(super) limit: u32,
    pub(super) rave: bool,
    pub(super) shared: SharedWin,
}
