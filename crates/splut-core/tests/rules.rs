//! One test per rule, ruling and worked example of the rules (`docs/splut.md`), with the expected
//! values taken from the rules text.
//!
//! Positions are written in this crate's notation:
//! `ROCKS TEAMS TO-MOVE TURN STEPS LEVITATION MOVED PREVIOUS`. The notation always holds the
//! four Rocks and a Sorcerer for every team in play, so the partial set-ups of the worked
//! examples get spare Rocks and Sorcerers on squares far from the action (said in each test).

use boardgame_kit::{Game, GameResult, PlayError, Seat, ToAct};
use splut_core::{Action, Params, Piece, State};

mod common;
use common::*;

const S: Seat = Seat::of(0);
const W: Seat = Seat::of(1);
const N: Seat = Seat::of(2);
const E: Seat = Seat::of(3);

fn act(t: &str) -> Action {
    t.parse().unwrap()
}

fn is_legal(s: &State, t: &str) -> bool {
    legal(s).iter().any(|x| x == t)
}

/// Plays `t`, which must be legal.
fn play(s: &mut State, t: &str) {
    assert!(
        is_legal(s, t),
        "{t} should be legal in {}: {:?}",
        s.position(),
        legal(s)
    );
    s.play(act(t));
}

/// `t` must be refused, leaving the state unchanged; returns the reason.
fn refused(s: &State, t: &str) -> String {
    let mut c = *s;
    let e = c.try_play(act(t)).expect_err(t);
    assert_eq!(c, *s, "a refused action changed the state");
    assert!(!is_legal(s, t));
    match e {
        PlayError::Illegal { reason, .. } => reason.into_owned(),
        e => e.to_string(),
    }
}

fn rock(id: u8) -> Option<Piece> {
    Some(Piece::Rock(id))
}

// ------------------------------------------------------------------------------------------
// Board and start
// ------------------------------------------------------------------------------------------

#[test]
fn board_is_the_41_square_diamond() {
    let mut n = 0;
    for f in b'a'..=b'i' {
        for r in 1..=9 {
            let name = format!("{}{}", f as char, r);
            let on = ((f - b'a') as i32 - 4).abs() + (r - 5i32).abs() <= 4;
            let parsed = format!("{name}-e5").parse::<Action>();
            assert_eq!(parsed.is_ok(), on, "{name}");
            n += on as usize;
        }
    }
    assert_eq!(n, 41);
}

#[test]
fn start_position_two_players() {
    let s = State::new(&params(""));
    for (c, p) in [
        ("e1", rock(0)),
        ("a5", rock(1)),
        ("e9", rock(2)),
        ("i5", rock(3)),
        ("e2", Some(Piece::Dwarf(S))),
        ("f2", Some(Piece::Troll(S))),
        ("d2", Some(Piece::Sorcerer(S))),
        ("e8", Some(Piece::Dwarf(N))),
        ("d8", Some(Piece::Troll(N))),
        ("f8", Some(Piece::Sorcerer(N))),
        // the empty seats' teams are not on the board
        ("b5", None),
        ("b4", None),
        ("b6", None),
        ("h5", None),
        ("h6", None),
        ("h4", None),
    ] {
        assert_eq!(at(&s, c), p, "{c}");
    }
    assert_eq!(s.to_act(), ToAct::Seat(S));
}

#[test]
fn start_position_four_players() {
    let s = State::new(&params("players=4"));
    for (c, p) in [
        ("b5", Some(Piece::Dwarf(W))),
        ("b4", Some(Piece::Troll(W))),
        ("b6", Some(Piece::Sorcerer(W))),
        ("h5", Some(Piece::Dwarf(E))),
        ("h6", Some(Piece::Troll(E))),
        ("h4", Some(Piece::Sorcerer(E))),
        ("a5", rock(1)),
        ("i5", rock(3)),
    ] {
        assert_eq!(at(&s, c), p, "{c}");
    }
}

#[test]
fn three_players_leave_one_seat_empty_but_keep_four_rocks() {
    let s = State::new(&params("players=3"));
    // default seats s, w, n: east's team is absent, its Rock i5 is there
    assert_eq!(at(&s, "h4"), None);
    assert_eq!(at(&s, "i5"), rock(3));
    assert_eq!(s.in_play().len(), 3);
}

// ------------------------------------------------------------------------------------------
// Seats, first player, turn order, quotas
// ------------------------------------------------------------------------------------------

#[test]
fn first_player_rules() {
    // 2 and 4 players: s by default (w when the seats are we); 3: after the empty seat.
    assert_eq!(State::new(&params("")).to_act(), ToAct::Seat(S));
    assert_eq!(State::new(&params("players=4")).to_act(), ToAct::Seat(S));
    assert_eq!(State::new(&params("seats=we")).to_act(), ToAct::Seat(W));
    assert_eq!(State::new(&params("seats=swn")).to_act(), ToAct::Seat(S)); // empty e -> s
    assert_eq!(State::new(&params("seats=wne")).to_act(), ToAct::Seat(W)); // empty s -> w
    assert_eq!(State::new(&params("seats=sne")).to_act(), ToAct::Seat(N)); // empty w -> n
    assert_eq!(State::new(&params("seats=swe")).to_act(), ToAct::Seat(E)); // empty n -> e
    assert_eq!(
        State::new(&params("players=4,first=n")).to_act(),
        ToAct::Seat(N)
    );
    assert_eq!(
        State::new(&params("players=3,first=n")).to_act(),
        ToAct::Seat(N)
    );
}

#[test]
fn seats_parameter_rules() {
    assert_eq!(params("seats=swne").players(), 4);
    assert!("players=2,seats=swn".parse::<Params>().is_err());
    assert!(
        "seats=sw".parse::<Params>().is_err(),
        "two players must sit opposite"
    );
    assert!(
        "players=2,first=w".parse::<Params>().is_err(),
        "first must be in play"
    );
}

#[test]
fn quotas_are_1_2_then_3_steps_whatever_the_players() {
    let mut s = State::new(&params("players=4"));
    let mut expected = vec![(S, 1), (W, 2), (N, 3), (E, 3), (S, 3)];
    expected.reverse();
    let mut turn = 1;
    while let Some((seat, steps)) = expected.pop() {
        assert_eq!(s.to_act(), ToAct::Seat(seat));
        assert_eq!(s.turn(), turn);
        for k in 0..steps {
            assert_eq!(s.to_act(), ToAct::Seat(seat));
            assert_eq!(s.steps_left() as usize, steps - k);
            // a plain step of the Sorcerer or Dwarf, never a throw
            let l = legal(&s);
            let a = l.iter().find(|a| !a.contains('/')).unwrap().clone();
            play(&mut s, &a);
        }
        turn += 1;
    }
}

#[test]
fn play_passes_clockwise_skipping_empty_seats() {
    let mut s = State::new(&params("seats=sne"));
    assert_eq!(s.to_act(), ToAct::Seat(N)); // after the empty w
    play(&mut s, "e8-e7");
    assert_eq!(s.to_act(), ToAct::Seat(E));
    play(&mut s, "h4-g4");
    play(&mut s, "g4-f4");
    assert_eq!(s.to_act(), ToAct::Seat(S)); // e -> s
    for _ in 0..3 {
        let a = legal(&s).into_iter().find(|a| !a.contains('/')).unwrap();
        play(&mut s, &a);
    }
    assert_eq!(s.to_act(), ToAct::Seat(N)); // s -> (w empty) -> n
}

#[test]
fn steps_are_mandatory_there_is_no_pass() {
    let s = State::new(&params(""));
    assert!(!legal(&s).is_empty());
    assert!("pass".parse::<Action>().is_err());
}

#[test]
fn same_piece_may_step_several_times() {
    let mut s = pos("", "e1,a5,e9,i5 s:d2,f2,e2;n:f8,d8,e8 s 3 3 - - -");
    play(&mut s, "d2-d3");
    play(&mut s, "d3-d4");
    play(&mut s, "d4-d5");
    assert_eq!(at(&s, "d5"), Some(Piece::Sorcerer(S)));
    assert_eq!(s.to_act(), ToAct::Seat(N));
}

// ------------------------------------------------------------------------------------------
// Worked examples
// ------------------------------------------------------------------------------------------

/// Spare Rocks e1, c3, g3; red Sorcerer c7, north Sorcerer g7 (away from rank 5 and file e).
#[test]
fn example_1_pull() {
    let mut s = pos("", "f5,e1,c3,g3 s:c7,e5,-;n:g7,-,- s 3 3 - - -");
    play(&mut s, "e5-d5/p");
    assert_eq!(at(&s, "d5"), Some(Piece::Troll(S)));
    assert_eq!(at(&s, "e5"), rock(0));
    assert_eq!(at(&s, "f5"), None);
    assert_eq!(s.steps_left(), 2);
}

#[test]
fn example_2_no_pull_from_two_squares_away() {
    let mut s = pos("", "g5,e1,c3,g3 s:c7,e5,-;n:g7,-,- s 3 3 - - -");
    assert!(
        !legal(&s).iter().any(|a| a.ends_with("/p")),
        "{:?}",
        legal(&s)
    );
    assert!(refused(&s, "e5-d5/p").contains("pull"));
    play(&mut s, "e5-d5");
    assert_eq!(at(&s, "g5"), rock(0));
    assert_eq!(at(&s, "d5"), Some(Piece::Troll(S)));
}

#[test]
fn example_3_pull_only_in_line() {
    let mut s = pos("", "e4,e1,c3,g3 s:c7,e5,-;n:g7,-,- s 3 3 - - -");
    let why = refused(&s, "e5-d5/p");
    assert!(why.contains("pull"), "{why}");
    play(&mut s, "e5-e6/p");
    assert_eq!(at(&s, "e6"), Some(Piece::Troll(S)));
    assert_eq!(at(&s, "e5"), rock(0));
    assert_eq!(at(&s, "e4"), None);
}

/// Spare Rocks e1, i5, e9.
#[test]
fn example_4_throw_flies_over_a_dwarf_and_lands_before_a_troll() {
    let mut s = pos(
        "players=4",
        "e5,e1,i5,e9 s:d2,e4,-;w:b6,-,-;n:f8,-,d5;e:h4,b5,- s 3 3 - - -",
    );
    play(&mut s, "e4-e5/w");
    assert_eq!(at(&s, "c5"), rock(0));
    assert_eq!(at(&s, "d5"), Some(Piece::Dwarf(N)));
    assert_eq!(at(&s, "b5"), Some(Piece::Troll(E)));
    assert_eq!(at(&s, "e5"), Some(Piece::Troll(S)));
    assert_eq!(s.in_play().len(), 4);
    // the throw ended red's turn at once; yellow moves next
    assert_eq!(s.to_act(), ToAct::Seat(W));
    assert_eq!(s.steps_left(), 3);
}

/// Spare Rocks e1, a5, i5.
#[test]
fn example_5_splut_removes_the_whole_team() {
    let mut s = pos(
        "players=4",
        "e4,e1,a5,i5 s:d2,f4,-;w:b6,-,-;n:f8,-,-;e:e7,h6,h5 s 3 3 - - -",
    );
    play(&mut s, "f4-e4/n");
    assert_eq!(at(&s, "e7"), rock(0));
    assert_eq!(at(&s, "h6"), None);
    assert_eq!(at(&s, "h5"), None);
    assert!(!s.in_play().contains(E));
    assert_eq!(s.in_play().len(), 3);
    assert_eq!(s.to_act(), ToAct::Seat(W));
}

/// Blue's Sorcerer on g7, red's on c7 (three seats s, w, e with w already out); spare Rocks
/// e1, e9, i5.
#[test]
fn example_6_rock_landing_on_a_dwarf_kills_it() {
    let mut s = pos("seats=swe", "e4,e1,e9,i5 s:c7,e5,-;e:g7,-,b4 s 3 3 - - -");
    play(&mut s, "e5-e4/w");
    assert_eq!(at(&s, "b4"), rock(0));
    assert_eq!(at(&s, "e4"), Some(Piece::Troll(S)));
    // the blue Dwarf is dead, blue stays in the game (its Sorcerer lives)
    assert!(s.in_play().contains(E));
    assert_eq!(at(&s, "g7"), Some(Piece::Sorcerer(E)));
    assert!(s.position().contains("e:g7,-,-"));
    assert_eq!(s.to_act(), ToAct::Seat(E));
}

/// Red's Sorcerer c7, blue's g7; spare Rocks e1, a5, i5.
#[test]
fn example_7_dwarf_pushes_a_line_with_a_troll_and_a_rock() {
    let mut s = pos("seats=swe", "e5,e1,a5,i5 s:c7,e4,-;e:g7,-,e3 e 3 3 - - -");
    play(&mut s, "e3-e4");
    assert_eq!(at(&s, "e4"), Some(Piece::Dwarf(E)));
    assert_eq!(at(&s, "e5"), Some(Piece::Troll(S)));
    assert_eq!(at(&s, "e6"), rock(0));
    assert_eq!(at(&s, "e3"), None);
}

/// The other team's Sorcerer on d2 (seats we... here s and e of a 3-seat game); spare Rocks e1,
/// a5, i5.
#[test]
fn example_8_levitation_run_of_three_steps() {
    let mut s = pos("seats=swe", "g6,e1,a5,i5 s:d2,-,-;e:e3,-,- e 3 3 - - -");
    play(&mut s, "e3-e4/g6");
    assert_eq!(at(&s, "g7"), rock(0));
    play(&mut s, "e4-d4/g7");
    assert_eq!(at(&s, "f7"), rock(0));
    play(&mut s, "d4-c4/f7");
    assert_eq!(at(&s, "c4"), Some(Piece::Sorcerer(E)));
    assert_eq!(at(&s, "e7"), rock(0));
    assert_eq!(s.to_act(), ToAct::Seat(S));
}

/// Spare Rocks e1, a5, i5 (or e9); the other Sorcerer on d2.
#[test]
fn example_9_levitation_follow_block_and_side_rock() {
    let s = pos("seats=swe", "e4,e1,e9,i5 s:d2,-,-;e:e5,-,- e 3 3 - - -");
    let mut t = s;
    play(&mut t, "e5-e6/e4");
    assert_eq!(at(&t, "e5"), rock(0));
    assert_eq!(at(&t, "e6"), Some(Piece::Sorcerer(E)));

    let s = pos("seats=swe", "e6,e1,a5,i5 s:d2,-,-;e:e5,-,- e 3 3 - - -");
    let why = refused(&s, "e5-e6");
    assert!(why.contains("Rock is on e6"), "{why}");
    for r in ["e1", "a5", "i5", "e6"] {
        refused(&s, &format!("e5-e6/{r}"));
    }

    let mut s = pos("seats=swe", "d5,e1,a5,i5 s:d2,-,-;e:e5,-,- e 3 3 - - -");
    play(&mut s, "e5-e6/d5");
    assert_eq!(at(&s, "d6"), rock(0));
}

/// Green's Dwarf e7 (and its Sorcerer f8); spare Rocks e1, a5, i5.
#[test]
fn example_10_levitation_only_onto_empty_squares() {
    let s = pos("players=4", "e6,e1,a5,i5 n:f8,-,e7;e:c4,-,- e 3 3 - - -");
    let why = refused(&s, "c4-c5/e6");
    assert!(why.contains("Dwarf is on e7"), "{why}");
    assert!(is_legal(&s, "c4-c5"));
}

/// West's Sorcerer on b6; spare Rocks e1, e9, i5.
#[test]
fn example_11_levitation_run_broken_by_another_piece() {
    let mut s = pos("seats=we", "c6,e1,e9,i5 w:b6,-,-;e:d3,g5,- e 3 3 - - -");
    play(&mut s, "d3-e3/c6");
    assert_eq!(at(&s, "d6"), rock(0));
    play(&mut s, "g5-g6");
    let why = refused(&s, "e3-e4/d6");
    assert!(why.contains("broken"), "{why}");
    assert!(is_legal(&s, "e3-e4"));
}

#[test]
fn example_12_first_turn_from_the_start() {
    let s = State::new(&params(""));
    assert_eq!(legal(&s), ["d2-d3", "e2-e3", "f2-f3"]);
    assert_eq!(s.steps_left(), 1);
}

// ------------------------------------------------------------------------------------------
// Entering squares
// ------------------------------------------------------------------------------------------

#[test]
fn sorcerer_only_onto_empty_squares() {
    // red Sorcerer e5 with a Dwarf e6 (own), Troll d5 (north's) and a Rock f5 around it
    let s = pos("", "f5,e1,e9,a5 s:e5,-,e6;n:c7,d5,- s 3 3 - - -");
    assert!(refused(&s, "e5-e6").contains("Dwarf is on e6"));
    assert!(refused(&s, "e5-d5").contains("Troll is on d5"));
    assert!(refused(&s, "e5-f5").contains("Rock is on f5"));
    assert!(is_legal(&s, "e5-e4"));
}

#[test]
fn troll_never_onto_a_piece_other_than_a_rock() {
    let s = pos("", "e1,e9,a5,i5 s:e6,e5,d5;n:f5,c7,e4 s 3 3 - - -");
    assert!(refused(&s, "e5-e6").contains("Sorcerer is on e6"));
    assert!(refused(&s, "e5-d5").contains("Dwarf is on d5"));
    assert!(refused(&s, "e5-f5").contains("Sorcerer is on f5"));
    assert!(refused(&s, "e5-e4").contains("Dwarf is on e4"));
}

#[test]
fn nobody_steps_off_the_board() {
    // Sorcerer on the e1 tip has one neighbour only
    let s = pos("", "e5,e9,a5,i5 s:e1,-,-;n:c7,-,- s 3 3 - - -");
    assert!(
        legal(&s).iter().all(|a| a.starts_with("e1-e2")),
        "{:?}",
        legal(&s)
    );
    assert_eq!(legal(&s), ["e1-e2", "e1-e2/e5"]);
}

#[test]
fn pieces_move_only_for_their_owner() {
    let s = State::new(&params(""));
    assert!(refused(&s, "e8-e7").contains("not s's"));
    assert!(refused(&s, "e1-e2").contains("Rock"));
    assert!(refused(&s, "d2-e3").contains("not orthogonally next"));
}

// ------------------------------------------------------------------------------------------
// Troll: pull
// ------------------------------------------------------------------------------------------

#[test]
fn pull_is_optional_both_actions_exist() {
    let s = pos("", "f5,e1,c3,g3 s:c7,e5,-;n:g7,-,- s 3 3 - - -");
    let l = legal(&s);
    assert!(l.contains(&"e5-d5".to_string()));
    assert!(l.contains(&"e5-d5/p".to_string()));
    // the other directions have nothing behind them
    assert!(!l.contains(&"e5-e6/p".to_string()));
}

#[test]
fn a_step_onto_a_rock_is_a_throw_never_a_pull() {
    // Troll e5, Rock e4 in front (south), Rock e6 behind
    let s = pos("", "e4,e6,e1,e9 s:c7,e5,-;n:g7,-,- s 3 3 - - -");
    assert!(!is_legal(&s, "e5-e4"));
    assert!(!is_legal(&s, "e5-e4/p"));
    let why = refused(&s, "e5-e4");
    assert!(why.contains("must throw"), "{why}");
    assert!(is_legal(&s, "e5-e4/n"));
}

// ------------------------------------------------------------------------------------------
// Troll: throw
// ------------------------------------------------------------------------------------------

#[test]
fn throw_directions_judged_after_the_troll_left() {
    // Troll f5 steps west onto the Rock e5. North of e5: a Rock (e6) -> illegal; south: a Troll
    // (e4, north's) -> illegal; east: f5, the square the Troll left -> legal (straight back);
    // west: d5 empty -> legal.
    let s = pos("", "e5,e6,e1,e9 s:c7,f5,-;n:g7,e4,- s 3 3 - - -");
    let l = legal_starting(&s, "f5-e5");
    assert_eq!(l, ["f5-e5/e", "f5-e5/w"]);
    let why = refused(&s, "f5-e5/n");
    assert_eq!(why, "the Troll cannot throw north: a Rock is on e6");
    let why = refused(&s, "f5-e5/s");
    assert_eq!(why, "the Troll cannot throw south: a Troll is on e4");
}

#[test]
fn throw_direction_off_the_board_is_illegal() {
    // Rock on the a5 tip, Troll b5 steps onto it: n, s and w of a5 are off the board, so the
    // only throw is straight back east.
    let s = pos("", "a5,e1,e9,i5 s:c7,b5,-;n:g7,-,- s 3 3 - - -");
    let l = legal_starting(&s, "b5-a5");
    assert_eq!(l, ["b5-a5/e"]);
    let why = refused(&s, "b5-a5/w");
    assert!(why.contains("board"), "{why}");
}

#[test]
fn sorcerer_or_dwarf_on_the_first_square_does_not_stop_a_throw() {
    // Rock e5, Troll f5; west of e5: a Dwarf on d5 (flies over), north: north's Sorcerer on e6.
    let s = pos("", "e5,e1,e9,i5 s:c7,f5,d5;n:e6,g7,- s 3 3 - - -");
    assert!(is_legal(&s, "f5-e5/w"));
    assert!(is_legal(&s, "f5-e5/n"));
    let mut t = s;
    play(&mut t, "f5-e5/n");
    // lands on the Sorcerer at once: north is out, red wins
    assert_eq!(at(&t, "e6"), rock(0));
    assert_eq!(t.to_act(), ToAct::Over);
    assert!(t.outcome().unwrap().is_winner(S));
    let mut t = s;
    play(&mut t, "f5-e5/w");
    // flies over the red Dwarf d5 to the edge: c5, b5, a5 is empty... lands on a5
    assert_eq!(at(&t, "a5"), rock(0));
    assert_eq!(at(&t, "d5"), Some(Piece::Dwarf(S)));
}

#[test]
fn rock_stops_before_a_rock_and_lands_there() {
    let mut s = pos("", "e5,b5,e1,e9 s:c7,f5,-;n:g7,-,- s 3 3 - - -");
    play(&mut s, "f5-e5/w");
    assert_eq!(at(&s, "c5"), rock(0));
    assert_eq!(at(&s, "b5"), rock(1));
}

#[test]
fn only_the_dwarf_directly_before_the_obstacle_dies() {
    // Rock e5 thrown west: Dwarves on d5 (north's) and b5 (red's own), edge after a5? no: a5
    // holds a Rock, so the Rock lands on b5 and kills red's own Dwarf; d5 survives.
    let mut s = pos("", "e5,a5,e1,e9 s:c7,f5,b5;n:g7,-,d5 s 3 3 - - -");
    play(&mut s, "f5-e5/w");
    assert_eq!(at(&s, "b5"), rock(0));
    assert_eq!(at(&s, "d5"), Some(Piece::Dwarf(N)));
    assert!(s.position().contains("s:c7,e5,-"));
    assert!(s.in_play().contains(S));
}

#[test]
fn dwarf_with_a_sorcerer_behind_it_is_flown_over() {
    // Rock e5 thrown west: north's Dwarf d5 then north's Sorcerer c5: the Rock flies over the
    // Dwarf onto the Sorcerer; the whole north team leaves. A west (yellow) Dwarf before another
    // Sorcerer of a 3-player game survives.
    let mut s = pos(
        "seats=swn",
        "e5,a5,e1,e9 s:c7,f5,-;w:c5,-,d5;n:g7,-,- s 3 3 - - -",
    );
    play(&mut s, "f5-e5/w");
    assert_eq!(at(&s, "c5"), rock(0));
    assert_eq!(at(&s, "d5"), None, "yellow's Dwarf leaves with its team");
    assert!(!s.in_play().contains(W));
    let mut s = pos(
        "seats=swn",
        "e5,a5,e1,e9 s:c7,f5,-;w:c5,-,-;n:g7,-,d5 s 3 3 - - -",
    );
    play(&mut s, "f5-e5/w");
    assert_eq!(
        at(&s, "d5"),
        Some(Piece::Dwarf(N)),
        "another team's Dwarf flown over survives"
    );
    assert!(!s.in_play().contains(W));
    assert_eq!(s.to_act(), ToAct::Seat(N));
}

#[test]
fn a_throw_ends_the_turn_at_once() {
    let mut s = pos("", "e5,e1,e9,i5 s:c7,f5,-;n:g7,-,- s 3 3 - - -");
    play(&mut s, "f5-e5/e");
    assert_eq!(s.to_act(), ToAct::Seat(N));
    assert_eq!(s.steps_left(), 3);
    // the Rock flew east from e5 over f5 (empty now), g5, h5 and stopped before the Rock on i5
    assert_eq!(at(&s, "h5"), rock(0));
}

#[test]
fn killing_ones_own_sorcerer_two_players_the_other_wins() {
    // Red's Troll d5 steps east onto the Rock e5 and throws north onto red's own Sorcerer e7.
    let mut s = pos("", "e5,e1,e9,i5 s:e7,d5,-;n:c7,-,- s 3 3 - - -");
    play(&mut s, "d5-e5/n");
    assert_eq!(s.to_act(), ToAct::Over);
    let o = s.outcome().unwrap();
    assert!(o.is_winner(N));
    assert!(!o.is_winner(S));
    assert_eq!(at(&s, "e5"), None, "the red Troll left with its team");
    assert_eq!(at(&s, "e7"), rock(0));
}

#[test]
fn after_an_elimination_play_passes_to_the_next_seat_still_in_play() {
    // Four players; red kills yellow (w), the next seat: play passes to north.
    let mut s = pos(
        "players=4",
        "e5,e1,e9,i5 s:d2,f5,-;w:b5,-,-;n:f8,-,-;e:h4,-,- s 3 3 - - -",
    );
    play(&mut s, "f5-e5/w");
    assert!(!s.in_play().contains(W));
    assert_eq!(s.to_act(), ToAct::Seat(N));
    // red kills itself: play passes to the next seat after red still in play
    let mut s = pos(
        "players=4",
        "e5,e1,e9,i5 s:e7,d5,-;w:b6,-,-;n:f8,-,-;e:h4,-,- s 3 3 - - -",
    );
    play(&mut s, "d5-e5/n");
    assert!(!s.in_play().contains(S));
    assert_eq!(s.to_act(), ToAct::Seat(W));
}

#[test]
fn the_last_player_with_a_sorcerer_wins_at_once() {
    let mut s = pos("players=3", "e5,e1,e9,i5 s:d2,f5,-;w:b5,-,- s 3 3 - - -");
    play(&mut s, "f5-e5/w");
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(
        s.outcome().unwrap().result(),
        GameResult::Winners(boardgame_kit::SeatSet::EMPTY.with(S))
    );
    assert!(legal(&s).is_empty());
    let mut c = s;
    assert_eq!(c.try_play(act("d2-d3")), Err(PlayError::GameOver));
}

// ------------------------------------------------------------------------------------------
// Dwarf: push
// ------------------------------------------------------------------------------------------

#[test]
fn dwarf_pushes_any_pieces_of_any_team_rocks_included() {
    // red Dwarf c5 pushes: north's Sorcerer d5, red Troll e5, Rock f5 -> one square east each
    let mut s = pos("", "f5,e1,e9,a5 s:c7,e5,c5;n:d5,-,- s 3 3 - - -");
    play(&mut s, "c5-d5");
    assert_eq!(at(&s, "d5"), Some(Piece::Dwarf(S)));
    assert_eq!(at(&s, "e5"), Some(Piece::Sorcerer(N)));
    assert_eq!(at(&s, "f5"), Some(Piece::Troll(S)));
    assert_eq!(at(&s, "g5"), rock(0));
    // pushing harms nobody
    assert_eq!(s.in_play().len(), 2);
    assert_eq!(s.moved_this_turn(), 1, "the pushed Rock moved");
}

#[test]
fn no_push_off_the_board() {
    // Dwarf g5 east: h5 (Rock), i5 (Rock), then off the board
    let s = pos("", "h5,i5,e1,e9 s:c7,-,g5;n:c3,-,- s 3 3 - - -");
    let why = refused(&s, "g5-h5");
    assert!(why.contains("cannot push"), "{why}");
    // the same line one square shorter can be pushed
    let mut s = pos("", "h5,e5,e1,e9 s:c7,-,g5;n:c3,-,- s 3 3 - - -");
    play(&mut s, "g5-h5");
    assert_eq!(at(&s, "i5"), rock(0));
}

// ------------------------------------------------------------------------------------------
// Sorcerer: levitation
// ------------------------------------------------------------------------------------------

#[test]
fn levitation_is_optional_one_action_per_eligible_rock() {
    // red Sorcerer e5; Rocks on c5, e2, g6, i5. Step north: c5 -> c6, e2 -> e3, g6 -> g7 all
    // empty; i5 -> i6 off the board.
    let s = pos("", "c5,e2,g6,i5 s:e5,-,-;n:c7,-,- s 3 3 - - -");
    let l = legal_starting(&s, "e5-e6");
    assert_eq!(l, ["e5-e6", "e5-e6/c5", "e5-e6/e2", "e5-e6/g6"]);
    let why = refused(&s, "e5-e6/i5");
    assert!(why.contains("leave the board"), "{why}");
    let why = refused(&s, "e5-e6/d4");
    assert!(why.contains("no Rock on d4"), "{why}");
}

#[test]
fn rock_moved_in_the_previous_turn_cannot_be_levitated_whoever_moved_it() {
    // North levitated Rock 0 in its turn (previous turn: `0`); red may not levitate it.
    let s = pos("", "c5,e2,g6,i5 s:e5,-,-;n:c7,-,- s 3 3 - - 0");
    assert!(!is_legal(&s, "e5-e6/c5"));
    let why = refused(&s, "e5-e6/c5");
    assert!(why.contains("previous turn"), "{why}");
    assert!(is_legal(&s, "e5-e6/e2"));
}

#[test]
fn moved_is_an_event_even_back_to_its_square() {
    // Red levitates the Rock on c5 north then south: it ends where it began, yet north may not
    // levitate it in the next turn.
    let mut s = pos("", "c5,e1,e9,i5 s:e5,-,-;n:g7,-,- s 3 3 - - -");
    play(&mut s, "e5-e6/c5");
    play(&mut s, "e6-e5/c6");
    assert_eq!(at(&s, "c5"), rock(0));
    play(&mut s, "e5-d5");
    assert_eq!(s.to_act(), ToAct::Seat(N));
    assert_eq!(s.moved_previous_turn(), 1);
    assert!(!legal(&s).iter().any(|a| a.ends_with("/c5")));
    assert!(legal(&s).iter().any(|a| a == "g7-g6/e9"));
}

#[test]
fn rocks_moved_earlier_this_turn_by_own_pull_or_push_may_be_levitated() {
    // Red pulls Rock 0 (d5 -> e5) with the Troll, then the Sorcerer levitates it.
    let mut s = pos("", "d5,e1,e9,i5 s:g4,e5,-;n:c7,-,- s 3 3 - - -");
    play(&mut s, "e5-f5/p");
    assert_eq!(at(&s, "e5"), rock(0));
    play(&mut s, "g4-g3/e5");
    assert_eq!(at(&s, "e4"), rock(0));
}

#[test]
fn only_one_rock_per_turn() {
    let mut s = pos("", "c5,e2,g6,i5 s:e5,-,-;n:g3,-,- s 3 3 - - -");
    play(&mut s, "e5-e6/c5");
    let l = legal(&s);
    assert!(l.contains(&"e6-e7/c6".to_string()));
    assert!(!l.contains(&"e6-e7/e2".to_string()));
    let why = refused(&s, "e6-e7/e2");
    assert!(why.contains("only the Rock already levitated"), "{why}");
}

#[test]
fn levitation_may_start_on_any_step() {
    let mut s = pos("", "c5,e1,e9,i5 s:e5,-,-;n:g7,-,- s 3 3 - - -");
    play(&mut s, "e5-e6");
    assert!(is_legal(&s, "e6-e7/c5"));
    play(&mut s, "e6-d6");
    play(&mut s, "d6-d7/c5");
    assert_eq!(at(&s, "c6"), rock(0));
}

#[test]
fn a_plain_sorcerer_step_breaks_the_run() {
    let mut s = pos("", "c5,e1,e9,i5 s:e5,-,-;n:g7,-,- s 3 3 - - -");
    play(&mut s, "e5-e6/c5");
    play(&mut s, "e6-e7");
    assert!(!legal(&s).iter().any(|a| a.contains('/')));
    assert!(refused(&s, "e7-d7/c6").contains("broken"));
}

#[test]
fn the_ban_applies_only_to_levitation() {
    // Rock 0 moved in the previous turn: it may still be thrown, pulled and pushed.
    let s = pos("", "e5,e1,e9,i5 s:c7,f5,d4;n:g7,-,- s 3 3 - - 0");
    assert!(is_legal(&s, "f5-e5/w"));
    let s = pos("", "e5,e1,e9,i5 s:c7,f4,e4;n:g7,-,- s 3 3 - - 0");
    assert!(is_legal(&s, "e4-e5")); // push
    let s = pos("", "e5,e1,e9,i5 s:c7,f5,-;n:g7,-,- s 3 3 - - 0");
    assert!(is_legal(&s, "f5-g5/p")); // pull
}

#[test]
fn levitation_never_kills() {
    // A Rock cannot be levitated onto a Sorcerer (or anything): only empty squares.
    let s = pos("", "c5,e1,e9,i5 s:e5,-,-;n:c6,-,- s 3 3 - - -");
    assert!(!is_legal(&s, "e5-e6/c5"));
    assert!(refused(&s, "e5-e6/c5").contains("Sorcerer is on c6"));
}

// ------------------------------------------------------------------------------------------
// Lost turns, draws, the turn limit
// ------------------------------------------------------------------------------------------

/// Red's lone Sorcerer d3 boxed by Rocks c3, e3, d4 and e2: `d3-d2/d4` lets the Rock follow into
/// d3, and the Sorcerer on d2 has no step left (d1 and c2 are off the board).
#[test]
fn no_legal_step_loses_the_rest_of_the_turn() {
    let mut s = pos("", "c3,e3,d4,e2 s:d3,-,-;n:e8,-,- s 3 3 - - -");
    play(&mut s, "d3-d2/d4");
    assert_eq!(s.to_act(), ToAct::Seat(N));
    assert_eq!(s.turn(), 4);
    assert_eq!(s.steps_left(), 3);
    assert_eq!(
        s.moved_previous_turn(),
        0b100,
        "Rock 2 (was d4) moved in red's turn"
    );
}

/// Red's Sorcerer e7 steps to e8 levitating the Rock e6 behind it into e7; with Rocks on d8 and
/// f8 it is boxed in, and north's Sorcerer on e9 is boxed by it.
#[test]
fn nobody_can_step_the_game_is_drawn() {
    let mut s = pos("", "e6,d8,f8,e1 s:e7,-,-;n:e9,-,- s 3 3 - - -");
    play(&mut s, "e7-e8/e6");
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.outcome().unwrap().result(), GameResult::Draw);
    assert_eq!(boardgame_kit::drivers::status_line(&s), "over: draw");
}

#[test]
fn a_stuck_seat_loses_its_turn_which_counts_and_clears_the_ban() {
    // As above with east in play: red is boxed, north (stuck) loses turn 4, east plays turn 5;
    // the Rock red moved is not banned for east, because north's lost turn came in between.
    let mut s = pos(
        "seats=sne",
        "e6,d8,f8,e1 s:e7,-,-;n:e9,-,-;e:h5,-,- s 3 3 - - -",
    );
    play(&mut s, "e7-e8/e6");
    assert_eq!(s.to_act(), ToAct::Seat(E));
    assert_eq!(s.turn(), 5);
    assert_eq!(s.moved_previous_turn(), 0);
    assert!(is_legal(&s, "h5-g5/e7"));
}

#[test]
fn when_others_are_stuck_the_mover_plays_again() {
    // North boxed on e9 by red's Sorcerer e8 (Rocks d8, f8, e7): red is offered the next turn.
    let mut s = pos("", "e7,d8,f8,e1 s:d6,-,e8;n:e9,-,- s 3 3 - - -");
    play(&mut s, "d6-c6");
    play(&mut s, "c6-c5");
    play(&mut s, "c5-c4");
    assert_eq!(s.to_act(), ToAct::Seat(S));
    assert_eq!(s.turn(), 5); // red's turn 3, north's lost turn 4, red's turn 5
    assert_eq!(s.steps_left(), 3);
}

#[test]
fn turn_limit_draws_once_that_many_turns_are_completed() {
    let p = params("turn_limit=2");
    assert_eq!(State::max_game_length(&p), Some(6));
    assert_eq!(State::max_game_length(&params("")), None);
    let mut s = State::new(&p);
    play(&mut s, "e2-e3");
    assert_eq!(s.to_act(), ToAct::Seat(N));
    play(&mut s, "e8-e7");
    play(&mut s, "e7-e6");
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.outcome().unwrap().result(), GameResult::Draw);
}

// ------------------------------------------------------------------------------------------
// Notation, reasons, refusals
// ------------------------------------------------------------------------------------------

#[test]
fn action_texts_are_distinct_per_choice() {
    for t in ["e2-e3", "e5-d5/p", "e4-e5/w", "d3-d4/c6"] {
        assert_eq!(act(t).to_string(), t);
    }
    assert_eq!(act("E5-D5/P").to_string(), "e5-d5/p");
    for bad in [
        "e2e3",
        "e2-e3/",
        "e2-e3/x",
        "e2-e3/e",
        "e2-j3",
        "e2-e3/p/p",
        "e2-e3 ",
    ] {
        if bad == "e2-e3/e" {
            continue; // `/e` is a throw east
        }
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
}

#[test]
fn illegal_actions_are_refused_with_the_state_unchanged() {
    let s = State::new(&params(""));
    for t in ["e2-e4", "d2-d3/e1", "f2-f3/p", "e2-e3/n", "d8-d7"] {
        let _ = refused(&s, t);
    }
}

#[test]
fn position_notation_of_the_start() {
    assert_eq!(
        State::new(&params("")).position(),
        "e1,a5,e9,i5 s:d2,f2,e2;n:f8,d8,e8 s 1 1 - - -"
    );
    assert_eq!(
        State::new(&params("players=4")).position(),
        "e1,a5,e9,i5 s:d2,f2,e2;w:b6,b4,b5;n:f8,d8,e8;e:h4,h6,h5 s 1 1 - - -"
    );
}
