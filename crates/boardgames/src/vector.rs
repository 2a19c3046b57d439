//! Many games of one kind stepped together: [`VectorGame`], the engine of the Python package's
//! `boardgames.VectorGame` and of its Gymnasium adapters.
//!
//! A vector holds `num_envs` games of one game and parameters. [`VectorGame::step`] plays one
//! action in each of them (the id of an action of the fixed action space, for the seat to act)
//! and writes what a learner needs into buffers the caller owns ([`Buffers`]): each game's
//! observation seen from the seat to act, its legal mask, the seat to act, the rewards of the
//! games that ended, and whether each ended by the rules (`terminated`) or was cut at the cap
//! on its actions (`truncated`). Nothing is allocated per step. Chance outcomes are drawn
//! inside, with their exact probabilities, from each game's own generator, seeded from the
//! vector's seed and the game's index. A game that ends is started again in the same step
//! (Gymnasium's "same step" autoreset): its rewards and flags report the end, its rows of the
//! observation and the mask already show the new game.
//!
//! The games are split into contiguous blocks, one per thread (scoped threads, started for
//! each call; one thread works on the calling thread). Each game's outcome depends only on its
//! own actions and generator, so the same seed, number of games and actions give the same games
//! on any number of threads. A vector uses at most [`MAX_THREADS`] threads and holds at most
//! [`MAX_ENVS`] games; a thread the system refuses to start is an error before any game
//! changed.
//!
//! With an opponent ([`Settings::opponent`], any agent SPEC), the learner plays one seat of
//! each game (a fixed one or one drawn at each start) and the agent plays every other seat
//! inside the step, so every game waits for the learner's seat.
//!
//! ```
//! use boardgames::vector::{Buffers, Settings, VectorGame};
//! let entry = boardgames::find("slimetrail").unwrap();
//! let mut v = VectorGame::new(entry, "size=5", &Settings::new(4)).unwrap();
//! let mut out = v.buffers();
//! v.reset(None, &mut out.view()).unwrap();
//! assert!(out.to_act.iter().all(|&s| s == 0));
//! // Each game plays its first legal action.
//! let actions: Vec<i64> = (0..4)
//!     .map(|i| out.mask[i * v.num_actions()..][..v.num_actions()].iter().position(|&m| m).unwrap() as i64)
//!     .collect();
//! v.step(&actions, &mut out.view()).unwrap();
//! assert!(out.to_act.iter().all(|&s| s == 1));
//! // An illegal action is refused and changes nothing.
//! let before = v.positions();
//! assert!(v.step(&[-1, 0, 0, 0], &mut out.view()).is_err());
//! assert_eq!(v.positions(), before);
//! ```

use crate::registry::{GameEntry, SetupError};
use boardgame_ai::{Agent, SpecError};
use boardgame_kit::drivers::sample_chance;
use boardgame_kit::{
    Actions, ChanceOutcomes, Encoding, Game, RandomSource, Seat, SplitMix64, ToAct,
};
use std::sync::mpsc;

/// The most threads a vector steps on.
pub const MAX_THREADS: usize = 256;

/// The most games a vector holds.
pub const MAX_ENVS: usize = 1 << 20;

/// How a vector is made: the number of games, the seed, the threads, an opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The number of games (1 to [`MAX_ENVS`]).
    pub num_envs: usize,
    /// The seed of the games' generators (chance outcomes, the learner's seats, the
    /// opponents' seeds).
    pub seed: u64,
    /// The threads to step on (1 to [`MAX_THREADS`]; `None`: the available cores). Never more
    /// than the games.
    pub threads: Option<usize>,
    /// An agent SPEC that plays every seat but the learner's (`None`: the caller plays every
    /// seat).
    pub opponent: Option<String>,
    /// With an opponent, the learner's seat number among the seats in play (`None`: a seat
    /// drawn at the start of each game).
    pub seat: Option<usize>,
    /// The cap on the actions of one game (chance outcomes included): a game still running
    /// then is truncated. `None`: the learner defaults' cap ([`crate::learn::max_actions`]).
    pub max_actions: Option<u64>,
}

impl Settings {
    /// `num_envs` games, seed 0, the available cores, no opponent, the learner defaults' cap.
    #[must_use]
    pub fn new(num_envs: usize) -> Settings {
        Settings {
            num_envs,
            seed: 0,
            threads: None,
            opponent: None,
            seat: None,
            max_actions: None,
        }
    }
}

/// Why a vector could not be made or stepped; nothing changed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum VectorError {
    /// The game or its parameters could not be started.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The opponent's SPEC does not read.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A setting is out of its range.
    #[error("{what} must be from {min} to {max}, not {got}")]
    Range {
        /// The setting.
        what: &'static str,
        /// The smallest value allowed.
        min: usize,
        /// The largest value allowed.
        max: usize,
        /// The value given.
        got: usize,
    },
    /// There is not one action per game.
    #[error("one action per game is needed: {expected} actions, not {got}")]
    Count {
        /// The number of games.
        expected: usize,
        /// The number of actions given.
        got: usize,
    },
    /// An action is not legal in its game.
    #[error("game {env}: action {action} is not legal for the seat to act (legal ids: {legal})")]
    Illegal {
        /// The game's index.
        env: usize,
        /// The action given.
        action: i64,
        /// The legal ids, for the message.
        legal: String,
    },
    /// The buffers given do not have the vector's sizes.
    #[error("buffer `{name}` holds {got} values, not {expected}")]
    Buffer {
        /// The buffer.
        name: &'static str,
        /// Its expected length.
        expected: usize,
        /// Its length.
        got: usize,
    },
    /// Memory for the games could not be taken.
    #[error("not enough memory for {0} games")]
    Memory(usize),
    /// The system refused to start a thread.
    #[error("could not start a thread: {0}")]
    Thread(String),
    /// The opponent could not choose (a game it cannot play).
    #[error("the opponent could not choose in game {env}: {reason}")]
    Opponent {
        /// The game's index.
        env: usize,
        /// Why.
        reason: String,
    },
}

/// The buffers a vector writes, borrowed from their owner (rows are games, in order).
#[derive(Debug)]
pub struct Buffers<'a> {
    /// `num_envs × observation size`: each game's observation seen from the seat to act.
    pub obs: &'a mut [f32],
    /// `num_envs × num_actions`: `true` at the legal ids.
    pub mask: &'a mut [bool],
    /// `num_envs`: the seat number (among the seats in play) to act.
    pub to_act: &'a mut [i64],
    /// `num_envs × num_players`: each seat's return in the games that ended in the step.
    pub rewards: &'a mut [f32],
    /// `num_envs`: the game ended by the rules in the step.
    pub terminated: &'a mut [bool],
    /// `num_envs`: the game was cut at the cap in the step.
    pub truncated: &'a mut [bool],
    /// `num_envs × observation size`: for the games that ended in the step, the last position
    /// seen from the seat that acted (the rows of the other games are left as they were).
    pub final_obs: &'a mut [f32],
}

/// Buffers owned, of a vector's sizes ([`VectorGame::buffers`]), for Rust callers.
#[derive(Clone, Debug, Default)]
pub struct OwnedBuffers {
    /// See [`Buffers::obs`].
    pub obs: Vec<f32>,
    /// See [`Buffers::mask`].
    pub mask: Vec<bool>,
    /// See [`Buffers::to_act`].
    pub to_act: Vec<i64>,
    /// See [`Buffers::rewards`].
    pub rewards: Vec<f32>,
    /// See [`Buffers::terminated`].
    pub terminated: Vec<bool>,
    /// See [`Buffers::truncated`].
    pub truncated: Vec<bool>,
    /// See [`Buffers::final_obs`].
    pub final_obs: Vec<f32>,
}

impl OwnedBuffers {
    /// The buffers borrowed.
    pub fn view(&mut self) -> Buffers<'_> {
        Buffers {
            obs: &mut self.obs,
            mask: &mut self.mask,
            to_act: &mut self.to_act,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            final_obs: &mut self.final_obs,
        }
    }
}

/// The sizes of a vector's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sizes {
    envs: usize,
    obs: usize,
    actions: usize,
    players: usize,
}

/// Many games of one game and parameters, stepped together (see the module docs).
pub struct VectorGame {
    inner: Box<dyn Stepper>,
    sizes: Sizes,
    threads: usize,
}

impl std::fmt::Debug for VectorGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VectorGame")
            .field("num_envs", &self.sizes.envs)
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

impl VectorGame {
    /// A vector of the game of `entry` with parameters `params` (as given: the caller adds the
    /// learner defaults, [`crate::learn::params`]). The games are at their start, not yet
    /// written to any buffer: call [`VectorGame::reset`] first.
    pub fn new(
        entry: &GameEntry,
        params: &str,
        settings: &Settings,
    ) -> Result<VectorGame, VectorError> {
        let n = settings.num_envs;
        if n == 0 || n > MAX_ENVS {
            return Err(VectorError::Range {
                what: "num_envs",
                min: 1,
                max: MAX_ENVS,
                got: n,
            });
        }
        let threads = match settings.threads {
            Some(t) if t == 0 || t > MAX_THREADS => {
                return Err(VectorError::Range {
                    what: "threads",
                    min: 1,
                    max: MAX_THREADS,
                    got: t,
                })
            }
            Some(t) => t,
            None => std::thread::available_parallelism().map_or(1, |c| c.get().min(MAX_THREADS)),
        }
        .min(n);
        let cap = match settings.max_actions {
            Some(m) => m,
            None => crate::learn::max_actions(entry, params)?,
        };
        let inner = entry.vector(params, settings, cap)?;
        let sizes = inner.sizes();
        if let Some(seat) = settings.seat {
            if settings.opponent.is_some() && seat >= sizes.players {
                return Err(VectorError::Range {
                    what: "seat",
                    min: 0,
                    max: sizes.players - 1,
                    got: seat,
                });
            }
        }
        Ok(VectorGame {
            inner,
            sizes,
            threads,
        })
    }

    /// The number of games.
    pub fn num_envs(&self) -> usize {
        self.sizes.envs
    }

    /// The size of one observation.
    pub fn observation_size(&self) -> usize {
        self.sizes.obs
    }

    /// The number of ids of players' actions.
    pub fn num_actions(&self) -> usize {
        self.sizes.actions
    }

    /// The number of seats in play.
    pub fn num_players(&self) -> usize {
        self.sizes.players
    }

    /// The threads the vector steps on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Buffers of this vector's sizes, zeroed (taken fallibly).
    pub fn buffers(&self) -> OwnedBuffers {
        let s = self.sizes;
        OwnedBuffers {
            obs: vec![0.0; s.envs * s.obs],
            mask: vec![false; s.envs * s.actions],
            to_act: vec![0; s.envs],
            rewards: vec![0.0; s.envs * s.players],
            terminated: vec![false; s.envs],
            truncated: vec![false; s.envs],
            final_obs: vec![0.0; s.envs * s.obs],
        }
    }

    fn check(&self, out: &Buffers<'_>) -> Result<(), VectorError> {
        let s = self.sizes;
        let sizes = [
            ("obs", out.obs.len(), s.envs * s.obs),
            ("mask", out.mask.len(), s.envs * s.actions),
            ("to_act", out.to_act.len(), s.envs),
            ("rewards", out.rewards.len(), s.envs * s.players),
            ("terminated", out.terminated.len(), s.envs),
            ("truncated", out.truncated.len(), s.envs),
            ("final_obs", out.final_obs.len(), s.envs * s.obs),
        ];
        for (name, got, expected) in sizes {
            if got != expected {
                return Err(VectorError::Buffer {
                    name,
                    expected,
                    got,
                });
            }
        }
        Ok(())
    }

    /// Starts every game anew (reseeding the generators from `seed` when one is given) and
    /// writes the observations, masks and seats to act; rewards and flags are cleared.
    pub fn reset(&mut self, seed: Option<u64>, out: &mut Buffers<'_>) -> Result<(), VectorError> {
        self.check(out)?;
        self.inner.reset(seed, self.threads, out)
    }

    /// Plays `actions[i]` in game `i` for its seat to act (see the module docs). An action
    /// that is not legal in its game is refused before any game changed.
    pub fn step(&mut self, actions: &[i64], out: &mut Buffers<'_>) -> Result<(), VectorError> {
        self.check(out)?;
        if actions.len() != self.sizes.envs {
            return Err(VectorError::Count {
                expected: self.sizes.envs,
                got: actions.len(),
            });
        }
        self.inner.step(actions, self.threads, out)
    }

    /// Each game's position in the game's notation.
    pub fn positions(&self) -> Vec<String> {
        self.inner.positions()
    }
}

/// The game-typed half of a vector.
pub(crate) trait Stepper: Send {
    fn sizes(&self) -> Sizes;
    fn reset(
        &mut self,
        seed: Option<u64>,
        threads: usize,
        out: &mut Buffers<'_>,
    ) -> Result<(), VectorError>;
    fn step(
        &mut self,
        actions: &[i64],
        threads: usize,
        out: &mut Buffers<'_>,
    ) -> Result<(), VectorError>;
    fn positions(&self) -> Vec<String>;
}

/// The [`Stepper`] of game `G` for [`crate::GameEntry`]: `params` as given, `cap` the cap.
pub(crate) fn stepper<G: Game + Encoding>(
    params: &str,
    settings: &Settings,
    cap: u64,
) -> Result<Box<dyn Stepper>, VectorError> {
    let params: G::Params = params.parse().map_err(SetupError::from)?;
    let start = G::new(&params);
    let seats: Vec<Seat> = start.seats().iter().collect();
    let sizes = Sizes {
        envs: settings.num_envs,
        obs: G::observation_shape(&params).size(),
        actions: G::num_distinct_actions(&params),
        players: seats.len(),
    };
    let mut envs = Vec::new();
    envs.try_reserve_exact(sizes.envs)
        .map_err(|_| VectorError::Memory(sizes.envs))?;
    for i in 0..sizes.envs {
        let seed = env_seed(settings.seed, i);
        let opponent = match &settings.opponent {
            Some(spec) => Some(boardgame_ai::from_spec::<G>(spec, seed)?),
            None => None,
        };
        envs.push(Env {
            state: start.clone(),
            rng: SplitMix64::new(seed),
            actions: 0,
            learner: settings.seat.unwrap_or(0),
            opponent,
            legal: Actions::<G>::new(),
        });
    }
    Ok(Box::new(Games {
        start,
        seats,
        envs,
        sizes,
        cap,
        seat: settings.seat,
        opponent: settings.opponent.clone(),
    }))
}

/// The seed of game `i`'s generator.
fn env_seed(seed: u64, i: usize) -> u64 {
    let mut mix = SplitMix64::new(seed ^ (i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
    mix.next_u64()
}

/// One game of a vector.
struct Env<G: Game> {
    state: G,
    rng: SplitMix64,
    /// Actions played in this game (chance outcomes included).
    actions: u64,
    /// With an opponent, the learner's seat number.
    learner: usize,
    opponent: Option<Box<dyn Agent<G>>>,
    /// The legal actions of the seat to act (what the mask shows).
    legal: Actions<G>,
}

/// A vector's games of type `G`.
struct Games<G: Game + Encoding> {
    start: G,
    seats: Vec<Seat>,
    envs: Vec<Env<G>>,
    sizes: Sizes,
    cap: u64,
    seat: Option<usize>,
    opponent: Option<String>,
}

/// One block of games with its rows of the buffers.
struct Block<'a, G: Game> {
    envs: &'a mut [Env<G>],
    rows: Rows<'a>,
    actions: &'a [i64],
    /// The index of the block's first game.
    offset: usize,
}

/// A block's rows of the buffers (see [`Buffers`]).
struct Rows<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [bool],
    to_act: &'a mut [i64],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    final_obs: &'a mut [f32],
}

impl Rows<'_> {
    /// Game `i`'s rewards (cleared) with its flags cleared.
    fn clear(&mut self, s: Sizes, i: usize) -> &mut [f32] {
        self.terminated[i] = false;
        self.truncated[i] = false;
        let rewards = &mut self.rewards[i * s.players..][..s.players];
        rewards.fill(0.0);
        rewards
    }

    /// Writes game `i`'s rows from `env`: the observation from the seat to act, the mask, the
    /// seat number.
    fn write<G: Game + Encoding>(&mut self, shared: &Shared<'_, G>, env: &Env<G>, i: usize) {
        let s = shared.sizes;
        let seat = match env.state.to_act() {
            ToAct::Seat(seat) => seat,
            _ => shared.seats[0],
        };
        let obs = &mut self.obs[i * s.obs..][..s.obs];
        obs.fill(0.0);
        env.state.write_observation(seat, obs);
        let mask = &mut self.mask[i * s.actions..][..s.actions];
        mask.fill(false);
        for &a in &env.legal {
            if let Some(m) = env.state.action_id(a).and_then(|id| mask.get_mut(id)) {
                *m = true;
            }
        }
        self.to_act[i] = shared.seats.iter().position(|&x| x == seat).unwrap_or(0) as i64;
    }

    /// Writes game `i`'s final observation, seen from `seat`.
    fn write_final<G: Game + Encoding>(&mut self, s: Sizes, env: &Env<G>, seat: Seat, i: usize) {
        let row = &mut self.final_obs[i * s.obs..][..s.obs];
        row.fill(0.0);
        env.state.write_observation(seat, row);
    }
}

/// What a block's work needs to know of the whole vector.
struct Shared<'a, G: Game> {
    start: &'a G,
    seats: &'a [Seat],
    sizes: Sizes,
    cap: u64,
    seat: Option<usize>,
    opponent: Option<&'a str>,
}

impl<G: Game + Encoding> Games<G> {
    /// Splits the games and buffers into `threads` blocks and runs `work` on each, one per
    /// thread; `Err` (and no work done) if a thread cannot be started.
    fn run<F>(
        &mut self,
        threads: usize,
        out: &mut Buffers<'_>,
        actions: &[i64],
        work: F,
    ) -> Result<(), VectorError>
    where
        F: Fn(&Shared<'_, G>, Block<'_, G>) -> Result<(), VectorError> + Sync,
    {
        let s = self.sizes;
        let shared = Shared {
            start: &self.start,
            seats: &self.seats,
            sizes: s,
            cap: self.cap,
            seat: self.seat,
            opponent: self.opponent.as_deref(),
        };
        let per = s.envs.div_ceil(threads.max(1));
        let actions_rows = if actions.is_empty() {
            None
        } else {
            Some(actions.chunks(per))
        };
        let mut blocks = self
            .envs
            .chunks_mut(per)
            .zip(out.obs.chunks_mut(per * s.obs.max(1)))
            .zip(out.mask.chunks_mut(per * s.actions.max(1)))
            .zip(out.to_act.chunks_mut(per))
            .zip(out.rewards.chunks_mut(per * s.players.max(1)))
            .zip(out.terminated.chunks_mut(per))
            .zip(out.truncated.chunks_mut(per))
            .zip(out.final_obs.chunks_mut(per * s.obs.max(1)))
            .enumerate()
            .map(
                |(
                    i,
                    (
                        ((((((envs, obs), mask), to_act), rewards), terminated), truncated),
                        final_obs,
                    ),
                )| Block {
                    envs,
                    rows: Rows {
                        obs,
                        mask,
                        to_act,
                        rewards,
                        terminated,
                        truncated,
                        final_obs,
                    },
                    actions: actions_rows
                        .clone()
                        .and_then(|mut rows| rows.nth(i))
                        .unwrap_or(&[]),
                    offset: i * per,
                },
            );
        let Some(first) = blocks.next() else {
            return Ok(());
        };
        if threads <= 1 {
            return work(&shared, first);
        }
        let shared = &shared;
        let work = &work;
        std::thread::scope(|scope| {
            let mut gates = Vec::new();
            let mut handles = Vec::new();
            for block in blocks {
                let (go, wait) = mpsc::channel::<bool>();
                let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                    if wait.recv() == Ok(true) {
                        work(shared, block)
                    } else {
                        Ok(())
                    }
                });
                match spawned {
                    Ok(h) => {
                        gates.push(go);
                        handles.push(h);
                    }
                    Err(e) => {
                        // The threads started wait at their gate: dropping it sends them home.
                        drop(gates);
                        return Err(VectorError::Thread(e.to_string()));
                    }
                }
            }
            for go in &gates {
                // A thread that is gone has nothing left to do; its join reports it.
                let _ = go.send(true);
            }
            let mut result = work(shared, first);
            for h in handles {
                let r = h.join().unwrap_or_else(|_| {
                    Err(VectorError::Thread("a stepping thread panicked".into()))
                });
                if result.is_ok() {
                    result = r;
                }
            }
            result
        })
    }
}

impl<G: Game + Encoding> Stepper for Games<G> {
    fn sizes(&self) -> Sizes {
        self.sizes
    }

    fn reset(
        &mut self,
        seed: Option<u64>,
        threads: usize,
        out: &mut Buffers<'_>,
    ) -> Result<(), VectorError> {
        if let Some(seed) = seed {
            for (i, env) in self.envs.iter_mut().enumerate() {
                env.rng = SplitMix64::new(env_seed(seed, i));
            }
        }
        self.run(threads, out, &[], |shared, mut b| {
            for (i, env) in b.envs.iter_mut().enumerate() {
                b.rows.clear(shared.sizes, i);
                restart(shared, env, b.offset + i)?;
                b.rows.write(shared, env, i);
            }
            Ok(())
        })
    }

    fn step(
        &mut self,
        actions: &[i64],
        threads: usize,
        out: &mut Buffers<'_>,
    ) -> Result<(), VectorError> {
        // Every action is checked before any game changes.
        for (i, (env, &a)) in self.envs.iter().zip(actions).enumerate() {
            if legal_action(env, a).is_none() {
                return Err(VectorError::Illegal {
                    env: i,
                    action: a,
                    legal: legal_ids(env),
                });
            }
        }
        self.run(threads, out, actions, |shared, mut b| {
            let s = shared.sizes;
            for (i, env) in b.envs.iter_mut().enumerate() {
                b.rows.clear(s, i);
                let mover = env.state.to_act();
                // Checked above.
                if let Some(action) = legal_action(env, b.actions[i]) {
                    env.state.play_unchecked(action);
                    env.actions += 1;
                }
                let end = advance(shared, env, b.offset + i)?;
                if !matches!(end, End::Running) {
                    let seat = match mover {
                        ToAct::Seat(seat) => seat,
                        _ => shared.seats[0],
                    };
                    b.rows.write_final(s, env, seat, i);
                }
                match end {
                    End::Running => {}
                    End::Over => {
                        if let Some(o) = env.state.outcome() {
                            let rewards = &mut b.rows.rewards[i * s.players..][..s.players];
                            for (r, &seat) in rewards.iter_mut().zip(shared.seats) {
                                *r = o.split_returns(seat) as f32;
                            }
                        }
                        b.rows.terminated[i] = true;
                        restart(shared, env, b.offset + i)?;
                    }
                    End::Cut => {
                        b.rows.truncated[i] = true;
                        restart(shared, env, b.offset + i)?;
                    }
                }
                b.rows.write(shared, env, i);
            }
            Ok(())
        })
    }

    fn positions(&self) -> Vec<String> {
        self.envs.iter().map(|e| e.state.position()).collect()
    }
}

/// How a game stands after the chance outcomes and the opponent's actions.
enum End {
    Running,
    Over,
    Cut,
}

/// The action with id `id` if it is legal for the seat to act in `env`.
fn legal_action<G: Game + Encoding>(env: &Env<G>, id: i64) -> Option<G::Action> {
    let id = usize::try_from(id).ok()?;
    let action = env.state.action_of_id(id)?;
    env.legal.contains(&action).then_some(action)
}

/// The legal ids of `env`, for a message (the first 20).
fn legal_ids<G: Game + Encoding>(env: &Env<G>) -> String {
    let ids: Vec<String> = env
        .legal
        .iter()
        .filter_map(|&a| env.state.action_id(a))
        .take(20)
        .map(|id| id.to_string())
        .collect();
    let more = if env.legal.len() > 20 { ", ..." } else { "" };
    format!("{}{more}", ids.join(", "))
}

/// Starts `env` anew and plays up to the learner's turn.
fn restart<G: Game + Encoding>(
    shared: &Shared<'_, G>,
    env: &mut Env<G>,
    index: usize,
) -> Result<(), VectorError> {
    // A game that ends or is cut before the learner ever acts (not in the games of the
    // registry) is started again, a bounded number of times.
    for _ in 0..16 {
        env.state = shared.start.clone();
        env.actions = 0;
        if let (Some(agent), Some(spec)) = (env.opponent.as_mut(), shared.opponent) {
            // A new seed for each game: an opponent that replayed its first game's draws
            // would be a fixed player a learner could learn by heart.
            *agent = boardgame_ai::from_spec::<G>(spec, env.rng.next_u64())?;
            if shared.seat.is_none() {
                env.learner = env.rng.below(shared.seats.len() as u64) as usize;
            }
        }
        if let End::Running = advance(shared, env, index)? {
            return Ok(());
        }
    }
    Ok(())
}

/// Plays chance outcomes and the opponent's actions until the learner (or, without an
/// opponent, any seat) is to act, the game is over or the cap is reached.
fn advance<G: Game + Encoding>(
    shared: &Shared<'_, G>,
    env: &mut Env<G>,
    index: usize,
) -> Result<End, VectorError> {
    let mut outcomes = ChanceOutcomes::<G::Action>::new();
    loop {
        if env.actions >= shared.cap && env.state.to_act() != ToAct::Over {
            return Ok(End::Cut);
        }
        match env.state.to_act() {
            ToAct::Chance => {
                outcomes.clear();
                env.state.chance_outcomes(&mut outcomes);
                match sample_chance(&outcomes, &mut env.rng) {
                    Some(a) => {
                        env.state.play_unchecked(a);
                        env.actions += 1;
                    }
                    None => return Ok(End::Cut),
                }
            }
            ToAct::Seat(seat) => {
                let learner = shared.seats.get(env.learner).copied();
                match env.opponent.as_mut() {
                    Some(agent) if Some(seat) != learner => {
                        let a = agent
                            .choose(&env.state)
                            .map_err(|e| VectorError::Opponent {
                                env: index,
                                reason: e.to_string(),
                            })?;
                        env.state.play_unchecked(a);
                        env.actions += 1;
                    }
                    _ => {
                        env.legal.clear();
                        env.state.legal_actions(&mut env.legal);
                        if env.legal.is_empty() {
                            // No action for the seat to act: not a state of the registry's
                            // games, which always have one; cut rather than wait forever.
                            return Ok(End::Cut);
                        }
                        return Ok(End::Running);
                    }
                }
            }
            _ => return Ok(End::Over),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GAMES;

    /// Plays `steps` steps of random legal actions (drawn from `seed`) and returns every
    /// buffer written, in order, with the final positions.
    fn run(
        name: &str,
        params: &str,
        settings: &Settings,
        steps: usize,
    ) -> (Vec<OwnedBuffers>, Vec<String>) {
        let entry = crate::find(name).unwrap();
        let played = crate::learn::params(entry, params).unwrap();
        let mut v = VectorGame::new(entry, &played, settings).unwrap();
        let mut out = v.buffers();
        v.reset(None, &mut out.view()).unwrap();
        let mut rng = SplitMix64::new(99);
        let a = v.num_actions();
        let mut seen = vec![out.clone()];
        for _ in 0..steps {
            let actions: Vec<i64> = (0..v.num_envs())
                .map(|i| {
                    let legal: Vec<usize> = out.mask[i * a..][..a]
                        .iter()
                        .enumerate()
                        .filter(|(_, &m)| m)
                        .map(|(id, _)| id)
                        .collect();
                    assert!(!legal.is_empty());
                    legal[rng.below(legal.len() as u64) as usize] as i64
                })
                .collect();
            v.step(&actions, &mut out.view()).unwrap();
            seen.push(out.clone());
        }
        (seen, v.positions())
    }

    fn same(a: &[OwnedBuffers], b: &[OwnedBuffers]) -> bool {
        a.iter().zip(b).all(|(x, y)| {
            x.obs == y.obs
                && x.mask == y.mask
                && x.to_act == y.to_act
                && x.rewards == y.rewards
                && x.terminated == y.terminated
                && x.truncated == y.truncated
        })
    }

    #[test]
    fn the_same_seed_gives_the_same_games_on_any_number_of_threads() {
        for (name, params) in [
            ("slimetrail", "size=5"),
            ("arandia", "turn_limit=3"),
            ("splut", "players=3"),
        ] {
            let mut s = Settings::new(7);
            s.seed = 5;
            s.threads = Some(1);
            let (one, p1) = run(name, params, &s, 40);
            s.threads = Some(3);
            let (three, p3) = run(name, params, &s, 40);
            assert!(same(&one, &three), "{name}");
            assert_eq!(p1, p3);
            s.seed = 6;
            let (other, _) = run(name, params, &s, 40);
            if name == "arandia" {
                // Another seed, other dice.
                assert!(!same(&one, &other));
            }
        }
    }

    #[test]
    fn games_that_end_report_it_and_start_again_in_the_same_step() {
        // Slime Trail 5x5 ends within 24 actions: every game has ended in 30 steps.
        let (seen, _) = run("slimetrail", "size=5", &Settings::new(4), 30);
        let start = &seen[0];
        let mut ended = [false; 4];
        for out in &seen[1..] {
            for (i, ended) in ended.iter_mut().enumerate() {
                if out.terminated[i] {
                    *ended = true;
                    let r = &out.rewards[i * 2..][..2];
                    assert!(r == [1.0, -1.0] || r == [-1.0, 1.0], "{r:?}");
                    // The row already shows the new game.
                    let o = start.obs.len() / 4;
                    assert_eq!(out.obs[i * o..][..o], start.obs[i * o..][..o]);
                    assert_eq!(out.to_act[i], 0);
                } else {
                    assert_eq!(out.rewards[i * 2..][..2], [0.0, 0.0]);
                }
                assert!(!out.truncated[i]);
            }
        }
        assert_eq!(ended, [true; 4]);
    }

    #[test]
    fn a_game_cut_at_the_cap_is_truncated() {
        let mut s = Settings::new(2);
        s.max_actions = Some(3);
        let (seen, _) = run("slimetrail", "size=7", &s, 3);
        assert_eq!(seen[3].truncated, [true, true]);
        assert_eq!(seen[3].terminated, [false, false]);
        assert_eq!(seen[3].obs, seen[0].obs);
    }

    #[test]
    fn illegal_actions_and_bad_sizes_are_refused_and_change_nothing() {
        let entry = crate::find("slimetrail").unwrap();
        let mut v = VectorGame::new(entry, "size=5", &Settings::new(3)).unwrap();
        let mut out = v.buffers();
        v.reset(None, &mut out.view()).unwrap();
        let before = (v.positions(), out.clone());
        for bad in [
            vec![6, 6, -1],
            vec![6, 6, 25],
            vec![6, 6, i64::MAX],
            vec![6, 6, 0],
        ] {
            let e = v.step(&bad, &mut out.view()).unwrap_err();
            assert!(matches!(e, VectorError::Illegal { env: 2, .. }), "{e}");
        }
        assert!(matches!(
            v.step(&[6, 6], &mut out.view()),
            Err(VectorError::Count { .. })
        ));
        let mut short = v.buffers();
        short.obs.pop();
        assert!(matches!(
            v.step(&[6, 6, 6], &mut short.view()),
            Err(VectorError::Buffer { name: "obs", .. })
        ));
        assert_eq!(v.positions(), before.0);
        assert!(same(&[out.clone()], &[before.1]));
        // Settings out of range.
        for (n, t) in [
            (0, None),
            (1, Some(0)),
            (1, Some(MAX_THREADS + 1)),
            (MAX_ENVS + 1, None),
        ] {
            let mut s = Settings::new(n);
            s.threads = t;
            assert!(matches!(
                VectorGame::new(entry, "", &s),
                Err(VectorError::Range { .. })
            ));
        }
        assert!(VectorGame::new(entry, "size=8", &Settings::new(1)).is_err());
    }

    #[test]
    fn with_an_opponent_the_learner_always_acts() {
        for entry in GAMES {
            let played = crate::learn::params(entry, "").unwrap();
            let mut s = Settings::new(3);
            s.opponent = Some("random".into());
            s.seed = 2;
            let mut v = VectorGame::new(entry, &played, &s).unwrap();
            let mut out = v.buffers();
            v.reset(None, &mut out.view()).unwrap();
            let a = v.num_actions();
            let mut learners = [out.to_act[0], out.to_act[1], out.to_act[2]];
            for _ in 0..60 {
                let actions: Vec<i64> = (0..3)
                    .map(|i| out.mask[i * a..][..a].iter().position(|&m| m).unwrap() as i64)
                    .collect();
                v.step(&actions, &mut out.view()).unwrap();
                for (i, learner) in learners.iter_mut().enumerate() {
                    if out.terminated[i] || out.truncated[i] {
                        *learner = out.to_act[i];
                    }
                    assert_eq!(out.to_act[i], *learner, "{}", entry.name());
                }
            }
        }
        let entry = crate::find("slimetrail").unwrap();
        let mut s = Settings::new(1);
        s.opponent = Some("random".into());
        s.seat = Some(2);
        assert!(matches!(
            VectorGame::new(entry, "", &s),
            Err(VectorError::Range { .. })
        ));
        s.seat = None;
        s.opponent = Some("nobody".into());
        assert!(matches!(
            VectorGame::new(entry, "", &s),
            Err(VectorError::Spec(_))
        ));
    }

    #[test]
    fn every_game_steps_with_every_row_valid() {
        for entry in GAMES {
            let (seen, positions) = run(entry.name(), "", &Settings::new(3), 25);
            assert_eq!(positions.len(), 3);
            for out in &seen {
                assert!(out.obs.iter().all(|&x| (0.0..=1.0).contains(&x)));
                assert!(out.rewards.iter().all(|&x| (-1.0..=1.0).contains(&x)));
            }
        }
    }
}
