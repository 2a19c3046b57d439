//! One test per rule, ruling and worked example of the rules (`docs/elements.md`). Expected values
//! come from the rules text.

mod common;

use boardgame_kit::conformance::check_refused;
use boardgame_kit::drivers::status_line;
use boardgame_kit::{perft, Cell, Game, PlayError, PositionError, Seat, ToAct};
use common::{legal_names, new, p, pos};
use elements_core::{Kind, Params, Piece, Place, State};

const W: Seat = Seat::of(0);
const A: Seat = Seat::of(1);
const E: Seat = Seat::of(2);
const F: Seat = Seat::of(3);

fn c(s: &str) -> Cell {
    s.parse().unwrap()
}

fn piece(s: &State, cell: &str) -> Option<(Seat, Kind)> {
    s.piece(c(cell)).map(|x| (x.seat, x.kind))
}

/// Plays an illegal action: it must be refused with a reason containing `why`, state unchanged.
fn refused(s: &mut State, action: &str, why: &str) {
    let before = *s;
    match s.try_play(p(action)) {
        Err(PlayError::Illegal { reason, .. }) => {
            assert!(reason.contains(why), "reason for {action}: {reason}")
        }
        other => panic!("{action} was not refused as illegal: {other:?}"),
    }
    assert_eq!(*s, before, "refusing {action} changed the state");
}

// ---------------------------------------------------------------- board and seats

#[test]
fn full_board_is_20x20_and_blitz_14x14() {
    let s = new("");
    assert_eq!(s.board().side(), 20);
    assert!(s.to_string().contains(" t"), "files run a..t");
    let s = new("");
    // `u1` names no cell of the full board: it does not read; built, it is refused.
    assert!("u1".parse::<Place>().is_err());
    let u1 = Place::new(Cell::new(20, 0));
    let e = s.clone().try_play(u1).unwrap_err();
    assert!(e.to_string().contains("off the 20x20 board"), "{e}");
    assert_eq!(s.parse_action("u1").unwrap_err().at, 0);
    let mut b = new("board=blitz");
    assert!(b.to_string().contains("14"));
    refused(&mut b, "o14", "off the 14x14 board");
    refused(&mut b, "a15", "off the 14x14 board");
    // The blitz state itself reads only its own cells, and says where a name goes wrong.
    let e = b.parse_action("o14").unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot read `o14` at byte 0: expected a file letter from a to n"
    );
    let e = b.parse_action("a15").unwrap_err();
    assert_eq!(e.at, 2);
}

#[test]
fn seats_in_play_by_number_of_players() {
    let names = |s: &State| {
        s.seats()
            .iter()
            .map(State::seat_name)
            .collect::<Vec<_>>()
            .join("")
    };
    assert_eq!(names(&new("")), "we");
    assert_eq!(names(&new("players=3")), "wae");
    assert_eq!(names(&new("players=4")), "waef");
    assert_eq!(State::SEAT_NAMES, &["w", "a", "e", "f"]);
}

#[test]
fn water_moves_first() {
    for ps in ["", "players=3", "players=4", "board=blitz,players=4"] {
        assert_eq!(new(ps).to_act(), ToAct::Seat(W), "{ps}");
    }
}

#[test]
fn turn_order_is_clockwise_from_water() {
    // per_turn=1 so each placement passes the turn.
    let mut s = new("players=4,per_turn=1");
    let mut order = Vec::new();
    for a in ["a20", "t20", "t1", "a1", "b20"] {
        order.push(s.to_act().seat().unwrap());
        s.play(p(a));
    }
    assert_eq!(order, [W, A, E, F, W]);
    // Two players: water then earth (air and fire are not in play).
    let mut s = new("per_turn=1");
    s.play(p("a20"));
    assert_eq!(s.to_act(), ToAct::Seat(E));
    s.play(p("t1"));
    assert_eq!(s.to_act(), ToAct::Seat(W));
    // Three players: water, air, earth, water.
    let mut s = new("players=3,per_turn=1");
    for (a, next) in [("a20", A), ("t20", E), ("t1", W)] {
        s.play(p(a));
        assert_eq!(s.to_act(), ToAct::Seat(next));
    }
}

// ---------------------------------------------------------------- start cells

#[test]
fn first_placement_on_marked_start_cells_of_each_corner() {
    let mut s = new("players=4,per_turn=1");
    assert_eq!(legal_names(&s), ["a19", "a20", "b20"]); // water: a20 b20 a19
    s.play(p("a20"));
    assert_eq!(legal_names(&s), ["t19", "s20", "t20"]); // air: t20 s20 t19
    s.play(p("t20"));
    assert_eq!(legal_names(&s), ["s1", "t1", "t2"]); // earth: t1 s1 t2
    s.play(p("t1"));
    assert_eq!(legal_names(&s), ["a1", "b1", "a2"]); // fire: a1 b1 a2
}

#[test]
fn first_placement_elsewhere_is_refused() {
    let mut s = new("");
    refused(
        &mut s,
        "c20",
        "first placement must go on an empty marked start cell (a20 b20 a19)",
    );
    refused(&mut s, "t1", "first placement");
}

#[test]
fn blitz_start_cell_is_the_corner_alone() {
    let mut s = new("board=blitz,players=4,per_turn=1");
    for (corner, seat) in [("a14", W), ("n14", A), ("n1", E), ("a1", F)] {
        assert_eq!(s.to_act(), ToAct::Seat(seat));
        assert_eq!(legal_names(&s), [corner]);
        s.play(p(corner));
    }
}

#[test]
fn first_placement_never_eats_an_enemy_block_on_a_start_cell() {
    // Earth has not started; water blocks sit on t1 and s1; only t2 is left for earth.
    let s = pos(
        "per_turn=1",
        &[("t1", 'W'), ("s1", 'W'), ("s2", 'W'), ("a20", 'W')],
        "e 1 w -",
    );
    assert_eq!(legal_names(&s), ["t2"]);
    let mut s2 = s;
    refused(&mut s2, "t1", "holds a block of water");
}

#[test]
fn no_empty_start_cell_means_stuck_and_eliminated() {
    // Water holds all three of earth's start cells; after water's last placement earth is due,
    // cannot make its first placement, and is out: water wins.
    let mut s = pos("", &[("t1", 'W'), ("s1", 'W'), ("t2", 'W')], "w 1 w -");
    assert_eq!(s.to_act(), ToAct::Seat(W));
    s.play(p("s2"));
    assert_eq!(s.to_act(), ToAct::Over);
    assert!(s.outcome().unwrap().is_winner(W));
    assert!(s.is_eliminated(E));
    assert_eq!(status_line(&s), "over: w");
}

// ---------------------------------------------------------------- turns

#[test]
fn a_turn_is_exactly_seven_placements() {
    let mut s = new("");
    for (k, a) in ["a20", "b20", "c20", "d20", "e20", "f20", "g20"]
        .into_iter()
        .enumerate()
    {
        assert_eq!(s.to_act(), ToAct::Seat(W), "placement {}", k + 1);
        assert_eq!(s.placements_left(), 7 - k as u8);
        s.play(p(a));
    }
    assert_eq!(s.to_act(), ToAct::Seat(E));
    assert_eq!(s.placements_left(), 7);
}

#[test]
fn per_turn_parameter_sets_the_placements() {
    let mut s = new("per_turn=3");
    s.play(p("a20"));
    s.play(p("b20"));
    assert_eq!(s.to_act(), ToAct::Seat(W));
    s.play(p("c20"));
    assert_eq!(s.to_act(), ToAct::Seat(E));
}

#[test]
fn placements_of_the_same_turn_count_for_reachability() {
    let mut s = new("");
    s.play(p("a20"));
    s.play(p("b20"));
    s.play(p("c20"));
    assert!(
        legal_names(&s).contains(&"d20".to_string()),
        "d20 touches c20 placed this turn"
    );
    assert!(legal_names(&s).contains(&"d19".to_string()));
}

#[test]
fn a_player_who_has_not_placed_is_still_in_the_game() {
    let mut s = new("");
    for a in ["a20", "b20", "c20", "d20", "e20", "f20", "g20"] {
        s.play(p(a));
        assert_ne!(s.to_act(), ToAct::Over);
    }
    assert!(!s.is_eliminated(E));
    assert!(!s.has_started(E));
    assert_eq!(legal_names(&s), ["s1", "t1", "t2"]);
}

// ---------------------------------------------------------------- reachability and targets

#[test]
fn reachable_means_8_adjacent_to_own_block() {
    let s = pos("", &[("e10", 'W'), ("t1", 'E')], "w 7 we -");
    assert_eq!(
        legal_names(&s),
        ["d9", "e9", "f9", "d10", "f10", "d11", "e11", "f11"]
    );
}

#[test]
fn never_on_a_mound_of_anyone() {
    let mut s = pos(
        "",
        &[("e10", 'W'), ("d10", 'w'), ("f10", 'e'), ("t1", 'E')],
        "w 7 we -",
    );
    refused(&mut s, "d10", "holds a mound of water");
    refused(
        &mut s,
        "f10",
        "holds a mound of earth: nothing is ever placed on a mound",
    );
    assert!(!legal_names(&s).contains(&"d10".to_string()));
}

#[test]
fn never_on_own_block() {
    let mut s = pos("", &[("e10", 'W'), ("e11", 'W'), ("t1", 'E')], "w 7 we -");
    refused(&mut s, "e11", "already holds a block of water");
}

#[test]
fn unreachable_cell_is_refused_with_reason() {
    let mut s = pos("", &[("e10", 'W'), ("t1", 'E')], "w 7 we -");
    refused(&mut s, "g10", "g10 is not reachable for water");
}

#[test]
fn only_own_pieces_conduct() {
    // An earth block next to water's block does not extend water's reach.
    let s = pos("", &[("e10", 'W'), ("f10", 'E'), ("t1", 'E')], "w 7 we -");
    let l = legal_names(&s);
    assert!(
        l.contains(&"f10".to_string()),
        "the earth block itself can be eaten"
    );
    assert!(!l.contains(&"g10".to_string()));
}

#[test]
fn mound_not_chained_to_a_block_does_not_conduct() {
    // A lone water mound far from every water block gives no reach.
    let s = pos("", &[("e10", 'W'), ("k5", 'w'), ("t1", 'E')], "w 7 we -");
    assert!(!legal_names(&s).contains(&"l6".to_string()));
}

#[test]
fn eaten_block_leaves_the_chain_dead_until_a_new_block_touches_it() {
    // Four players: fire eats water's e10 with its last placement; water's chain f9-g8 no longer
    // touches a water block, so h7 is out of reach; a new water block g10 (next to water's h11)
    // touches f9 and revives the chain.
    let mut s = pos(
        "players=4",
        &[
            ("e10", 'W'),
            ("h11", 'W'),
            ("f9", 'w'),
            ("g8", 'w'),
            ("d11", 'F'),
            ("t20", 'A'),
            ("t1", 'E'),
        ],
        "f 1 waef -",
    );
    s.play(p("e10"));
    assert_eq!(piece(&s, "e10"), Some((F, Kind::Mound)));
    assert_eq!(s.to_act(), ToAct::Seat(W));
    assert!(!legal_names(&s).contains(&"h7".to_string()));
    refused(&mut s, "h7", "not reachable");
    s.play(p("g10"));
    assert!(legal_names(&s).contains(&"h7".to_string()));
}

// ---------------------------------------------------------------- worked examples

#[test]
fn example_1_perft_3_and_13() {
    let mut s = new("");
    assert_eq!(legal_names(&s), ["a19", "a20", "b20"]);
    assert_eq!(perft(&mut s, 1), 3);
    assert_eq!(perft(&mut s, 2), 13);
    let after = |first: &str| {
        let mut t = new("");
        t.play(p(first));
        let mut l = legal_names(&t);
        l.sort();
        l
    };
    assert_eq!(after("a20"), ["a19", "b19", "b20"]);
    assert_eq!(after("b20").len(), 5);
    assert_eq!(after("a19").len(), 5);
}

#[test]
fn example_2_blitz_first_placement_is_a14() {
    let s = new("board=blitz");
    assert_eq!(legal_names(&s), ["a14"]);
}

#[test]
fn example_3_eating_leaves_a_mound() {
    let mut s = pos(
        "players=3",
        &[("e10", 'W'), ("f9", 'A'), ("t20", 'A'), ("t1", 'E')],
        "w 7 wae -",
    );
    let air_blocks = s.blocks(A).count();
    s.play(p("f9"));
    assert_eq!(piece(&s, "f9"), Some((W, Kind::Mound)));
    assert_eq!(s.blocks(A).count(), air_blocks - 1);
    assert_eq!(s.blocks(W).count(), 1, "eating makes no water block");
}

#[test]
fn example_4_chain_of_mounds_conducts() {
    let s = pos(
        "players=3",
        &[
            ("e10", 'W'),
            ("f9", 'w'),
            ("g8", 'w'),
            ("t20", 'A'),
            ("t1", 'E'),
        ],
        "w 7 wae -",
    );
    assert!(legal_names(&s).contains(&"h7".to_string()));
    let s = pos(
        "players=3",
        &[
            ("e10", 'W'),
            ("f9", 'a'),
            ("g8", 'w'),
            ("t20", 'A'),
            ("t1", 'E'),
        ],
        "w 7 wae -",
    );
    assert!(!legal_names(&s).contains(&"h7".to_string()));
}

#[test]
fn example_5_eating_builds_a_chain() {
    let mut s = pos(
        "players=3",
        &[
            ("e10", 'W'),
            ("f9", 'A'),
            ("g8", 'A'),
            ("t20", 'A'),
            ("t1", 'E'),
        ],
        "w 7 wae -",
    );
    assert!(!legal_names(&s).contains(&"h7".to_string()));
    refused(&mut s, "h7", "not reachable");
    s.play(p("f9"));
    s.play(p("g8"));
    assert_eq!(piece(&s, "g8"), Some((W, Kind::Mound)));
    assert!(legal_names(&s).contains(&"h7".to_string()));
}

// ---------------------------------------------------------------- elimination and end

#[test]
fn stuck_mover_is_eliminated_at_once_and_loses_the_rest_of_its_turn() {
    // Water's e10 is walled in by air mounds except d11, itself walled in. Water has two
    // placements left: d11 is its only move, and then it is stuck (step-wise rule).
    let walls = [
        "d9", "e9", "f9", "d10", "f10", "e11", "f11", "c10", "c11", "c12", "d12", "e12",
    ];
    let mut pieces: Vec<(&str, char)> = walls.iter().map(|w| (*w, 'a')).collect();
    pieces.extend([("e10", 'W'), ("t20", 'A'), ("t1", 'E')]);
    let mut s = pos("players=3", &pieces, "w 2 wae -");
    assert_eq!(legal_names(&s), ["d11"]);
    s.play(p("d11"));
    assert!(s.is_eliminated(W));
    assert_eq!(
        s.to_act(),
        ToAct::Seat(A),
        "the next seat starts a fresh turn"
    );
    assert_eq!(s.placements_left(), 7);
    // Its pieces stay on the board.
    assert_eq!(piece(&s, "e10"), Some((W, Kind::Block)));
    assert_eq!(piece(&s, "d11"), Some((W, Kind::Block)));
}

#[test]
fn stuck_mover_with_two_players_loses_mid_turn() {
    let walls = [
        "d9", "e9", "f9", "d10", "f10", "e11", "f11", "c10", "c11", "c12", "d12", "e12",
    ];
    let mut pieces: Vec<(&str, char)> = walls.iter().map(|w| (*w, 'e')).collect();
    pieces.extend([("e10", 'W'), ("t1", 'E')]);
    let mut s = pos("", &pieces, "w 5 we -");
    s.play(p("d11"));
    assert_eq!(s.to_act(), ToAct::Over);
    assert!(s.outcome().unwrap().is_winner(E));
    assert_eq!(status_line(&s), "over: e");
}

#[test]
fn walled_in_player_waits_for_its_own_turn() {
    // Air (3 players) is walled in: its only block t20 is surrounded by earth mounds. It is
    // eliminated only when its turn comes, inside water's last placement.
    let mut s = pos(
        "players=3",
        &[
            ("t20", 'A'),
            ("s20", 'e'),
            ("s19", 'e'),
            ("t19", 'e'),
            ("a20", 'W'),
            ("t1", 'E'),
        ],
        "w 2 wae -",
    );
    s.play(p("b20"));
    assert!(!s.is_eliminated(A));
    assert_eq!(s.to_act(), ToAct::Seat(W));
    s.play(p("c20"));
    assert!(s.is_eliminated(A));
    assert_eq!(s.to_act(), ToAct::Seat(E));
    assert_eq!(s.placements_left(), 7);
    // An eliminated player never acts again: water's turn follows earth's.
    for _ in 0..7 {
        let a = p(&legal_names(&s)[0]);
        s.play(a);
    }
    assert_eq!(s.to_act(), ToAct::Seat(W));
}

#[test]
fn several_stuck_players_fall_in_the_same_action() {
    // Four players; air and earth are both walled in; after water's last placement both are
    // eliminated in turn and fire starts a fresh turn.
    let mut s = pos(
        "players=4",
        &[
            ("t20", 'A'),
            ("s20", 'f'),
            ("s19", 'f'),
            ("t19", 'f'),
            ("t1", 'E'),
            ("s1", 'f'),
            ("s2", 'f'),
            ("t2", 'f'),
            ("a20", 'W'),
            ("a1", 'F'),
        ],
        "w 1 waef -",
    );
    s.play(p("b20"));
    assert!(s.is_eliminated(A) && s.is_eliminated(E));
    assert_eq!(s.to_act(), ToAct::Seat(F));
    assert_eq!(s.placements_left(), 7);
}

#[test]
fn lone_survivor_after_chain_of_stuck_players_wins() {
    let mut s = pos(
        "players=3",
        &[
            ("t20", 'A'),
            ("s20", 'w'),
            ("s19", 'w'),
            ("t19", 'w'),
            ("t1", 'E'),
            ("s1", 'w'),
            ("s2", 'w'),
            ("t2", 'w'),
            ("a20", 'W'),
        ],
        "w 1 wae -",
    );
    s.play(p("b20"));
    assert_eq!(s.to_act(), ToAct::Over);
    assert!(s.outcome().unwrap().is_winner(W));
}

#[test]
fn losing_the_last_block_eliminates_and_the_mover_carries_on() {
    // Three players: water eats earth's only block in the middle of its turn; earth is out at
    // once, and water goes on with its turn.
    let mut s = pos(
        "players=3",
        &[("e10", 'W'), ("f10", 'E'), ("t20", 'A')],
        "w 5 wae -",
    );
    s.play(p("f10"));
    assert!(s.is_eliminated(E));
    assert_eq!(s.to_act(), ToAct::Seat(W));
    assert_eq!(s.placements_left(), 4);
    // Its mound stays a wall for everyone.
    assert_eq!(piece(&s, "f10"), Some((W, Kind::Mound)));
}

#[test]
fn eating_the_last_block_of_the_last_opponent_wins_at_once_mid_turn() {
    let mut s = pos("", &[("e10", 'W'), ("f10", 'E'), ("f11", 'e')], "w 5 we -");
    s.play(p("f10"));
    assert_eq!(s.to_act(), ToAct::Over);
    assert!(s.outcome().unwrap().is_winner(W));
    assert_eq!(s.count_legal(), 0);
    assert!(matches!({ s }.try_play(p("g10")), Err(PlayError::GameOver)));
}

#[test]
fn elimination_by_losing_blocks_happens_on_anyone_s_turn() {
    // Air eats earth's last block during air's turn (3 players): earth is out although it is
    // neither the mover nor due next.
    let mut s = pos(
        "players=3",
        &[("a20", 'W'), ("e10", 'A'), ("f10", 'E')],
        "a 7 wae -",
    );
    s.play(p("f10"));
    assert!(s.is_eliminated(E));
    assert_eq!(s.to_act(), ToAct::Seat(A));
}

#[test]
fn eliminated_player_s_blocks_can_still_be_eaten_and_mounds_stay_walls() {
    // Air is out (it was walled in) but keeps its block f10 and mound e11.
    let mut s = pos(
        "players=3",
        &[("e10", 'W'), ("f10", 'A'), ("e11", 'a'), ("t1", 'E')],
        "w 7 wae a",
    );
    let l = legal_names(&s);
    assert!(l.contains(&"f10".to_string()));
    assert!(!l.contains(&"e11".to_string()));
    s.play(p("f10"));
    assert_eq!(piece(&s, "f10"), Some((W, Kind::Mound)));
    assert_eq!(
        s.to_act(),
        ToAct::Seat(W),
        "air was already out: nothing else changes"
    );
    assert!(!s.is_over());
}

#[test]
fn eliminated_player_is_skipped_in_turn_order() {
    let mut s = pos(
        "players=4,per_turn=1",
        &[("a20", 'W'), ("t20", 'A'), ("t1", 'E'), ("a1", 'F')],
        "w 1 waef a",
    );
    s.play(p("b20"));
    assert_eq!(s.to_act(), ToAct::Seat(E));
}

#[test]
fn outcome_has_one_winner_and_no_scores() {
    let mut s = pos("", &[("e10", 'W'), ("f10", 'E')], "w 7 we -");
    s.play(p("f10"));
    let o = s.outcome().unwrap();
    assert!(o.is_winner(W) && !o.is_winner(E));
    assert_eq!(o.scores(), None);
    assert_eq!(o.summary(State::SEAT_NAMES), "w");
}

// ---------------------------------------------------------------- notation and parameters

#[test]
fn action_notation_is_the_cell() {
    let a: Place = "E5".parse().unwrap();
    assert_eq!(a.to_string(), "e5");
    assert_eq!(a.cell(), Cell::new(4, 4));
    assert!("5e".parse::<Place>().is_err());
    assert!("e0".parse::<Place>().is_err());
}

#[test]
fn parameters_read_and_print() {
    let d: Params = "".parse().unwrap();
    assert_eq!(d, Params::default());
    assert_eq!(d.to_string(), "");
    let p: Params = "per_turn=3,players=3,board=blitz".parse().unwrap();
    assert_eq!(p.to_string(), "board=blitz,players=3,per_turn=3");
    assert_eq!(p.to_string().parse::<Params>().unwrap(), p);
    check_refused::<Params>(&[
        ("board=huge", "board"),
        ("players=5", "players"),
        ("players=1", "players"),
        ("per_turn=21", "per_turn"),
        ("colour=red", "colour"),
    ]);
}

#[test]
fn start_position_notation() {
    let s = new("");
    let want = format!("{} w 7 - -", ["20"; 20].join("/"));
    assert_eq!(s.position(), want);
    assert_eq!(State::from_position(&Params::default(), &want).unwrap(), s);
    let b = new("board=blitz,players=4");
    assert_eq!(b.position(), format!("{} w 7 - -", ["14"; 14].join("/")));
}

#[test]
fn position_round_trips_mid_turn_and_after_the_end() {
    let mut s = new("board=blitz");
    for a in ["a14", "b13", "c12"] {
        s.play(p(a));
    }
    let text = s.position();
    assert!(text.ends_with(" w 4 w -"), "{text}");
    let back = State::from_position(&s.params(), &text).unwrap();
    assert_eq!(back, s);
    let mut t = pos("", &[("e10", 'W'), ("f10", 'E')], "w 7 we -");
    t.play(p("f10"));
    assert!(t.position().ends_with(" - - we e"), "{}", t.position());
    assert_eq!(State::from_position(&t.params(), &t.position()).unwrap(), t);
}

#[test]
fn position_syntax_errors_give_the_offset() {
    let params = Params::default();
    let start = new("").position();
    let bad = start.replacen("20", "2x", 1);
    match State::from_position(&params, &bad) {
        Err(PositionError::Syntax(e)) => assert_eq!(e.at, 1),
        other => panic!("{other:?}"),
    }
    let bad = start.replace(" w 7", " x 7");
    match State::from_position(&params, &bad) {
        Err(PositionError::Syntax(e)) => assert_eq!(e.at, bad.find(" x").unwrap() + 1),
        other => panic!("{other:?}"),
    }
    for t in [
        "",
        "20",
        "21/20",
        &start.replace(" - -", " -"),
        &start.replace(" - -", " - - -"),
        &start.replace(" w 7", "  w 7"),
    ] {
        assert!(
            matches!(
                State::from_position(&params, t),
                Err(PositionError::Syntax(_))
            ),
            "{t}"
        );
    }
}

#[test]
fn impossible_positions_are_invalid() {
    let params = Params::default();
    let empty = ["20"; 20].join("/");
    let one_w = format!("W19/{}", ["20"; 19].join("/"));
    for t in [
        format!("{empty} a 7 - -"),  // air is not in play
        format!("{empty} w 8 - -"),  // more than per_turn left
        format!("{empty} w 3 - -"),  // first placement opens a turn
        format!("{one_w} w 7 - -"),  // water has pieces but has not started
        format!("{empty} w 7 w -"),  // water started but has no block while in the game
        format!("{empty} - - - -"),  // over with two players left
        format!("{one_w} w 7 w e"),  // one player left but not marked over
        format!("{empty} w 7 - we"), // everyone out
    ] {
        assert!(
            matches!(
                State::from_position(&params, &t),
                Err(PositionError::Invalid(_))
            ),
            "{t}"
        );
    }
}

#[test]
fn display_draws_the_board_with_coordinates() {
    let mut s = new("board=blitz");
    s.play(p("a14"));
    let text = s.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0].trim(), "a b c d e f g h i j k l m n");
    assert_eq!(lines[1], " 14 W . . . . . . . . . . . . . 14");
    assert_eq!(lines[14], "  1 . . . . . . . . . . . . . . 1");
    assert!(text.contains("water to place"));
    let t = pos("", &[("e10", 'W'), ("f10", 'e'), ("f11", 'E')], "w 7 we -");
    let row = t.to_string().lines().nth(11).unwrap().to_string();
    assert_eq!(row, " 10 . . . . W e . . . . . . . . . . . . . . 10");
}

#[test]
fn setup_helper_builds_positions() {
    let s = elements_core::setup(
        &Params::default(),
        &[
            (
                "e10",
                Piece {
                    seat: W,
                    kind: Kind::Block,
                },
            ),
            (
                "t1",
                Piece {
                    seat: E,
                    kind: Kind::Block,
                },
            ),
        ],
        W,
        7,
    )
    .unwrap();
    assert_eq!(s.count_legal(), 8);
}

#[test]
fn max_game_length_is_twice_the_cells() {
    assert_eq!(State::max_game_length(&Params::default()), Some(800));
    assert_eq!(
        State::max_game_length(&"board=blitz".parse().unwrap()),
        Some(392)
    );
}
