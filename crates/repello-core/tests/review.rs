//! A reviewer's tests: each expected value is derived by hand from the rules (`docs/repello.md`)
//! (the sentence checked is quoted or named in the comment above it), not from the engine.

use boardgame_kit::conformance::check_refused;
use boardgame_kit::drivers::status_line;
use boardgame_kit::{Game, Seat, ToAct};
use repello_core::{Params, Phase, Piece, StackStatus, State, Token};

mod common;
use common::*;

const S1: Seat = Seat::of(0);
const S2: Seat = Seat::of(1);
const S3: Seat = Seat::of(2);

fn stack(seat: Seat) -> Option<Piece> {
    Some(Piece::Stack(seat))
}

const BLACK: Option<Piece> = Some(Piece::Token(Token::Black));

// ---- Moving the stack ----

/// "The distance is the number printed on that first square, exactly": d4 `e` with e4 = 4
/// goes e4 f4 g4 h4 whatever h4 shows; every other direction shows 1.
#[test]
fn distance_is_the_number_of_the_first_square_not_the_landing_one() {
    let p = numbers(2, None, &[("e4", 4), ("h4", 6), ("c5", 6)]);
    let mut s = setup(&p, &[("d4", 'A')], &[(5, ""), (0, "")], 1, "turn:1");
    assert_eq!(
        legal(&s),
        vec!["e", "n", "ne", "nw", "s", "se", "sw", "w"],
        "every first square is on the board and every path is free"
    );
    let mut t = s.clone();
    t.play(act("nw")); // c5 shows 6: c5 b6 a7, bounce, b8 c9 d10
    assert_eq!(t.piece(cell("d10")), stack(S1));
    s.play(act("e"));
    assert_eq!(s.piece(cell("h4")), stack(S1));
    assert_eq!(
        s.piece(cell("d4")),
        BLACK,
        "the bottom token drops where it left"
    );
    assert_eq!(s.stack_count(S1), 4);
    // Nothing adjacent: the turn ends; seat 2 is finished, so seat 1 moves again.
    assert_eq!((s.to_act(), s.phase()), (ToAct::Seat(S1), Phase::Turn));
}

/// Precisions: "Reflection flips each component that would leave the board on its own, so one
/// move may bounce twice; the path may cross squares it already passed in the same move".
/// k11 `ne` with l12 = 3: l12, m13 (the corner square, counted once), both components flip,
/// l12 again. The stack ends diagonally next to its dropped token on k11.
#[test]
fn corner_reverses_a_diagonal_and_the_path_may_recross() {
    let p = numbers(2, None, &[("l12", 3)]);
    let mut s = setup(&p, &[("k11", 'A')], &[(5, ""), (0, "")], 1, "turn:1");
    s.play(act("ne"));
    assert_eq!(s.piece(cell("l12")), stack(S1));
    assert_eq!(s.piece(cell("k11")), BLACK);
    // Repulsion: k11 away from l12 is south-west (j10), l12 away from k11 is north-east
    // (m13), both empty.
    assert_eq!(s.phase(), Phase::Repulsion);
    assert_eq!(legal(&s), vec!["k11/sw", "l12/ne"]);
    // With l12 = 4 the fourth step is k11, the start square: blocked.
    let p = numbers(2, None, &[("l12", 4)]);
    let s = setup(&p, &[("k11", 'A')], &[(5, ""), (0, "")], 1, "turn:1");
    assert!(!s.is_legal(&act("ne")));
}

/// "Direction d is offered only if the first square in that direction is on the board"; the
/// corner bounce b12 `nw` with a13 = 2 comes straight back to b12, the start square ("never
/// the square it started from").
#[test]
fn start_square_blocks_a_corner_return() {
    let p = numbers(2, None, &[("a13", 2)]);
    let s = setup(&p, &[("b12", 'A')], &[(5, ""), (0, "")], 1, "turn:1");
    assert_eq!(legal(&s), vec!["e", "n", "ne", "s", "se", "sw", "w"]);
    // From the corner a13 only e, s and se have a first square on the board.
    let s = setup(&p, &[("a13", 'A')], &[(5, ""), (0, "")], 1, "turn:1");
    assert_eq!(legal(&s), vec!["e", "s", "se"]);
}

/// "leaving across ... the left or right edge the horizontal part": an orthogonal move along
/// an edge never bounces (m3 `n` with m4 = 3 ends on m6), a diagonal one turns 90 degrees.
#[test]
fn moves_along_an_edge_and_a_side_bounce() {
    let p = numbers(2, None, &[("m4", 3), ("l4", 3)]);
    let mut s = setup(&p, &[("m3", 'A')], &[(5, ""), (0, "")], 1, "turn:1");
    let mut t = s.clone();
    t.play(act("n"));
    assert_eq!(t.piece(cell("m6")), stack(S1));
    // nw with l4 = 3: l4, k5, j6.
    s.play(act("nw"));
    assert_eq!(s.piece(cell("j6")), stack(S1));
    // l2 `ne` with m3 = 3: m3, (right edge) l4, k5.
    let p = numbers(2, None, &[("m3", 3)]);
    let mut s = setup(&p, &[("l2", 'A')], &[(5, ""), (0, "")], 1, "turn:1");
    s.play(act("ne"));
    assert_eq!(s.piece(cell("k5")), stack(S1));
}

/// "Every square entered, the last included, must be empty": a piece on the first square
/// blocks the direction (it is offered, but illegal); a piece just beyond the landing square
/// does not.
#[test]
fn occupied_first_square_blocks_but_a_piece_beyond_does_not() {
    let p = numbers(2, None, &[("e5", 2)]);
    let s = setup(
        &p,
        &[("d4", 'A'), ("d5", 'b'), ("g7", 'g')],
        &[(5, ""), (0, "")],
        1,
        "turn:1",
    );
    // n: d5 holds a token. ne: e5 shows 2: e5, f6 (next to g7: allowed, it is empty).
    let l = legal(&s);
    assert!(!l.contains(&"n".to_string()));
    assert!(l.contains(&"ne".to_string()));
    let mut t = s.clone();
    t.play(act("ne"));
    assert_eq!(t.piece(cell("f6")), stack(S1));
}

// ---- Relocation and return ----

/// "If no direction is legal, a token drops on the square the stack stands on and P places
/// the stack on any empty start-area square." a1 with a2 = b2 = b1 = 2: every path lands on a
/// token (a3, c3, c1), none adjacent to a1. A stack of one token relocates with its last
/// token dropped, stays for the (empty) repulsion phase and then is finished.
#[test]
fn relocation_with_the_last_token_finishes_the_stack() {
    let p = numbers(2, None, &[("a2", 2), ("b2", 2), ("b1", 2)]);
    let mut s = setup(
        &p,
        &[("a1", 'A'), ("a3", 'b'), ("c3", 'b'), ("c1", 'b')],
        &[(1, ""), (3, "")],
        1,
        "turn:1",
    );
    let l = legal(&s);
    assert_eq!(l.len(), 25, "all 25 start squares are empty");
    assert!(l.iter().all(|c| c.len() == 2));
    s.play(act("e5"));
    assert_eq!(s.piece(cell("a1")), BLACK);
    // a1 is two squares from a3, c3 and c1: nothing adjacent; the turn ends and the empty
    // stack leaves the board.
    assert_eq!(s.piece(cell("e5")), None);
    assert_eq!(s.stack_status(S1), StackStatus::Finished);
    assert_eq!(s.stack_count(S1), 0);
    // Seat 2 (pushed off, 3 tokens) returns: 25 empty start squares.
    assert_eq!((s.to_act(), s.phase()), (ToAct::Seat(S2), Phase::Turn));
    assert_eq!(legal(&s).len(), 25);
    s.play(act("g7"));
    assert_eq!(s.stack_count(S2), 3, "a return drops nothing");
    // The game goes on with seat 2 alone.
    assert_eq!(s.to_act(), ToAct::Seat(S2));
}

/// Precisions: "Relocation: the token drops first, so the square the stack stood on is not
/// available to it." The stack on e5 is boxed in; the start area is full but for e5 (its own
/// square) and i9: only i9.
#[test]
fn relocation_never_reuses_the_square_left() {
    let p = numbers(2, Some(20), &[]);
    let mut pieces: Vec<(String, char)> = Vec::new();
    for f in b'e'..=b'i' {
        for r in 5..=9 {
            let c = format!("{}{r}", f as char);
            match c.as_str() {
                "e5" => pieces.push((c, 'A')),
                "i9" => {}
                _ => pieces.push((c, 'b')),
            }
        }
    }
    for c in ["d4", "d5", "d6", "e4", "f4"] {
        pieces.push((c.to_string(), 'b'));
    }
    let refs: Vec<(&str, char)> = pieces.iter().map(|(c, p)| (c.as_str(), *p)).collect();
    let mut s = setup(&p, &refs, &[(5, ""), (0, "")], 1, "turn:1");
    assert_eq!(legal(&s), vec!["i9"]);
    assert!(!s.is_legal(&act("e5")));
    assert!(
        !s.is_legal(&act("a1")),
        "the start area still has a free square"
    );
    s.play(act("i9"));
    assert_eq!(s.piece(cell("e5")), BLACK);
    assert_eq!(s.stack_count(S1), 4);
    // i9 touches h8, h9 and i8: the repulsion phase.
    assert_eq!(s.phase(), Phase::Repulsion);
}

/// "P's stack is off the board (pushed off): P places it on any empty start-area square
/// (adjacency allowed); no token drops. Then the repulsion phase."
#[test]
fn return_allows_adjacency_and_then_pushes() {
    let p = numbers(2, None, &[]);
    let mut s = setup(
        &p,
        &[("g7", 'g'), ("a13", 'A')],
        &[(5, ""), (4, "")],
        0,
        "turn:2",
    );
    // 25 start squares less the gold's.
    assert_eq!(legal(&s).len(), 24);
    s.play(act("h8"));
    assert_eq!(s.stack_count(S2), 4);
    assert_eq!(s.piece(cell("h8")), stack(S2));
    assert_eq!((s.to_act(), s.phase()), (ToAct::Seat(S2), Phase::Repulsion));
    // g7 away from h8: f6; h8 away from g7: i9.
    assert_eq!(legal(&s), vec!["g7/sw", "h8/ne"]);
}

// ---- Repulsion phase ----

/// Precisions: "The arrangements of the phase are the one right after the move (or
/// placement) and each one after a push." c5 d5 . f5: `d5/e` gives c5 e5 f5; `e5/w` would
/// recreate the arrangement right after the move, so only `f5/e` remains.
#[test]
fn repetition_includes_the_arrangement_right_after_the_move() {
    let p = numbers(2, None, &[]);
    let mut s = setup(
        &p,
        &[("a13", 'A'), ("c5", 'b'), ("d5", 'b'), ("f5", 'b')],
        &[(5, ""), (3, "")],
        1,
        "push:1 -",
    );
    assert_eq!(legal(&s), vec!["c5/w", "d5/e"]);
    s.play(act("d5/e"));
    assert_eq!(legal(&s), vec!["f5/e"]);
    s.play(act("f5/e"));
    // c5 e5 g5: nothing adjacent; seat 2's turn (its stack is off: a return).
    assert_eq!((s.to_act(), s.phase()), (ToAct::Seat(S2), Phase::Turn));
}

/// "Any pair anywhere on the board counts", "move X one square directly away from Y", and a
/// push is one action per (X, direction): X's neighbours on different sides give different
/// pushes; a piece between two pieces on a line cannot move along it.
#[test]
fn pushes_are_one_per_piece_and_direction() {
    let p = numbers(2, None, &[]);
    let s = setup(
        &p,
        &[
            ("m13", 'A'),
            ("c3", 'b'),
            ("d4", 'b'),
            ("d3", 's'),
            ("b4", 'b'),
        ],
        &[(5, ""), (3, "")],
        1,
        "push:1 -",
    );
    // c3 away from d4 (sw), d3 (w), b4 (se); d4 away from c3 (ne), d3 (n); d3 away from c3
    // (e), d4 (s); b4 away from c3 (nw).
    assert_eq!(
        legal(&s),
        vec!["b4/nw", "c3/se", "c3/sw", "c3/w", "d3/e", "d3/s", "d4/n", "d4/ne"]
    );
}

/// "A push ignores the numbers, and a pushed stack drops nothing"; "P may never push its own
/// stack off the board (it may push it within the board)".
#[test]
fn own_stack_pushes_within_board_only_and_drop_nothing() {
    let p = numbers(2, None, &[("d5", 6)]);
    let mut s = setup(
        &p,
        &[("e5", 'A'), ("f5", 'b')],
        &[(5, ""), (3, "")],
        1,
        "push:1 -",
    );
    assert_eq!(legal(&s), vec!["e5/w", "f5/e"]);
    s.play(act("e5/w"));
    assert_eq!(s.piece(cell("d5")), stack(S1));
    assert_eq!(s.piece(cell("e5")), None);
    assert_eq!(s.stack_count(S1), 5);
    assert_eq!(s.to_act(), ToAct::Seat(S2));
    // In a corner next to a token: only the token moves.
    let s = setup(
        &p,
        &[("a1", 'A'), ("b2", 'b')],
        &[(5, ""), (3, "")],
        1,
        "push:1 -",
    );
    assert_eq!(legal(&s), vec!["b2/ne"]);
}

/// "An opponent's stack pushed off the board leaves the board ... P takes one token from
/// that stack ... and, if the stack's owner has captured tokens, P also steals the most
/// valuable of them." Three players: seat 1 pushes seat 2's stack; seat 3 is untouched.
#[test]
fn pushing_an_opponent_off_takes_a_token_and_steals_the_best() {
    let p = numbers(3, None, &[]);
    let mut s = setup(
        &p,
        &[("g7", 'A'), ("a1", 'B'), ("b2", 'b'), ("m13", 'C')],
        &[(5, "b"), (4, "sbb"), (6, "")],
        2,
        "push:1 -",
    );
    let c3 = s.captured(S3);
    assert_eq!(legal(&s), vec!["a1/sw", "b2/ne"]);
    s.play(act("a1/sw"));
    assert_eq!(s.stack_status(S2), StackStatus::Off);
    assert_eq!(s.stack_count(S2), 3);
    let c1 = s.captured(S1);
    assert_eq!((c1.black, c1.silver, c1.gold), (2, 1, 0));
    let c2 = s.captured(S2);
    assert_eq!((c2.black, c2.silver, c2.gold), (2, 0, 0));
    assert_eq!(s.captured(S3), c3);
    // b2 alone: the phase ends; seat 2 returns its stack.
    assert_eq!((s.to_act(), s.phase()), (ToAct::Seat(S2), Phase::Turn));
    assert_eq!(legal(&s).len(), 24);
}

/// "The phase ends when no two pieces are adjacent, or when pieces are still adjacent but no
/// legal push exists": a token pushed off is captured, and the phase goes on while pairs
/// remain; a stack emptied by its move stays a piece until the end of the turn; "The end of
/// the game is checked at the end of a turn, after its repulsion phase."
#[test]
fn last_opponent_pushed_off_mid_phase_ends_the_game_at_the_end_of_the_turn() {
    let p = numbers(2, Some(2), &[]);
    // Seat 1: one token on c1; seat 2: one token on a2. 4 + 4 black tokens in all.
    let mut s = setup(
        &p,
        &[("c1", 'A'), ("a2", 'B')],
        &[(1, ""), (1, "")],
        1,
        "turn:1",
    );
    // Seat 2 holds the rest: gold, 4 silver, 8 - 2 = 6 black: 5 + 12 + 6 = 23.
    assert_eq!(s.score(S2), 23);
    s.play(act("w")); // b1, the last token drops on c1
    assert_eq!(s.stack_count(S1), 0);
    assert_eq!(s.piece(cell("b1")), stack(S1));
    // c1 away from b1: d1. b1 away from c1: a1. b1 away from a2: off (own stack: no).
    // a2 away from b1: off the board (an opponent's stack: yes).
    assert_eq!(legal(&s), vec!["a2/nw", "b1/w", "c1/e"]);
    s.play(act("a2/nw"));
    assert_eq!(s.stack_status(S2), StackStatus::Finished);
    // One token from the stack (black) and the gold stolen.
    assert_eq!(s.score(S1), 6);
    assert_eq!(s.score(S2), 18);
    // Every stack is empty, but the turn is not over: b1 and c1 are adjacent.
    assert_eq!((s.to_act(), s.phase()), (ToAct::Seat(S1), Phase::Repulsion));
    assert_eq!(legal(&s), vec!["b1/w", "c1/e"]);
    s.play(act("c1/e"));
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(
        s.piece(cell("b1")),
        None,
        "the finished stack left the board"
    );
    assert_eq!(status_line(&s), "over: 2 scores 1=6 2=18");
}

/// "P's stack is finished (empty, see below): P is skipped", in a four-player game: after
/// seat 1's turn, seats 2 and 3 are finished, seat 4 acts; after seat 4, seat 1. (Moves of
/// 2, so that no stack ends next to its dropped token.)
#[test]
fn finished_seats_are_skipped_in_order() {
    let p = numbers(4, None, &[("a2", 2), ("m12", 2)]);
    let mut s = setup(
        &p,
        &[("a1", 'A'), ("m13", 'D')],
        &[(3, ""), (0, ""), (0, ""), (3, "")],
        3,
        "turn:1",
    );
    s.play(act("n"));
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(3)));
    assert_eq!(s.phase(), Phase::Turn);
    s.play(act("s"));
    assert_eq!(s.piece(cell("m11")), stack(Seat::of(3)));
    assert_eq!(s.to_act(), ToAct::Seat(S1));
}

// ---- Parameters and setup ----

/// `stack`: 15 / 12 / 10 by players, any of 1..=20 given; `numbers` replaces the board.
#[test]
fn stack_and_numbers_parameters() {
    for (text, n) in [
        ("", 15),
        ("players=3", 12),
        ("players=4", 10),
        ("players=4,stack=20", 20),
        ("stack=1,players=3", 1),
    ] {
        let p: Params = text.parse().unwrap();
        let s = State::new(&p);
        for k in 0..p.players() as usize {
            assert_eq!(s.stack_count(Seat::of(k)), n, "{text}");
        }
    }
    check_refused::<Params>(&[
        ("stack=0", "stack"),
        ("stack=21", "stack"),
        ("players=1", "players"),
        ("players=5", "players"),
        ("numbers=7", "numbers"),
        ("stack=x", "stack"),
    ]);
    // The first digit is a13, the 13th m13, the 14th a12, the last m1.
    let mut d = ['1'; 169];
    d[0] = '2';
    d[12] = '3';
    d[13] = '4';
    d[168] = '5';
    let p: Params = format!("numbers={}", d.iter().collect::<String>())
        .parse()
        .unwrap();
    let got: Vec<Option<u8>> = ["a13", "m13", "a12", "m1", "a1"]
        .iter()
        .map(|c| p.number(cell(c)))
        .collect();
    assert_eq!(got, vec![Some(2), Some(3), Some(4), Some(5), Some(1)]);
}

/// Setup round: "an empty start-area square that is not adjacent to any piece"; three
/// players: after e5 and i5, seat 3 may not use f5/f6/e6 (next to e5), h5/h6/i6 (next to
/// i5), nor the gold's block; it keeps e7 e8 e9 f9 g9 h9 i9 i8 i7 g5.
#[test]
fn setup_round_three_players() {
    let mut s = State::new(&"players=3".parse().unwrap());
    s.play(act("e5"));
    s.play(act("i5"));
    assert_eq!((s.to_act(), s.phase()), (ToAct::Seat(S3), Phase::Setup));
    assert_eq!(
        legal(&s),
        vec!["e7", "e8", "e9", "f9", "g5", "g9", "h9", "i7", "i8", "i9"]
    );
    s.play(act("g9"));
    // Seat 1 moves first after the setup round.
    assert_eq!((s.to_act(), s.phase()), (ToAct::Seat(S1), Phase::Turn));
    assert_eq!(s.stack_count(S1), 12);
}
