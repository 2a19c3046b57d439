//! One test per rule of the encoding (the module docs of `elements_core::encoding` and the
//! section "Action ids and observation" of `docs/elements.md`), with expected values taken
//! from those docs; then the golden files `tests/golden/info.txt` and
//! `tests/golden/observation-blitz-4.txt` (regenerate with
//! `BLESS=1 cargo test -p elements-core --test encoding`, then read them by eye against the
//! docs).

mod common;

use boardgame_kit::encoding::{Encoding, ObserveError, Shape};
use boardgame_kit::golden::{check_info_file, check_observation_file};
use boardgame_kit::{Actions, Cell, Game, Seat};
use common::{new, p, pos};
use elements_core::{Params, Place, State};

const W: Seat = Seat::of(0);
const A: Seat = Seat::of(1);
const E: Seat = Seat::of(2);
const F: Seat = Seat::of(3);

/// Every parameter set of `tests/conformance.rs`.
const PARAMS: [&str; 7] = [
    "",
    "board=blitz",
    "board=blitz,players=4",
    "players=3",
    "players=4",
    "board=blitz,players=3,per_turn=1",
    "board=blitz,per_turn=20",
];

fn id(s: &State, cell: &str) -> usize {
    s.action_id(p(cell))
        .unwrap_or_else(|| panic!("{cell} has no id"))
}

/// The observation of `s` seen from `seat`.
fn obs(s: &State, seat: Seat) -> Vec<f32> {
    let mut v = vec![0.5; State::observation_shape(&s.params()).size()];
    s.observe(seat, &mut v).unwrap();
    v
}

/// The value of `plane` on `cell` (its offset in the plane is its action id).
fn at(s: &State, o: &[f32], plane: usize, cell: &str) -> f32 {
    let side = s.board().side() as usize;
    o[plane * side * side + id(s, cell)]
}

/// One whole plane.
fn plane<'a>(s: &State, o: &'a [f32], k: usize) -> &'a [f32] {
    let n = s.board().geometry().cells();
    &o[k * n..(k + 1) * n]
}

/// The cells where `plane` holds `value`, in id order.
fn cells_with(s: &State, o: &[f32], k: usize, value: f32) -> Vec<String> {
    plane(s, o, k)
        .iter()
        .enumerate()
        .filter(|(_, v)| **v == value)
        .map(|(i, _)| s.action_of_id(i).unwrap().to_string())
        .collect()
}

/// Whether a plane is constant at `value`.
fn constant(s: &State, o: &[f32], k: usize, value: f32) -> bool {
    plane(s, o, k).iter().all(|v| *v == value)
}

// ---------------------------------------------------------------- action ids

#[test]
fn one_id_per_cell_whatever_the_players_and_per_turn() {
    for ps in PARAMS {
        let params: Params = ps.parse().unwrap();
        let side = params.board.side() as usize;
        assert_eq!(State::num_distinct_actions(&params), side * side, "{ps}");
    }
    assert_eq!(State::num_distinct_actions(&"".parse().unwrap()), 400);
    assert_eq!(
        State::num_distinct_actions(&"board=blitz".parse().unwrap()),
        196
    );
}

#[test]
fn ids_count_cells_rank_by_rank_from_a1_on_the_full_board() {
    let s = new("players=4");
    let ids: Vec<usize> = ["a1", "b1", "t1", "a2", "e5", "a20", "b20", "t20"]
        .iter()
        .map(|c| id(&s, c))
        .collect();
    assert_eq!(ids, [0, 1, 19, 20, 84, 380, 381, 399]);
}

#[test]
fn ids_count_cells_rank_by_rank_from_a1_in_blitz() {
    let s = new("board=blitz");
    let ids: Vec<usize> = ["a1", "n1", "a2", "e5", "a14", "n14"]
        .iter()
        .map(|c| id(&s, c))
        .collect();
    assert_eq!(ids, [0, 13, 14, 60, 182, 195]);
}

#[test]
fn ids_read_back_as_their_cells_and_none_past_the_end() {
    let s = new("");
    assert_eq!(s.action_of_id(0), Some(p("a1")));
    assert_eq!(s.action_of_id(84), Some(p("e5")));
    assert_eq!(s.action_of_id(399), Some(p("t20")));
    for past in [400, 401, 1 << 20, usize::MAX] {
        assert_eq!(s.action_of_id(past), None, "{past}");
    }
    let b = new("board=blitz,players=4");
    assert_eq!(b.action_of_id(195), Some(p("n14")));
    assert_eq!(b.action_of_id(196), None);
    assert_eq!(b.action_of_id(usize::MAX), None);
}

#[test]
fn cells_off_the_board_have_no_id() {
    // Cells beyond the board cannot be read as text (the notation reads only the board's
    // cells), so they are built from their coordinates: u1, a21 and z26, then o1, a15, t20.
    let off = |file: u8, rank: u8| Place::new(Cell::new(file, rank));
    let s = new("");
    for a in [off(20, 0), off(0, 20), off(25, 25)] {
        assert_eq!(s.action_id(a), None, "{a}");
    }
    let b = new("board=blitz");
    for a in [off(14, 0), off(0, 14), off(19, 19)] {
        assert_eq!(b.action_id(a), None, "{a}");
    }
}

#[test]
fn the_id_names_the_cell_whether_it_places_or_eats() {
    // Water eats f9 (air's block): the same id as a placement on an empty f9 elsewhere.
    let s = pos(
        "players=3",
        &[("e10", 'W'), ("f9", 'A'), ("t20", 'A'), ("t1", 'E')],
        "w 7 wae -",
    );
    assert_eq!(id(&s, "f9"), 8 * 20 + 5);
    assert_eq!(id(&new("players=3"), "f9"), 8 * 20 + 5);
    let mut list = Actions::<State>::new();
    s.legal_actions(&mut list);
    assert!(list.contains(&p("f9")));
}

#[test]
fn ids_increase_in_the_order_of_the_legal_list() {
    let mut s = new("players=4");
    for a in ["a20", "b19", "c18", "d17", "e16", "f15", "g14"] {
        s.play(p(a));
    }
    s.play(p("t20")); // air's first placement; air's turn goes on
    let mut list = Actions::<State>::new();
    s.legal_actions(&mut list);
    let ids: Vec<usize> = list.iter().map(|&a| s.action_id(a).unwrap()).collect();
    assert_eq!(ids, [378, 379, 398]); // s19 t19 s20
}

#[test]
fn no_chance_outcomes() {
    for ps in PARAMS {
        assert_eq!(State::max_chance_outcomes(&ps.parse().unwrap()), 0, "{ps}");
    }
}

// ---------------------------------------------------------------- observation: shape and layout

#[test]
fn five_planes_per_seat_and_one_more_of_side_by_side() {
    let shape = |ps: &str| State::observation_shape(&ps.parse().unwrap());
    assert_eq!(shape(""), Shape::planes(11, 20, 20));
    assert_eq!(shape("players=3"), Shape::planes(16, 20, 20));
    assert_eq!(shape("players=4"), Shape::planes(21, 20, 20));
    assert_eq!(shape("board=blitz"), Shape::planes(11, 14, 14));
    assert_eq!(shape("board=blitz,players=4"), Shape::planes(21, 14, 14));
    assert_eq!(shape("board=blitz,per_turn=20"), Shape::planes(11, 14, 14));
}

#[test]
fn row_0_is_rank_1_and_a_cell_sits_at_its_id() {
    // A water block on each corner of the board: a1 id 0, t1 id 19, a20 id 380, t20 id 399.
    let s = pos(
        "",
        &[
            ("a1", 'W'),
            ("t1", 'W'),
            ("a20", 'W'),
            ("t20", 'W'),
            ("j10", 'E'),
        ],
        "w 7 we -",
    );
    let o = obs(&s, W);
    let shape = State::observation_shape(&s.params());
    assert_eq!(o[shape.index(0, 0, 0)], 1.0); // row 0, column 0: a1
    assert_eq!(o[shape.index(0, 0, 19)], 1.0); // row 0, column 19: t1
    assert_eq!(o[shape.index(0, 19, 0)], 1.0); // row 19, column 0: a20
    assert_eq!(o[shape.index(0, 19, 19)], 1.0); // t20
    assert_eq!(o[shape.index(0, 9, 9)], 0.0); // j10 is earth's
    assert_eq!(cells_with(&s, &o, 0, 1.0), ["a1", "t1", "a20", "t20"]);
    assert_eq!(o[shape.index(5, 9, 9)], 1.0); // earth's j10: row 9 (rank 10), column 9 (file j)
}

// ---------------------------------------------------------------- observation: the planes

#[test]
fn blocks_and_mounds_of_each_seat() {
    // Example 3 of the rules: water eats air's f9, leaving a water mound there.
    let mut s = pos(
        "players=3",
        &[
            ("e10", 'W'),
            ("f9", 'A'),
            ("t20", 'A'),
            ("t1", 'E'),
            ("s1", 'e'),
        ],
        "w 7 wae -",
    );
    s.play(p("f9"));
    let o = obs(&s, W); // planes: water 0..5, air 5..10, earth 10..15
    assert_eq!(cells_with(&s, &o, 0, 1.0), ["e10"]); // water's blocks
    assert_eq!((at(&s, &o, 0, "e10"), at(&s, &o, 1, "e10")), (1.0, 0.0));
    assert_eq!(
        (
            at(&s, &o, 0, "f9"),
            at(&s, &o, 1, "f9"),
            at(&s, &o, 5, "f9")
        ),
        (0.0, 1.0, 0.0)
    );
    assert_eq!(cells_with(&s, &o, 1, 1.0), ["f9"]); // water's mounds
    assert_eq!(cells_with(&s, &o, 5, 1.0), ["t20"]); // air's blocks: f9 is gone
    assert!(constant(&s, &o, 6, 0.0)); // air has no mound
    assert_eq!(cells_with(&s, &o, 10, 1.0), ["t1"]); // earth's blocks
    assert_eq!(cells_with(&s, &o, 11, 1.0), ["s1"]); // earth's mounds
    for k in [0, 1, 5, 6, 10, 11] {
        assert!(plane(&s, &o, k).iter().all(|v| *v == 0.0 || *v == 1.0));
    }
}

#[test]
fn the_observer_comes_first_then_the_seats_in_turn_order() {
    // Four players, one block each in its corner.
    let s = pos(
        "players=4",
        &[("a20", 'W'), ("t20", 'A'), ("t1", 'E'), ("a1", 'F')],
        "w 7 waef -",
    );
    let order = |seat: Seat| -> Vec<String> {
        let o = obs(&s, seat);
        (0..4)
            .map(|k| cells_with(&s, &o, 5 * k, 1.0).join(""))
            .collect()
    };
    assert_eq!(order(W), ["a20", "t20", "t1", "a1"]);
    assert_eq!(order(A), ["t20", "t1", "a1", "a20"]);
    assert_eq!(order(E), ["t1", "a1", "a20", "t20"]);
    assert_eq!(order(F), ["a1", "a20", "t20", "t1"]);
}

#[test]
fn two_seats_swap_their_planes() {
    let mut s = new("");
    for a in ["a20", "b19", "c18", "d17", "e16", "f15", "g14", "t1", "s2"] {
        s.play(p(a));
    }
    let (w, e) = (obs(&s, W), obs(&s, E));
    assert_eq!(&w[..5 * 400], &e[5 * 400..10 * 400]);
    assert_eq!(&w[5 * 400..10 * 400], &e[..5 * 400]);
    assert_eq!(&w[10 * 400..], &e[10 * 400..]); // placements left: the same for both
    assert_eq!(cells_with(&s, &e, 0, 1.0), ["t1", "s2"]);
    assert_eq!(cells_with(&s, &w, 5, 1.0), ["t1", "s2"]);
}

#[test]
fn the_seats_still_in_the_game() {
    // Air is out (walled in) but keeps its pieces; water and earth are in.
    let s = pos(
        "players=3",
        &[("e10", 'W'), ("f10", 'A'), ("e11", 'a'), ("t1", 'E')],
        "w 7 wae a",
    );
    let o = obs(&s, E); // earth 0..5, water 5..10, air 10..15
    assert!(constant(&s, &o, 2, 1.0)); // earth in the game
    assert!(constant(&s, &o, 7, 1.0)); // water in the game
    assert!(constant(&s, &o, 12, 0.0)); // air out
    assert_eq!(cells_with(&s, &o, 10, 1.0), ["f10"]); // its block stays
    assert_eq!(cells_with(&s, &o, 11, 1.0), ["e11"]); // and its mound
    assert!(constant(&s, &o, 13, 1.0)); // it had started
}

#[test]
fn the_seats_that_have_made_their_first_placement() {
    let mut s = new("players=4,per_turn=1");
    let started = |s: &State| -> Vec<bool> {
        let o = obs(s, W);
        (0..4).map(|k| constant(s, &o, 5 * k + 3, 1.0)).collect()
    };
    assert_eq!(started(&s), [false; 4]);
    assert!(constant(&s, &obs(&s, W), 3, 0.0)); // all 0, not merely not all 1
    s.play(p("a20"));
    assert_eq!(started(&s), [true, false, false, false]);
    s.play(p("t20"));
    s.play(p("t1"));
    assert_eq!(started(&s), [true, true, true, false]);
    s.play(p("a1"));
    assert_eq!(started(&s), [true; 4]);
}

#[test]
fn the_seat_to_place() {
    let mut s = new("players=4,per_turn=1");
    for (seat, a) in [(W, "a20"), (A, "t20"), (E, "t1"), (F, "a1"), (W, "b20")] {
        assert_eq!(s.to_act().seat(), Some(seat));
        let o = obs(&s, A); // air 0..5, earth 5..10, fire 10..15, water 15..20
        let to_place: Vec<bool> = (0..4).map(|k| constant(&s, &o, 5 * k + 4, 1.0)).collect();
        let expected = match seat.index() {
            0 => [false, false, false, true],
            1 => [true, false, false, false],
            2 => [false, true, false, false],
            _ => [false, false, true, false],
        };
        assert_eq!(to_place, expected, "{a}");
        for k in 0..4 {
            assert!(constant(&s, &o, 5 * k + 4, 0.0) || constant(&s, &o, 5 * k + 4, 1.0));
        }
        s.play(p(a));
    }
}

#[test]
fn placements_left_go_down_as_the_turn_goes_on() {
    let mut s = new("");
    let last = |s: &State| at(s, &obs(s, E), 10, "j10");
    assert_eq!(last(&s), 1.0); // 7 of 7
    let mut seen = Vec::new();
    for a in ["a20", "b19", "c18", "d17", "e16", "f15"] {
        s.play(p(a));
        seen.push(last(&s));
        assert!(constant(&s, &obs(&s, W), 10, last(&s)));
    }
    assert_eq!(
        seen,
        [
            6.0 / 7.0,
            5.0 / 7.0,
            4.0 / 7.0,
            3.0 / 7.0,
            2.0 / 7.0,
            1.0 / 7.0
        ]
    );
    s.play(p("g14")); // the turn ends: earth has 7 of 7
    assert_eq!(last(&s), 1.0);
    assert!(constant(&s, &obs(&s, E), 4, 1.0)); // and earth is to place
}

#[test]
fn placements_left_are_scaled_by_per_turn() {
    let mut s = new("board=blitz,per_turn=20");
    assert_eq!(obs(&s, W)[10 * 196], 1.0);
    s.play(p("a14"));
    assert_eq!(obs(&s, W)[10 * 196], 19.0 / 20.0);
    let mut one = new("board=blitz,players=3,per_turn=1");
    assert_eq!(obs(&one, W)[15 * 196], 1.0);
    one.play(p("a14")); // air's turn of one: always 1 of 1
    assert_eq!(obs(&one, A)[15 * 196], 1.0);
}

#[test]
fn once_over_nobody_is_to_place_and_nothing_is_left() {
    let mut s = pos("", &[("e10", 'W'), ("f10", 'E')], "w 7 we -");
    s.play(p("f10"));
    assert!(s.is_over());
    for seat in [W, E] {
        let o = obs(&s, seat);
        let (me, other) = if seat == W { (0, 5) } else { (5, 0) };
        assert!(constant(&s, &o, me + 2, 1.0), "water, the winner, is in");
        assert!(constant(&s, &o, other + 2, 0.0), "earth is out");
        assert!(constant(&s, &o, 4, 0.0) && constant(&s, &o, 9, 0.0));
        assert!(constant(&s, &o, 10, 0.0));
    }
}

#[test]
fn every_value_is_written_and_lies_in_0_1() {
    let mut s = new("board=blitz,players=4");
    for a in ["a14", "b13", "c12", "d11", "e10", "f9", "g8", "n14"] {
        s.play(p(a));
    }
    for seat in s.seats().iter() {
        let o = obs(&s, seat); // the buffer held 0.5 before
        assert!(o.iter().all(|v| *v == 0.0 || *v == 1.0 || *v == 6.0 / 7.0));
    }
}

// ---------------------------------------------------------------- refusals

#[test]
fn observing_a_seat_not_in_play_is_an_error_and_writes_nothing() {
    let s = new(""); // water and earth
    let mut buf = vec![0.5f32; 11 * 400];
    for seat in [A, F, Seat::of(4)] {
        assert_eq!(
            s.observe(seat, &mut buf),
            Err(ObserveError::NotASeat { seat: seat.index() })
        );
    }
    assert!(buf.iter().all(|v| *v == 0.5));
    let three = new("players=3");
    let mut buf = vec![0.0f32; 16 * 400];
    assert!(three.observe(F, &mut buf).is_err());
    assert!(three.observe(A, &mut buf).is_ok());
}

#[test]
fn a_buffer_of_the_wrong_size_is_an_error() {
    let s = new("board=blitz");
    let mut short = vec![0.5f32; 11 * 196 - 1];
    assert_eq!(
        s.observe(W, &mut short),
        Err(ObserveError::WrongLength {
            expected: 11 * 196,
            got: 11 * 196 - 1
        })
    );
    assert!(short.iter().all(|v| *v == 0.5));
}

#[test]
fn write_observation_never_panics_on_a_short_buffer() {
    let mut s = new("players=4");
    s.play(p("a20"));
    for len in [0, 1, 399, 400, 401, 8399] {
        let mut buf = vec![0.0f32; len];
        s.write_observation(W, &mut buf);
    }
}

#[test]
fn states_left_by_illegal_unchecked_plays_observe_without_panic() {
    // Every cell of the board and a few off it, played unchecked twice in a row (own blocks,
    // mounds, unreachable cells) from a position with pieces of every kind, then observed
    // from every seat.
    let record: boardgame_kit::Record<State> = GOLDEN_RECORD.parse().unwrap();
    let s = *record.state();
    let mut buf = vec![0.0f32; State::observation_shape(&s.params()).size()];
    let on_board = (0..State::num_distinct_actions(&s.params())).filter_map(|i| s.action_of_id(i));
    let off_board = [(14, 0), (0, 14), (25, 25)].map(|(f, r)| Place::new(Cell::new(f, r)));
    for a in on_board.chain(off_board) {
        let mut wild = s;
        wild.play_unchecked(a);
        wild.play_unchecked(a);
        for seat in wild.seats().iter() {
            wild.observe(seat, &mut buf).unwrap();
            assert!(
                buf.iter().all(|v| (0.0..=1.0).contains(v)),
                "after {a} twice"
            );
        }
    }
}

#[test]
fn the_fuzz_harness_reads_ids_and_observes() {
    for input in [
        "board=blitz,players=4\n\n#182\n#0\n@0\n@1\n@4\n#196\n#18446744073709551615\n@99",
        "\n\n#380\n#381\n@2\n@1\n#0\n#399\n@0",
        "players=3,per_turn=1\n\na20\n#399\n#0\n@1\n@3",
    ] {
        boardgame_kit::fuzzing::run::<State>(input.as_bytes());
    }
}

// ---------------------------------------------------------------- golden files

#[test]
fn info_matches_golden_file() {
    assert_eq!(
        check_info_file::<State>(env!("CARGO_MANIFEST_DIR"), &PARAMS),
        PARAMS.len()
    );
}

/// The golden observation's game: four players in blitz, 38 placements in. Every seat has
/// started; water has eaten one block of each other seat in its second turn, and air two of
/// water's in its own, which goes on with four placements left. Seen from earth (planes:
/// earth, fire, water, air, then the placements left).
const GOLDEN_RECORD: &str = "elements board=blitz,players=4: \
    a14 b13 c12 d11 e10 f9 g8 \
    n14 m13 l12 k11 j10 i9 h8 \
    n1 m2 l3 k4 j5 i6 h7 \
    a1 b2 c3 d4 e5 f6 g7 \
    h8 h7 g7 h9 i7 g6 i8 \
    h9 i8 h10";

#[test]
fn observation_matches_golden_file() {
    check_observation_file::<State>(env!("CARGO_MANIFEST_DIR"), "blitz-4", GOLDEN_RECORD, "e");
}

#[test]
fn the_golden_position_is_the_one_described() {
    let record: boardgame_kit::Record<State> = GOLDEN_RECORD.parse().unwrap();
    let s = record.state();
    assert_eq!(record.actions().len(), 38);
    assert_eq!(s.to_act().seat(), Some(A));
    assert_eq!(s.placements_left(), 4);
    for (seat, mounds) in [(W, 3), (A, 2), (E, 0), (F, 0)] {
        assert!(s.has_started(seat));
        assert_eq!(s.mounds(seat).count(), mounds);
    }
    let o = obs(s, E);
    assert_eq!(cells_with(s, &o, 11, 1.0), ["g7", "h7", "h8"]); // water's mounds
    assert_eq!(cells_with(s, &o, 16, 1.0), ["i8", "h9"]); // air's mounds
    assert!(constant(s, &o, 19, 1.0)); // air to place
    assert!(constant(s, &o, 20, 4.0 / 7.0));
}
