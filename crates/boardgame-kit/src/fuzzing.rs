//! A fuzzing harness every game's fuzz target calls with the fuzzer's bytes.
//!
//! The bytes are read as text lines: the first line is tried as parameters, the second as a
//! position, and every later line as an action. Whatever is read must never panic; anything
//! that parses must re-print to text that parses back to the same value; every action is tried
//! with `try_play`, and a refused action must leave the state unchanged; the same action played
//! with `play_unchecked` on a copy must leave a state the engine can still read, and undo must
//! take it back. An action line `#N` names the action with id `N` ([`Encoding`]; any
//! number), which must have that id; a line `@N` observes the state from seat number `N`
//! (any number): refused for a seat that does not play, values in `[0, 1]` otherwise. Every
//! state met, the wild ones of unchecked plays included, is observed without a panic.
//! [`seed_inputs`] builds inputs from real games for a seed corpus.

use crate::encoding::Encoding;
use crate::game::{Game, ToAct};
use crate::seat::Seat;
use alloc::string::ToString;

/// Runs the harness on arbitrary bytes; panics only when an invariant is broken.
///
/// ```
/// use boardgame_kit::{fuzzing::run, testing::Nim};
/// run::<Nim>(b"stones=4\n4 1\n1\n2\nx\n1");
/// run::<Nim>(b"\n\n#1\n#99999999999999999999\n@0\n@7\n@18446744073709551616");
/// run::<Nim>(&[0xff, 0x00, b'\n']);
/// ```
pub fn run<G: Game + Encoding>(data: &[u8]) {
    let text = match core::str::from_utf8(data) {
        Ok(t) => t,
        Err(e) => match core::str::from_utf8(&data[..e.valid_up_to()]) {
            Ok(t) => t,
            Err(_) => return,
        },
    };
    let mut lines = text.split('\n');
    let params: G::Params = match lines.next().unwrap_or("").parse::<G::Params>() {
        Ok(p) => {
            let again: G::Params = p
                .to_string()
                .parse()
                .expect("printed parameters must read back");
            assert_eq!(again, p, "parameters must round-trip");
            p
        }
        Err(_) => Default::default(),
    };
    let mut state = match G::from_position(&params, lines.next().unwrap_or("")) {
        Ok(s) => {
            let pos = s.position();
            let back = G::from_position(&params, &pos).expect("a printed position must read back");
            assert_eq!(back, s, "position must round-trip");
            assert_eq!(back.position(), pos, "position must re-print identically");
            s
        }
        Err(_) => G::new(&params),
    };
    let mut obs = alloc::vec![0.0f32; G::observation_shape(&params).size()];
    for line in lines {
        if let Some(number) = line.strip_prefix('@') {
            observe_checked(&state, number, &mut obs);
            continue;
        }
        let parsed = match line.strip_prefix('#') {
            Some(number) => action_of_id_checked(&state, number),
            None => state.parse_action(line).ok(),
        };
        let Some(a) = parsed else {
            continue;
        };
        let printed = a.to_string();
        assert_eq!(
            state.parse_action(&printed).ok(),
            Some(a),
            "action text must round-trip"
        );
        let before = state.clone();
        let legal = state.is_legal(&a);
        match state.try_play(a) {
            Ok(_) => assert!(legal, "try_play accepted an action is_legal refuses"),
            Err(_) => {
                assert!(
                    !legal || before.to_act() == ToAct::Over,
                    "try_play refused a legal action"
                );
                assert_eq!(state, before, "a refused action changed the state");
            }
        }
        // The same action unchecked, on a copy of the state before: whatever it does, the
        // engine must not panic afterwards and undo must take it back.
        let mut wild = before.clone();
        let undo = wild.play_unchecked(a);
        let mut buf = crate::Actions::<G>::new();
        wild.legal_actions(&mut buf);
        let _ = (wild.to_act(), wild.outcome(), wild.count_legal());
        let _ = (alloc::format!("{wild}"), wild.position());
        for seat in wild.seats().iter() {
            let _ = wild.observe(seat, &mut obs);
        }
        let _ = wild.action_id(a);
        wild.undo(undo);
        assert!(wild == before, "undo did not take back an unchecked play");
        let pos = state.position();
        assert_eq!(
            G::from_position(&params, &pos).as_ref(),
            Ok(&state),
            "position must round-trip"
        );
    }
}

/// A number as the fuzzer wrote it: digits (saturating at `u64::MAX`), else `None`.
fn number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.bytes().fold(0u64, |n, b| {
        n.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    }))
}

/// `#N`: the action with id `N` in this state, which must have that id back.
fn action_of_id_checked<G: Game + Encoding>(state: &G, text: &str) -> Option<G::Action> {
    let id = usize::try_from(number(text)?).unwrap_or(usize::MAX);
    let a = state.action_of_id(id)?;
    assert_eq!(
        state.action_id(a),
        Some(id),
        "id {id} reads as {a}, another id"
    );
    Some(a)
}

/// `@N`: observe from seat number `N`.
fn observe_checked<G: Game + Encoding>(state: &G, text: &str, obs: &mut [f32]) {
    let Some(n) = number(text) else {
        return;
    };
    let seat = usize::try_from(n).ok().and_then(Seat::new);
    match seat {
        Some(seat) if state.seats().contains(seat) => {
            state
                .observe(seat, obs)
                .expect("observing from a seat that plays works");
            assert!(
                obs.iter().all(|v| (0.0..=1.0).contains(v)),
                "an observation value outside [0, 1]"
            );
        }
        Some(seat) => assert!(
            state.observe(seat, obs).is_err(),
            "a seat not in play observes"
        ),
        None => {}
    }
}

/// Inputs for [`run`] built from real games, for a fuzzer's seed corpus: `count` random games
/// with these parameters, each cut at a random point and written as the parameter line, the
/// position there, and the actions that followed (at most `max_actions`), one per line.
///
/// ```
/// use boardgame_kit::{fuzzing::{run, seed_inputs}, testing::Nim, Game};
/// let seeds = seed_inputs::<Nim>(&"stones=9".parse().unwrap(), 1, 5, 10);
/// assert_eq!(seeds.len(), 5);
/// for s in &seeds {
///     assert!(s.starts_with("stones=9\n"));
///     run::<Nim>(s.as_bytes());
/// }
/// ```
pub fn seed_inputs<G: Game + Encoding>(
    params: &G::Params,
    seed: u64,
    count: usize,
    max_actions: usize,
) -> alloc::vec::Vec<alloc::string::String> {
    use crate::drivers::{random_action, RandomSource, SplitMix64};
    use alloc::vec::Vec;
    let mut rng = SplitMix64::new(seed);
    let mut buf = crate::Actions::<G>::new();
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let mut state = G::new(params);
        let cut = rng.below(4 * max_actions as u64 + 1);
        for _ in 0..cut {
            match random_action(&state, &mut rng, &mut buf) {
                Some(a) => {
                    let _ = state.play_unchecked(a);
                }
                None => break,
            }
        }
        let mut text = alloc::format!("{params}\n{}\n", state.position());
        for _ in 0..max_actions {
            let Some(a) = random_action(&state, &mut rng, &mut buf) else {
                break;
            };
            // Every fourth action by its id, and an observation from the seat to act.
            match state.action_id(a) {
                Some(id) if rng.below(4) == 0 => text.push_str(&alloc::format!("#{id}")),
                _ => text.push_str(&a.to_string()),
            }
            text.push('\n');
            if let ToAct::Seat(seat) = state.to_act() {
                if rng.below(4) == 0 {
                    text.push_str(&alloc::format!("@{}\n", seat.index()));
                }
            }
            let _ = state.play_unchecked(a);
        }
        out.push(text);
    }
    out
}
