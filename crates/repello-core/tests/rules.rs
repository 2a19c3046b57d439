//! One test per rule, ruling and worked example of the rules (`docs/repello.md`). Expected values
//! come from the rules text.

use boardgame_kit::conformance::check_refused;
use boardgame_kit::{Actions, Cell, Game, GameResult, PlayError, PositionError, Seat, ToAct};
use repello_core::{Action, Params, Phase, Piece, StackStatus, State, Token};

mod common;
use common::*;

/// [`setup`] with the missing tokens counted as captured by the last seat listed.
fn setup(params: &Params, pieces: &[(&str, char)], seats: &[(u8, &str)], mode: &str) -> State {
    common::setup(params, pieces, seats, seats.len() - 1, mode)
}

fn refused(s: &State, a: &str) -> String {
    let mut t = s.clone();
    let e = t.try_play(act(a)).unwrap_err();
    assert_eq!(&t, s, "a refused action changed the state");
    match e {
        PlayError::Illegal { reason, .. } => reason.into_owned(),
        e => e.to_string(),
    }
}

const S1: Seat = Seat::of(0);
const S2: Seat = Seat::of(1);

// ---- Board, pieces, start ----

#[test]
fn start_position_tokens_and_stacks() {
    let s = State::new(&Params::default());
    assert_eq!(s.piece(cell("g7")), Some(Piece::Token(Token::Gold)));
    for c in ["c11", "k11", "c3", "k3"] {
        assert_eq!(s.piece(cell(c)), Some(Piece::Token(Token::Silver)), "{c}");
    }
    for c in ["g12", "b7", "l7", "g2"] {
        assert_eq!(s.piece(cell(c)), Some(Piece::Token(Token::Black)), "{c}");
    }
    let pieces = (0..13)
        .flat_map(|f| (0..13).map(move |r| Cell::new(f, r)))
        .filter(|&c| s.piece(c).is_some())
        .count();
    assert_eq!(pieces, 9);
    for (players, n) in [(2, 15), (3, 12), (4, 10)] {
        let s = State::new(&format!("players={players}").parse().unwrap());
        for k in 0..players {
            assert_eq!(s.stack_count(Seat::of(k)), n);
            assert_eq!(s.stack_status(Seat::of(k)), StackStatus::Unplaced);
        }
    }
    let s = State::new(&"players=2,stack=3".parse().unwrap());
    assert_eq!(s.stack_count(S1), 3);
    assert_eq!(
        s.position(),
        "13/6b6/2s7s2/13/13/13/1b4g4b1/13/13/13/2s7s2/6b6/13 3,3 place:1"
    );
}

#[test]
fn stand_in_numbers() {
    let p = Params::default();
    assert_eq!(p.number(cell("a13")), Some(1));
    assert_eq!(p.number(cell("c13")), Some(6));
    assert_eq!(p.number(cell("m12")), Some(2));
    assert_eq!(p.number(cell("g7")), Some(5));
    assert_eq!(p.number(cell("a1")), Some(1));
    assert_eq!(p.number(cell("b1")), Some(6));
    assert_eq!(p.number(cell("m1")), Some(1));
    assert_eq!(p.number(cell("n1")), None);
}

#[test]
fn params_text() {
    assert_eq!(Params::default().to_string(), "");
    assert_eq!("players=4".parse::<Params>().unwrap().stack(), 10);
    assert_eq!(
        "players=3,stack=5".parse::<Params>().unwrap().to_string(),
        "players=3,stack=5"
    );
    check_refused::<Params>(&[
        ("players=5", "players"),
        ("stack=21", "stack"),
        ("numbers=123", "numbers"),
        ("colour=red", "colour"),
    ]);
    let p = numbers(2, None, &[("d11", 3)]);
    assert_eq!(p.to_string().parse::<Params>().unwrap(), p);
    assert_eq!(p.number(cell("d11")), Some(3));
}

// ---- Setup round ----

#[test]
fn setup_round_places_on_free_start_squares_not_adjacent() {
    let mut s = State::new(&Params::default());
    assert_eq!(s.phase(), Phase::Setup);
    // The start area less the 3x3 block around the gold on g7: its outer ring of 16.
    let l = legal(&s);
    assert_eq!(l.len(), 16);
    assert!(l.contains(&"e5".to_string()) && l.contains(&"i9".to_string()));
    assert!(!l.contains(&"f6".to_string()));
    assert!(refused(&s, "d4").contains("start area"));
    assert!(refused(&s, "g8").contains("next to the gold token on g7"));
    assert!(refused(&s, "ne").contains("place"));
    s.play(act("e5"));
    assert_eq!(s.to_act(), ToAct::Seat(S2));
    assert_eq!(s.phase(), Phase::Setup);
    assert_eq!(s.stack_count(S1), 15, "no token drops in the setup round");
    s.play(act("i9"));
    assert_eq!(s.phase(), Phase::Turn);
    assert_eq!(s.to_act(), ToAct::Seat(S1));
}

/// Worked example 7.
#[test]
fn example_7_setup_two_players() {
    let mut s = State::new(&Params::default());
    s.play(act("e5"));
    assert!(!s.is_legal(&act("f6")));
    assert!(refused(&s, "f6").contains("next to"));
    assert!(!s.is_legal(&act("d4")));
    assert!(refused(&s, "d4").contains("outside the start area"));
    assert!(s.is_legal(&act("i9")));
}

// ---- Moving the stack ----

/// Worked example 1.
#[test]
fn example_1_move_by_first_square_number() {
    let p = numbers(2, None, &[("d11", 3)]);
    let mut s = setup(&p, &[("c11", 'A')], &[(5, ""), (0, "")], "turn:1");
    s.play(act("e"));
    assert_eq!(s.piece(cell("f11")), Some(Piece::Stack(S1)));
    assert_eq!(s.stack_count(S1), 4);
    assert_eq!(s.piece(cell("c11")), Some(Piece::Token(Token::Black)));
    assert_eq!(s.piece(cell("d11")), None);
    assert_eq!(s.piece(cell("e11")), None);
}

/// Worked example 2.
#[test]
fn example_2_blocked_path_and_landing() {
    let p = numbers(2, None, &[("d11", 3)]);
    let s = setup(
        &p,
        &[("c11", 'A'), ("e11", 'b')],
        &[(5, ""), (0, "")],
        "turn:1",
    );
    assert!(!s.is_legal(&act("e")));
    assert!(refused(&s, "e").contains("blocked"), "{}", refused(&s, "e"));
    let s = setup(
        &p,
        &[("c11", 'A'), ("f11", 'b')],
        &[(5, ""), (0, "")],
        "turn:1",
    );
    assert!(!s.is_legal(&act("e")));
    assert!(refused(&s, "e").contains("land"), "{}", refused(&s, "e"));
}

/// Worked example 3: an orthogonal move bounces straight back.
#[test]
fn example_3_orthogonal_bounce_then_push() {
    let p = numbers(2, None, &[("l11", 3)]);
    let mut s = setup(&p, &[("k11", 'A')], &[(5, ""), (0, "")], "turn:1");
    s.play(act("e"));
    assert_eq!(s.piece(cell("l11")), Some(Piece::Stack(S1)));
    assert_eq!(s.piece(cell("k11")), Some(Piece::Token(Token::Black)));
    assert_eq!(s.phase(), Phase::Repulsion);
    assert_eq!(legal(&s), vec!["k11/w", "l11/e"]);
}

/// Worked example 4: the bounce may not re-enter the start square; one's own stack is not
/// pushed off.
#[test]
fn example_4_blocked_return_and_own_stack_at_edge() {
    let p = numbers(2, None, &[("m11", 2)]);
    let s = setup(&p, &[("l11", 'A')], &[(5, ""), (0, "")], "turn:1");
    assert!(!s.is_legal(&act("e")));
    assert!(
        refused(&s, "e").contains("dropped token"),
        "{}",
        refused(&s, "e")
    );
    let p = numbers(2, None, &[]);
    let mut s = setup(&p, &[("l11", 'A')], &[(5, ""), (0, "")], "turn:1");
    s.play(act("e"));
    assert_eq!(s.piece(cell("m11")), Some(Piece::Stack(S1)));
    assert_eq!(legal(&s), vec!["l11/w"]);
    assert!(refused(&s, "m11/e").contains("own stack"));
}

/// Worked example 5: a diagonal move turns by 90 degrees at the top edge.
#[test]
fn example_5_diagonal_bounce() {
    let p = numbers(2, None, &[("g13", 3)]);
    let mut s = setup(&p, &[("f12", 'A')], &[(5, ""), (0, "")], "turn:1");
    s.play(act("ne"));
    assert_eq!(s.piece(cell("i11")), Some(Piece::Stack(S1)));
    // The path went g13, h12, i11: a token on h12 blocks it.
    let s = setup(
        &p,
        &[("f12", 'A'), ("h12", 'b')],
        &[(5, ""), (0, "")],
        "turn:1",
    );
    assert!(!s.is_legal(&act("ne")));
}

/// Worked example 6: in the corner both components flip.
#[test]
fn example_6_corner_reversal() {
    let p = numbers(2, None, &[("b12", 3)]);
    let mut s = setup(&p, &[("c11", 'A')], &[(5, ""), (0, "")], "turn:1");
    s.play(act("nw"));
    assert_eq!(s.piece(cell("b12")), Some(Piece::Stack(S1)));
    assert_eq!(s.piece(cell("c11")), Some(Piece::Token(Token::Black)));
    // b12 is next to the dropped token: the phase goes on.
    assert_eq!(legal(&s), vec!["b12/nw", "c11/se"]);
}

#[test]
fn two_bounces_in_one_move() {
    // k12 ne, 4 squares: l13, (top edge) m12, (right edge) l11, k10.
    let p = numbers(2, None, &[("l13", 4)]);
    let mut s = setup(&p, &[("k12", 'A')], &[(5, ""), (0, "")], "turn:1");
    s.play(act("ne"));
    assert_eq!(s.piece(cell("k10")), Some(Piece::Stack(S1)));
}

#[test]
fn path_may_cross_itself_but_not_the_start() {
    // b2 sw with a1 = 3: a1, (corner) b2 = the start square: blocked.
    let p = numbers(2, None, &[("a1", 3)]);
    let s = setup(&p, &[("b2", 'A')], &[(5, ""), (0, "")], "turn:1");
    assert!(!s.is_legal(&act("sw")));
    // Crossing a square already passed: c1 w with b1 = 3: b1, a1, (left edge) b1.
    let p = numbers(2, None, &[("b1", 3)]);
    let mut s = setup(&p, &[("c1", 'A')], &[(5, ""), (0, "")], "turn:1");
    // b1, a1, (bounce) b1 again: legal, lands on b1 next to the dropped token on c1.
    s.play(act("w"));
    assert_eq!(s.piece(cell("b1")), Some(Piece::Stack(S1)));
}

#[test]
fn direction_offered_only_if_first_square_on_board() {
    let p = numbers(2, None, &[]);
    let s = setup(&p, &[("a13", 'A')], &[(5, ""), (0, "")], "turn:1");
    assert_eq!(legal(&s), vec!["e", "s", "se"]);
    assert!(refused(&s, "n").contains("off the board"));
}

#[test]
fn relocation_when_no_direction_is_legal() {
    // Stack on a1 boxed in by tokens on a2, b2, b1: no direction; the token drops on a1 and the
    // stack goes to an empty start-area square.
    let p = numbers(2, None, &[]);
    let mut s = setup(
        &p,
        &[
            ("a1", 'A'),
            ("a2", 'b'),
            ("b2", 'b'),
            ("b1", 'b'),
            ("g7", 'g'),
        ],
        &[(5, ""), (0, "")],
        "turn:1",
    );
    let l = legal(&s);
    assert_eq!(l.len(), 24, "the 25 start squares less g7");
    assert!(!l.contains(&"g7".to_string()));
    assert!(refused(&s, "a3").contains("start area"));
    s.play(act("e5"));
    assert_eq!(s.piece(cell("a1")), Some(Piece::Token(Token::Black)));
    assert_eq!(s.piece(cell("e5")), Some(Piece::Stack(S1)));
    assert_eq!(s.stack_count(S1), 4);
}

#[test]
fn relocation_from_the_start_area_cannot_reuse_its_square() {
    // Start area filled but for the stack's own square: after the drop it is full, so any
    // empty square will do (not the stack's own square).
    let p = numbers(2, Some(20), &[]);
    let mut pieces: Vec<(String, char)> = Vec::new();
    for f in b'e'..=b'i' {
        for r in 5..=9 {
            let c = format!("{}{r}", f as char);
            pieces.push((c.clone(), if c == "g7" { 'A' } else { 'b' }));
        }
    }
    let refs: Vec<(&str, char)> = pieces.iter().map(|(c, p)| (c.as_str(), *p)).collect();
    let s = setup(&p, &refs, &[(5, ""), (0, "")], "turn:1");
    // g7 is surrounded: no direction.
    let l = legal(&s);
    assert!(!l
        .iter()
        .any(|a| a.len() <= 2 && a.chars().all(|c| c.is_ascii_alphabetic())));
    assert_eq!(l.len(), 169 - 25);
    assert!(!l.contains(&"g7".to_string()));
    assert!(l.contains(&"a1".to_string()));
}

// ---- Repulsion phase ----

#[test]
fn capture_of_a_token_pushed_off() {
    let p = numbers(2, None, &[]);
    let mut s = setup(
        &p,
        &[("g7", 'A'), ("a1", 's'), ("b2", 'b')],
        &[(5, ""), (3, "")],
        "push:1 -",
    );
    assert_eq!(legal(&s), vec!["a1/sw", "b2/ne"]);
    s.play(act("a1/sw"));
    assert_eq!(s.captured(S1).silver, 1);
    assert_eq!(s.score(S1), 3);
    assert_eq!(s.piece(cell("a1")), None);
    assert_eq!(s.to_act(), ToAct::Seat(S2));
}

#[test]
fn opponent_stack_pushed_off_take_and_steal_then_return() {
    let p = numbers(2, None, &[]);
    let mut s = setup(
        &p,
        &[("g7", 'A'), ("a1", 'B'), ("b2", 'b')],
        &[(5, ""), (3, "gb")],
        "push:1 -",
    );
    s.play(act("a1/sw"));
    // The token taken (black) and the most valuable captured token stolen (gold).
    assert_eq!(s.stack_count(S2), 2);
    assert_eq!(s.captured(S1).black, 1);
    assert_eq!(s.captured(S1).gold, 1);
    assert_eq!(s.captured(S2).gold, 0);
    assert_eq!(s.stack_status(S2), StackStatus::Off);
    // Seat 2's turn: it places the stack back on a free start-area square, adjacency allowed,
    // no token drops.
    assert_eq!(s.to_act(), ToAct::Seat(S2));
    let l = legal(&s);
    assert_eq!(l.len(), 24);
    assert!(
        l.contains(&"f6".to_string()),
        "adjacent to the stack on g7 is allowed"
    );
    assert!(refused(&s, "d4").contains("start area"));
    assert!(refused(&s, "n").contains("off the board"));
    s.play(act("f6"));
    assert_eq!(s.stack_count(S2), 2);
    assert_eq!(s.piece(cell("f6")), Some(Piece::Stack(S2)));
    // Then its repulsion phase: f6 and g7 are adjacent.
    assert_eq!(s.phase(), Phase::Repulsion);
    assert_eq!(legal(&s), vec!["f6/sw", "g7/ne"]);
}

#[test]
fn stack_pushed_off_with_its_last_token_is_finished() {
    let p = numbers(2, None, &[]);
    let mut s = setup(
        &p,
        &[("g7", 'A'), ("a1", 'B'), ("b2", 'b')],
        &[(5, ""), (1, "")],
        "push:1 -",
    );
    s.play(act("a1/sw"));
    assert_eq!(s.stack_status(S2), StackStatus::Finished);
    assert_eq!(s.stack_count(S2), 0);
    // Seat 2 takes no more turns.
    assert_eq!(s.to_act(), ToAct::Seat(S1));
    assert_eq!(s.phase(), Phase::Turn);
}

#[test]
fn own_stack_may_be_pushed_within_the_board() {
    let p = numbers(2, None, &[]);
    let s = setup(
        &p,
        &[("b2", 'A'), ("c3", 'b')],
        &[(5, ""), (0, "")],
        "push:1 -",
    );
    assert_eq!(legal(&s), vec!["b2/sw", "c3/ne"]);
}

#[test]
fn push_target_must_be_empty() {
    let p = numbers(2, None, &[]);
    // d5 e5 f5 in a row: e5 cannot be pushed either way.
    let s = setup(
        &p,
        &[("a13", 'A'), ("d5", 'b'), ("e5", 'b'), ("f5", 'b')],
        &[(5, ""), (0, "")],
        "push:1 -",
    );
    assert_eq!(legal(&s), vec!["d5/w", "f5/e"]);
    assert!(refused(&s, "e5/e").contains("f5 holds"));
    assert!(refused(&s, "e5/n").contains("holds none"));
    assert!(refused(&s, "c5/w").contains("empty"));
    assert!(refused(&s, "ne").contains("must push"));
}

#[test]
fn repetition_rule_forbids_recreating_an_arrangement() {
    let p = numbers(2, None, &[]);
    let mut s = setup(
        &p,
        &[("a13", 'A'), ("d5", 'b'), ("e5", 'b'), ("f5", 'b')],
        &[(5, ""), (0, "")],
        "push:1 -",
    );
    s.play(act("d5/w")); // c5 e5 f5
    assert_eq!(legal(&s), vec!["e5/w", "f5/e"]);
    s.play(act("e5/w")); // c5 d5 f5: d5/e would recreate c5 e5 f5
    assert_eq!(legal(&s), vec!["c5/w"]);
    assert!(refused(&s, "d5/e").contains("arrangement"));
    // The same, read from the position notation mid-phase.
    let t = setup(
        &p,
        &[("a13", 'A'), ("c5", 'b'), ("d5", 'b'), ("f5", 'b')],
        &[(5, ""), (0, "")],
        "push:1 d5/w,e5/w",
    );
    assert_eq!(t, s);
    assert_eq!(legal(&t), vec!["c5/w"]);
    s.play(act("c5/w"));
    assert_eq!(s.phase(), Phase::Turn, "nothing adjacent: the phase ends");
}

#[test]
fn phase_ends_when_adjacent_pieces_have_no_legal_push() {
    // From a random game: after k5/nw the only adjacent pair is the stack on i7 and the token
    // on j6. j6/se recreates the arrangement before k5/nw; i7/nw recreates the one after
    // e7/n (stack on h8, the token of j10 back on i9, j6 on j6).
    let p = Params::default();
    let mut s = State::from_position(
        &p,
        "4b8/13/2s3B3s1b/13/6b1b2b1/4b8/1b6A2b1/4b8/6g3b2/11b1/2s5b4/6b6/10s1b 8bb,9b push:1 g7/sw,f6/nw,e7/n,i9/ne,h8/se,j6/se,j10/sw",
    )
    .unwrap();
    assert!(legal(&s).contains(&"k5/nw".to_string()));
    s.play(act("k5/nw"));
    assert_eq!(s.piece(cell("j6")), Some(Piece::Token(Token::Black)));
    assert_eq!(s.piece(cell("i7")), Some(Piece::Stack(S1)));
    assert_eq!(s.to_act(), ToAct::Seat(S2));
    assert_eq!(s.phase(), Phase::Turn);
}

#[test]
fn arrangements_before_a_capture_are_forgotten() {
    let p = numbers(2, None, &[]);
    let mut s = setup(
        &p,
        &[
            ("g7", 'A'),
            ("a1", 'b'),
            ("b2", 'b'),
            ("d5", 'b'),
            ("e5", 'b'),
            ("f5", 'b'),
        ],
        &[(5, ""), (0, "")],
        "push:1 -",
    );
    s.play(act("d5/w"));
    assert_eq!(s.phase_arrangements().len(), 2);
    s.play(act("a1/sw"));
    assert_eq!(s.phase_arrangements().len(), 1);
    assert_eq!(s.phase_pushes().count(), 0);
}

// ---- End and scores ----

#[test]
fn emptied_stack_stays_until_end_of_turn_then_finishes() {
    // Seat 1's last token drops; the stack lands next to a token and must push within the turn.
    let p = numbers(2, None, &[("g8", 2)]);
    let mut s = setup(
        &p,
        &[("g7", 'A'), ("g10", 'b'), ("a1", 'B')],
        &[(1, ""), (4, "")],
        "turn:1",
    );
    s.play(act("n")); // to g9 with 0 tokens, next to g10
    assert_eq!(s.stack_count(S1), 0);
    assert_eq!(s.piece(cell("g9")), Some(Piece::Stack(S1)));
    assert_eq!(s.phase(), Phase::Repulsion);
    assert_eq!(legal(&s), vec!["g10/n", "g9/s"]);
    s.play(act("g10/n"));
    assert_eq!(
        s.piece(cell("g9")),
        None,
        "the finished stack left at the end of the turn"
    );
    assert_eq!(s.stack_status(S1), StackStatus::Finished);
    assert_eq!(s.to_act(), ToAct::Seat(S2));
}

#[test]
fn game_ends_when_every_stack_is_finished_with_scores() {
    let p = numbers(2, None, &[("g8", 2)]);
    let mut s = setup(&p, &[("g7", 'A')], &[(1, "gs"), (0, "ssb")], "turn:1");
    s.play(act("n"));
    assert_eq!(s.to_act(), ToAct::Over);
    let o = s.outcome().unwrap();
    let scores = o.scores().unwrap();
    assert_eq!(scores[0], 8);
    // seat 2: the rest of the tokens count as its captured: 2 silver + black tokens.
    assert_eq!(scores[1], s.score(S2));
    assert_eq!(
        o.summary(State::SEAT_NAMES),
        format!(
            "{} scores 1=8 2={}",
            if scores[1] > 8 {
                "2"
            } else if scores[1] == 8 {
                "1,2"
            } else {
                "1"
            },
            scores[1]
        )
    );
}

#[test]
fn equal_highest_scores_share_the_win() {
    let p = numbers(2, Some(1), &[("g8", 2)]);
    // stack=1: 4 + 2 black tokens in all; the helper gives seat 2 the ones not placed.
    let mut s = setup(
        &p,
        &[
            ("g7", 'A'),
            ("a1", 's'),
            ("a3", 's'),
            ("a5", 'b'),
            ("a7", 'b'),
            ("a9", 'b'),
        ],
        &[(1, "g"), (0, "ssb")],
        "turn:1",
    );
    assert_eq!(s.score(S1), 5);
    // seat 2: 2 silver + 1 black + the balancing black tokens.
    s.play(act("n"));
    assert_eq!(s.to_act(), ToAct::Over);
    let o = s.outcome().unwrap();
    let (a, b) = (s.score(S1), s.score(S2));
    assert_eq!((a, b), (5, 3 + 3 + 1 + 1));
    assert!(o.is_winner(S2));
    // A tie: 8 each.
    let mut s = setup(
        &p,
        &[
            ("g7", 'A'),
            ("a5", 'b'),
            ("a7", 'b'),
            ("a9", 'b'),
            ("a11", 's'),
        ],
        &[(1, "gs"), (0, "ssb")],
        "turn:1",
    );
    s.play(act("n"));
    let o = s.outcome().unwrap();
    assert_eq!((s.score(S1), s.score(S2)), (8, 7 + 1));
    assert!(matches!(o.result(), GameResult::Winners(w) if w.len() == 2));
    assert_eq!(o.summary(State::SEAT_NAMES), "1,2 scores 1=8 2=8");
}

#[test]
fn finished_seats_are_skipped() {
    let p = numbers(3, None, &[("a2", 2)]);
    let s = setup(
        &p,
        &[("a1", 'A'), ("m13", 'C')],
        &[(3, ""), (0, ""), (3, "")],
        "turn:1",
    );
    let mut s = s;
    s.play(act("n")); // a1 -> a3, no adjacency
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(2)));
}

#[test]
fn turn_bound_from_the_tokens() {
    assert_eq!(State::max_turns(&"players=4".parse().unwrap()), 4 + 40);
    assert_eq!(State::max_game_length(&Params::default()), None);
}

// ---- Notation ----

#[test]
fn action_notation() {
    assert_eq!(act("E5"), Action::Place(cell("e5")));
    assert_eq!(act("c3/SW").to_string(), "c3/sw");
    assert!("".parse::<Action>().is_err());
    assert!("e5/".parse::<Action>().unwrap_err().at == 3);
    assert!("x".parse::<Action>().is_err());
    assert!("e5x".parse::<Action>().unwrap_err().at == 2);
}

#[test]
fn position_errors() {
    let p = Params::default();
    let start = State::new(&p).position();
    assert!(matches!(
        State::from_position(&p, ""),
        Err(PositionError::Syntax(_))
    ));
    assert!(
        matches!(State::from_position(&p, &start.replace("6b6", "6x6")), Err(PositionError::Syntax(e)) if e.at == 4)
    );
    assert!(matches!(
        State::from_position(&p, &start.replace("15,15", "15,15,15")),
        Err(PositionError::Invalid(_))
    ));
    assert!(matches!(
        State::from_position(&p, &start.replace("15,15", "14,15")),
        Err(PositionError::Invalid(_))
    ));
    assert!(matches!(
        State::from_position(&p, &start.replace("place:1", "place:3")),
        Err(PositionError::Invalid(_))
    ));
    assert!(matches!(
        State::from_position(&p, &start.replace("place:1", "push:1")),
        Err(PositionError::Syntax(_))
    ));
    assert!(matches!(
        State::from_position(&p, &format!("{start} x")),
        Err(PositionError::Syntax(_))
    ));
    assert_eq!(State::from_position(&p, &start).unwrap(), State::new(&p));
}

#[test]
fn illegal_actions_leave_the_state_unchanged() {
    let mut s = State::new(&Params::default());
    for a in ["a1", "n", "c3/sw", "g7"] {
        refused(&s, a);
    }
    // A square off the board does not read as an action; built directly, it is refused.
    let z26 = Action::Place(Cell::new(25, 25));
    let mut t = s.clone();
    assert!(t.try_play(z26).is_err());
    assert_eq!(t, s);
    s.play(act("e5"));
    s.play(act("i9"));
    for a in ["e5", "c3/sw", "a1"] {
        refused(&s, a);
    }
    let before = s.clone();
    assert!(matches!(
        s.try_play_as(S2, act("n")),
        Err(PlayError::NotYourTurn { .. })
    ));
    assert_eq!(s, before);
}

#[test]
fn bounces_off_the_bottom_and_left_edges() {
    // c2 s with c1 = 3: c1, (bottom edge) c2 is the start square: blocked.
    let p = numbers(2, None, &[("c1", 3)]);
    let s = setup(&p, &[("c2", 'A')], &[(5, ""), (0, "")], "turn:1");
    assert!(refused(&s, "s").contains("dropped token"));
    // d2 sw with c1 = 3: c1, (bottom edge) b2, a3.
    let p = numbers(2, None, &[("c1", 3)]);
    let mut s = setup(&p, &[("d2", 'A')], &[(5, ""), (0, "")], "turn:1");
    s.play(act("sw"));
    assert_eq!(s.piece(cell("a3")), Some(Piece::Stack(S1)));
    // b5 nw with a6 = 3: a6, (left edge) b7, c8.
    let p = numbers(2, None, &[("a6", 3)]);
    let mut s = setup(&p, &[("b5", 'A')], &[(5, ""), (0, "")], "turn:1");
    s.play(act("nw"));
    assert_eq!(s.piece(cell("c8")), Some(Piece::Stack(S1)));
    // c6 w with b6 = 5: b6, a6, (left edge) b6, c6 = the start square: blocked.
    let p = numbers(2, None, &[("b6", 5)]);
    let s = setup(&p, &[("c6", 'A')], &[(5, ""), (0, "")], "turn:1");
    assert!(!s.is_legal(&act("w")));
}

#[test]
fn return_to_a_full_start_area_uses_any_empty_square() {
    let p = numbers(2, Some(20), &[]);
    let mut pieces: Vec<(String, char)> = Vec::new();
    for f in b'e'..=b'i' {
        for r in 5..=9 {
            pieces.push((
                format!("{}{r}", f as char),
                if (f, r) == (b'g', 7) { 'B' } else { 'b' },
            ));
        }
    }
    let refs: Vec<(&str, char)> = pieces.iter().map(|(c, p)| (c.as_str(), *p)).collect();
    let mut s = setup(&p, &refs, &[(5, ""), (4, "")], "turn:1");
    assert_eq!(s.stack_status(S1), StackStatus::Off);
    let l = legal(&s);
    assert_eq!(l.len(), 169 - 25);
    s.play(act("a1"));
    assert_eq!(s.piece(cell("a1")), Some(Piece::Stack(S1)));
    assert_eq!(s.stack_count(S1), 5, "no token drops on a return");
}

#[test]
fn setup_round_with_four_players_then_seat_one_moves() {
    let mut s = State::new(&"players=4".parse().unwrap());
    for (k, c) in ["e5", "i5", "e9", "i9"].iter().enumerate() {
        assert_eq!(s.to_act(), ToAct::Seat(Seat::of(k)));
        assert_eq!(s.phase(), Phase::Setup);
        s.play(act(c));
    }
    assert_eq!(s.phase(), Phase::Turn);
    assert_eq!(s.to_act(), ToAct::Seat(S1));
    for k in 0..4 {
        assert_eq!(s.stack_count(Seat::of(k)), 10);
    }
}

#[test]
fn a_move_drops_exactly_one_token_per_turn() {
    let mut s = State::new(&Params::default());
    s.play(act("e5"));
    s.play(act("i9"));
    let mut list = Actions::<State>::new();
    s.legal_actions(&mut list);
    s.play(list[0]);
    assert_eq!(s.stack_count(S1), 14);
    assert_eq!(s.piece(cell("e5")), Some(Piece::Token(Token::Black)));
}

#[test]
fn phase_pushes_in_the_notation_are_validated() {
    let p: Params = "players=2,stack=5".parse().unwrap();
    let base = "13/13/13/13/13/13/13/13/2bb1b7/13/13/13/A12 5,0gssssbbbbbb push:1";
    assert!(State::from_position(&p, &format!("{base} d5/w,e5/w")).is_ok());
    // A push whose destination is empty now cannot have happened.
    assert!(matches!(
        State::from_position(&p, &format!("{base} a5/e")),
        Err(PositionError::Invalid(_))
    ));
    // A push from a square that is occupied now cannot have happened.
    assert!(matches!(
        State::from_position(&p, &format!("{base} b5/e")),
        Err(PositionError::Invalid(_))
    ));
    // Pushes that repeat an arrangement (d5 there and back: c5 d5 f5, c5 e5 f5, c5 d5 f5).
    assert!(matches!(
        State::from_position(&p, &format!("{base} d5/e,e5/w")),
        Err(PositionError::Invalid(m)) if m.contains("repeat")
    ));
    // A push off the board is a capture: it is never in the list.
    assert!(matches!(
        State::from_position(&p, &format!("{base} m5/e")),
        Err(PositionError::Invalid(_))
    ));
    // Not a push.
    assert!(matches!(
        State::from_position(&p, &format!("{base} d5")),
        Err(PositionError::Syntax(_))
    ));
    // A phase with no legal push left is over: not a position to continue.
    let done = "13/13/13/13/13/13/13/13/1b1b1b7/13/13/13/A12 5,0gssssbbbbbb push:1 -";
    assert!(matches!(
        State::from_position(&p, done),
        Err(PositionError::Invalid(_))
    ));
}

/// The setup round can never leave a seat without a square: the free squares are the 16 of
/// the start area's outer ring (the gold's block is out), and three stacks on that ring cover
/// at most 12 of them. Checked over every setup sequence with four players.
#[test]
fn setup_round_never_blocks_a_seat() {
    fn walk(s: &State, depth: u32) {
        let mut list = Actions::<State>::new();
        s.legal_actions(&mut list);
        if s.phase() != Phase::Setup {
            assert!(!list.is_empty());
            return;
        }
        assert!(!list.is_empty(), "{}", s.position());
        if depth == 0 {
            return;
        }
        for &a in list.iter() {
            let mut t = s.clone();
            t.play_unchecked(a);
            walk(&t, depth - 1);
        }
    }
    walk(&State::new(&"players=4".parse().unwrap()), 4);
}
