//! One test per rule of the encoding (`docs/slimetrail.md`, "Action ids and observation", and
//! the `encoding` module docs): expected values come from the docs, not from the code's output.
//! The golden files: `tests/golden/info.txt` and `tests/golden/observation-7x7.txt`
//! (`BLESS=1 cargo test -p slimetrail-core --test encoding` rewrites them; check them by eye).

use boardgame_kit::encoding::{Encoding, ObserveError, Shape};
use boardgame_kit::golden::{check_info_file, check_observation_file};
use boardgame_kit::grid::push_ranks;
use boardgame_kit::testing::sorted_legal_ids;
use boardgame_kit::{Actions, Cell, Game, RandomSource, Seat, SplitMix64, ToAct};
use slimetrail_core::encoding::{Plane, PLANES};
use slimetrail_core::{Params, State, Step};

const SIZES: [&str; 3] = ["size=5", "", "size=9"];

fn params(s: &str) -> Params {
    s.parse().unwrap()
}

fn after(p: &str, moves: &str) -> State {
    let mut s = State::new(&params(p));
    for m in moves.split_whitespace() {
        s.try_play(m.parse().unwrap()).unwrap();
    }
    s
}

fn step(cell: &str) -> Step {
    cell.parse().unwrap()
}

fn id(s: &State, cell: &str) -> Option<usize> {
    s.action_id(step(cell))
}

fn observe(s: &State, seat: usize) -> Vec<f32> {
    let mut obs = vec![0.5; State::observation_shape(&s.params()).size()];
    s.observe(Seat::of(seat), &mut obs).unwrap();
    obs
}

/// The values of one plane.
fn plane(s: &State, obs: &[f32], p: Plane) -> Vec<f32> {
    let n = usize::from(s.board().size());
    obs[p.index() * n * n..(p.index() + 1) * n * n].to_vec()
}

/// The cells with a 1 in a plane, by name, in cell-number order.
fn ones(s: &State, obs: &[f32], p: Plane) -> Vec<String> {
    let n = s.board().size();
    plane(s, obs, p)
        .iter()
        .enumerate()
        .filter(|(_, &v)| v == 1.0)
        .map(|(k, _)| Cell::new(k as u8 % n, k as u8 / n).to_string())
        .collect()
}

#[test]
fn there_is_one_action_id_per_cell_and_no_chance() {
    for (p, n) in [("size=5", 25), ("", 49), ("size=9", 81)] {
        assert_eq!(State::num_distinct_actions(&params(p)), n, "{p}");
        assert_eq!(State::max_chance_outcomes(&params(p)), 0, "{p}");
    }
}

#[test]
fn an_action_id_is_the_destination_cell_numbered_rank_by_rank_from_a1() {
    let s = State::default();
    for (cell, n) in [
        ("a1", 0),
        ("b1", 1),
        ("g1", 6),
        ("a2", 7),
        ("c3", 16),
        ("d4", 24),
        ("g7", 48),
    ] {
        assert_eq!(id(&s, cell), Some(n), "{cell}");
    }
    let five = State::new(&params("size=5"));
    assert_eq!(
        (id(&five, "a1"), id(&five, "a5"), id(&five, "e5")),
        (Some(0), Some(20), Some(24))
    );
    let nine = State::new(&params("size=9"));
    assert_eq!(
        (id(&nine, "i1"), id(&nine, "a2"), id(&nine, "i9")),
        (Some(8), Some(9), Some(80))
    );
}

#[test]
fn the_same_step_has_the_same_id_in_every_position() {
    // After c3 the snail can go to b2 b3 b4 c2 c4 d2 d3; after c3 b2 to c2 among others.
    let s = after("", "c3");
    assert_eq!(sorted_legal_ids(&s), [8, 9, 10, 15, 17, 22, 23]); // b2 c2 d2 b3 d3 b4 c4
    for moves in ["", "c3", "c3 b2", "e5 f6 f5"] {
        assert_eq!(id(&after("", moves), "c2"), Some(9), "after {moves:?}");
    }
}

#[test]
fn cells_off_the_board_have_no_id() {
    let five = State::new(&params("size=5"));
    for cell in ["f1", "a6", "f6", "g7"] {
        assert_eq!(id(&five, cell), None, "{cell} on 5x5");
    }
    assert_eq!(id(&State::default(), "h1"), None);
    assert_eq!(id(&State::default(), "a8"), None);
    // j9 is beyond every board, so the notation does not read it: built from its coordinates.
    let j9 = Step(Cell::new(9, 8));
    assert_eq!(State::new(&params("size=9")).action_id(j9), None);
}

#[test]
fn every_id_below_the_end_reads_back_as_its_cell_and_none_past_it() {
    for p in SIZES {
        let s = State::new(&params(p));
        let n = State::num_distinct_actions(&s.params());
        let side = s.board().size() as usize;
        for k in 0..n {
            let a = s.action_of_id(k).unwrap();
            assert_eq!(
                a.0,
                Cell::new((k % side) as u8, (k / side) as u8),
                "{p} id {k}"
            );
            assert_eq!(s.action_id(a), Some(k), "{p} id {k}");
        }
        for k in [n, n + 1, 1000, usize::MAX] {
            assert_eq!(s.action_of_id(k), None, "{p} id {k}");
        }
    }
    let s = State::default();
    assert_eq!(s.action_of_id(0), Some(step("a1")));
    assert_eq!(s.action_of_id(48), Some(step("g7")));
}

#[test]
fn the_centre_has_an_id_but_is_never_legal() {
    let s = State::default();
    assert_eq!(id(&s, "d4"), Some(24));
    let mut rng = SplitMix64::new(7);
    let mut legal = Actions::<State>::new();
    for _ in 0..200 {
        let mut g = State::default();
        while g.to_act() != ToAct::Over {
            g.legal_actions(&mut legal);
            assert!(legal.iter().all(|&a| g.action_id(a) != Some(24)));
            let a = legal[rng.below(legal.len() as u64) as usize];
            g.play(a);
        }
    }
}

#[test]
fn the_observation_is_five_planes_of_the_board() {
    assert_eq!(PLANES, 5);
    for (p, n) in [("size=5", 5), ("", 7), ("size=9", 9)] {
        let shape = State::observation_shape(&params(p));
        assert_eq!(shape, Shape::planes(5, n, n), "{p}");
        assert_eq!(observe(&State::new(&params(p)), 0).len(), 5 * n * n);
    }
    let order: Vec<usize> = Plane::ALL.iter().map(|p| p.index()).collect();
    assert_eq!(order, [0, 1, 2, 3, 4]);
}

#[test]
fn at_the_start_seat_1_sees_the_snail_in_the_centre_its_goal_a1_and_its_turn() {
    let s = State::default();
    let obs = observe(&s, 0);
    assert_eq!(ones(&s, &obs, Plane::Snail), ["d4"]);
    assert!(ones(&s, &obs, Plane::Slime).is_empty());
    assert_eq!(ones(&s, &obs, Plane::OwnGoal), ["a1"]);
    assert_eq!(ones(&s, &obs, Plane::OpponentGoal), ["g7"]);
    assert!(plane(&s, &obs, Plane::ToMove).iter().all(|&v| v == 1.0));
    assert_eq!(obs.iter().sum::<f32>(), 1.0 + 1.0 + 1.0 + 49.0);
}

#[test]
fn row_0_is_rank_1_and_column_0_is_file_a() {
    // After c3 b2 b1 the snail is on b1: rank 1, file b.
    let s = after("", "c3 b2 b1");
    let shape = State::observation_shape(&s.params());
    let obs = observe(&s, 1);
    assert_eq!(obs[shape.index(Plane::Snail.index(), 0, 1)], 1.0);
    assert_eq!(obs.iter().take(49).sum::<f32>(), 1.0);
    // c3: row 2, column 2, cell number 16, as its action id.
    assert_eq!(obs[shape.index(Plane::Slime.index(), 2, 2)], 1.0);
    assert_eq!(obs[49 + id(&s, "c3").unwrap()], 1.0);
    // Seat 2's goal g7 is the last value of its plane.
    assert_eq!(obs[shape.index(Plane::OwnGoal.index(), 6, 6)], 1.0);
    assert_eq!(obs[3 * 49 - 1], 1.0);
}

#[test]
fn the_slime_plane_holds_the_trail_and_the_start_cell() {
    let s = after("", "c3 b2 b1");
    assert_eq!(ones(&s, &observe(&s, 0), Plane::Slime), ["b2", "c3", "d4"]);
    let nine = after("size=9", "f6 g7 h8");
    assert_eq!(
        ones(&nine, &observe(&nine, 0), Plane::Slime),
        ["e5", "f6", "g7"]
    );
    assert_eq!(ones(&nine, &observe(&nine, 0), Plane::Snail), ["h8"]);
}

#[test]
fn the_two_seats_see_the_goals_swapped_and_the_turn_the_other_way() {
    for moves in ["", "c3", "c3 b2", "c4 b5 a6 b7 c6"] {
        let s = after("", moves);
        let (one, two) = (observe(&s, 0), observe(&s, 1));
        for p in [Plane::Snail, Plane::Slime] {
            assert_eq!(plane(&s, &one, p), plane(&s, &two, p), "{moves:?} {p:?}");
        }
        assert_eq!(
            plane(&s, &one, Plane::OwnGoal),
            plane(&s, &two, Plane::OpponentGoal)
        );
        assert_eq!(
            plane(&s, &one, Plane::OpponentGoal),
            plane(&s, &two, Plane::OwnGoal)
        );
        let turn: Vec<f32> = plane(&s, &one, Plane::ToMove)
            .iter()
            .map(|v| 1.0 - v)
            .collect();
        assert_eq!(turn, plane(&s, &two, Plane::ToMove), "{moves:?}");
        assert_eq!(ones(&s, &two, Plane::OwnGoal), ["g7"]);
        assert_eq!(ones(&s, &two, Plane::OpponentGoal), ["a1"]);
    }
}

#[test]
fn the_to_move_plane_follows_the_turn() {
    let mut s = State::default();
    for (k, m) in ["c3", "b2", "b1", "c1", "d2"].into_iter().enumerate() {
        let mover = k % 2;
        assert!(plane(&s, &observe(&s, mover), Plane::ToMove)
            .iter()
            .all(|&v| v == 1.0));
        assert!(plane(&s, &observe(&s, 1 - mover), Plane::ToMove)
            .iter()
            .all(|&v| v == 0.0));
        s.play(step(m));
    }
}

#[test]
fn after_the_end_the_to_move_plane_shows_the_seat_that_would_move() {
    // Walled in: seat 1 to move on a5 of 5x5 and cannot, so it loses; its plane is full.
    let s = State::from_position(&params("size=5"), "@x3/xx3/2x2/5/5 1").unwrap();
    assert_eq!(s.to_act(), ToAct::Over);
    assert!(plane(&s, &observe(&s, 0), Plane::ToMove)
        .iter()
        .all(|&v| v == 1.0));
    assert!(plane(&s, &observe(&s, 1), Plane::ToMove)
        .iter()
        .all(|&v| v == 0.0));
    // In a corner: c3 b2 a1, seat 1 wins; the snail is on its own goal, seat 2 would move.
    let s = after("", "c3 b2 a1");
    let one = observe(&s, 0);
    assert_eq!(ones(&s, &one, Plane::Snail), ones(&s, &one, Plane::OwnGoal));
    let two = observe(&s, 1);
    assert_eq!(
        ones(&s, &two, Plane::Snail),
        ones(&s, &two, Plane::OpponentGoal)
    );
    assert!(plane(&s, &two, Plane::ToMove).iter().all(|&v| v == 1.0));
}

/// The position notation read back from an observation, as the docs describe the planes.
fn position_of(s: &State, obs: &[f32]) -> String {
    let n = s.board().size();
    let snail = plane(s, obs, Plane::Snail);
    let slime = plane(s, obs, Plane::Slime);
    let n = n as usize;
    let (snail, slime) = (&snail, &slime);
    let mut board = String::new();
    push_ranks(
        &mut board,
        (0..n).rev().map(|rank| {
            (0..n).map(move |file| {
                let k = rank * n + file;
                match (snail[k], slime[k]) {
                    (1.0, 0.0) => Some('@'),
                    (0.0, 1.0) => Some('x'),
                    (0.0, 0.0) => None,
                    other => panic!("cell {k}: {other:?}"),
                }
            })
        }),
    );
    let to_move = plane(s, obs, Plane::ToMove);
    let own_goal_first = plane(s, obs, Plane::OwnGoal)[0] == 1.0;
    let seat_1_to_move = (to_move[0] == 1.0) == own_goal_first;
    format!("{board} {}", if seat_1_to_move { 1 } else { 2 })
}

#[test]
fn the_observation_gives_back_the_position_so_finished_games_with_different_winners_differ() {
    for p in SIZES {
        let mut rng = SplitMix64::new(3);
        let mut legal = Actions::<State>::new();
        let mut finished: Vec<(Vec<f32>, Seat)> = Vec::new();
        for _ in 0..100 {
            let mut s = State::new(&params(p));
            loop {
                for seat in 0..2 {
                    let obs = observe(&s, seat);
                    assert!(obs.iter().all(|&v| v == 0.0 || v == 1.0));
                    assert_eq!(position_of(&s, &obs), s.position(), "{p} seat {seat}");
                }
                if s.to_act() == ToAct::Over {
                    break;
                }
                s.legal_actions(&mut legal);
                s.play(legal[rng.below(legal.len() as u64) as usize]);
            }
            let winner = Seat::of(usize::from(!s.outcome().unwrap().is_winner(Seat::of(0))));
            finished.push((observe(&s, 0), winner));
        }
        for (a, wa) in &finished {
            for (b, wb) in &finished {
                assert!(wa == wb || a != b, "{p}: two winners, one observation");
            }
        }
    }
}

/// The worked example of `docs/slimetrail.md`.
#[test]
fn the_worked_example_after_c3_b2_b1() {
    let s = after("", "c3 b2 b1");
    assert_eq!(sorted_legal_ids(&s), [0, 2, 7, 9]);
    let at = |obs: &[f32]| -> Vec<usize> { (0..obs.len()).filter(|&k| obs[k] == 1.0).collect() };
    let mut expected = vec![1, 57, 65, 73, 146, 147];
    expected.extend(196..245);
    assert_eq!(at(&observe(&s, 1)), expected);
    assert_eq!(at(&observe(&s, 0)), [1, 57, 65, 73, 98, 195]);
}

#[test]
fn observing_a_seat_not_in_play_or_into_a_buffer_of_the_wrong_size_is_an_error() {
    let s = after("", "c3");
    let mut obs = vec![0.5; 245];
    for seat in [2, 3, 5] {
        assert_eq!(
            s.observe(Seat::of(seat), &mut obs),
            Err(ObserveError::NotASeat { seat })
        );
    }
    assert!(obs.iter().all(|&v| v == 0.5), "nothing written");
    let mut short = vec![0.0; 244];
    assert_eq!(
        s.observe(Seat::of(0), &mut short),
        Err(ObserveError::WrongLength {
            expected: 245,
            got: 244
        })
    );
}

#[test]
fn wild_states_of_unchecked_plays_are_observed_without_a_panic() {
    // Onto slime, onto the snail's own cell, out of a goal corner, a long jump.
    for (p, moves) in [
        ("", "c3 d4 d4 a1 g7 b6"),
        ("size=5", "a1 e5 a1 c3"),
        ("size=9", "i9 a1 e5 e5"),
    ] {
        let mut s = State::new(&params(p));
        for m in moves.split_whitespace() {
            s.play_unchecked(step(m));
            for seat in 0..2 {
                let obs = observe(&s, seat);
                assert!(obs.iter().all(|&v| v == 0.0 || v == 1.0), "{p} {moves}");
                assert_eq!(plane(&s, &obs, Plane::Snail).iter().sum::<f32>(), 1.0);
            }
        }
    }
}

#[test]
fn golden_info() {
    assert_eq!(
        check_info_file::<State>(env!("CARGO_MANIFEST_DIR"), &SIZES),
        3
    );
}

/// 7x7, 16 actions in: the snail on c2 after a walk round the lower left, seat 1 to move.
#[test]
fn golden_observation_7x7() {
    check_observation_file::<State>(
        env!("CARGO_MANIFEST_DIR"),
        "7x7",
        "slimetrail: c4 b5 a6 b7 c6 c5 b4 a4 a3 b2 c3 b3 a2 b1 c1 c2",
        "1",
    );
}
