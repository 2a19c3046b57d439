//! One test per rule and per worked example of the rules (`docs/slimetrail.md`). Expected values
//! come from the rules text.

use boardgame_kit::conformance::{check_accepted, check_refused};
use boardgame_kit::testing::{position, sorted_legal};
use boardgame_kit::{perft, Game, PlayError, PositionError, Seat, ToAct};
use slimetrail_core::{Params, State, Step};

fn params(s: &str) -> Params {
    s.parse().unwrap()
}

fn after(moves: &str) -> State {
    let mut s = State::default();
    for m in moves.split_whitespace() {
        s.try_play(m.parse().unwrap()).unwrap();
    }
    s
}

fn legal(s: &State) -> Vec<String> {
    sorted_legal(s)
}

/// The snail steps into the corner a1, which is among the legal steps (seat 1's corner: a win
/// for seat 1, a loss for seat 2).
fn enter_a1(s: &mut State) {
    assert!(legal(s).contains(&"a1".to_string()));
    s.try_play("a1".parse().unwrap()).unwrap();
}

fn pos(p: &str, text: &str) -> State {
    position(p, text)
}

#[test]
fn example_start_has_eight_moves() {
    let s = State::default();
    assert_eq!(legal(&s), ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]);
    assert_eq!(perft(&mut s.clone(), 1), 8);
}

#[test]
fn example_after_c3_start_cell_is_slimed() {
    let s = after("c3");
    assert_eq!(legal(&s), ["b2", "b3", "b4", "c2", "c4", "d2", "d3"]);
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(1)));
}

#[test]
fn example_after_c3_b2_seat_1_enters_own_corner_and_wins() {
    let mut s = after("c3 b2");
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(0)));
    enter_a1(&mut s);
    assert_eq!(s.to_act(), ToAct::Over);
    let o = s.outcome().unwrap();
    assert!(o.is_winner(Seat::of(0)));
    assert!(!o.is_winner(Seat::of(1)));
}

#[test]
fn example_moving_into_the_opponents_corner_loses_on_the_spot() {
    let mut s = after("c3 b2 b1");
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(1)));
    // Moving there is allowed, only decisive.
    enter_a1(&mut s);
    assert!(s.outcome().unwrap().is_winner(Seat::of(0)));
    assert_eq!(boardgame_kit::drivers::status_line(&s), "over: 1");
}

#[test]
fn seat_2_owns_the_top_right_corner_on_every_size() {
    // 5x5: centre c3, seat 2's corner e5: c3 d4 e5 is seat 1, seat 2, seat 1 moving.
    let mut s = State::new(&params("size=5"));
    assert_eq!(s.snail().to_string(), "c3");
    for m in ["d4", "d3"] {
        s.try_play(m.parse().unwrap()).unwrap();
    }
    // seat 1 moves into e4? not a corner; go d3 -> e4 -> e5 by seat 2
    s.try_play("e4".parse().unwrap()).unwrap();
    s.try_play("e5".parse().unwrap()).unwrap();
    assert!(s.outcome().unwrap().is_winner(Seat::of(1)));
    assert_eq!(State::new(&params("size=9")).snail().to_string(), "e5");
    assert_eq!(State::default().snail().to_string(), "d4");
}

#[test]
fn a_player_without_a_legal_move_loses() {
    // 5x5, snail on a5 (top-left corner, not a goal), its neighbours a4 b4 b5 all slimed.
    // Slime: c3 (start) .. the trail c3 b4? Build a consistent trail: c3 b4 a4? Use notation:
    // rank 5: @ x 3, rank 4: x x 3, rank 3: 2 x 2. Slime count 5? Count: b5 a4 b4 c3 = 4 -> seat 1.
    let s = pos("size=5", "@x3/xx3/2x2/5/5 1");
    assert_eq!(s.to_act(), ToAct::Over);
    assert!(legal(&s).is_empty());
    assert!(
        s.outcome().unwrap().is_winner(Seat::of(1)),
        "seat 1 cannot move, so seat 2 wins"
    );
    let s2 = pos("size=5", "@x3/xx3/1xx2/5/5 2");
    assert!(
        s2.outcome().unwrap().is_winner(Seat::of(0)),
        "seat 2 cannot move, so seat 1 wins"
    );
}

#[test]
fn the_snail_never_moves_onto_slime_or_off_the_board_or_further_than_one_step() {
    let s = after("c3 b2");
    let before = s;
    for (m, why) in [
        ("c3", "slimed"),
        ("d4", "neighbouring"),
        ("d2", "neighbouring"),
        ("h1", "off the board"),
        ("b2", "neighbouring"),
    ] {
        let mut t = s;
        match t.try_play(m.parse::<Step>().unwrap()) {
            Err(PlayError::Illegal { reason, .. }) => {
                assert!(reason.contains(why), "{m}: {reason}")
            }
            other => panic!("{m}: expected an illegal-action error, got {other:?}"),
        }
        assert_eq!(t, before, "a refused action leaves the state unchanged");
    }
}

#[test]
fn every_direction_is_allowed() {
    let s = State::default();
    let mut l = legal(&s);
    l.sort();
    // d4's eight neighbours: all eight king directions.
    assert_eq!(l.len(), 8);
    assert!(
        !l.contains(&"d4".to_string()),
        "no pass: the snail must move"
    );
}

#[test]
fn nothing_can_be_played_after_the_end() {
    let mut s = after("c3 b2 a1");
    assert_eq!(s.try_play("b1".parse().unwrap()), Err(PlayError::GameOver));
    assert_eq!(
        s.try_play_as(Seat::of(1), "b1".parse().unwrap()),
        Err(PlayError::GameOver)
    );
}

#[test]
fn out_of_turn_play_is_refused() {
    let mut s = State::default();
    let e = s
        .try_play_as(Seat::of(1), "c3".parse().unwrap())
        .unwrap_err();
    assert_eq!(e.to_string(), "it is not 2's turn: 1 is to act");
    assert_eq!(s, State::default());
}

#[test]
fn sizes_are_odd_from_5_to_9() {
    check_accepted::<Params>(&["size=5", "size=7", "size=9", ""]);
    check_refused::<Params>(&[
        ("size=3", "size"),
        ("size=4", "size"),
        ("size=8", "size"),
        ("size=11", "size"),
        ("size=x", "size"),
        ("sizes=7", "size"),
        ("size=7,size=7", "size"),
    ]);
}

#[test]
fn action_notation_is_case_insensitive_and_printed_lower_case() {
    let a: Step = "E5".parse().unwrap();
    assert_eq!(a.to_string(), "e5");
    for bad in ["", "5e", "e", "e0", "ee5", "e5x"] {
        assert!(bad.parse::<Step>().is_err(), "{bad}");
    }
}

#[test]
fn position_notation_round_trips_and_rejects_bad_text() {
    let s = after("c3 b2 b1");
    let text = s.position();
    assert_eq!(text, "7/7/7/3x3/2x4/1x5/1@5 2");
    assert_eq!(State::from_position(&Params::default(), &text).unwrap(), s);
    assert_eq!(State::default().position(), "7/7/7/3@3/7/7/7 1");
    let p = Params::default();
    for (bad, syntax) in [
        ("7/7/7/3@3/7/7/7", true),      // no seat
        ("7/7/7/3@3/7/7 1", true),      // too few ranks
        ("7/7/7/3@3/7/7/7/7 1", true),  // too many ranks
        ("7/7/7/3@4/7/7/7 1", true),    // rank too wide
        ("7/7/7/3@2/7/7/7 1", true),    // rank too short
        ("7/7/7/3?3/7/7/7 1", true),    // bad character
        ("7/7/7/3@3/7/7/7 3", true),    // bad seat
        ("7/7/7/7/7/7/7 1", false),     // no snail
        ("7/7/7/3@3/7/7/7 2", false),   // seat disagrees with slime count
        ("7/7/7/3x3/7/7/x@5 2", false), // slime on a goal corner
        ("7/7/7/3@3/7/7/x6 2", false),  // slime away from the trail's start
        ("7/7/7/7/7/7/@6 1", false),    // no slime but snail off the centre
        ("7/7/7/3x3/7/7/5@1 2", false), // snail not next to the trail
    ] {
        match State::from_position(&p, bad) {
            Err(PositionError::Syntax(e)) => assert!(syntax, "{bad}: unexpected syntax error {e}"),
            Err(PositionError::Invalid(e)) => {
                assert!(!syntax, "{bad}: unexpected invalid error {e}")
            }
            Ok(_) => panic!("{bad} was accepted"),
            Err(e) => panic!("{bad}: unexpected error kind {e:?}"),
        }
    }
}

#[test]
fn syntax_errors_say_where() {
    match State::from_position(&Params::default(), "7/7/7/3?3/7/7/7 1") {
        Err(PositionError::Syntax(e)) => assert_eq!(e.at, 7),
        other => panic!("{other:?}"),
    }
}
