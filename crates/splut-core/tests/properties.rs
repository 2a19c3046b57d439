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
