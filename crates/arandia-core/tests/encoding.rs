//! One test per rule of the action ids and the observation (`arandia_core::encoding`, and
//! `docs/arandia.md`, "Action ids and observation"). Expected values come from the docs; the
//! golden files (`tests/golden/info.txt`, `tests/golden/observation-4p-defend.txt`) are
//! rewritten with `BLESS=1 cargo test -p arandia-core --test encoding` (check them by eye).

use arandia_core::encoding::{square, turn_plane};
use arandia_core::{Action, Cell, State};
use boardgame_kit::encoding::{Encoding, ObserveError};
use boardgame_kit::golden::{check_info_file, check_observation_file};
use boardgame_kit::testing::sorted_legal_ids;
use boardgame_kit::{Game, Seat};

mod common;
use common::*;

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

fn id(s: &State, a: &str) -> Option<usize> {
    s.action_id(a.parse().unwrap())
}

fn start(p: &str) -> State {
    State::new(&params(p))
}

/// The observation of `s` seen from `seat`.
fn obs(s: &State, seat: usize) -> Vec<f32> {
    let mut o = vec![0.0; State::observation_shape(&s.params()).size()];
    s.observe(Seat::of(seat), &mut o).unwrap();
    o
}

/// The value of a plane on a cell's square.
fn at(o: &[f32], plane: usize, c: &str) -> f32 {
    o[plane * 81 + square(cell(c))]
}

/// A whole plane.
fn plane(o: &[f32], k: usize) -> &[f32] {
    &o[k * 81..(k + 1) * 81]
}

/// The cells where a plane is not 0, in cell order, with their values.
fn marked(o: &[f32], k: usize) -> Vec<(String, f32)> {
    Cell::all()
        .filter(|&c| o[k * 81 + square(c)] != 0.0)
        .map(|c| (c.to_string(), o[k * 81 + square(c)]))
        .collect()
}

fn constant(o: &[f32], k: usize) -> Option<f32> {
    let p = plane(o, k);
    p.iter().all(|v| *v == p[0]).then_some(p[0])
}

const THIRD: f32 = 1.0 / 3.0;
const TWO_THIRDS: f32 = 2.0 / 3.0;

// ---- Action ids ----

#[test]
fn sizes_of_the_action_spaces() {
    for (p, n) in [
        ("", 448),
        ("players=3", 449),
        ("players=4", 450),
        ("players=6", 452),
    ] {
        assert_eq!(State::num_distinct_actions(&params(p)), n, "{p}");
        assert_eq!(State::max_chance_outcomes(&params(p)), 6, "{p}");
    }
}

#[test]
fn a_cell_alone_is_its_number_file_by_file() {
    let s = start("");
    assert_eq!(id(&s, "a1"), Some(0));
    assert_eq!(id(&s, "a2"), Some(1));
    assert_eq!(id(&s, "b1"), Some(5));
    assert_eq!(id(&s, "e5"), Some(30));
    assert_eq!(id(&s, "f9"), Some(42));
    assert_eq!(id(&s, "i9"), Some(60));
    assert_eq!(s.action_of_id(0), Some("a1".parse().unwrap()));
    assert_eq!(s.action_of_id(60), Some("i9".parse().unwrap()));
}

#[test]
fn a_cell_alone_has_one_id_for_a_roll_a_pick_and_a_home_cell() {
    // Roll for the ship on g9 at the start; the cell e8 picked after e7 rolled 3; the home
    // cell g9 after a wreck: the ids are the cells' numbers.
    let s = start("");
    assert_eq!(id(&s, "g9"), Some(49));
    let pick = pos("", "0 pick:e7:3 t7 0:e7*,g9,h9 3:b1,c1,d1");
    assert_eq!(legal(&pick), strs(&["e6", "e8"]));
    assert_eq!(id(&pick, "e8"), Some(33));
    assert_eq!(id(&pick, "e6"), Some(31));
    assert_eq!(pick.action_of_id(33), Some("e8".parse().unwrap()));
    let wreck = pos("", "0 wreck t0 0:g9,h9,w* 3:b1,c1,d1");
    assert_eq!(id(&wreck, "g9"), Some(49));
}

#[test]
fn moves_are_the_from_cell_times_six_plus_the_direction() {
    let s = start("");
    // The island's six moves, directions in die-label order: east, north-east, north-west,
    // west, south-west, south-east.
    for (d, to) in ["f5", "f6", "e6", "d5", "d4", "e4"].iter().enumerate() {
        assert_eq!(
            id(&s, &format!("e5-{to}")),
            Some(61 + 6 * 30 + d),
            "e5-{to}"
        );
    }
    assert_eq!(id(&s, "f9-g9"), Some(61 + 6 * 42)); // east
    assert_eq!(id(&s, "g9-f9"), Some(61 + 6 * 49 + 3)); // west
    assert_eq!(id(&s, "i8-i7"), Some(61 + 6 * 59 + 5)); // south-east
    assert_eq!(id(&s, "i6-i7"), Some(61 + 6 * 57 + 2)); // north-west
                                                        // The first and the last id of the range.
    assert_eq!(id(&s, "a1-b1"), Some(61));
    assert_eq!(id(&s, "i9-i8"), Some(426));
    assert_eq!(s.action_of_id(61), Some("a1-b1".parse().unwrap()));
    assert_eq!(s.action_of_id(426), Some("i9-i8".parse().unwrap()));
    assert_eq!(s.action_of_id(358), Some("g9-f9".parse().unwrap()));
}

#[test]
fn moves_off_the_board_or_between_distant_cells_have_no_id() {
    let s = start("");
    assert_eq!(s.action_of_id(61 + 3), None); // west of a1
    assert_eq!(s.action_of_id(61 + 6 * 60 + 1), None); // north-east of i9
    assert_eq!(id(&s, "f9-h9"), None);
    assert_eq!(id(&s, "e5-e5"), None);
    assert_eq!(id(&s, "a1-i9"), None);
}

#[test]
fn re_entries_are_numbered_by_side_in_the_rules_order() {
    let s = start("");
    let sides = HARBOURS;
    for (k, side) in sides.iter().enumerate() {
        for (j, c) in side.iter().enumerate() {
            let want = 427 + 3 * k + j;
            assert_eq!(id(&s, &format!("+{c}")), Some(want), "+{c}");
            assert_eq!(s.action_of_id(want), Some(Action::Enter(cell(c))));
        }
    }
    assert_eq!(id(&s, "+f9"), Some(427));
    assert_eq!(id(&s, "+d8"), Some(444));
    assert_eq!(id(&s, "+e5"), None);
    assert_eq!(id(&s, "+e9"), None);
}

#[test]
fn attacks_are_numbered_by_the_seats_in_play_then_decline() {
    let two = start("");
    assert_eq!(id(&two, "attack/0"), Some(445));
    assert_eq!(id(&two, "attack/3"), Some(446));
    assert_eq!(id(&two, "decline"), Some(447));
    assert_eq!(id(&two, "attack/1"), None);
    assert_eq!(two.action_of_id(446), Some(Action::Attack(Seat::of(3))));
    assert_eq!(two.action_of_id(447), Some(Action::Decline));
    let four = start("players=4");
    for (i, seat) in [0, 1, 3, 4].iter().enumerate() {
        assert_eq!(id(&four, &format!("attack/{seat}")), Some(445 + i));
    }
    assert_eq!(id(&four, "decline"), Some(449));
    assert_eq!(id(&four, "attack/2"), None);
    let six = start("players=6");
    assert_eq!(id(&six, "attack/0"), Some(445));
    assert_eq!(id(&six, "attack/5"), Some(450));
    assert_eq!(id(&six, "decline"), Some(451));
}

#[test]
fn die_values_are_chance_outcomes_value_minus_one() {
    let mut s = start("");
    play(&mut s, "g9");
    for k in 1..=6u8 {
        assert_eq!(s.action_id(Action::Die(k)), Some(k as usize - 1));
        assert_eq!(s.action_of_id(k as usize - 1), Some(Action::Die(k)));
    }
    assert_eq!(s.action_id(Action::Die(0)), None);
    assert_eq!(s.action_id(Action::Die(7)), None);
    // The same id at a decision is a player's action.
    assert_eq!(start("").action_of_id(0), Some("a1".parse().unwrap()));
}

#[test]
fn ids_past_the_end_read_as_nothing() {
    for p in ["", "players=3", "players=6"] {
        let s = start(p);
        let n = State::num_distinct_actions(&params(p));
        assert!(s.action_of_id(n - 1).is_some(), "{p}");
        assert_eq!(s.action_of_id(n), None, "{p}");
        assert_eq!(s.action_of_id(usize::MAX), None, "{p}");
    }
    let mut chance = start("");
    play(&mut chance, "g9");
    assert_eq!(chance.action_of_id(6), None);
    assert_eq!(chance.action_of_id(usize::MAX), None);
}

#[test]
fn every_id_reads_back_as_an_action_with_that_id() {
    for p in ["", "players=4"] {
        let s = start(p);
        let n = State::num_distinct_actions(&params(p));
        let mut actions = 0;
        for i in 0..n {
            if let Some(a) = s.action_of_id(i) {
                assert_eq!(s.action_id(a), Some(i), "{a}");
                actions += 1;
            }
        }
        // Every id but the moves pointing off the board reads as an action.
        let moves: usize = Cell::all()
            .map(|c| {
                boardgame_kit::HexDir::ALL
                    .iter()
                    .filter(|&&d| c.neighbour(d).is_some())
                    .count()
            })
            .sum();
        assert_eq!(actions, n - 366 + moves, "{p}");
    }
}

#[test]
fn legal_actions_have_distinct_ids_in_range() {
    let s = pos("", "0 - t3 0:e5,g9,x 3:c1,d1,e4");
    let mut ids = sorted_legal_ids(&s);
    assert_eq!(ids.len(), 13);
    ids.dedup();
    assert_eq!(ids.len(), 13);
    // e5, g9, the island's six moves, g9-h9, g9-f9, +f9 +g9 +h9.
    assert_eq!(
        ids,
        [30, 49, 241, 242, 243, 244, 245, 246, 355, 358, 427, 428, 429]
    );
}

// ---- Observation: shape and board ----

#[test]
fn shape_is_17_plus_6_planes_a_seat_of_9_by_9() {
    for (p, planes) in [
        ("", 29),
        ("players=3", 35),
        ("players=4,first=3", 41),
        ("players=6,turn_limit=8", 53),
    ] {
        assert_eq!(
            State::observation_shape(&params(p)).dims(),
            [planes, 9, 9],
            "{p}"
        );
        assert_eq!(turn_plane(&params(p)), planes - 12);
    }
}

#[test]
fn squares_are_row_nine_minus_rank_and_column_file() {
    assert_eq!(square(cell("e9")), 4);
    assert_eq!(square(cell("i9")), 8);
    assert_eq!(square(cell("a5")), 36);
    assert_eq!(square(cell("e5")), 40);
    assert_eq!(square(cell("i5")), 44);
    assert_eq!(square(cell("a1")), 72);
    assert_eq!(square(cell("e1")), 76);
    assert_eq!(square(cell("d8")), 9 + 3);
}

#[test]
fn twenty_squares_are_off_the_board() {
    let o = obs(&start(""), 0);
    let off: Vec<usize> = (0..81).filter(|&q| o[q] == 0.0).collect();
    // a9 b9 c9 d9, a8 b8 c8, a7 b7, a6, i4, h3 i3, g2 h2 i2, f1 g1 h1 i1.
    let want = [
        0, 1, 2, 3, 9, 10, 11, 18, 19, 27, 53, 61, 62, 69, 70, 71, 77, 78, 79, 80,
    ];
    assert_eq!(off, want);
    for k in 0..29 {
        if constant(&o, k).is_none() {
            assert!(want.iter().all(|&q| o[k * 81 + q] == 0.0), "plane {k}");
        }
    }
}

#[test]
fn board_planes_mark_rocks_harbours_island_shoals() {
    let o = obs(&start(""), 3);
    assert_eq!(plane(&o, 0).iter().sum::<f32>(), 61.0);
    let names = |k| {
        marked(&o, k)
            .into_iter()
            .map(|(c, _)| c)
            .collect::<Vec<_>>()
    };
    let sorted = |v: &[&str]| {
        let mut v: Vec<String> = v.iter().map(|c| c.to_string()).collect();
        v.sort_by_key(|c| cell(c));
        v
    };
    assert_eq!(names(1), sorted(&["e9", "i9", "i5", "e1", "a1", "a5"]));
    assert_eq!(names(2).len(), 18);
    assert_eq!(at(&o, 2, "d8"), 1.0);
    assert_eq!(at(&o, 2, "i7"), 1.0);
    assert_eq!(names(3), ["e5"]);
    assert_eq!(names(4), sorted(&["g5", "g7", "e7", "c5", "c3", "e3"]));
}

// ---- Observation: seats ----

#[test]
fn the_observer_comes_first_then_the_seats_after_it() {
    let s = start("");
    let zero = obs(&s, 0);
    let three = obs(&s, 3);
    // Seen from 0: its ships, home and target in group 0 (planes 5..11), seat 3's in group 1.
    assert_eq!(
        marked(&zero, 5),
        [
            ("f9".into(), THIRD),
            ("g9".into(), THIRD),
            ("h9".into(), THIRD)
        ]
    );
    assert_eq!(
        marked(&zero, 11),
        [
            ("b1".into(), THIRD),
            ("c1".into(), THIRD),
            ("d1".into(), THIRD)
        ]
    );
    assert_eq!(at(&zero, 7, "g9"), 1.0); // home
    assert_eq!(at(&zero, 8, "c1"), 1.0); // target
    assert_eq!(at(&zero, 13, "c1"), 1.0); // seat 3's home
    assert_eq!(at(&zero, 14, "g9"), 1.0); // seat 3's target
                                          // Seen from 3 the groups swap.
    assert_eq!(plane(&three, 5), plane(&zero, 11));
    assert_eq!(plane(&three, 11), plane(&zero, 5));
    for j in 0..6 {
        assert_eq!(
            plane(&three, 5 + j),
            plane(&zero, 11 + j),
            "plane {j} of a group"
        );
        assert_eq!(
            plane(&three, 11 + j),
            plane(&zero, 5 + j),
            "plane {j} of a group"
        );
    }
    // The board and the turn are seen alike.
    assert_eq!(three[..5 * 81], zero[..5 * 81]);
    assert_eq!(three[17 * 81..], zero[17 * 81..]);
}

#[test]
fn turn_order_wraps_round_from_the_observer() {
    // Three players 0, 2, 4 seen from 2: groups 2, 4, 0.
    let s = start("players=3");
    let o = obs(&s, 2);
    assert_eq!(at(&o, 5, "g3"), THIRD);
    assert_eq!(at(&o, 11, "a3"), THIRD);
    assert_eq!(at(&o, 17, "g9"), THIRD);
    // Four players 0, 1, 3, 4 seen from 3: groups 3, 4, 0, 1; seat 0 is to move (group 2).
    let s = start("players=4");
    let o = obs(&s, 3);
    for (k, home) in ["c1", "a3", "g9", "i7"].iter().enumerate() {
        assert_eq!(at(&o, 5 + 6 * k, home), THIRD, "group {k}");
        assert_eq!(at(&o, 7 + 6 * k, home), 1.0, "group {k}");
    }
    assert_eq!(constant(&o, 9 + 6 * 2), Some(1.0));
    for k in [0, 1, 3] {
        assert_eq!(constant(&o, 9 + 6 * k), Some(0.0), "group {k}");
    }
}

#[test]
fn ships_on_a_cell_count_in_thirds() {
    let s = pos("", "0 - t3 0:e5,e5,g9 3:c1,c1,c1");
    let o = obs(&s, 0);
    assert_eq!(at(&o, 5, "e5"), TWO_THIRDS);
    assert_eq!(at(&o, 5, "g9"), THIRD);
    assert_eq!(at(&o, 11, "c1"), 1.0);
}

#[test]
fn sunk_ships_are_a_constant_count_per_seat() {
    let s = pos("", "3 - t9 0:e5,g9,x 3:c1,d1,x");
    let o = obs(&s, 3);
    assert_eq!(constant(&o, 6), Some(THIRD)); // seat 3's sunk ship
    assert_eq!(constant(&o, 12), Some(THIRD)); // seat 0's
    let s = pos("", "3 - t9 0:x,x,x 3:c1,d1,e5");
    let o = obs(&s, 3);
    assert_eq!(constant(&o, 6), Some(0.0));
    assert_eq!(constant(&o, 12), Some(1.0));
    assert_eq!(plane(&o, 11).iter().sum::<f32>(), 0.0);
}

#[test]
fn the_seat_to_move_has_a_constant_plane() {
    let mut s = start("");
    let o = obs(&s, 0);
    assert_eq!((constant(&o, 9), constant(&o, 15)), (Some(1.0), Some(0.0)));
    play(&mut s, "f9 2 g9 2 h9 2"); // off the board: the three ships stay, the turn is over
    assert_eq!(s.mover(), Seat::of(3));
    let o = obs(&s, 0);
    assert_eq!((constant(&o, 9), constant(&o, 15)), (Some(0.0), Some(1.0)));
    let o = obs(&s, 3);
    assert_eq!((constant(&o, 9), constant(&o, 15)), (Some(1.0), Some(0.0)));
}

// ---- Observation: the turn ----

/// The decision planes `T + 2 ..= T + 8` as a list of 0/1.
fn decision(o: &[f32], t: usize) -> Vec<f32> {
    (t + 2..=t + 8).map(|k| constant(o, k).unwrap()).collect()
}

#[test]
fn acted_ships_pending_cell_and_decision_change_as_the_turn_goes_on() {
    let t = 17;
    let mut s = start("");
    let o = obs(&s, 0);
    assert_eq!(decision(&o, t), [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]); // choose
    assert!(marked(&o, t).is_empty());
    assert!(marked(&o, t + 9).is_empty());
    play(&mut s, "g9"); // roll for g9: chance
    let o = obs(&s, 0);
    assert_eq!(decision(&o, t), [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    assert_eq!(marked(&o, t), [("g9".into(), THIRD)]);
    assert_eq!(marked(&o, t + 9), [("g9".into(), 1.0)]);
    play(&mut s, "6"); // south-east of g9: g8
    let o = obs(&s, 0);
    assert_eq!(decision(&o, t), [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    assert_eq!(marked(&o, t), [("g8".into(), THIRD)]);
    assert_eq!(
        marked(&o, 5),
        [
            ("f9".into(), THIRD),
            ("g8".into(), THIRD),
            ("h9".into(), THIRD)
        ]
    );
    assert!(marked(&o, t + 9).is_empty());
    play(&mut s, "f9-g9");
    let o = obs(&s, 0);
    assert_eq!(marked(&o, t), [("g8".into(), THIRD), ("g9".into(), THIRD)]);
    play(&mut s, "h9 1"); // east of h9 is the rock i9: wrecked
    assert_eq!(s.position(), "0 wreck t0 0:g8*,g9*,w* 3:b1,c1,d1");
    let o = obs(&s, 0);
    assert_eq!(decision(&o, t), [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);
    // The wrecked ship stands on no plane.
    assert_eq!(plane(&o, 5).iter().sum::<f32>(), TWO_THIRDS);
    assert_eq!(constant(&o, 6), Some(0.0));
    play(&mut s, "h9"); // home cell: the turn is over, nothing has acted any more
    let o = obs(&s, 0);
    assert!(marked(&o, t).is_empty());
    assert_eq!(constant(&o, 15), Some(1.0));
}

#[test]
fn a_doubled_roll_shows_the_ship_and_the_die() {
    let t = 17;
    let s = pos("", "0 pick:e7:3 t7 0:e7*,g9,h9 3:b1,c1,d1");
    let o = obs(&s, 3);
    assert_eq!(decision(&o, t), [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]);
    assert_eq!(marked(&o, t + 9), [("e7".into(), 1.0)]);
    assert_eq!(constant(&o, t + 10), Some(0.5)); // 3 / 6
    assert_eq!(marked(&o, t), [("e7".into(), THIRD)]);
}

#[test]
fn a_combat_shows_its_cell_its_defender_and_the_attackers_roll() {
    let t = 17;
    let arrive = pos("", "0 arrive:e5 t0 0:e5*,g9,h9 3:c1,d1,e5");
    let o = obs(&arrive, 0);
    assert_eq!(decision(&o, t), [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    assert_eq!(marked(&o, t + 9), [("e5".into(), 1.0)]);
    assert_eq!((constant(&o, 10), constant(&o, 16)), (Some(0.0), Some(0.0)));
    let mut s = arrive;
    play(&mut s, "attack/3");
    let o = obs(&s, 0);
    assert_eq!(decision(&o, t), [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]);
    assert_eq!(marked(&o, t + 9), [("e5".into(), 1.0)]);
    assert_eq!((constant(&o, 10), constant(&o, 16)), (Some(0.0), Some(1.0)));
    assert_eq!(constant(&o, t + 10), Some(0.0));
    play(&mut s, "4");
    for (seat, group) in [(0, 1), (3, 0)] {
        let o = obs(&s, seat);
        assert_eq!(decision(&o, t), [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
        assert_eq!(constant(&o, 10 + 6 * group), Some(1.0), "seen from {seat}");
        assert_eq!(
            constant(&o, 10 + 6 * (1 - group)),
            Some(0.0),
            "seen from {seat}"
        );
        assert_eq!(constant(&o, t + 10), Some(4.0 / 6.0));
    }
    // The defender rolls 5: the attacker is sunk, acted (it re-enters next turn).
    play(&mut s, "5");
    assert_eq!(s.position(), "0 - t0 0:g9,h9,x* 3:c1,d1,e5");
    let o = obs(&s, 0);
    assert_eq!(decision(&o, t), [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    assert_eq!(constant(&o, 6), Some(THIRD));
    assert_eq!(constant(&o, t + 1), Some(THIRD));
    assert_eq!(constant(&o, 16), Some(0.0));
    assert_eq!(constant(&o, t + 10), Some(0.0));
    assert!(marked(&o, t + 9).is_empty());
    // A ship sunk on an earlier turn has not acted.
    let o = obs(&pos("", "0 - t2 0:g9,h9,x 3:c1,d1,e5"), 0);
    assert_eq!(
        (constant(&o, 6), constant(&o, t + 1)),
        (Some(THIRD), Some(0.0))
    );
}

#[test]
fn the_game_over_has_no_decision() {
    let t = 17;
    let won = pos("", "0 won t4 0:b1,c1*,d1 3:c1,e5,e6");
    let o = obs(&won, 3);
    assert_eq!(decision(&o, t), [0.0; 7]);
    assert_eq!(constant(&o, 15), Some(1.0)); // the winner
    let mut drawn = start("turn_limit=1");
    play(&mut drawn, "f9 2 g9 2 h9 2");
    assert_eq!(drawn.position(), "3 drawn t1 0:f9,g9,h9 3:b1,c1,d1");
    let o = obs(&drawn, 0);
    assert_eq!(decision(&o, t), [0.0; 7]);
    assert_eq!(constant(&o, t + 11), Some(1.0));
}

#[test]
fn completed_turns_are_scaled_by_the_turn_limit() {
    let t = 17;
    let at_turn = |p: &str, turns: u32| {
        let s = pos(p, &format!("0 - t{turns} 0:f9,g9,h9 3:b1,c1,d1"));
        constant(&obs(&s, 0), t + 11).unwrap()
    };
    assert_eq!(at_turn("turn_limit=8", 0), 0.0);
    assert_eq!(at_turn("turn_limit=8", 2), 0.25);
    assert_eq!(at_turn("turn_limit=8", 6), 0.75);
    assert_eq!(at_turn("turn_limit=1000000", 999_999), 0.999999);
    // The count goes up as turns are completed.
    let mut s = start("turn_limit=4");
    play(&mut s, "f9 2 g9 2 h9 2");
    assert_eq!(constant(&obs(&s, 3), t + 11), Some(0.25));
    // Without a limit the plane is 0, and positions that differ only by their turns are the
    // same to the observation: `same_observable` leaves the count out.
    assert_eq!(at_turn("", 9), 0.0);
    let (a, b) = (
        pos("", "0 - t3 0:f9,g9,h9 3:b1,c1,d1"),
        pos("", "0 - t9 0:f9,g9,h9 3:b1,c1,d1"),
    );
    assert_eq!(obs(&a, 0), obs(&b, 0));
    assert!(a != b && a.same_observable(&b));
    let (a, b) = (
        pos("turn_limit=20", "0 - t3 0:f9,g9,h9 3:b1,c1,d1"),
        pos("turn_limit=20", "0 - t9 0:f9,g9,h9 3:b1,c1,d1"),
    );
    assert_ne!(obs(&a, 0), obs(&b, 0));
    assert!(!a.same_observable(&b));
    let c = pos("turn_limit=20", "0 - t3 0:f9,g9,g9 3:b1,c1,d1");
    assert!(!a.same_observable(&c));
}

#[test]
fn every_value_is_between_0_and_1() {
    let s = pos(
        "players=4,turn_limit=60",
        "1 defend:h8:0:6 t5 0:f9,g9,h8 1:h8*,i8*,x* 3:c1,c1,d2 4:a2,a3,b4",
    );
    for seat in [0, 1, 3, 4] {
        assert!(obs(&s, seat).iter().all(|v| (0.0..=1.0).contains(v)));
    }
}

#[test]
fn observing_a_seat_not_in_play_or_into_a_wrong_buffer_is_an_error() {
    let s = start("");
    let mut o = vec![0.5; 29 * 81];
    assert_eq!(
        s.observe(Seat::of(1), &mut o),
        Err(ObserveError::NotASeat { seat: 1 })
    );
    assert!(o.iter().all(|v| *v == 0.5));
    let mut short = vec![0.5; 28 * 81];
    assert_eq!(
        s.observe(Seat::of(0), &mut short),
        Err(ObserveError::WrongLength {
            expected: 29 * 81,
            got: 28 * 81
        })
    );
    assert!(short.iter().all(|v| *v == 0.5));
    let six = start("players=6");
    let mut o = vec![0.0; 53 * 81];
    for k in 0..6 {
        assert!(six.observe(Seat::of(k), &mut o).is_ok());
    }
}

#[test]
fn bad_input_never_panics() {
    use boardgame_kit::fuzzing::{run, seed_inputs};
    for p in ["", "players=3", "players=6,turn_limit=5"] {
        for input in seed_inputs::<State>(&params(p), 3, 20, 40) {
            run::<State>(input.as_bytes());
        }
    }
    // Illegal actions played unchecked: an attack on a seat not in play, a roll from an empty
    // cell, then observations from every seat number.
    run::<State>(b"\n0 arrive:e5 t0 0:e5*,g9,h9 3:c1,d1,e5\nattack/5\n3\n1\n@0\n@3\n@5\n@99");
    run::<State>(b"players=6\n\ne5\n6\n#447\n#451\n#452\n#18446744073709551615\n@0\n@5");
}

// ---- Golden files ----

#[test]
fn golden_info() {
    let blocks = check_info_file::<State>(
        env!("CARGO_MANIFEST_DIR"),
        &[
            "",
            "players=3",
            "players=4,first=3",
            "players=6",
            "turn_limit=6",
            "players=6,turn_limit=8",
        ],
    );
    assert_eq!(blocks, 6);
}

/// Four players, 31 actions in: seat 1's ship arrived on h8 among seat 0's and attacked, and
/// rolled 6; the defender's die is next. Seat 1 has one ship sunk as an attacker this turn
/// (acted), seat 3 two ships on c1. Seen from seat 3: groups 3, 4, 0 (defending), 1 (to move).
#[test]
fn golden_observation_mid_combat() {
    check_observation_file::<State>(
        env!("CARGO_MANIFEST_DIR"),
        "4p-defend",
        "arandia players=4,turn_limit=60: g9-h9 f9-g9 h9-g9 i6-i7 i8 2 i7-i8 b1-c1 c1 2 d1-c1 \
         a4 1 a3 6 a2-a3 h9 6 g9-f9 g9 2 i8 4 attack/0 2 6 i7-i8 i8 4 attack/0 6",
        "3",
    );
}
