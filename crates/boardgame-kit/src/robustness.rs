//! The promise of [`Game::play_unchecked`], checked (feature `conformance`): an illegal
//! unchecked play may leave a state the rules cannot reach, but never one that makes the engine
//! panic, and [`Game::undo`] still takes it back exactly.
//!
//! [`check_unchecked_play`] plays random games mixing legal actions with hostile ones, all
//! through `play_unchecked`: actions legal elsewhere (other positions, other parameters),
//! action texts whose cells are moved anywhere from `a1` to `z26` (off the board too), and
//! mutated texts, also after the game is over. After every play it exercises the whole
//! read-only surface (who acts, the legal list and its count, legality and reasons, chance
//! outcomes, the outcome, the drawing, the position text and reading it back, the key), a
//! checked play, a short random playout and a perft of depth 1 on copies; it undoes plays
//! last-first at random and checks each undo restores the state exactly. A panic inside the
//! engine fails the test that called it.

use crate::drivers::{playout, RandomSource, SplitMix64};
use crate::game::{Actions, ChanceOutcomes, Game};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// How much [`check_unchecked_play`] plays.
#[derive(Clone, Copy, Debug)]
pub struct UncheckedConfig {
    /// Random games per parameter set.
    pub games: usize,
    /// Unchecked plays and undos per game.
    pub steps: usize,
    /// Seed of the random choices.
    pub seed: u64,
}

impl Default for UncheckedConfig {
    fn default() -> Self {
        UncheckedConfig {
            games: 6,
            steps: 300,
            seed: 7,
        }
    }
}

/// Plays random legal and hostile actions through `play_unchecked` in games with each of these
/// parameters (the actions of every parameter set are foreign to the others). Panics if the
/// engine panics or an undo does not restore the state.
///
/// ```
/// use boardgame_kit::{robustness::{check_unchecked_play, UncheckedConfig}, testing::Nim};
/// let params = ["stones=3".parse().unwrap(), "stones=20".parse().unwrap()];
/// check_unchecked_play::<Nim>(&params, &UncheckedConfig::default());
/// ```
pub fn check_unchecked_play<G: Game>(params: &[G::Params], cfg: &UncheckedConfig) {
    let mut rng = SplitMix64::new(cfg.seed);
    let pool = hostile_pool::<G>(params, &mut rng);
    for p in params {
        for game in 0..cfg.games {
            abuse_one::<G>(p, &pool, cfg.steps, &mut rng, game);
        }
    }
}

/// Actions legal somewhere (random games of every parameter set) plus texts derived from them
/// with their cells moved anywhere on a 26x26 grid, and mutated texts.
fn hostile_pool<G: Game>(params: &[G::Params], rng: &mut SplitMix64) -> Vec<G::Action> {
    let mut pool: Vec<G::Action> = Vec::new();
    let mut buf = Actions::<G>::new();
    for p in params {
        for _ in 0..4 {
            let mut s = G::new(p);
            for _ in 0..200 {
                s.legal_actions(&mut buf);
                for &a in buf.iter() {
                    if pool.len() < 1024 && !pool.contains(&a) {
                        pool.push(a);
                    }
                }
                let Some(&a) = buf.get(rng.below(buf.len().max(1) as u64) as usize) else {
                    break;
                };
                let _ = s.play_unchecked(a);
            }
        }
    }
    let start = G::new(&params[0]);
    let texts: Vec<String> = pool.iter().map(|a| a.to_string()).collect();
    for t in &texts {
        for _ in 0..4 {
            for moved in [move_cells(t, rng), crate::conformance::mutate(t, rng)] {
                if let Ok(a) = start.parse_action(&moved) {
                    if !pool.contains(&a) {
                        pool.push(a);
                    }
                }
            }
        }
    }
    for far in ["z26", "a26", "z1", "q11", "x26", "t20", "n14"] {
        if let Ok(a) = start.parse_action(far) {
            if !pool.contains(&a) {
                pool.push(a);
            }
        }
    }
    pool
}

/// The text with every cell name (`a1`..`z26`: a letter then digits) replaced by a random one,
/// often off the board.
fn move_cells(text: &str, rng: &mut SplitMix64) -> String {
    let bytes = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let word_start = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if c.is_ascii_alphabetic() && digits > 0 && word_start {
            out.push(char::from(b'a' + rng.below(26) as u8));
            out.push_str(&(1 + rng.below(26)).to_string());
            i += 1 + digits;
        } else {
            out.push(char::from(c));
            i += 1;
        }
    }
    out
}

/// One game of unchecked plays, hostile actions and undos.
fn abuse_one<G: Game>(
    params: &G::Params,
    pool: &[G::Action],
    steps: usize,
    rng: &mut SplitMix64,
    game: usize,
) {
    let start = G::new(params);
    let mut state = start.clone();
    let mut stack: Vec<(G::Undo, G, G::Action)> = Vec::new();
    let mut buf = Actions::<G>::new();
    for step in 0..steps {
        let roll = rng.below(100);
        if roll < 15 {
            if let Some((u, before, a)) = stack.pop() {
                state.undo(u);
                assert!(
                    state == before,
                    "{} [{params}] game {game} step {step}: undoing the unchecked play of {a} \
                     does not restore the state",
                    G::NAME
                );
                continue;
            }
        }
        state.legal_actions(&mut buf);
        let action = if roll < 55 && !buf.is_empty() {
            buf[rng.below(buf.len() as u64) as usize]
        } else if pool.is_empty() {
            continue;
        } else {
            pool[rng.below(pool.len() as u64) as usize]
        };
        let before = state.clone();
        let u = state.play_unchecked(action);
        stack.push((u, before, action));
        exercise(&state, params, pool, rng);
    }
    while let Some((u, before, a)) = stack.pop() {
        state.undo(u);
        assert!(
            state == before,
            "{} [{params}] game {game}: undoing the unchecked play of {a} does not restore \
             the state",
            G::NAME
        );
    }
    assert!(state == start, "{} [{params}]: undo all", G::NAME);
}

/// Calls everything a front end or a search might call on a state.
fn exercise<G: Game>(state: &G, params: &G::Params, pool: &[G::Action], rng: &mut SplitMix64) {
    let mut buf = Actions::<G>::new();
    let _ = state.to_act();
    state.legal_actions(&mut buf);
    let _ = state.count_legal();
    for a in buf.iter().take(4) {
        let _ = state.is_legal(a);
    }
    let mut chance = ChanceOutcomes::<G::Action>::new();
    state.chance_outcomes(&mut chance);
    let _ = state.outcome().map(|o| o.summary(G::SEAT_NAMES));
    let _ = state.seats();
    let _ = format!("{state}");
    let _ = format!("{state:?}");
    let pos = state.position();
    let _ = G::from_position(params, &pos);
    let _ = state.position_key();
    let _ = state.params();
    let _ = crate::drivers::status_line(state);
    if let Some(&a) = pool.get(rng.below(pool.len().max(1) as u64) as usize) {
        let _ = state.is_legal(&a);
        let _ = state.illegal_reason(&a);
        let mut copy = state.clone();
        let _ = copy.try_play(a);
        let _ = copy.try_play_as(crate::Seat::of(rng.below(6) as usize), a);
    }
    let mut copy = state.clone();
    let _ = crate::perft(&mut copy, 1);
    let mut copy = state.clone();
    let seed = rng.next_u64();
    let _ = playout(&mut copy, &mut SplitMix64::new(seed), 64);
}

/// Checks that every error message from reading hostile parameters, positions, actions and
/// records of this game is one line: texts with newlines, carriage returns, tabs, other
/// control characters and Unicode line separators, alone or inside real positions and actions.
///
/// ```
/// use boardgame_kit::{robustness::check_one_line_errors, testing::Nim};
/// check_one_line_errors::<Nim>(&Default::default());
/// ```
pub fn check_one_line_errors<G: Game>(params: &G::Params) {
    let start = G::new(params);
    let position = start.position();
    let mut buf = Actions::<G>::new();
    start.legal_actions(&mut buf);
    let action = buf.first().map(|a| a.to_string()).unwrap_or_default();
    let mut inputs: Vec<String> = Vec::new();
    for bad in [
        "\n", "\r", "\t", "\u{7}", "\u{0}", "\u{2028}", "\u{85}", "\\",
    ] {
        inputs.push(bad.to_string());
        for base in [&position, &action, &params.to_string()] {
            for at in base.char_indices().map(|(i, _)| i).chain([base.len()]) {
                let mut t = base.clone();
                t.insert_str(at, bad);
                inputs.push(t);
            }
        }
    }
    let one_line = |what: &str, input: &str, message: String| {
        assert!(
            !message.contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']),
            "{} {what} {input:?}: the message spans lines: {message:?}",
            G::NAME
        );
    };
    for input in &inputs {
        if let Err(e) = input.parse::<G::Params>() {
            one_line("parameters", input, e.to_string());
        }
        if let Err(e) = G::from_position(params, input) {
            one_line("position", input, e.to_string());
        }
        if let Err(e) = start.parse_action(input) {
            one_line("action", input, e.to_string());
        }
        let record = format!("{} {params}: {action} {input}", G::NAME);
        if let Err(e) = record.parse::<crate::Record<G>>() {
            one_line("record", &record, e.to_string());
        }
        let record = format!("{input}: {action}");
        if let Err(e) = record.parse::<crate::Record<G>>() {
            one_line("record", &record, e.to_string());
        }
    }
}

/// The robustness tests of a game crate (`tests/robustness.rs`), for its state type and the
/// texts of its parameter sets: three `#[test]` functions.
///
/// - `hostile_unchecked_plays_never_panic_and_undo_restores`: [`check_unchecked_play`] with
///   the default [`UncheckedConfig`];
/// - `hostile_unchecked_plays_never_panic_long` (`#[ignore]`d; expected: passes, about a
///   minute in release): the same with 40 games of 3,000 steps from seed 99;
/// - `error_messages_are_one_line`: [`check_one_line_errors`] on every parameter set, and the
///   error of reading the position `"\n"` is one line.
///
/// ```ignore
/// boardgame_kit::robustness_tests!(State, ["", "players=3", "players=4"]);
/// ```
#[macro_export]
macro_rules! robustness_tests {
    ($game:ty, [$($params:expr),+ $(,)?]) => {
        /// The parameter sets of these tests.
        fn robustness_params() -> ::std::vec::Vec<<$game as $crate::Game>::Params> {
            [$($params),+].iter().map(|p| p.parse().unwrap()).collect()
        }

        #[test]
        fn hostile_unchecked_plays_never_panic_and_undo_restores() {
            $crate::robustness::check_unchecked_play::<$game>(
                &robustness_params(),
                &$crate::robustness::UncheckedConfig::default(),
            );
        }

        /// The same, longer (expected: passes; about a minute in release).
        #[test]
        #[ignore]
        fn hostile_unchecked_plays_never_panic_long() {
            let cfg = $crate::robustness::UncheckedConfig {
                games: 40,
                steps: 3_000,
                seed: 99,
            };
            $crate::robustness::check_unchecked_play::<$game>(&robustness_params(), &cfg);
        }

        #[test]
        fn error_messages_are_one_line() {
            for p in robustness_params() {
                $crate::robustness::check_one_line_errors::<$game>(&p);
            }
            let e = <$game as $crate::Game>::from_position(&::core::default::Default::default(), "\n")
                .unwrap_err();
            assert!(!e.to_string().contains('\n'), "{e}");
        }
    };
}
