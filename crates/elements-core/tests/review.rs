//! Review tests: every expected value below was derived by hand from the rules (`docs/elements.md`)
//! (the rulings) and the command-line contract (the `trace` status line), not from the engine.
//! Each test names the sentence of the rules it checks.

mod common;

use boardgame_kit::conformance::{check_accepted, check_refused};
use boardgame_kit::drivers::status_line;
use boardgame_kit::{perft, Game, PlayError, Seat, ToAct};
use common::{new, p, pos};
use elements_core::{Kind, Params, State};

const W: Seat = Seat::of(0);
const A: Seat = Seat::of(1);
const E: Seat = Seat::of(2);
const F: Seat = Seat::of(3);

/// Plays the actions one by one (each must be legal) and returns the status line after each.
fn run(s: &mut State, actions: &[&str]) -> Vec<String> {
    actions
        .iter()
        .map(|a| {
            s.try_play(p(a))
                .unwrap_or_else(|e| panic!("{a} refused: {e}"));
            status_line(s)
        })
        .collect()
}

fn kind(s: &State, cell: &str) -> Option<(Seat, Kind)> {
    s.piece(cell.parse().unwrap()).map(|x| (x.seat, x.kind))
}

// ------------------------------------------------------------------ seats, corners, order

/// "Turn order is clockwise from water: w -> a -> e -> f, skipping seats not in play";
/// "2 players: water and earth. 3 players: water, air, earth. 4: all"; the marked start
/// cells of the full board (`a20 b20 a19`, `t20 s20 t19`, `t1 s1 t2`, `a1 b1 a2`).
#[test]
fn full_board_corners_and_order_for_2_3_4_players() {
    let mut s = new("players=4,per_turn=1");
    assert_eq!(status_line(&s), "w: a19 a20 b20");
    assert_eq!(
        run(&mut s, &["a20", "t20", "t1", "a1"]),
        [
            "a: s20 t19 t20",
            "e: s1 t1 t2",
            "f: a1 a2 b1",
            "w: a19 b19 b20",
        ]
    );
    let mut s = new("players=3,per_turn=1");
    assert_eq!(
        run(&mut s, &["b20", "s20", "s1"]),
        ["a: s20 t19 t20", "e: s1 t1 t2", "w: a19 a20 b19 c19 c20"]
    );
    let mut s = new("per_turn=1");
    assert_eq!(
        run(&mut s, &["a19", "t2"]),
        ["e: s1 t1 t2", "w: a18 a20 b18 b19 b20"]
    );
}

/// "In blitz the marked start cell is the corner cell alone" (`a14`, `n14`, `n1`, `a1`).
#[test]
fn blitz_corners_and_order() {
    let mut s = new("board=blitz,players=4,per_turn=1");
    assert_eq!(status_line(&s), "w: a14");
    assert_eq!(
        run(&mut s, &["a14", "n14", "n1", "a1"]),
        ["a: n14", "e: n1", "f: a1", "w: a13 b13 b14"]
    );
    let mut s = new("board=blitz,per_turn=1");
    assert_eq!(run(&mut s, &["a14", "n1"]), ["e: n1", "w: a13 b13 b14"]);
    let mut s = new("board=blitz,players=3,per_turn=1");
    assert_eq!(
        run(&mut s, &["a14", "n14", "n1"]),
        ["a: n14", "e: n1", "w: a13 b13 b14"]
    );
}

/// "A turn is exactly 7 placements (the `per_turn` parameter)"; water moves first.
#[test]
fn seven_placements_then_the_next_seat() {
    let mut s = new("");
    let lines = run(&mut s, &["a20", "b20", "c20", "d20", "e20", "f20", "g20"]);
    assert!(lines[..6].iter().all(|l| l.starts_with("w: ")));
    assert_eq!(lines[6], "e: s1 t1 t2");
    assert_eq!(s.placements_left(), 7);
    // per_turn=20 (the maximum): twenty placements of water.
    let mut s = new("per_turn=20");
    let cells: Vec<String> = (0..20)
        .map(|f| format!("{}20", (b'a' + f) as char))
        .collect();
    let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
    let lines = run(&mut s, &cells);
    assert!(lines[..19].iter().all(|l| l.starts_with("w: ")));
    assert_eq!(lines[19], "e: s1 t1 t2");
}

/// Perft of the openings, by hand (perft counts action sequences, README "Perft"). Blitz with
/// one placement a turn: water a14 and earth n1 are forced, then water has 3 choices and earth
/// 3. Full board, 4 players, one placement a turn: 3 marked cells for each seat (81), then
/// water's second placement has 3 choices after a20 and 5 after b20 or a19 (worked example
/// 1), whatever the others did far away: 13 x 27 at depth 5.
#[test]
fn opening_perft_by_hand() {
    let mut s = new("board=blitz,per_turn=1");
    assert_eq!(
        (1..=4).map(|d| perft(&mut s, d)).collect::<Vec<_>>(),
        [1, 1, 3, 9]
    );
    let mut s = new("players=4,per_turn=1");
    assert_eq!(perft(&mut s, 4), 81);
    assert_eq!(perft(&mut s, 5), 13 * 27);
    let mut s = new("");
    assert_eq!(perft(&mut s, 2), 13); // worked example 1
    let mut s = new("board=blitz,players=3,per_turn=1");
    assert_eq!(
        (1..=5).map(|d| perft(&mut s, d)).collect::<Vec<_>>(),
        [1, 1, 1, 3, 9]
    );
}

// ------------------------------------------------------------------ first placement

/// "The first placement never eats: only an empty marked cell will do."
#[test]
fn first_placement_only_on_empty_marked_cells() {
    // Earth (already started) holds a20 with a block and b20 with... nothing; a19 a mound.
    let s = pos("", &[("a20", 'E'), ("a19", 'e')], "w 7 e -");
    assert_eq!(status_line(&s), "w: b20");
    let mut s = pos("", &[("a20", 'E'), ("b20", 'E')], "w 7 e -");
    assert_eq!(status_line(&s), "w: a19");
    assert!(matches!(
        s.try_play(p("a20")),
        Err(PlayError::Illegal { .. })
    ));
    // A cell next to the corner that is not marked is refused too.
    assert!(matches!(
        s.try_play(p("b19")),
        Err(PlayError::Illegal { .. })
    ));
}

/// "If none is empty, the player is stuck and eliminated", inside the action that filled the
/// last one; with two players the other one is then the lone survivor.
#[test]
fn no_empty_marked_cell_means_eliminated_before_ever_placing() {
    let mut s = pos("", &[("a20", 'E'), ("b20", 'E')], "e 1 e -");
    assert_eq!(status_line(&s), "e: a19 b19 c19 c20");
    assert_eq!(run(&mut s, &["a19"]), ["over: e"]);
    assert!(s.is_eliminated(W));
    assert!(!s.has_started(W));
}

/// Blitz, 2 players, 14 placements a turn: water runs the diagonal a14..n1 and takes
/// earth's only start cell on its 14th placement; earth is stuck at its first placement and
/// water wins inside that action.
#[test]
fn blitz_water_takes_earth_corner_and_wins() {
    let mut s = new("board=blitz,per_turn=14");
    let diag: Vec<String> = (0..14u8)
        .map(|k| format!("{}{}", (b'a' + k) as char, 14 - k))
        .collect();
    let diag: Vec<&str> = diag.iter().map(String::as_str).collect();
    assert_eq!(diag[13], "n1");
    let lines = run(&mut s, &diag);
    assert!(lines[..13].iter().all(|l| l.starts_with("w: ")));
    assert_eq!(lines[13], "over: w");
}

/// "Only the player due to place is ever tested for being stuck": with 20 placements a turn
/// water takes n1 (earth's only start cell) on its 14th placement, goes on to its 20th, and
/// earth falls only when its own turn is due, inside water's last placement.
#[test]
fn a_player_without_a_start_cell_waits_for_its_turn() {
    let mut s = new("board=blitz,per_turn=20");
    let cells: Vec<String> = (0..14u8)
        .map(|k| format!("{}{}", (b'a' + k) as char, 14 - k))
        .chain((8..=13).rev().map(|r| format!("a{r}")))
        .collect();
    let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
    assert_eq!(cells.len(), 20);
    let lines = run(&mut s, &cells[..19]);
    assert!(lines.iter().all(|l| l.starts_with("w: ")));
    assert!(!s.is_eliminated(E));
    assert_eq!(s.placements_left(), 1);
    assert_eq!(run(&mut s, &cells[19..]), ["over: w"]);
    assert!(s.is_eliminated(E));
}

/// Blitz, 4 players, 14 placements a turn: water fills file a down to a1, fire's start
/// cell. Air and earth play their turns; fire is stuck at its first placement when its turn
/// comes, is eliminated, and water starts a fresh turn. "A player that has not yet placed
/// counts as still in the game" (the game goes on after fire is out).
#[test]
fn blitz_fire_loses_its_corner_before_placing() {
    let mut s = new("board=blitz,players=4,per_turn=14");
    let water: Vec<String> = (1..=14).rev().map(|r| format!("a{r}")).collect();
    let air: Vec<String> = (1..14u8)
        .rev()
        .map(|f| format!("{}14", (b'a' + f) as char))
        .chain(["n13".to_string()])
        .collect();
    let earth: Vec<String> = (1..14u8)
        .rev()
        .map(|f| format!("{}1", (b'a' + f) as char))
        .chain(["n2".to_string()])
        .collect();
    let w: Vec<&str> = water.iter().map(String::as_str).collect();
    let a: Vec<&str> = air.iter().map(String::as_str).collect();
    let e: Vec<&str> = earth.iter().map(String::as_str).collect();
    let lines = run(&mut s, &w);
    assert!(lines[..13].iter().all(|l| l.starts_with("w: ")));
    assert_eq!(lines[13], "a: n14");
    let lines = run(&mut s, &a);
    assert_eq!(lines[13], "e: n1");
    assert!(!s.is_eliminated(F));
    let lines = run(&mut s, &e);
    // Water's blocks a1..a14 touch file b: b2..b13 empty, b14 an air block, b1 an earth
    // block (both edible).
    assert_eq!(
        lines[13],
        "w: b1 b10 b11 b12 b13 b14 b2 b3 b4 b5 b6 b7 b8 b9"
    );
    assert!(s.is_eliminated(F));
    assert_eq!(s.placements_left(), 14);
    assert!(s.position().ends_with(" w 14 wae f"));
}

// ------------------------------------------------------------------ reachability

/// Worked example 4: water block e10, water mounds f9 and g8: h7 is reachable. The full
/// legal set is the neighbourhood of e10, f9 and g8 minus the mounds.
#[test]
fn chain_of_own_mounds_conducts() {
    let s = pos(
        "",
        &[("e10", 'W'), ("f9", 'w'), ("g8", 'w'), ("t1", 'E')],
        "w 7 we -",
    );
    assert_eq!(
        status_line(&s),
        "w: d10 d11 d9 e11 e8 e9 f10 f11 f7 f8 g10 g7 g9 h7 h8 h9"
    );
}

/// Worked example 4, second half: "If f9 were an air mound instead, g8 would be cut off and
/// h7 unreachable" (only own pieces conduct).
#[test]
fn an_enemy_mound_breaks_the_chain() {
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
    assert_eq!(status_line(&s), "w: d10 d11 d9 e11 e9 f10 f11");
    // An enemy block does not conduct either.
    let s = pos(
        "players=3",
        &[("e10", 'W'), ("f9", 'A'), ("g8", 'w'), ("t1", 'E')],
        "w 7 wae -",
    );
    assert_eq!(status_line(&s), "w: d10 d11 d9 e11 e9 f10 f11 f9");
}

/// Worked example 5 and "Reachability is recomputed after every placement": eating f9 then
/// g8 makes a chain from e10, and h7 becomes reachable within the same turn.
#[test]
fn eating_builds_a_chain_within_the_turn() {
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
    assert!(!status_line(&s).contains("h7"));
    assert!(!status_line(&s).contains("g8"));
    s.play(p("f9"));
    assert_eq!(kind(&s, "f9"), Some((W, Kind::Mound)));
    assert!(status_line(&s).split(' ').any(|x| x == "g8"));
    assert!(!status_line(&s).split(' ').any(|x| x == "h7"));
    s.play(p("g8"));
    assert!(status_line(&s).split(' ').any(|x| x == "h7"));
    assert_eq!(s.placements_left(), 5);
    assert!(!s.is_eliminated(A)); // air still owns t20
}

/// "A chain of mounds whose block was eaten is dead until a new block of its owner touches
/// it."
#[test]
fn dead_chain_revives_when_a_new_block_touches_it() {
    let mut s = pos(
        "",
        &[
            ("e10", 'W'),
            ("h5", 'W'),
            ("f9", 'w'),
            ("g8", 'w'),
            ("d11", 'E'),
        ],
        "e 1 we -",
    );
    assert!(status_line(&s).split(' ').any(|x| x == "e10"));
    s.play(p("e10"));
    assert_eq!(kind(&s, "e10"), Some((E, Kind::Mound)));
    // Water's mounds f9, g8 now touch no water block: only h5's neighbours.
    assert_eq!(status_line(&s), "w: g4 g5 g6 h4 h6 i4 i5 i6");
    s.play(p("g6"));
    assert!(!status_line(&s).split(' ').any(|x| x == "e8"));
    s.play(p("g7")); // touches g8: the chain g8-f9 is live again
    let line = status_line(&s);
    for c in ["e8", "e9", "f10", "g10", "f8", "h9"] {
        assert!(line.split(' ').any(|x| x == c), "{c} in {line}");
    }
    assert!(!line.split(' ').any(|x| x == "e10")); // an earth mound
}

/// "never a mound of anyone, never P's own block"; eating only other players' blocks.
#[test]
fn targets_are_empty_cells_and_enemy_blocks_only() {
    let mut s = pos(
        "players=3",
        &[
            ("e10", 'W'),
            ("e11", 'W'),
            ("d10", 'w'),
            ("f10", 'a'),
            ("f11", 'A'),
            ("d11", 'e'),
            ("t1", 'E'),
        ],
        "w 7 wae -",
    );
    // Neighbours of e10 and e11 and of the live mound d10 (c9 c10 c11 d9 e9 d11 e11 ...).
    assert_eq!(status_line(&s), "w: c10 c11 c9 d12 d9 e12 e9 f11 f12 f9");
    for bad in ["e11", "d10", "f10", "d11"] {
        assert!(matches!(s.try_play(p(bad)), Err(PlayError::Illegal { .. })));
    }
    s.play(p("f11"));
    assert_eq!(kind(&s, "f11"), Some((W, Kind::Mound)));
    assert!(s.is_eliminated(A)); // air owned no other block
    assert_eq!(s.to_act(), ToAct::Seat(W));
    assert_eq!(s.placements_left(), 6);
}

// ------------------------------------------------------------------ elimination by blocks

/// "A player who has made its first placement and owns no block any more is eliminated at
/// once, whoever's turn it is" + "the next seat clockwise that is still in the game starts a
/// fresh turn": water's last placement eats air's last block; earth plays next.
#[test]
fn last_placement_eats_the_next_seat_out() {
    let mut s = pos(
        "players=3",
        &[("e10", 'W'), ("f10", 'A'), ("f11", 'a'), ("t1", 'E')],
        "w 1 wae -",
    );
    assert_eq!(run(&mut s, &["f10"]), ["e: s1 s2 t2"]);
    assert!(s.is_eliminated(A));
    assert_eq!(s.placements_left(), 7);
    // Air's mound stays a wall.
    assert_eq!(kind(&s, "f11"), Some((A, Kind::Mound)));
    assert!(s.position().ends_with(" e 7 wae a"));
}

/// "A mover that eliminates another player (by eating its last block) carries on with its
/// turn" (4 players, earth eats fire's last block with 4 left).
#[test]
fn mover_carries_on_after_eating_a_last_block() {
    let mut s = pos(
        "players=4",
        &[
            ("a20", 'W'),
            ("t20", 'A'),
            ("j10", 'E'),
            ("k10", 'F'),
            ("a1", 'f'),
        ],
        "e 4 waef -",
    );
    s.play(p("k10"));
    assert!(s.is_eliminated(F));
    assert_eq!(s.to_act(), ToAct::Seat(E));
    assert_eq!(s.placements_left(), 3);
    // The turn then ends normally and passes to water (fire skipped).
    s.play(p("i10"));
    s.play(p("h10"));
    s.play(p("g10"));
    assert_eq!(s.to_act(), ToAct::Seat(W));
    assert_eq!(s.placements_left(), 7);
}

/// "As soon as one player is left, it wins, even in the middle of a turn" (air out already).
#[test]
fn eating_the_last_opponent_wins_mid_turn() {
    let mut s = pos(
        "players=3",
        &[("e10", 'W'), ("f10", 'E'), ("t20", 'A')],
        "w 5 wae a",
    );
    assert_eq!(run(&mut s, &["f10"]), ["over: w"]);
    assert_eq!(s.outcome().unwrap().summary(State::SEAT_NAMES), "w");
}

/// An eliminated player's blocks can still be eaten; eating its last one eliminates nobody
/// again and does not end the game.
#[test]
fn eating_an_eliminated_player_s_last_block() {
    let mut s = pos(
        "players=3",
        &[("e10", 'W'), ("f10", 'A'), ("t1", 'E')],
        "w 3 wae a",
    );
    s.play(p("f10"));
    assert_eq!(s.to_act(), ToAct::Seat(W));
    assert_eq!(s.placements_left(), 2);
    assert_eq!(kind(&s, "f10"), Some((W, Kind::Mound)));
}

// ------------------------------------------------------------------ elimination when stuck

/// Blitz, 4 players: water (a14) and fire (a1) are walled in by air mounds. Earth's last
/// placement ends its turn; fire is stuck and out, then water is stuck and out, in the same
/// action; air starts a fresh turn. Before that, nobody but the player due is tested.
#[test]
fn chain_of_stuck_players_then_a_fresh_turn() {
    let pieces = [
        ("a14", 'W'),
        ("b14", 'a'),
        ("a13", 'a'),
        ("b13", 'a'),
        ("a1", 'F'),
        ("a2", 'a'),
        ("b2", 'a'),
        ("b1", 'a'),
        ("n14", 'A'),
        ("n1", 'E'),
    ];
    let mut s = pos("board=blitz,players=4", &pieces, "e 2 waef -");
    assert_eq!(status_line(&s), "e: m1 m2 n2");
    s.play(p("m1"));
    assert!(!s.is_eliminated(F) && !s.is_eliminated(W));
    assert_eq!(run(&mut s, &["l1"]), ["a: m13 m14 n13"]);
    assert!(s.is_eliminated(F) && s.is_eliminated(W));
    assert_eq!(s.placements_left(), 7);
    assert!(s.position().ends_with(" a 7 waef wf"));
    // Eliminated seats are skipped from now on: air -> earth -> air.
    let mut s2 = s;
    for _ in 0..7 {
        let line = status_line(&s2);
        let first = line.split(' ').nth(1).unwrap().to_string();
        s2.play(p(&first));
    }
    assert_eq!(s2.to_act(), ToAct::Seat(E));
    // Pieces of the eliminated stay.
    assert_eq!(kind(&s, "a14"), Some((W, Kind::Block)));
    assert_eq!(kind(&s, "a1"), Some((F, Kind::Block)));
}

/// Same, with air walled in too: fire, water and air fall in turn and earth, the lone
/// survivor, wins inside its own last placement.
#[test]
fn chain_of_stuck_players_ends_the_game() {
    let pieces = [
        ("a14", 'W'),
        ("b14", 'a'),
        ("a13", 'a'),
        ("b13", 'a'),
        ("a1", 'F'),
        ("a2", 'a'),
        ("b2", 'a'),
        ("b1", 'a'),
        ("n14", 'A'),
        ("m14", 'e'),
        ("m13", 'e'),
        ("n13", 'e'),
        ("n1", 'E'),
    ];
    let mut s = pos("board=blitz,players=4", &pieces, "e 1 waef -");
    assert_eq!(run(&mut s, &["m1"]), ["over: e"]);
    assert!(s.is_eliminated(F) && s.is_eliminated(W) && s.is_eliminated(A));
}

/// "If P is to place and has no legal placement, P is eliminated at once; the rest of its
/// turn is lost": earth (4 players) is stuck at its second placement with 2 left; fire, the
/// next seat clockwise, starts a fresh turn.
#[test]
fn stuck_mover_mid_turn_next_seat_clockwise() {
    let pieces = [
        ("a14", 'W'),
        ("n14", 'A'),
        ("n1", 'E'),
        ("m2", 'w'),
        ("n2", 'w'),
        ("l1", 'w'),
        ("l2", 'w'),
        ("a1", 'F'),
    ];
    let mut s = pos("board=blitz,players=4", &pieces, "e 3 waef -");
    assert_eq!(status_line(&s), "e: m1");
    assert_eq!(run(&mut s, &["m1"]), ["f: a2 b1 b2"]);
    assert!(s.is_eliminated(E));
    assert_eq!(s.placements_left(), 7);
    assert_eq!(kind(&s, "m1"), Some((E, Kind::Block)));
}

/// As above with fire walled in as well: earth and fire fall in the same action and water
/// starts a fresh turn.
#[test]
fn stuck_mover_then_stuck_next_seat() {
    let pieces = [
        ("a14", 'W'),
        ("n14", 'A'),
        ("n1", 'E'),
        ("m2", 'w'),
        ("n2", 'w'),
        ("l1", 'w'),
        ("l2", 'w'),
        ("a1", 'F'),
        ("a2", 'w'),
        ("b1", 'w'),
        ("b2", 'w'),
    ];
    let mut s = pos("board=blitz,players=4", &pieces, "e 3 waef -");
    assert_eq!(run(&mut s, &["m1"]), ["w: a13 b13 b14"]);
    assert!(s.is_eliminated(E) && s.is_eliminated(F));
    assert!(s.position().ends_with(" w 7 waef ef"));
}

/// Two players: the stuck mover loses mid-turn, its opponent wins at once.
#[test]
fn stuck_mover_two_players_opponent_wins() {
    let pieces = [
        ("n1", 'E'),
        ("m2", 'w'),
        ("n2", 'w'),
        ("l1", 'w'),
        ("l2", 'w'),
        ("a14", 'W'),
    ];
    let mut s = pos("board=blitz", &pieces, "e 5 we -");
    assert_eq!(run(&mut s, &["m1"]), ["over: w"]);
}

// ------------------------------------------------------------------ parameters

/// Parameters: `board` full|blitz, `players` 2..4, `per_turn` 1..=20; bad values and
/// unknown keys are errors naming the key.
#[test]
fn parameters_defaults_and_validation() {
    let d: Params = "".parse().unwrap();
    assert_eq!((d.board.side(), d.players, d.per_turn), (20, 2, 7));
    check_accepted::<Params>(&[
        "players=2",
        "players=3",
        "players=4",
        "per_turn=1",
        "per_turn=20",
        "board=full",
        "board=blitz",
    ]);
    check_refused::<Params>(&[
        ("players=1", "players"),
        ("players=5", "players"),
        ("per_turn=0", "per_turn"),
        ("per_turn=21", "per_turn"),
        ("board=huge", "board"),
        ("colour=red", "colour"),
    ]);
}
