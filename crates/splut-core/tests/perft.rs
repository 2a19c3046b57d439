//! The golden perft table `tests/golden/perft.tsv` (`PARAMS<TAB>DEPTH<TAB>COUNT`, `-` for the
//! default parameters). Rows up to 3,000,000 run in `cargo test`; the rest with `--ignored`.

use boardgame_kit::golden::{check_perft, perft_rows, PerftRow};
use boardgame_kit::{perft, perft_divide, Game};
use splut_core::State;

const FAST_LIMIT: u64 = 3_000_000;

fn rows() -> Vec<PerftRow> {
    perft_rows(include_str!("golden/perft.tsv"))
}

fn run(fast: bool) {
    let rows = rows();
    assert!(check_perft::<State>(rows.iter().filter(|r| (r.count <= FAST_LIMIT) == fast)) > 0);
}

#[test]
fn perft_golden_fast() {
    run(true);
}

#[test]
#[ignore = "deep perft: run with --ignored --release"]
fn perft_golden_deep() {
    run(false);
}

#[test]
fn perft_divide_sums_to_perft() {
    let mut s = State::new(&"players=4".parse().unwrap());
    let d = perft_divide(&mut s, 5);
    assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 1653);
    assert_eq!(
        d.iter().map(|x| x.0.as_str()).collect::<Vec<_>>(),
        ["d2-d3", "e2-e3", "f2-f3"]
    );
}

/// Perft from positions in the middle of games (mid-turn, levitation runs, bans) agrees with a
/// plain recursive count through `legal_actions` (no bulk counting).
#[test]
fn bulk_counting_agrees_with_listing() {
    fn slow(s: &mut State, d: u32) -> u64 {
        if d == 0 {
            return 1;
        }
        let mut l = boardgame_kit::Actions::<State>::new();
        s.legal_actions(&mut l);
        let mut n = 0;
        for &a in l.iter() {
            let u = s.play_unchecked(a);
            n += slow(s, d - 1);
            s.undo(u);
        }
        n
    }
    let mut rng = boardgame_kit::SplitMix64::new(3);
    for p in ["", "players=3", "players=4"] {
        for _ in 0..10 {
            let mut s = State::new(&p.parse().unwrap());
            boardgame_kit::playout(&mut s, &mut rng, 40);
            assert_eq!(perft(&mut s, 3), slow(&mut s, 3), "{}", s.position());
        }
    }
}

#[test]
fn perft_kernel_agrees_with_the_golden_table() {
    for r in rows().iter().filter(|r| r.count <= 600_000) {
        let s = State::new(&r.params.parse().unwrap());
        assert_eq!(s.perft(r.depth), r.count, "{:?} {}", r.params, r.depth);
    }
}

#[test]
fn random_playout_kernel_ends_games() {
    let mut rng = boardgame_kit::SplitMix64::new(5);
    for p in ["turn_limit=200", "players=4,turn_limit=200", ""] {
        for _ in 0..50 {
            let mut s = State::new(&p.parse().unwrap());
            let (steps, outcome) = s.random_playout(&mut rng, 100_000);
            assert!(outcome.is_some() && steps > 0);
            assert_eq!(
                State::from_position(&p.parse().unwrap(), &s.position()).unwrap(),
                s
            );
        }
    }
}

/// The board has the four-fold rotational symmetry of the seats: rotated seatings give the
/// same perft counts (an independent check of geometry, seats and turn order).
#[test]
fn rotated_seatings_have_equal_perft() {
    let count = |p: &str, d: u32| State::new(&p.parse().unwrap()).perft(d);
    for first in ["s", "w", "n", "e"] {
        assert_eq!(count(&format!("players=4,first={first}"), 6), 12358);
    }
    // three players: the first mover is followed by two seats, then the empty one
    for (seats, first) in [("swn", "s"), ("wne", "w"), ("nes", "n"), ("esw", "e")] {
        assert_eq!(
            count(&format!("seats={seats},first={first}"), 6),
            14767,
            "{seats}"
        );
    }
    assert_eq!(count("seats=we,first=e", 6), count("first=n", 6));
}

/// Issue 14: a perft depth from a user is refused with a typed error, at once, above the
/// game's bound or the kit's maximum, instead of overflowing the stack or running for ever.
#[test]
fn deep_perft_is_refused() {
    use boardgame_kit::{conformance::check_too_deep, try_perft, PerftError};
    let mut s = State::new(&Default::default()); // no turn limit: no bound
    check_too_deep(&mut s, 50_000);
    let mut limited = State::new(&"turn_limit=2".parse().unwrap()); // at most 6 steps
    assert!(matches!(
        try_perft(&mut limited, 7),
        Err(PerftError::BeyondGameLength { longest: 6, .. })
    ));
    assert_eq!(try_perft(&mut s, 3), Ok(79));
}
