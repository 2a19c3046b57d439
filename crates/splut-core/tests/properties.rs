//! proptest properties of reachable states.

use boardgame_kit::{playout, strategy::seeds, Actions, Game, SplitMix64, ToAct};
use proptest::prelude::*;
use splut_core::{Piece, State};

const PARAMS: [&str; 4] = ["", "seats=we", "players=3", "players=4"];

/// Every piece on the board, by square.
fn pieces(s: &State) -> Vec<(String, Piece)> {
    let mut v = vec![];
    for f in b'a'..=b'i' {
        for r in 1..=9 {
            let c = format!("{}{}", f as char, r);
            if let Ok(cell) = c.parse() {
                if let Some(p) = s.piece_at(cell) {
                    v.push((c, p));
                }
            }
        }
    }
    v
}

fn check_invariants(s: &State) -> Result<(), TestCaseError> {
    let ps = pieces(s);
    // exactly four Rocks, each once
    let mut rocks: Vec<u8> = ps
        .iter()
        .filter_map(|(_, p)| {
            if let Piece::Rock(i) = p {
                Some(*i)
            } else {
                None
            }
        })
        .collect();
    rocks.sort();
    prop_assert_eq!(rocks, vec![0, 1, 2, 3]);
    // no two pieces on a square: each piece is found once
    for seat in 0..4 {
        let seat = boardgame_kit::Seat::of(seat);
        let sorcerers = ps
            .iter()
            .filter(|(_, p)| *p == Piece::Sorcerer(seat))
            .count();
        let trolls = ps.iter().filter(|(_, p)| *p == Piece::Troll(seat)).count();
        let dwarves = ps.iter().filter(|(_, p)| *p == Piece::Dwarf(seat)).count();
        prop_assert!(trolls <= 1 && dwarves <= 1 && sorcerers <= 1);
        // a team is on the board exactly while its Sorcerer lives
        prop_assert_eq!(s.in_play().contains(seat), sorcerers == 1);
        if sorcerers == 0 {
            prop_assert_eq!(trolls + dwarves, 0);
        } else {
            prop_assert_eq!(trolls, 1, "a Troll dies only with its team");
        }
    }
    // squares are exclusive: the position lists every piece square once
    let pos = s.position();
    let fields: Vec<&str> = pos.split(' ').collect();
    let mut squares: Vec<&str> = fields[0].split(',').collect();
    for team in fields[1].split(';').filter(|t| *t != "-") {
        squares.extend(
            team.split_once(':')
                .unwrap()
                .1
                .split(',')
                .filter(|x| *x != "-"),
        );
    }
    let n = squares.len();
    squares.sort();
    squares.dedup();
    prop_assert_eq!(n, squares.len());
    prop_assert_eq!(n, ps.len());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn reachable_states_keep_the_invariants(which in 0..4usize, (seed, len) in seeds(300)) {
        let mut s = State::new(&PARAMS[which].parse().unwrap());
        playout(&mut s, &mut SplitMix64::new(seed), len);
        check_invariants(&s)?;
    }

    /// Quotas: a turn is 1, 2 then 3 steps (fewer only after a throw or when stuck), and the
    /// turn number advances exactly when the turn ends.
    #[test]
    fn quotas_and_what_removes_pieces(which in 0..4usize, (seed, len) in seeds(300)) {
        let mut s = State::new(&PARAMS[which].parse().unwrap());
        let mut rng = SplitMix64::new(seed);
        let mut buf = Actions::<State>::new();
        for _ in 0..len {
            let Some(a) = boardgame_kit::random_action(&s, &mut rng, &mut buf) else { break };
            let before = s;
            let quota = match before.turn() { 1 => 1, 2 => 2, _ => 3 };
            prop_assert!(before.steps_left() >= 1 && before.steps_left() <= quota);
            s.play(a);
            let throw = matches!(a.kind(), splut_core::ActionKind::Throw(_));
            let before_n = pieces(&before).len();
            let after_n = pieces(&s).len();
            // only a throw removes pieces
            if !throw {
                prop_assert_eq!(before_n, after_n);
            } else {
                prop_assert!(after_n <= before_n);
            }
            if s.to_act() == ToAct::Over {
                break;
            }
            let same_turn = s.turn() == before.turn();
            if same_turn {
                prop_assert!(!throw);
                prop_assert_eq!(s.to_act(), before.to_act());
                prop_assert_eq!(s.steps_left() + 1, before.steps_left());
            } else {
                prop_assert!(throw || before.steps_left() == 1 || stuck(&s, &before));
                prop_assert_eq!(s.moved_this_turn(), 0);
            }
            check_invariants(&s)?;
        }
    }

    #[test]
    fn undo_restores_and_positions_round_trip(which in 0..4usize, (seed, len) in seeds(200)) {
        let params = PARAMS[which].parse().unwrap();
        let mut s = State::new(&params);
        playout(&mut s, &mut SplitMix64::new(seed), len);
        let back = State::from_position(&params, &s.position()).unwrap();
        prop_assert_eq!(back, s);
        let mut l = Actions::<State>::new();
        s.legal_actions(&mut l);
        for &a in l.iter() {
            let mut t = s;
            let u = t.play_unchecked(a);
            t.undo(u);
            prop_assert_eq!(t, s);
        }
    }

    /// The crate's perft kernel (`boardgame perft`) counts what the generic driver counts,
    /// from random positions of every seating (mid-turn, levitation runs, bans).
    #[test]
    fn perft_kernel_agrees_with_the_generic_driver(which in 0..4usize, (seed, len) in seeds(200), depth in 1..=3u32) {
        let mut s = State::new(&PARAMS[which].parse().unwrap());
        playout(&mut s, &mut SplitMix64::new(seed), len);
        let generic = boardgame_kit::perft_generic(&mut s, depth);
        prop_assert_eq!(s.perft(depth), generic, "{}", s.position());
        prop_assert_eq!(boardgame_kit::perft(&mut s, depth), generic);
    }

    /// Position keys: a state read back from its text has the key of the state it was written
    /// from, and the states along a game (no two equal: a step always changes the squares or
    /// the turn state) have distinct keys.
    #[test]
    fn position_keys_follow_the_state(which in 0..4usize, (seed, len) in seeds(200)) {
        let params = PARAMS[which].parse().unwrap();
        let mut s = State::new(&params);
        let mut rng = SplitMix64::new(seed);
        let mut seen = std::collections::HashMap::new();
        for _ in 0..len {
            let back = State::from_position(&params, &s.position()).unwrap();
            prop_assert_eq!(back.position_key(), s.position_key());
            if let Some(other) = seen.insert(s.position_key(), s) {
                prop_assert_eq!(other, s, "two states, one key");
            }
            if playout(&mut s, &mut rng, 1).length == 0 {
                break;
            }
        }
    }
}

/// Whether the mover of `before` has no legal step on the board of `after` (the turn passed
/// on before its quota was used up): a position with that seat to move is refused as stuck.
fn stuck(after: &State, before: &State) -> bool {
    let pos = after.position();
    let f: Vec<&str> = pos.split(' ').collect();
    let seat = match before.to_act() {
        ToAct::Seat(s) => splut_core::SEAT_NAMES[s.index()],
        _ => return false,
    };
    let text = format!("{} {} {} 3 1 - - -", f[0], f[1], seat);
    matches!(State::from_position(&before.params(), &text), Err(boardgame_kit::PositionError::Invalid(why)) if why.contains("no legal step"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Reading never panics: arbitrary text, and positions with one byte changed.
    #[test]
    fn position_reading_never_panics(text in ".{0,80}", which in 0..4usize, (seed, len) in seeds(120), at in 0..200usize, byte in 0u8..128) {
        let params = PARAMS[which].parse().unwrap();
        let _ = State::from_position(&params, &text);
        let _ = text.parse::<splut_core::Action>();
        let mut s = State::new(&params);
        playout(&mut s, &mut SplitMix64::new(seed), len);
        let mut pos = s.position().into_bytes();
        let i = at % pos.len();
        pos[i] = byte;
        if let Ok(t) = String::from_utf8(pos) {
            if let Ok(back) = State::from_position(&params, &t) {
                // whatever reads back re-prints to a position that reads back identically
                let again = State::from_position(&params, &back.position()).unwrap();
                prop_assert_eq!(again, back);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The kit's fuzz harness on a played position followed by legal, foreign and garbled
    /// actions.
    #[test]
    fn fuzz_harness_holds(which in 0..4usize, (seed, len) in seeds(150), junk in "[a-i1-9/pnesw-]{0,12}") {
        let params: splut_core::Params = PARAMS[which].parse().unwrap();
        let mut s = State::new(&params);
        playout(&mut s, &mut SplitMix64::new(seed), len);
        let mut l = Actions::<State>::new();
        s.legal_actions(&mut l);
        let mut input = format!("{}\n{}\n", params, s.position());
        for a in l.iter().take(3) {
            input.push_str(&format!("{a}\n{junk}\n"));
        }
        input.push_str("e2-e3\ne5-d5/p\nd3-d4/c6\n");
        boardgame_kit::fuzzing::run::<State>(input.as_bytes());
    }
}
