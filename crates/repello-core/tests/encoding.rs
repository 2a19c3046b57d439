//! One test per rule of the action ids and the observation (`docs/repello.md`, "Action ids and
//! observation"), with the expected values taken from that text, and the golden files
//! `tests/golden/info.txt` and `tests/golden/observation-3p.txt`
//! (`BLESS=1 cargo test -p repello-core --test encoding` rewrites them; check them by eye).

use boardgame_kit::encoding::{Encoding, ObserveError, Shape};
use boardgame_kit::golden::{check_info_file, check_observation_file};
use boardgame_kit::{
    random_action, Actions, Cell, Dir8, Game, RandomSource, Seat, SplitMix64, ToAct,
};
use repello_core::{Action, Params, Phase, State};

mod common;
use common::*;

/// Squares of a plane.
const SQ: usize = 169;

/// The square index of the docs: `(13 - rank) * 13 + file`, rank 13 first.
fn q(name: &str) -> usize {
    let c = cell(name);
    (12 - c.rank() as usize) * 13 + c.file() as usize
}

fn id(s: &State, a: &str) -> usize {
    s.action_id(act(a)).unwrap()
}

fn observe(s: &State, seat: usize) -> Vec<f32> {
    let mut obs = vec![0.5; State::observation_shape(&s.params()).size()];
    s.observe(Seat::of(seat), &mut obs).unwrap();
    obs
}

fn plane(obs: &[f32], p: usize) -> &[f32] {
    &obs[p * SQ..(p + 1) * SQ]
}

fn at(obs: &[f32], p: usize, square: &str) -> f32 {
    plane(obs, p)[q(square)]
}

/// The value of a constant plane (panics if the plane is not constant).
fn constant(obs: &[f32], p: usize) -> f32 {
    let v = plane(obs, p);
    assert!(v.iter().all(|x| *x == v[0]), "plane {p} is not constant");
    v[0]
}

/// The squares where a plane holds 1, sorted by name.
fn ones(obs: &[f32], p: usize) -> Vec<String> {
    let mut v: Vec<String> = (0..SQ)
        .filter(|&k| plane(obs, p)[k] == 1.0)
        .map(|k| Cell::new((k % 13) as u8, (12 - k / 13) as u8).to_string())
        .collect();
    v.sort();
    v
}

fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn position(params: &str, text: &str) -> State {
    State::from_position(&params.parse().unwrap(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

// ---- Action ids ----

#[test]
fn placement_ids_are_the_square_index_rank_13_first() {
    let s = State::new(&Params::default());
    assert_eq!(id(&s, "a13"), 0);
    assert_eq!(id(&s, "m13"), 12);
    assert_eq!(id(&s, "a12"), 13);
    assert_eq!(id(&s, "e5"), 8 * 13 + 4);
    assert_eq!(id(&s, "i9"), 4 * 13 + 8);
    assert_eq!(id(&s, "a1"), 156);
    assert_eq!(id(&s, "m1"), 168);
}

#[test]
fn move_ids_are_169_plus_the_direction() {
    let s = State::new(&Params::default());
    let dirs = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];
    for (k, d) in dirs.iter().enumerate() {
        assert_eq!(id(&s, d), 169 + k, "{d}");
    }
}

#[test]
fn push_ids_are_177_plus_8_squares_plus_the_direction() {
    let s = State::new(&Params::default());
    assert_eq!(id(&s, "a13/n"), 177);
    assert_eq!(id(&s, "a13/nw"), 184);
    assert_eq!(id(&s, "b13/n"), 185);
    assert_eq!(id(&s, "c3/sw"), 177 + 8 * (10 * 13 + 2) + 5);
    assert_eq!(id(&s, "m1/nw"), 1528);
}

#[test]
fn the_action_space_has_1529_ids_whatever_the_parameters() {
    let custom = numbers(3, Some(4), &[("d11", 3)]);
    for p in ["", "players=3", "players=4", "players=2,stack=1"] {
        assert_eq!(
            State::num_distinct_actions(&p.parse().unwrap()),
            1529,
            "{p}"
        );
        assert_eq!(State::max_chance_outcomes(&p.parse().unwrap()), 0, "{p}");
    }
    assert_eq!(State::num_distinct_actions(&custom), 1529);
}

#[test]
fn ids_past_the_end_read_as_no_action() {
    let s = State::new(&Params::default());
    assert_eq!(s.action_of_id(1528), Some(act("m1/nw")));
    assert_eq!(s.action_of_id(1529), None);
    assert_eq!(s.action_of_id(usize::MAX), None);
}

#[test]
fn cells_off_the_board_have_no_id() {
    let s = State::new(&Params::default());
    assert_eq!(s.action_id(Action::Place(Cell::new(13, 0))), None);
    assert_eq!(s.action_id(Action::Place(Cell::new(0, 13))), None);
    assert_eq!(s.action_id(Action::Push(Cell::new(0, 200), Dir8::N)), None);
}

#[test]
fn every_id_reads_back_to_itself_the_same_in_every_position() {
    let start = State::new(&Params::default());
    let mid = position(
        "players=2,stack=5",
        "13/13/13/13/13/13/13/13/2bb1b7/13/13/13/A12 5,0gssssbbbbbb push:1 d5/w,e5/w",
    );
    let four = State::new(&"players=4".parse().unwrap());
    for id in 0..1529 {
        let a = start.action_of_id(id).unwrap();
        assert_eq!(start.action_id(a), Some(id));
        assert_eq!(mid.action_of_id(id), Some(a));
        assert_eq!(four.action_of_id(id), Some(a));
        assert_eq!(mid.action_id(a), Some(id));
    }
    // The same text, placed in a setup round and on a return, has the same id.
    let ret = setup(
        &"players=2,stack=5".parse().unwrap(),
        &[("a1", 'A')],
        &[(5, ""), (4, "")],
        0,
        "turn:2",
    );
    assert!(ret.is_legal(&act("e5")) && start.is_legal(&act("e5")));
    assert_eq!(id(&ret, "e5"), id(&start, "e5"));
}

// ---- Observation: shape and planes ----

#[test]
fn the_shape_is_8_planes_per_seat_and_15_more() {
    for (p, planes) in [("", 31), ("players=3", 39), ("players=4", 47)] {
        assert_eq!(
            State::observation_shape(&p.parse().unwrap()),
            Shape::planes(planes, 13, 13),
            "{p}"
        );
    }
}

#[test]
fn the_start_shows_the_tokens_numbers_start_area_and_setup() {
    let s = State::new(&Params::default());
    let o = observe(&s, 0);
    let b = 16;
    assert_eq!(ones(&o, b), sorted(&["g12", "b7", "l7", "g2"]));
    assert_eq!(ones(&o, b + 1), sorted(&["c11", "k11", "c3", "k3"]));
    assert_eq!(ones(&o, b + 2), sorted(&["g7"]));
    // The stand-in board: a13 is 1, b13 is 2, c13 is 6, g7 is 5, b1 is 6, m12 is 2.
    for (square, n) in [
        ("a13", 1),
        ("b13", 2),
        ("c13", 6),
        ("g7", 5),
        ("b1", 6),
        ("m12", 2),
    ] {
        for k in 1..=6 {
            let want = if k == n { 1.0 } else { 0.0 };
            assert_eq!(at(&o, b + 2 + k, square), want, "{square} number {k}");
        }
    }
    for k in 0..SQ {
        let set = (1..=6).filter(|n| plane(&o, b + 2 + n)[k] == 1.0).count();
        assert_eq!(set, 1, "each square has one number");
    }
    let mut area = Vec::new();
    for f in "efghi".chars() {
        for r in 5..=9 {
            area.push(format!("{f}{r}"));
        }
    }
    let area: Vec<&str> = area.iter().map(String::as_str).collect();
    assert_eq!(ones(&o, b + 9), sorted(&area));
    // Setup round, seat 1 to act, both stacks unplaced with all their tokens.
    assert_eq!(constant(&o, b + 10), 1.0);
    for p in [b + 11, b + 12, b + 13, b + 14] {
        assert_eq!(constant(&o, p), 0.0, "plane {p}");
    }
    assert_eq!(constant(&o, 4), 1.0);
    assert_eq!(constant(&o, 12), 0.0);
    for block in [0, 8] {
        assert!(ones(&o, block).is_empty(), "no stack on the board yet");
        assert_eq!(constant(&o, block + 1), 1.0);
        for p in [2, 3, 5, 6, 7] {
            assert_eq!(constant(&o, block + p), 0.0);
        }
    }
}

#[test]
fn the_numbers_parameter_changes_the_number_planes() {
    let params = numbers(2, None, &[("d11", 3), ("m1", 6)]);
    let o = observe(&State::new(&params), 0);
    assert_eq!(ones(&o, 16 + 5), sorted(&["d11"]));
    assert_eq!(ones(&o, 16 + 8), sorted(&["m1"]));
    assert_eq!(ones(&o, 16 + 3).len(), 167);
    for n in [2, 4, 5] {
        assert!(ones(&o, 16 + 2 + n).is_empty());
    }
}

#[test]
fn each_seat_sees_its_own_stack_first() {
    let mut s = State::new(&Params::default());
    s.play(act("e5"));
    s.play(act("i9"));
    let one = observe(&s, 0);
    let two = observe(&s, 1);
    assert_eq!(ones(&one, 0), ["e5"]);
    assert_eq!(ones(&one, 8), ["i9"]);
    assert_eq!(ones(&two, 0), ["i9"]);
    assert_eq!(ones(&two, 8), ["e5"]);
    // The seat blocks swap; the board and turn planes are the same for both.
    assert_eq!(&one[..8 * SQ], &two[8 * SQ..16 * SQ]);
    assert_eq!(&one[8 * SQ..16 * SQ], &two[..8 * SQ]);
    assert_eq!(&one[16 * SQ..], &two[16 * SQ..]);
    assert_eq!(constant(&one, 4), 1.0, "seat 1 to act, seen by itself");
    assert_eq!(constant(&two, 12), 1.0, "seat 1 to act, seen by seat 2");
}

#[test]
fn three_players_come_in_turn_order_after_the_observer() {
    let mut s = State::new(&"players=3".parse().unwrap());
    for a in ["e5", "i9", "e9"] {
        s.play(act(a));
    }
    let from = |seat| {
        let o = observe(&s, seat);
        [ones(&o, 0), ones(&o, 8), ones(&o, 16)].map(|v| v.join(" "))
    };
    assert_eq!(from(0), ["e5", "i9", "e9"]);
    assert_eq!(from(1), ["i9", "e9", "e5"]);
    assert_eq!(from(2), ["e9", "e5", "i9"]);
    // Seat 1 to act: the first block from seat 1, the last from seat 2, the second from seat 3.
    assert_eq!(constant(&observe(&s, 0), 4), 1.0);
    assert_eq!(constant(&observe(&s, 1), 20), 1.0);
    assert_eq!(constant(&observe(&s, 2), 12), 1.0);
}

#[test]
fn heights_and_captured_tokens_are_scaled() {
    // Two players, stack 5: seat 1 has 3 tokens left and a gold, a silver and two blacks
    // captured; seat 2 has 4 left, three silvers and five blacks. 4 + 2 x 5 = 14 black tokens
    // in all.
    let s = position(
        "players=2,stack=5",
        "13/13/13/13/13/13/6A6/13/13/13/13/13/B12 3gsbb,4sssbbbbb turn:1",
    );
    let o = observe(&s, 0);
    assert_eq!(constant(&o, 1), 3.0 / 5.0);
    assert_eq!(constant(&o, 5), 2.0 / 14.0);
    assert_eq!(constant(&o, 6), 1.0 / 4.0);
    assert_eq!(constant(&o, 7), 1.0);
    assert_eq!(constant(&o, 9), 4.0 / 5.0);
    assert_eq!(constant(&o, 13), 5.0 / 14.0);
    assert_eq!(constant(&o, 14), 3.0 / 4.0);
    assert_eq!(constant(&o, 15), 0.0);
    // No token is left on the board: the token planes are empty.
    for p in 16..19 {
        assert!(ones(&o, p).is_empty());
    }
}

/// Worked example 3 of the rules: seat 1 to move its stack of `stack` tokens on k11 (a 3 on
/// l11), seat 2's stack of as many on a1.
fn worked_example_3(stack: u8) -> State {
    let params = numbers(2, Some(stack), &[("l11", 3)]);
    setup(
        &params,
        &[("k11", 'A'), ("a1", 'B')],
        &[(stack, ""), (stack, "")],
        1,
        "turn:1",
    )
}

#[test]
fn a_stack_emptied_by_its_move_stays_on_its_square_with_height_zero() {
    // Worked example 3 with a stack of one token: `e` ends on l11 beside the dropped token.
    let mut s = worked_example_3(1);
    s.play(act("e"));
    assert_eq!(s.phase(), Phase::Repulsion);
    let o = observe(&s, 0);
    assert_eq!(ones(&o, 0), ["l11"]);
    assert_eq!(constant(&o, 1), 0.0);
    assert_eq!(
        constant(&o, 3),
        0.0,
        "not finished before the end of the turn"
    );
    assert_eq!(ones(&o, 16), ["k11"]);
}

#[test]
fn stacks_off_the_board_and_finished_stacks_have_their_planes() {
    let params: Params = "players=3,stack=5".parse().unwrap();
    // Seat 2 pushed off with 4 tokens, seat 3 finished; seat 1 to act.
    let s = setup(
        &params,
        &[("g7", 'A')],
        &[(5, ""), (4, ""), (0, "")],
        2,
        "turn:1",
    );
    let o = observe(&s, 0);
    assert_eq!((constant(&o, 10), constant(&o, 11)), (1.0, 0.0));
    assert_eq!((constant(&o, 18), constant(&o, 19)), (0.0, 1.0));
    assert_eq!((constant(&o, 2), constant(&o, 3)), (0.0, 0.0));
    assert_eq!(constant(&o, 9), 4.0 / 5.0);
    assert_eq!(constant(&o, 17), 0.0);
    assert!(ones(&o, 8).is_empty() && ones(&o, 16).is_empty());
    // Seen by seat 3: its own block first.
    let o = observe(&s, 2);
    assert_eq!((constant(&o, 2), constant(&o, 3)), (0.0, 1.0));
    assert_eq!(ones(&o, 8), ["g7"]);
}

#[test]
fn the_phase_planes_follow_the_turn() {
    let b = 16;
    let phases = |s: &State| {
        let o = observe(s, 0);
        [10, 11, 12, 13].map(|p| constant(&o, b + p))
    };
    let mut s = State::new(&Params::default());
    assert_eq!(phases(&s), [1.0, 0.0, 0.0, 0.0]);
    s.play(act("e5"));
    assert_eq!(phases(&s), [1.0, 0.0, 0.0, 0.0]);
    s.play(act("i9"));
    assert_eq!(phases(&s), [0.0, 1.0, 0.0, 0.0]);
    // Worked example 3: the move ends beside the dropped token, a repulsion phase.
    let mut s = worked_example_3(5);
    assert_eq!(phases(&s), [0.0, 1.0, 0.0, 0.0]);
    s.play(act("e"));
    assert_eq!(phases(&s), [0.0, 0.0, 0.0, 1.0]);
    // A return: seat 2's stack is off the board at the start of its turn.
    let params = numbers(2, Some(5), &[("l11", 3)]);
    let s = setup(&params, &[("a1", 'A')], &[(5, ""), (4, "")], 0, "turn:2");
    assert_eq!(phases(&s), [0.0, 0.0, 1.0, 0.0]);
    assert_eq!(constant(&observe(&s, 0), 12), 1.0, "seat 2 to act");
    assert_eq!(constant(&observe(&s, 1), 4), 1.0);
    // The end: no phase and nobody to act.
    let mut s = State::new(&Params::default());
    boardgame_kit::playout(&mut s, &mut SplitMix64::new(3), u64::MAX);
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(phases(&s), [0.0; 4]);
    let o = observe(&s, 0);
    assert_eq!((constant(&o, 4), constant(&o, 12)), (0.0, 0.0));
    assert_eq!((constant(&o, 3), constant(&o, 11)), (1.0, 1.0));
}

#[test]
fn the_pushes_plane_counts_the_pushes_since_the_move_or_the_last_capture() {
    let params = "players=2,stack=5";
    // The rules' chain reaction, two pushes in: 2 / 16.
    let mut s = position(
        params,
        "13/13/13/13/13/13/13/13/2bb1b7/13/13/13/A12 5,0gssssbbbbbb push:1 d5/w,e5/w",
    );
    assert_eq!(constant(&observe(&s, 0), 16 + 14), 2.0 / 16.0);
    assert_eq!(constant(&observe(&s, 0), 16 + 13), 1.0);
    s.play(act("c5/w"));
    assert_eq!(s.phase(), Phase::Turn, "nothing is adjacent: the turn ends");
    assert_eq!(constant(&observe(&s, 0), 16 + 14), 0.0);
    // Blacks on a5 b5 and e9 f9 g9: a push, then a capture, which restarts the count.
    let mut s = setup(
        &params.parse().unwrap(),
        &[
            ("a5", 'b'),
            ("b5", 'b'),
            ("e9", 'b'),
            ("f9", 'b'),
            ("g9", 'b'),
            ("m1", 'A'),
            ("a13", 'B'),
        ],
        &[(5, ""), (4, "")],
        1,
        "push:1 -",
    );
    let count = |s: &State| constant(&observe(s, 0), 16 + 14);
    assert_eq!(count(&s), 0.0);
    s.play(act("e9/w"));
    assert_eq!(count(&s), 1.0 / 16.0);
    s.play(act("a5/w"));
    assert_eq!(count(&s), 0.0);
    assert_eq!(
        constant(&observe(&s, 0), 5),
        1.0 / 14.0,
        "one black captured"
    );
    assert_eq!(constant(&observe(&s, 1), 13), 1.0 / 14.0);
    s.play(act("f9/w"));
    assert_eq!(count(&s), 1.0 / 16.0);
}

#[test]
fn the_pushes_plane_saturates_at_16() {
    // A long chain in random games: whenever the phase has 16 pushes or more, the plane is 1.
    let mut met = false;
    for seed in 0..200 {
        let mut s = State::new(&Params::default());
        let mut rng = SplitMix64::new(seed);
        let mut buf = Actions::<State>::new();
        while let Some(a) = random_action(&s, &mut rng, &mut buf) {
            s.play(a);
            if s.phase() == Phase::Repulsion {
                let n = s.phase_pushes().count();
                let want = n.min(16) as f32 / 16.0;
                assert_eq!(constant(&observe(&s, 0), 30), want);
                met |= n > 16;
            }
        }
    }
    assert!(met, "a phase of more than 16 pushes");
}

// ---- What the observation leaves out ----

#[test]
fn states_that_differ_only_by_the_phase_history_share_an_observation() {
    // Blacks on d5 e5 f5 and d10 e10: `d5/w` then `d10/w`, or the other way round, lead to
    // the same board with two pushes, through different arrangements.
    let params: Params = "players=2,stack=5".parse().unwrap();
    let pieces = [
        ("d5", 'b'),
        ("e5", 'b'),
        ("f5", 'b'),
        ("d10", 'b'),
        ("e10", 'b'),
        ("m1", 'A'),
        ("a13", 'B'),
    ];
    let start = setup(&params, &pieces, &[(5, ""), (4, "")], 1, "push:1 -");
    let mut one = start.clone();
    one.play(act("d5/w"));
    one.play(act("d10/w"));
    let mut two = start.clone();
    two.play(act("d10/w"));
    two.play(act("d5/w"));
    assert_ne!(one, two);
    assert_ne!(one.phase_arrangements(), two.phase_arrangements());
    assert!(one.same_observable(&two) && two.same_observable(&one));
    for seat in 0..2 {
        assert_eq!(observe(&one, seat), observe(&two, seat));
    }
    // The same board read with no pushes behind it: another count, the same observable state.
    let fresh = State::from_position(&params, &one.position().replace("d5/w,d10/w", "-")).unwrap();
    assert!(fresh.same_observable(&one));
    assert_ne!(observe(&fresh, 0), observe(&one, 0));
    // Any other difference counts.
    assert!(!start.same_observable(&one));
}

// ---- Refusals and robustness ----

#[test]
fn observing_a_seat_not_in_play_or_into_a_wrong_buffer_is_an_error() {
    let s = State::new(&Params::default());
    let mut obs = vec![0.5; 31 * SQ];
    assert_eq!(
        s.observe(Seat::of(2), &mut obs),
        Err(ObserveError::NotASeat { seat: 2 })
    );
    assert!(obs.iter().all(|v| *v == 0.5));
    let mut short = vec![0.0; 30 * SQ];
    assert_eq!(
        s.observe(Seat::of(0), &mut short),
        Err(ObserveError::WrongLength {
            expected: 31 * SQ,
            got: 30 * SQ
        })
    );
    let four = State::new(&"players=4".parse().unwrap());
    let mut obs = vec![0.0; 47 * SQ];
    assert!(four.observe(Seat::of(3), &mut obs).is_ok());
    assert!(four.observe(Seat::of(4), &mut obs).is_err());
}

#[test]
fn observations_after_hostile_unchecked_plays_never_panic() {
    for p in ["", "players=3", "players=4,stack=1"] {
        let params: Params = p.parse().unwrap();
        let size = State::observation_shape(&params).size();
        for seed in 0..20 {
            let mut s = State::new(&params);
            let mut rng = SplitMix64::new(seed);
            let mut obs = vec![0.0; size];
            for _ in 0..300 {
                let id = (rng.next_u64() % 1600) as usize;
                if let Some(a) = s.action_of_id(id) {
                    s.play_unchecked(a);
                }
                for seat in s.seats().iter() {
                    s.observe(seat, &mut obs).unwrap();
                    assert!(obs.iter().all(|v| (0.0..=1.0).contains(v)));
                }
                // Called directly with a seat that does not play, or too short a buffer.
                s.write_observation(Seat::of(3), &mut obs);
                s.write_observation(Seat::of(0), &mut obs[..100]);
            }
        }
    }
}

// ---- Golden files ----

#[test]
fn golden_info() {
    let custom: String = (0..169)
        .map(|i| char::from(b'1' + ((i * 7 + i / 13) % 6) as u8))
        .collect();
    let custom = format!("players=3,stack=4,numbers={custom}");
    let n = check_info_file::<State>(
        env!("CARGO_MANIFEST_DIR"),
        &["", "players=3", "players=4", "players=2,stack=3", &custom],
    );
    assert_eq!(n, 5);
}

/// Three players, 33 actions in: seat 1 is four pushes into a repulsion phase, seat 3's stack
/// is off the board, seats 1 and 2 have captured a black token each; seen by seat 2.
#[test]
fn golden_observation() {
    check_observation_file::<State>(
        env!("CARGO_MANIFEST_DIR"),
        "3p",
        "repello players=3: h9 i6 f9 s g7/sw h9/n sw ne g12/nw h11/n e l7/sw ne sw e9/w s se \
         k3/w m4/ne w e9 d9/w b9/w f9/e g9/sw e9/nw c9/sw b7/s a9/nw d10/se f8/se f6/sw g7/sw",
        "2",
    );
}
