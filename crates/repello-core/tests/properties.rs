//! Properties of the issue: tokens are conserved, no two pieces share a square (the board
//! holds at most one piece per square by construction; the stacks' squares are distinct),
//! every repulsion phase ends, and the game ends within the turn bound the tokens imply.

use boardgame_kit::strategy::{reachable, seeds};
use boardgame_kit::{random_action, Actions, Cell, Game, Seat, SplitMix64, ToAct};
use proptest::prelude::*;
use repello_core::{Action, Params, Phase, Piece, StackStatus, State, Token};

fn params() -> impl Strategy<Value = Params> {
    prop_oneof![
        Just(Params::default()),
        Just("players=3".parse().unwrap()),
        Just("players=4".parse().unwrap()),
        Just("players=2,stack=3".parse().unwrap()),
    ]
}

/// (black, silver, gold) tokens on the board, in stacks and captured.
fn tokens(s: &State) -> (u32, u32, u32) {
    let (mut b, mut sv, mut g) = (0, 0, 0);
    for f in 0..13 {
        for r in 0..13 {
            match s.piece(Cell::new(f, r)) {
                Some(Piece::Token(Token::Black)) => b += 1,
                Some(Piece::Token(Token::Silver)) => sv += 1,
                Some(Piece::Token(Token::Gold)) => g += 1,
                _ => {}
            }
        }
    }
    for k in 0..s.players() {
        let c = s.captured(Seat::of(k));
        b += c.black as u32 + s.stack_count(Seat::of(k)) as u32;
        sv += c.silver as u32;
        g += c.gold as u32;
    }
    (b, sv, g)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn tokens_are_conserved(p in params(), (seed, len) in seeds(400)) {
        let mut s = State::new(&p);
        let total = (4 + p.players() as u32 * p.stack() as u32, 4, 1);
        let mut rng = SplitMix64::new(seed);
        let mut buf = Actions::<State>::new();
        for _ in 0..len {
            prop_assert_eq!(tokens(&s), total);
            let Some(a) = random_action(&s, &mut rng, &mut buf) else { break };
            s.play(a);
        }
        prop_assert_eq!(tokens(&s), total);
    }

    #[test]
    fn stacks_stand_on_distinct_squares(s in params().prop_flat_map(|p| reachable::<State>(p, 300))) {
        let mut seen: Vec<Cell> = Vec::new();
        for k in 0..s.players() {
            let seat = Seat::of(k);
            if let StackStatus::OnBoard(c) = s.stack_status(seat) {
                prop_assert!(!seen.contains(&c));
                prop_assert_eq!(s.piece(c), Some(Piece::Stack(seat)));
                seen.push(c);
            }
        }
        let on_board = (0..13).flat_map(|f| (0..13).map(move |r| Cell::new(f, r)))
            .filter(|&c| matches!(s.piece(c), Some(Piece::Stack(_)))).count();
        prop_assert_eq!(on_board, seen.len());
    }

    #[test]
    fn every_phase_ends_and_the_game_ends_within_the_turn_bound(p in params(), seed in any::<u64>()) {
        let mut s = State::new(&p);
        let mut rng = SplitMix64::new(seed);
        let mut buf = Actions::<State>::new();
        let mut turns = 0u64;
        let mut phase_len = 0u64;
        while let Some(a) = random_action(&s, &mut rng, &mut buf) {
            match a {
                Action::Push(..) => {
                    phase_len += 1;
                    // A phase never repeats an arrangement: it is shorter than the number of
                    // arrangements, and in practice short.
                    prop_assert!(phase_len < 10_000);
                }
                _ => {
                    turns += 1;
                    phase_len = 0;
                }
            }
            s.play(a);
            prop_assert!(turns <= State::max_turns(&p));
            if s.phase() != Phase::Repulsion {
                phase_len = 0;
            }
        }
        prop_assert_eq!(s.to_act(), ToAct::Over);
        prop_assert!(s.outcome().is_some());
    }

    #[test]
    fn position_round_trips(s in params().prop_flat_map(|p| reachable::<State>(p, 300))) {
        let back = State::from_position(&s.params(), &s.position()).unwrap();
        prop_assert_eq!(&back, &s);
        prop_assert_eq!(back.position(), s.position());
    }
}

proptest! {
    /// The fuzz harness on positions of random games with one byte changed, then actions.
    #[test]
    fn fuzz_harness_on_mutated_positions(
        p in params(),
        (seed, len) in seeds(300),
        at in any::<usize>(),
        ch in proptest::sample::select(b"0123456789bsgABCDE/ ,:-pushtrnlaceov".to_vec()),
        actions in proptest::collection::vec("[a-nA-N][0-9]{1,2}(/(n|ne|e|se|s|sw|w|nw))?|n|ne|e|se|s|sw|w|nw", 0..20),
    ) {
        let mut s = State::new(&p);
        boardgame_kit::playout(&mut s, &mut SplitMix64::new(seed), len);
        let mut pos = s.position().into_bytes();
        let i = at % pos.len();
        pos[i] = ch;
        let text = format!("{}\n{}\n{}", p, String::from_utf8(pos).unwrap(), actions.join("\n"));
        boardgame_kit::fuzzing::run::<State>(text.as_bytes());
    }

    /// The fuzz harness on valid positions followed by their legal actions and noise.
    #[test]
    fn fuzz_harness_on_positions_and_actions(p in params(), (seed, len) in seeds(300), noise in "[a-z0-9/]{0,6}") {
        let mut s = State::new(&p);
        boardgame_kit::playout(&mut s, &mut SplitMix64::new(seed), len);
        let mut list = Actions::<State>::new();
        s.legal_actions(&mut list);
        let acts: Vec<String> = list.iter().map(|a| a.to_string()).collect();
        let text = format!("{}\n{}\n{}\n{}", p, s.position(), noise, acts.join("\n"));
        boardgame_kit::fuzzing::run::<State>(text.as_bytes());
    }

    #[test]
    fn fuzz_harness_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        boardgame_kit::fuzzing::run::<State>(&bytes);
    }
}
