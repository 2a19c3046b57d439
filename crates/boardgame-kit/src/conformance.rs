//! The conformance suite every game crate runs from its tests (feature `conformance`).
//!
//! [`check`] plays many random games and, at every step, checks the contract of [`Game`]:
//! - the legal list is sorted by `Ord`, has no duplicates, has distinct texts that parse back
//!   to the same actions, agrees with `count_legal`, and is empty exactly when the game is over;
//! - every listed action is `is_legal`, plays with `try_play`, and `undo` restores the state;
//! - actions seen in other positions and mutated action texts that are not legal here are
//!   rejected by `is_legal` and `try_play`, with the state unchanged; so is a legal action
//!   offered by a seat that is not the one to act;
//! - clone equality, position-notation and serde (JSON) round trips;
//! - chance outcomes are distinct, positive, sum to exactly 1, and are the legal list;
//! - a finished game has an outcome (winners among the seats) and no actions;
//! - the game ends within [`Game::max_game_length`];
//! - the whole game replays from its [`Record`], and undoing every action returns to the start;
//! - equal states have equal [`Game::position_key`]s (a clone, the position and serde read
//!   back, a play undone);
//! - the game's perft kernel ([`Game::perft_kernel`]) counts like the generic driver and leaves
//!   the state unchanged, and its playout kernel ([`Game::playout_kernel`]) ends where its
//!   [`Playout`] says, within `max_actions`.
//!
//!
//! and the contract of [`Encoding`] (the fixed action space and the observation):
//! - the legal actions have distinct ids in range (`0..num_distinct_actions`, chance outcomes
//!   in `0..max_chance_outcomes`) that read back to them, and an action's text has the same id
//!   in every position of every game played; every id reads back to an action with that id
//!   or to none;
//! - the observation from every seat has the announced size, values in `[0, 1]`, is the same
//!   for a clone and for the position read back, and is refused for a seat that does not play
//!   and for a buffer of the wrong size (which is left as it was);
//! - two states met in the games (every state, and every child of every eighth state) whose
//!   observations from every seat are equal are [`Encoding::same_observable`].
//!
//! [`check`] also runs [`check_params`] on the game's parameter type.
//!
//! A failure panics with the game, parameters, seed, step and the record so far.

use crate::drivers::{random_action, Playout, RandomSource, SplitMix64};
use crate::encoding::{Encoding, ObserveError};
use crate::game::{Actions, ChanceOutcomes, Game, GameResult, KeyHasher, ToAct};
use crate::params::{GameParams, ParamValues};
use crate::record::Record;
use crate::seat::{Seat, MAX_SEATS};
use crate::PlayError;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// How much the suite plays.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Number of random games.
    pub games: usize,
    /// Seed of the first game (game `i` uses `seed + i`).
    pub seed: u64,
    /// Stop a game after this many actions (for games without a length bound).
    pub max_actions: u64,
    /// Foreign and mutated actions tried at each step.
    pub probes: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 20,
            seed: 1,
            max_actions: 2_000,
            probes: 8,
        }
    }
}

struct Ctx<'a, G: Game> {
    params: &'a G::Params,
    seed: u64,
    step: usize,
    played: &'a [G::Action],
}

impl<G: Game> Ctx<'_, G> {
    fn fail(&self, what: String) -> ! {
        let moves: Vec<String> = self.played.iter().map(|a| a.to_string()).collect();
        panic!(
            "conformance failure in {} [{}], seed {}, step {}: {}\n  actions: {}",
            G::NAME,
            self.params,
            self.seed,
            self.step,
            what,
            moves.join(" ")
        );
    }
}

/// Runs the suite on games with these parameters. Panics on the first failure.
///
/// ```
/// use boardgame_kit::{conformance, testing::Nim};
/// conformance::check::<Nim>(&Default::default(), &conformance::Config::default());
/// ```
pub fn check<G>(params: &G::Params, cfg: &Config)
where
    G: Game + Encoding + serde::Serialize + serde::de::DeserializeOwned,
{
    check_params::<G::Params>();
    let mut pool: Vec<G::Action> = Vec::new();
    let mut seen = Seen::<G>::default();
    for g in 0..cfg.games {
        let seed = cfg.seed.wrapping_add(g as u64);
        let mut rng = SplitMix64::new(seed);
        let mut state = G::new(params);
        let mut played: Vec<G::Action> = Vec::new();
        let mut undos: Vec<G::Undo> = Vec::new();
        let mut buf = Actions::<G>::new();
        let bound = G::max_game_length(params);
        loop {
            let ctx = Ctx::<G> {
                params,
                seed,
                step: played.len(),
                played: &played,
            };
            check_state(&ctx, &state, &mut pool, &mut rng, cfg.probes);
            check_encoding(&ctx, &state, &mut seen);
            if let Some(b) = bound {
                if played.len() as u64 > b {
                    ctx.fail(format!("the game is longer than its bound of {b} actions"));
                }
            }
            if played.len() as u64 >= cfg.max_actions {
                break;
            }
            let Some(a) = random_action(&state, &mut rng, &mut buf) else {
                break;
            };
            match state.try_play(a) {
                Ok(u) => undos.push(u),
                Err(e) => ctx.fail(format!("random legal action {a} refused: {e}")),
            }
            played.push(a);
            if !pool.contains(&a) && pool.len() < 512 {
                pool.push(a);
            }
        }
        let ctx = Ctx::<G> {
            params,
            seed,
            step: played.len(),
            played: &played,
        };
        match Record::<G>::replay(params.clone(), &played) {
            Ok(r) if *r.state() == state => {}
            Ok(_) => ctx.fail("replaying the record gives another state".into()),
            Err(e) => ctx.fail(format!("replaying the record failed: {e}")),
        }
        while let Some(u) = undos.pop() {
            state.undo(u);
        }
        if state != G::new(params) {
            ctx.fail("undoing the whole game does not return to the start".into());
        }
    }
}

/// What the encoding checks remember across the states of every game: each action text's id
/// (and each id's text), and one state for each observation met (by a hash of the
/// observations from every seat).
struct Seen<G: Game> {
    ids: BTreeMap<String, (bool, usize)>,
    texts: BTreeMap<(bool, usize), String>,
    observations: BTreeMap<u64, G>,
}

impl<G: Game> Default for Seen<G> {
    fn default() -> Self {
        Seen {
            ids: BTreeMap::new(),
            texts: BTreeMap::new(),
            observations: BTreeMap::new(),
        }
    }
}

/// The observations of a state from every seat that plays, one after the other.
fn observations<G: Encoding>(ctx: &Ctx<'_, G>, state: &G) -> Vec<f32> {
    let size = G::observation_shape(ctx.params).size();
    let seats = state.seats();
    let mut all = alloc::vec![0.0f32; size * seats.len()];
    for (k, seat) in seats.iter().enumerate() {
        if let Err(e) = state.observe(seat, &mut all[k * size..(k + 1) * size]) {
            ctx.fail(format!("observing from seat {seat}: {e}"));
        }
    }
    all
}

fn hash_values(values: &[f32]) -> u64 {
    let mut h = KeyHasher::default();
    for v in values {
        core::hash::Hasher::write_u32(&mut h, v.to_bits());
    }
    core::hash::Hasher::finish(&h)
}

/// Remembers a state under its observations; two states with equal observations must be
/// [`Encoding::same_observable`].
fn distinct_observations<G: Encoding>(
    ctx: &Ctx<'_, G>,
    state: &G,
    obs: &[f32],
    memo: &mut BTreeMap<u64, G>,
    what: &str,
) {
    let key = hash_values(obs);
    match memo.get(&key) {
        None => {
            memo.insert(key, state.clone());
        }
        Some(other) => {
            if observations(ctx, other) == obs && !state.same_observable(other) {
                ctx.fail(format!(
                    "{what} `{}` and `{}` differ but give the same observations",
                    state.position(),
                    other.position()
                ));
            }
        }
    }
}

/// The contract of [`Encoding`] at one state.
fn check_encoding<G: Encoding>(ctx: &Ctx<'_, G>, state: &G, seen: &mut Seen<G>) {
    let n = G::num_distinct_actions(ctx.params);
    let m = G::max_chance_outcomes(ctx.params);
    if n == 0 {
        ctx.fail("the action space is empty".into());
    }
    if G::HAS_CHANCE != (m > 0) {
        ctx.fail(format!(
            "HAS_CHANCE is {} but max_chance_outcomes is {m}",
            G::HAS_CHANCE
        ));
    }
    let chance = state.to_act() == ToAct::Chance;
    let bound = if chance { m } else { n };
    let mut list = Actions::<G>::new();
    state.legal_actions(&mut list);
    let mut ids: Vec<usize> = Vec::with_capacity(list.len());
    for &a in list.iter() {
        let Some(id) = state.action_id(a) else {
            ctx.fail(format!("the legal action {a} has no id"));
        };
        if id >= bound {
            ctx.fail(format!(
                "the legal action {a} has id {id}, not below {bound}"
            ));
        }
        if ids.contains(&id) {
            ctx.fail(format!("two legal actions have id {id}, {a} among them"));
        }
        ids.push(id);
        if state.action_of_id(id) != Some(a) {
            ctx.fail(format!(
                "id {id} of {a} reads back as {:?}",
                state.action_of_id(id)
            ));
        }
        let text = a.to_string();
        match seen.ids.get(&text) {
            Some(&known) if known != (chance, id) => ctx.fail(format!(
                "{text} has id {id} here but {known:?} (chance, id) elsewhere"
            )),
            Some(_) => {}
            None => {
                if let Some(other) = seen.texts.get(&(chance, id)) {
                    ctx.fail(format!("{text} and {other} have the same id {id}"));
                }
                seen.ids.insert(text.clone(), (chance, id));
                seen.texts.insert((chance, id), text);
            }
        }
    }
    if ctx.step.is_multiple_of(64) {
        for id in 0..bound + 2 {
            if let Some(a) = state.action_of_id(id) {
                if id >= bound || state.action_id(a) != Some(id) {
                    ctx.fail(format!(
                        "id {id} reads as {a}, whose id is {:?}",
                        state.action_id(a)
                    ));
                }
            }
        }
    }

    // The observation: size, range, a function of the state, refusals.
    let size = G::observation_shape(ctx.params).size();
    if size == 0 {
        ctx.fail("the observation is empty".into());
    }
    let obs = observations(ctx, state);
    if let Some(v) = obs.iter().find(|v| !(0.0..=1.0).contains(*v)) {
        ctx.fail(format!("an observation value {v} is outside [0, 1]"));
    }
    if observations(ctx, &state.clone()) != obs {
        ctx.fail("a clone gives another observation".into());
    }
    if let Ok(back) = G::from_position(ctx.params, &state.position()) {
        if observations(ctx, &back) != obs {
            ctx.fail("the position read back gives another observation".into());
        }
    }
    if let Some(outside) = (0..MAX_SEATS)
        .map(Seat::of)
        .find(|s| !state.seats().contains(*s))
    {
        let mut buf = alloc::vec![0.5f32; size];
        if state.observe(outside, &mut buf)
            != Err(ObserveError::NotASeat {
                seat: outside.index(),
            })
            || buf.iter().any(|v| *v != 0.5)
        {
            ctx.fail(format!(
                "observing from seat {outside}, not in the game, is not refused"
            ));
        }
    }
    if let Some(seat) = state.seats().lowest() {
        let mut buf = alloc::vec![0.5f32; size + 1];
        let wrong = state.observe(seat, &mut buf);
        if wrong
            != Err(ObserveError::WrongLength {
                expected: size,
                got: size + 1,
            })
            || buf.iter().any(|v| *v != 0.5)
        {
            ctx.fail("a buffer of the wrong size is not refused untouched".into());
        }
    }
    distinct_observations(ctx, state, &obs, &mut seen.observations, "states met");
    if ctx.step.is_multiple_of(8) {
        let mut children = BTreeMap::new();
        for &a in list.iter() {
            let mut child = state.clone();
            child.play_unchecked(a);
            let obs = observations(ctx, &child);
            distinct_observations(ctx, &child, &obs, &mut children, "children");
        }
    }
}

fn check_state<G>(
    ctx: &Ctx<'_, G>,
    state: &G,
    pool: &mut [G::Action],
    rng: &mut SplitMix64,
    probes: usize,
) where
    G: Game + serde::Serialize + serde::de::DeserializeOwned,
{
    if state.clone() != *state || state.clone().position_key() != state.position_key() {
        ctx.fail("a clone differs from the original".into());
    }
    check_kernels(ctx, state);
    // The seats in play are seats of the game, the seat to act is one of them, and so is
    // every winner.
    let in_play = state.in_play();
    if in_play.bits() & !state.seats().bits() != 0 {
        ctx.fail(format!(
            "seats in play {in_play:?} are not among the seats {:?}",
            state.seats()
        ));
    }
    if let ToAct::Seat(seat) = state.to_act() {
        if !in_play.contains(seat) {
            ctx.fail(format!("seat {seat:?} acts but is not in play"));
        }
    }
    if let Some(o) = state.outcome() {
        if o.winners().bits() & !in_play.bits() != 0 {
            ctx.fail(format!(
                "winners {:?} are not among the seats in play {in_play:?}",
                o.winners()
            ));
        }
    }
    // Position notation round trip.
    let pos = state.position();
    match G::from_position(ctx.params, &pos) {
        Ok(back) => {
            if back != *state {
                ctx.fail(format!("position `{pos}` reads back as another state"));
            }
            if back.position_key() != state.position_key() {
                ctx.fail(format!(
                    "position `{pos}` reads back with another position key"
                ));
            }
            if back.position() != pos {
                ctx.fail(format!(
                    "position `{pos}` re-prints as `{}`",
                    back.position()
                ));
            }
        }
        Err(e) => ctx.fail(format!("position `{pos}` does not read back: {e}")),
    }
    // Serde round trip.
    match serde_json::to_string(state) {
        Ok(json) => match serde_json::from_str::<G>(&json) {
            Ok(back) if back == *state && back.position_key() == state.position_key() => {}
            Ok(_) => ctx.fail(format!(
                "serde round trip of {json} gives another state or position key"
            )),
            Err(e) => ctx.fail(format!("serde round trip of {json} fails: {e}")),
        },
        Err(e) => ctx.fail(format!("serialising fails: {e}")),
    }

    let mut list = Actions::<G>::new();
    state.legal_actions(&mut list);
    if state.count_legal() != list.len() {
        ctx.fail(format!(
            "count_legal {} but {} listed",
            state.count_legal(),
            list.len()
        ));
    }
    for w in list.windows(2) {
        if w[0] >= w[1] {
            ctx.fail(format!(
                "legal list not sorted and unique at {} {}",
                w[0], w[1]
            ));
        }
    }
    let texts: Vec<String> = list.iter().map(|a| a.to_string()).collect();
    for (i, t) in texts.iter().enumerate() {
        if texts[..i].contains(t) {
            ctx.fail(format!("two legal actions print as `{t}`"));
        }
        match state.parse_action(t) {
            Ok(a) if a == list[i] => {}
            Ok(a) => ctx.fail(format!("`{t}` parses as another action {a:?}")),
            Err(e) => ctx.fail(format!("`{t}` does not parse: {e}")),
        }
    }

    let mut outs = ChanceOutcomes::new();
    state.chance_outcomes(&mut outs);
    match state.to_act() {
        ToAct::Over => {
            if !list.is_empty() {
                ctx.fail("the game is over but actions are listed".into());
            }
            match state.outcome() {
                None => ctx.fail("the game is over without an outcome".into()),
                Some(o) => {
                    if let GameResult::Winners(w) = o.result() {
                        if w.is_empty() || w.bits() & !o.seats().bits() != 0 {
                            ctx.fail(format!(
                                "winners {w:?} are not among the seats {:?}",
                                o.seats()
                            ));
                        }
                    }
                }
            }
            if let Some(&a) = pool.first() {
                let mut s = state.clone();
                if !matches!(s.try_play(a), Err(PlayError::GameOver)) || s != *state {
                    ctx.fail("an action after the end is not refused with GameOver".into());
                }
            }
            return;
        }
        ToAct::Chance => {
            if outs.is_empty() {
                ctx.fail("a chance node without outcomes".into());
            }
            let (mut num, mut den) = (0u128, 1u128);
            for (a, p) in outs.iter() {
                if p.num() == 0 {
                    ctx.fail(format!("chance outcome {a} has probability 0"));
                }
                num = num * p.den() as u128 + p.num() as u128 * den;
                den *= p.den() as u128;
            }
            if num != den {
                ctx.fail(format!("chance probabilities sum to {num}/{den}"));
            }
            let acts: Vec<G::Action> = outs.iter().map(|(a, _)| *a).collect();
            if acts.as_slice() != list.as_slice() {
                ctx.fail("the legal list at a chance node is not the outcomes".into());
            }
        }
        ToAct::Seat(seat) => {
            if list.is_empty() {
                ctx.fail("a player is to act with no legal action".into());
            }
            if !outs.is_empty() {
                ctx.fail("chance outcomes listed at a player's node".into());
            }
            if !state.seats().contains(seat) {
                ctx.fail("the seat to act is not in the game".into());
            }
            if let Some(other) = state.seats().iter().find(|s| *s != seat) {
                let mut s = state.clone();
                if !matches!(
                    s.try_play_as(other, list[0]),
                    Err(PlayError::NotYourTurn { .. })
                ) || s != *state
                {
                    ctx.fail("an action by a seat out of turn is not refused".into());
                }
            }
        }
    }
    if state.outcome().is_some() {
        ctx.fail("an outcome before the game is over".into());
    }

    for &a in list.iter() {
        if !state.is_legal(&a) {
            ctx.fail(format!("listed action {a} is not is_legal"));
        }
        let mut s = state.clone();
        match s.try_play(a) {
            Ok(u) => {
                s.undo(u);
                if s != *state {
                    ctx.fail(format!("play {a} then undo does not restore the state"));
                }
                if s.position_key() != state.position_key() {
                    ctx.fail(format!("play {a} then undo changes the position key"));
                }
            }
            Err(e) => ctx.fail(format!("listed action {a} refused: {e}")),
        }
    }

    // Foreign actions from other positions.
    for _ in 0..probes {
        if pool.is_empty() {
            break;
        }
        let a = pool[rng.below(pool.len() as u64) as usize];
        probe_rejected(ctx, state, &list, a);
    }
    // Mutated texts.
    for k in 0..probes {
        let base = texts
            .get(k % texts.len().max(1))
            .cloned()
            .unwrap_or_default();
        let t = mutate(&base, rng);
        if let Ok(a) = state.parse_action(&t) {
            probe_rejected(ctx, state, &list, a);
        }
    }
}

/// The perft kernel against the generic driver (depth 1 everywhere, 2 every eighth step),
/// and a short and a full playout through the playout kernel.
fn check_kernels<G: Game>(ctx: &Ctx<'_, G>, state: &G) {
    let deepest = if ctx.step.is_multiple_of(8) { 2 } else { 1 };
    for depth in 0..=deepest {
        let mut s = state.clone();
        let fast = s.perft_kernel(depth);
        if s != *state {
            ctx.fail(format!(
                "the perft kernel at depth {depth} changed the state"
            ));
        }
        let slow = crate::perft_generic(&mut s, depth);
        if fast != slow {
            ctx.fail(format!(
                "the perft kernel counts {fast} at depth {depth}, the generic driver {slow}"
            ));
        }
    }
    if !ctx.step.is_multiple_of(8) {
        return;
    }
    let mut rng = SplitMix64::new(ctx.seed ^ ctx.step as u64);
    for max_actions in [3, 10_000] {
        let mut s = state.clone();
        let Playout { length, outcome } = s.playout_kernel(&mut rng, max_actions);
        if length > max_actions || outcome != s.outcome() {
            ctx.fail(format!(
                "the playout kernel (at most {max_actions} actions) reports {length} actions \
                 and {outcome:?}, but the state's outcome is {:?}",
                s.outcome()
            ));
        }
        if outcome.is_none() && length < max_actions {
            ctx.fail(format!(
                "the playout kernel stopped after {length} of {max_actions} actions before the end"
            ));
        }
    }
}

fn probe_rejected<G: Game>(ctx: &Ctx<'_, G>, state: &G, list: &[G::Action], a: G::Action) {
    if list.contains(&a) {
        return;
    }
    if state.is_legal(&a) {
        ctx.fail(format!("{a} is not listed but is_legal says it is"));
    }
    let mut s = state.clone();
    if s.try_play(a).is_ok() {
        ctx.fail(format!("{a} is not listed but try_play accepts it"));
    }
    if s != *state {
        ctx.fail(format!("the refused action {a} changed the state"));
    }
}

pub(crate) fn mutate(s: &str, rng: &mut SplitMix64) -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789-+/:=, ABCNESWP";
    let mut b: Vec<u8> = s.bytes().collect();
    let pick = |rng: &mut SplitMix64| ALPHABET[rng.below(ALPHABET.len() as u64) as usize];
    match rng.below(4) {
        0 if !b.is_empty() => {
            let i = rng.below(b.len() as u64) as usize;
            b[i] = pick(rng);
        }
        1 => {
            let i = rng.below(b.len() as u64 + 1) as usize;
            b.insert(i, pick(rng));
        }
        2 if !b.is_empty() => {
            let i = rng.below(b.len() as u64) as usize;
            b.remove(i);
        }
        _ => b = b.to_ascii_uppercase(),
    }
    String::from_utf8(b).unwrap_or_default()
}

/// Checks that a parameter type's description ([`GameParams::specs`]) tells the truth. Panics
/// on the first failure.
///
/// - keys are distinct and non-empty, every help line is non-empty;
/// - `key=default` parses, to the default parameters, for every key;
/// - integers just outside `min..=max`, a word outside the choices, and an unknown key are
///   rejected with an error naming the key;
/// - every value at the ends of a range and every choice that parses on its own prints and
///   parses back to the same parameters, printing only described keys.
///
/// ```
/// use boardgame_kit::{conformance::check_params, testing::NimParams};
/// check_params::<NimParams>();
/// ```
pub fn check_params<P: GameParams>() {
    let name = core::any::type_name::<P>();
    let fail = |what: String| -> ! { panic!("parameter description of {name}: {what}") };
    let specs = P::specs();
    for (i, spec) in specs.iter().enumerate() {
        let key = spec.key();
        if key.is_empty() || key.contains(['=', ',', ' ']) {
            fail(format!("bad key `{key}`"));
        }
        if specs[..i].iter().any(|s| s.key() == key) {
            fail(format!("key `{key}` described twice"));
        }
        if spec.help().trim().is_empty() {
            fail(format!("key `{key}` has no help"));
        }
        let text = format!("{key}={}", spec.default());
        match text.parse::<P>() {
            Ok(p) if p == P::default() => {}
            Ok(p) => fail(format!("`{text}` gives `{p}`, not the defaults")),
            Err(e) => fail(format!("the default `{text}` is rejected: {e}")),
        }
        let mut good: Vec<String> = Vec::new();
        let mut bad: Vec<String> = Vec::new();
        match spec.values() {
            ParamValues::Int { min, max } => {
                good.extend([min.to_string(), max.to_string()]);
                bad.extend(min.checked_sub(1).map(|n| n.to_string()));
                bad.extend(max.checked_add(1).map(|n| n.to_string()));
            }
            ParamValues::Choice(words) => {
                good.extend(words.iter().map(|w| w.to_string()));
                bad.push("no-such-choice".into());
            }
            ParamValues::Text(_) => {}
        }
        for value in &bad {
            let text = format!("{key}={value}");
            match text.parse::<P>() {
                Ok(_) => fail(format!("`{text}` is accepted, outside {}", spec.values())),
                Err(e) if !e.to_string().contains(key) => {
                    fail(format!("the error for `{text}` does not name the key: {e}"))
                }
                Err(_) => {}
            }
        }
        for value in &good {
            let Ok(p) = format!("{key}={value}").parse::<P>() else {
                continue; // allowed only together with other keys
            };
            let shown = p.to_string();
            match shown.parse::<P>() {
                Ok(q) if q == p => {}
                _ => fail(format!(
                    "`{key}={value}` prints as `{shown}`, which does not read back"
                )),
            }
            for item in shown.split(',').filter(|i| !i.is_empty()) {
                let k = item.split('=').next().unwrap_or(item);
                if !specs.iter().any(|s| s.key() == k) {
                    fail(format!("`{shown}` prints the undescribed key `{k}`"));
                }
            }
        }
    }
    match "no_such_key=1".parse::<P>() {
        Ok(_) => fail("an unknown key is accepted".into()),
        Err(e) if !e.to_string().contains("no_such_key") => fail(format!(
            "the error for an unknown key does not name it: {e}"
        )),
        Err(_) => {}
    }
    if !P::default().to_string().is_empty() {
        fail(format!(
            "the defaults print as `{}`, not the empty string",
            P::default()
        ));
    }
}

/// Checks that each parameter text reads as the parameters `P`. Panics on the first one
/// refused, with its error.
///
/// ```
/// use boardgame_kit::{conformance::check_accepted, testing::NimParams};
/// check_accepted::<NimParams>(&["", "stones=1", "stones=60"]);
/// ```
///
/// ```should_panic
/// use boardgame_kit::{conformance::check_accepted, testing::NimParams};
/// check_accepted::<NimParams>(&["stones=61"]);
/// ```
pub fn check_accepted<P: GameParams>(texts: &[&str]) {
    for text in texts {
        if let Err(e) = text.parse::<P>() {
            panic!("{text}: refused: {e}");
        }
    }
}

/// Checks that each parameter text is refused with an error that names the key given with it,
/// so that a user told a value is wrong learns which. Panics on the first text that is
/// accepted or whose error does not name its key.
///
/// ```
/// use boardgame_kit::{conformance::check_refused, testing::NimParams};
/// check_refused::<NimParams>(&[("stones=0", "stones"), ("colour=red", "colour")]);
/// ```
///
/// ```should_panic
/// use boardgame_kit::{conformance::check_refused, testing::NimParams};
/// check_refused::<NimParams>(&[("stones=7", "stones")]);
/// ```
pub fn check_refused<P: GameParams>(cases: &[(&str, &str)]) {
    for (text, key) in cases {
        match text.parse::<P>() {
            Ok(p) => panic!("{text}: accepted as {p:?}"),
            Err(e) => {
                let e = e.to_string();
                assert!(e.contains(key), "{text}: {e}");
            }
        }
    }
}

/// Checks that a perft of `depth` from `state`, a position of a game whose rules put no bound
/// on its length, is refused as deeper than [`crate::MAX_PERFT_DEPTH`] by both checked entry
/// points ([`crate::try_perft`] and [`crate::try_perft_divide`]), so that a mistyped depth
/// cannot run for ever. Panics otherwise.
///
/// Nim's games have a bound, so its deep perfts are refused as longer than the longest game:
///
/// ```should_panic
/// use boardgame_kit::{conformance::check_too_deep, testing::Nim, Game};
/// check_too_deep(&mut Nim::new(&Default::default()), 99_999);
/// ```
pub fn check_too_deep<G: Game>(state: &mut G, depth: u32) {
    assert_eq!(
        crate::try_perft(state, depth),
        Err(crate::PerftError::TooDeep {
            depth,
            max: crate::MAX_PERFT_DEPTH
        })
    );
    assert!(crate::try_perft_divide(state, depth).is_err());
}

/// The conformance tests of a game crate (`tests/conformance.rs`): one `#[test]` function per
/// name, running [`check`] on each of its parameter texts with `base` and that entry's number
/// of games (and any other [`Config`] fields given after it).
///
/// ```ignore
/// use boardgame_kit::conformance::Config;
/// boardgame_kit::conformance_tests!(State, Config { seed: 7, max_actions: 600, ..Config::default() }, {
///     two_players: [("", 20)],
///     turn_limits: [("turn_limit=6", 20, max_actions = 10_000), ("players=6,turn_limit=8", 15)],
/// });
/// ```
#[macro_export]
macro_rules! conformance_tests {
    ($game:ty, $base:expr, {
        $($name:ident: [$(($params:expr, $games:expr $(, $field:ident = $value:expr)*)),+ $(,)?]),+ $(,)?
    }) => {
        $(
            #[test]
            fn $name() {
                $(
                    let text: &str = &$params;
                    let params: <$game as $crate::Game>::Params = text.parse().unwrap();
                    $crate::conformance::check::<$game>(
                        &params,
                        &$crate::conformance::Config {
                            games: $games,
                            $($field: $value,)*
                            ..$base
                        },
                    );
                )+
            }
        )+
    };
}
