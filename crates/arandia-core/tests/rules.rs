//! One test per rule, ruling and worked example of the rules (`docs/arandia.md`). Expected values
//! come from the rules text.

use arandia_core::{Action, Cell, Params, Phase, Place, State, Terrain};
use boardgame_kit::conformance::check_refused;
use boardgame_kit::{Actions, Game, GameResult, PlayError, PositionError, Seat, ToAct};

mod common;
use common::*;

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

fn refused(s: &State, a: &str) -> String {
    let mut t = *s;
    match t.try_play(a.parse().unwrap()) {
        Err(PlayError::Illegal { reason, .. }) => {
            assert_eq!(t, *s, "a refused action changed the state");
            reason.into_owned()
        }
        other => panic!("{a} not refused as illegal: {other:?}"),
    }
}

// ---- Board ----

#[test]
fn board_has_61_cells_in_ranks_of_5_to_9() {
    let mut per_rank = [0; 9];
    for c in Cell::all() {
        per_rank[c.hex().rank as usize] += 1;
    }
    assert_eq!(per_rank, [5, 6, 7, 8, 9, 8, 7, 6, 5]);
    assert!("e9".parse::<Cell>().is_ok() && "d9".parse::<Cell>().is_err());
    assert!("a5".parse::<Cell>().is_ok() && "a6".parse::<Cell>().is_err());
    assert!("e1".parse::<Cell>().is_ok() && "f1".parse::<Cell>().is_err());
}

#[test]
fn rocks_harbours_island_shoals() {
    for r in ["e9", "i9", "i5", "e1", "a1", "a5"] {
        assert_eq!(cell(r).terrain(), Terrain::Rock, "{r}");
    }
    let sides = HARBOURS;
    for (k, side) in sides.iter().enumerate() {
        for c in side {
            assert_eq!(cell(c).terrain(), Terrain::Harbour(k as u8), "{c}");
        }
    }
    assert_eq!(cell("e5").terrain(), Terrain::Island);
    for c in ["g5", "g7", "e7", "c5", "c3", "e3"] {
        assert_eq!(cell(c).terrain(), Terrain::Shoal, "{c}");
    }
    assert_eq!(cell("d5").terrain(), Terrain::Sea);
}

#[test]
fn direction_labels_of_a_sea_cell() {
    use boardgame_kit::HexDir::*;
    let c = cell("d5");
    let expect = [
        (E, "e5", 1),
        (NE, "e6", 2),
        (NW, "d6", 3),
        (W, "c5", 4),
        (SW, "c4", 5),
        (SE, "d4", 6),
    ];
    for (d, n, l) in expect {
        assert_eq!(c.neighbour(d), Some(cell(n)));
        assert_eq!(c.label(d), l);
    }
}

#[test]
fn shoal_labels_one_doubled_one_missing() {
    use boardgame_kit::HexDir;
    // (shoal, doubled, missing)
    for (s, twice, none) in [
        ("g5", 1, 4),
        ("g7", 2, 5),
        ("e7", 3, 6),
        ("c5", 4, 1),
        ("c3", 5, 2),
        ("e3", 6, 3),
    ] {
        let labels: Vec<u8> = HexDir::ALL.iter().map(|&d| cell(s).label(d)).collect();
        assert_eq!(labels.iter().filter(|&&l| l == twice).count(), 2, "{s}");
        assert_eq!(labels.iter().filter(|&&l| l == none).count(), 0, "{s}");
    }
}

// ---- Players and start ----

#[test]
fn seats_by_number_of_players() {
    for (p, seats) in [
        ("players=2", vec![0, 3]),
        ("players=3", vec![0, 2, 4]),
        ("players=4", vec![0, 1, 3, 4]),
        ("players=6", vec![0, 1, 2, 3, 4, 5]),
    ] {
        let s = State::new(&params(p));
        assert_eq!(
            s.seats().iter().map(|x| x.index()).collect::<Vec<_>>(),
            seats
        );
        assert_eq!(s.to_act(), ToAct::Seat(Seat::of(0)), "lowest seat first");
    }
}

#[test]
fn ships_start_in_home_harbour() {
    let s = State::new(&params("players=6"));
    assert_eq!(
        s.position(),
        "0 - t0 0:f9,g9,h9 1:i6,i7,i8 2:f2,g3,h4 3:b1,c1,d1 4:a2,a3,a4 5:b6,c7,d8"
    );
}

#[test]
fn seats_play_in_increasing_order() {
    let mut s = State::new(&params("players=3"));
    // Seat 0: shuffle every ship (no dice needed): f9-g9, then g9... each ship once.
    play(&mut s, "f9-g9 h9-g9 g9-f9");
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(2)));
    play(&mut s, "f2-g3 h4-g3 g3-h4");
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(4)));
    play(&mut s, "a2-a3 a4-a3 a3-a2");
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(0)));
    assert_eq!(s.turns(), 3);
}

#[test]
fn four_players_from_seat_3_wrap_round() {
    let mut s = State::new(&params("players=4,first=3"));
    let mut order = vec![];
    for _ in 0..5 {
        let m = s.to_act().seat().unwrap();
        order.push(m.index());
        // Three rolls of 6 from the home harbour ships: whatever happens, three ship actions
        // (no enemies are reachable in one step from a home harbour at the start).
        for _ in 0..3 {
            let mut l = Actions::<State>::new();
            s.legal_actions(&mut l);
            let roll = l
                .iter()
                .copied()
                .find(|a| matches!(a, Action::At(_)))
                .unwrap();
            s.play(roll);
            s.play(Action::Die(6));
            if s.phase() == Phase::Wreck {
                let mut l = Actions::<State>::new();
                s.legal_actions(&mut l);
                s.play(l[0]);
            }
        }
    }
    assert_eq!(order, [3, 4, 0, 1, 3]);
    assert_eq!(s.turns(), 5);
}

#[test]
fn first_parameter() {
    let s = State::new(&params("players=4,first=3"));
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(3)));
    assert!("players=4,first=2".parse::<Params>().is_err());
}

#[test]
fn closed_harbours_whether_or_not_anyone_sits_there() {
    // Two players: side 1 is empty but still closed to seat 0 (example 6 uses it too).
    let mut s = pos("", "0 - t0 0:h8,g9,h9 3:b1,c1,d1");
    play(&mut s, "h8 1");
    assert_eq!(s.position(), "0 - t0 0:g9,h8*,h9 3:b1,c1,d1");
}

// ---- A turn ----

#[test]
fn every_ship_acts_exactly_once() {
    let mut s = State::new(&Params::default());
    play(&mut s, "g9-f9");
    // The shuffled ship (now on f9, acted) and the unacted one on f9: one roll/shuffle set for
    // the unacted one only.
    assert_eq!(legal(&s), strs(&["f9", "f9-g9", "h9", "h9-g9"]));
    play(&mut s, "h9-g9");
    assert_eq!(legal(&s), strs(&["f9", "f9-g9"]));
    play(&mut s, "f9-g9");
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(3)));
}

#[test]
fn roll_is_a_chance_node_with_six_outcomes() {
    let mut s = State::new(&Params::default());
    play(&mut s, "g9");
    assert_eq!(s.to_act(), ToAct::Chance);
    let mut outs = boardgame_kit::ChanceOutcomes::new();
    s.chance_outcomes(&mut outs);
    assert_eq!(outs.len(), 6);
    for (i, (a, p)) in outs.iter().enumerate() {
        assert_eq!(*a, Action::Die(i as u8 + 1));
        assert_eq!(*p, boardgame_kit::Prob::new(1, 6));
    }
    assert_eq!(legal(&s), strs(&["1", "2", "3", "4", "5", "6"]));
}

#[test]
fn harbour_shuffle_to_adjacent_cell_of_same_harbour() {
    // h4 g3 f2 are adjacent along the south-east side: a ship on g3 of seat 2 may go to h4 or f2.
    let s = pos("players=3", "2 - t0 0:f9,g9,h9 2:c6,g3,b5 4:a2,a3,a4");
    assert_eq!(legal(&s), strs(&["b5", "c6", "g3", "g3-f2", "g3-h4"]));
}

#[test]
fn shuffle_in_target_harbour() {
    let s = pos("", "0 - t0 0:c1,d5,d5 3:b2,c2,d2");
    assert_eq!(legal(&s), strs(&["c1", "c1-b1", "c1-d1", "d5"]));
}

#[test]
fn island_moves_to_any_neighbour() {
    let s = pos("", "0 - t0 0:e5,g9,h9 3:b1,c1,d1");
    assert_eq!(
        legal(&s),
        strs(&[
            "e5", "e5-d4", "e5-d5", "e5-e4", "e5-e6", "e5-f5", "e5-f6", "g9", "g9-f9", "g9-h9",
            "h9", "h9-g9"
        ])
    );
}

#[test]
fn island_ship_may_roll() {
    let mut s = pos("", "0 - t0 0:e5,g9,h9 3:b1,c1,d1");
    play(&mut s, "e5 2");
    assert_eq!(s.position(), "0 - t0 0:f6*,g9,h9 3:b1,c1,d1");
}

#[test]
fn re_entry_is_compulsory_and_on_home_harbour() {
    let s = pos("", "0 - t0 0:d5,g9,x 3:b1,c1,d1");
    assert_eq!(
        legal(&s),
        strs(&["+f9", "+g9", "+h9", "d5", "g9", "g9-f9", "g9-h9"])
    );
    // Once the others have acted, only re-entry remains: the turn cannot end without it.
    let s = pos("", "0 - t0 0:d5*,g9*,x 3:b1,c1,d1");
    assert_eq!(legal(&s), strs(&["+f9", "+g9", "+h9"]));
    let mut s2 = s;
    play(&mut s2, "+g9");
    assert_eq!(s2.to_act(), ToAct::Seat(Seat::of(3)));
    assert_eq!(s2.position(), "3 - t1 0:d5,g9,g9 3:b1,c1,d1");
}

#[test]
fn two_sunk_ships_reenter_one_by_one() {
    let mut s = pos("", "0 - t0 0:d5,x,x 3:b1,c1,d1");
    play(&mut s, "+f9");
    assert_eq!(legal(&s), strs(&["+f9", "+g9", "+h9", "d5"]));
    play(&mut s, "+h9");
    assert_eq!(legal(&s), strs(&["d5"]));
}

#[test]
fn ships_share_cells() {
    let mut s = pos("", "0 - t0 0:g8,g9,h9 3:b1,c1,d1");
    // h9 rolls 5: south-west is g8, where seat 0 already is: fine, no attack (own ship).
    play(&mut s, "h9 5");
    assert_eq!(s.position(), "0 - t0 0:g8,g8*,g9 3:b1,c1,d1");
}

#[test]
fn interchangeable_ships_one_action() {
    let s = pos("", "0 - t0 0:d5,d5,g9 3:b1,c1,d1");
    assert_eq!(legal(&s), strs(&["d5", "g9", "g9-f9", "g9-h9"]));
    // Three ships on one harbour cell: one roll and its shuffles.
    let s = pos("", "0 - t0 0:g9,g9,g9 3:b1,c1,d1");
    assert_eq!(legal(&s), strs(&["g9", "g9-f9", "g9-h9"]));
}

#[test]
fn no_usable_cell_the_ship_stays_and_action_is_spent() {
    let mut s = pos("", "0 - t0 0:g9,d5,d5 3:b1,c1,d1");
    play(&mut s, "g9 2");
    assert_eq!(s.position(), "0 - t0 0:d5,d5,g9* 3:b1,c1,d1");
    assert_eq!(legal(&s), strs(&["d5"]));
}

// ---- Worked examples ----

#[test]
fn example_1_start_has_seven_actions() {
    let s = State::new(&Params::default());
    let mut l = Actions::<State>::new();
    s.legal_actions(&mut l);
    let t: Vec<String> = l.iter().map(|a| a.to_string()).collect();
    assert_eq!(t, ["f9", "f9-g9", "g9", "g9-f9", "g9-h9", "h9", "h9-g9"]);
    assert_eq!(boardgame_kit::perft(&mut s.clone(), 1), 7);
}

#[test]
fn example_2_f7_rolls() {
    let start = pos("", "0 - t0 0:f7,g9,h9 3:b1,c1,d1");
    for (die, to) in [("6", "f6"), ("5", "e6"), ("1", "g7")] {
        let mut s = start;
        play(&mut s, &format!("f7 {die}"));
        assert_eq!(
            s.ships(Seat::of(0))
                .iter()
                .filter(|x| x.place == Place::At(cell(to)) && x.acted)
                .count(),
            1,
            "{die}"
        );
        assert_eq!(s.phase(), Phase::Choose);
    }
    // g7 is entered as normal.
    let mut s = start;
    play(&mut s, "f7 1");
    assert_eq!(s.position(), "0 - t0 0:g7*,g9,h9 3:b1,c1,d1");
}

#[test]
fn example_3_e7_shoal() {
    let start = pos("", "0 - t0 0:e7,g9,h9 3:b1,c1,d1");
    let mut s = start;
    play(&mut s, "e7 6");
    assert_eq!(s.position(), "0 - t0 0:e7*,g9,h9 3:b1,c1,d1");
    let mut s = start;
    play(&mut s, "e7 3");
    assert_eq!(
        s.phase(),
        Phase::Pick {
            from: cell("e7"),
            die: 3
        }
    );
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(0)));
    assert_eq!(legal(&s), strs(&["e6", "e8"]));
    let mut a = s;
    play(&mut a, "e8");
    assert_eq!(a.position(), "0 - t0 0:e8*,g9,h9 3:b1,c1,d1");
    let mut b = s;
    play(&mut b, "e6");
    assert_eq!(b.position(), "0 - t0 0:e6*,g9,h9 3:b1,c1,d1");
    assert!(refused(&s, "d7").contains("e6 or e8"));
}

#[test]
fn example_4_g9_off_board() {
    for die in ["2", "3"] {
        let mut s = State::new(&Params::default());
        play(&mut s, &format!("g9 {die}"));
        assert_eq!(s.position(), "0 - t0 0:f9,g9*,h9 3:b1,c1,d1");
    }
}

#[test]
fn example_5_f9_wrecked_on_e9() {
    let mut s = State::new(&Params::default());
    play(&mut s, "f9 4");
    assert_eq!(s.phase(), Phase::Wreck);
    assert_eq!(legal(&s), strs(&["f9", "g9", "h9"]));
    assert_eq!(s.ships(Seat::of(0))[2].place, Place::Wrecked);
    play(&mut s, "h9");
    assert_eq!(s.position(), "0 - t0 0:g9,h9,h9* 3:b1,c1,d1");
    assert!(s.ships(Seat::of(0))[2].acted, "its action is spent");
}

#[test]
fn example_6_h8() {
    let start = pos("", "0 - t0 0:h8,d5,d5 3:b1,c1,d1");
    let mut s = start;
    play(&mut s, "h8 1");
    assert_eq!(s.position(), "0 - t0 0:d5,d5,h8* 3:b1,c1,d1");
    let mut s = start;
    play(&mut s, "h8 2");
    assert_eq!(s.phase(), Phase::Wreck);
    assert_eq!(legal(&s), strs(&["f9", "g9", "h9"]));
    let mut s = start;
    play(&mut s, "h8 3");
    assert_eq!(s.position(), "0 - t0 0:d5,d5,h9* 3:b1,c1,d1");
}

#[test]
fn example_7_c2_enters_target() {
    let mut s = pos("", "0 - t0 0:c2,d5,d5 3:b5,c5,d6");
    play(&mut s, "c2 6");
    assert_eq!(s.position(), "0 - t0 0:c1*,d5,d5 3:b5,c5,d6");
}

#[test]
fn example_8_three_players_seat_2() {
    let start = pos("players=3", "2 - t1 0:f9,g9,h9 2:f8,d7,g3 4:a2,a3,a4");
    let mut s = start;
    play(&mut s, "f8 3");
    assert_eq!(s.position(), "2 - t1 0:f9,g9,h9 2:d7,f8*,g3 4:a2,a3,a4");
    let mut s = start;
    play(&mut s, "d7 3");
    assert_eq!(s.position(), "2 - t1 0:f9,g9,h9 2:d8*,f8,g3 4:a2,a3,a4");
}

// ---- Combat ----

#[test]
fn arrival_among_enemies_offers_attack_or_decline() {
    let mut s = pos("", "0 - t0 0:d5,g9,h9 3:e5,c1,d1");
    play(&mut s, "d5 1");
    assert_eq!(s.phase(), Phase::Arrive { at: cell("e5") });
    assert_eq!(legal(&s), strs(&["attack/3", "decline"]));
    let mut d = s;
    play(&mut d, "decline");
    assert_eq!(d.position(), "0 - t0 0:e5*,g9,h9 3:c1,d1,e5");
}

#[test]
fn attacker_wins_defender_sunk() {
    let mut s = pos("", "0 - t0 0:d5,g9,h9 3:e5,c1,d1");
    play(&mut s, "d5 1 attack/3");
    assert_eq!(s.to_act(), ToAct::Chance);
    play(&mut s, "5");
    assert_eq!(s.to_act(), ToAct::Chance);
    assert_eq!(
        s.phase(),
        Phase::DefendRoll {
            at: cell("e5"),
            def: Seat::of(3),
            roll: 5
        }
    );
    play(&mut s, "2");
    assert_eq!(s.position(), "0 - t0 0:e5*,g9,h9 3:c1,d1,x");
}

#[test]
fn defender_wins_attacker_sunk_and_stays_acted() {
    let mut s = pos("", "0 - t0 0:d5,g9,h9 3:e5,c1,d1");
    play(&mut s, "d5 1 attack/3 2 5");
    assert_eq!(s.position(), "0 - t0 0:g9,h9,x* 3:c1,d1,e5");
    // Not re-entered this turn: only g9 and h9 act.
    assert_eq!(legal(&s), strs(&["g9", "g9-f9", "g9-h9", "h9", "h9-g9"]));
    play(&mut s, "g9-f9 h9-g9");
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(3)));
    // Seat 3 plays three rolls that stay (b1... use shuffles): then seat 0 must re-enter.
    play(&mut s, "c1-b1 d1-c1 e5-e6");
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(0)));
    assert!(legal(&s).contains(&"+f9".to_string()));
}

#[test]
fn equal_rolls_nothing_happens() {
    let mut s = pos("", "0 - t0 0:d5,g9,h9 3:e5,c1,d1");
    play(&mut s, "d5 1 attack/3 4 4");
    assert_eq!(s.position(), "0 - t0 0:e5*,g9,h9 3:c1,d1,e5");
}

#[test]
fn one_attack_per_seat_present() {
    // Six players: seats 1 and 2 (and seat 0's own ship) on d5; seat 4 arrives there.
    let mut s = pos(
        "players=6",
        "4 - t3 0:d5,g9,h9 1:d5,d5,i8 2:d5,g3,h4 3:b1,c1,d1 4:d4,a3,a4 5:b6,c7,d8",
    );
    play(&mut s, "d4 3");
    assert_eq!(s.phase(), Phase::Arrive { at: cell("d5") });
    assert_eq!(
        legal(&s),
        strs(&["attack/0", "attack/1", "attack/2", "decline"])
    );
    assert!(refused(&s, "attack/4").contains("own"));
    assert!(refused(&s, "attack/5").contains("no ship of seat 5"));
    // One attack only: after the combat the action is over.
    play(&mut s, "attack/1 6 1");
    assert_eq!(s.phase(), Phase::Choose);
    assert_eq!(
        s.position(),
        "4 - t3 0:d5,g9,h9 1:d5,i8,x 2:d5,g3,h4 3:b1,c1,d1 4:a3,a4,d5* 5:b6,c7,d8"
    );
}

#[test]
fn staying_is_not_an_arrival() {
    // A ship sharing e7 with an enemy rolls 6: it stays, no attack offered.
    let mut s = pos("", "0 - t0 0:e7,g9,h9 3:e7,c1,d1");
    play(&mut s, "e7 6");
    assert_eq!(s.phase(), Phase::Choose);
}

#[test]
fn re_entry_is_an_arrival() {
    let mut s = pos("", "0 - t0 0:d5,g9,x 3:f9,c1,d1");
    play(&mut s, "+f9");
    assert_eq!(legal(&s), strs(&["attack/3", "decline"]));
}

#[test]
fn return_after_wreck_is_an_arrival() {
    let mut s = pos("", "0 - t0 0:f9,g9,d5 3:h9,c1,d1");
    play(&mut s, "f9 4");
    play(&mut s, "h9");
    assert_eq!(s.phase(), Phase::Arrive { at: cell("h9") });
    assert_eq!(legal(&s), strs(&["attack/3", "decline"]));
}

#[test]
fn shuffle_and_island_moves_are_arrivals() {
    let mut s = pos("", "0 - t0 0:e5,g9,h9 3:f9,c1,d1");
    play(&mut s, "g9-f9");
    assert_eq!(legal(&s), strs(&["attack/3", "decline"]));
    let mut s = pos("", "0 - t0 0:e5,g9,h9 3:f5,c1,d1");
    play(&mut s, "e5-f5");
    assert_eq!(legal(&s), strs(&["attack/3", "decline"]));
}

// ---- End ----

#[test]
fn win_when_all_three_in_target_before_attack() {
    // Third ship enters c1 where an enemy ship stands: the game ends, no attack offered.
    let mut s = pos("", "0 - t4 0:b1,c2,d1 3:c1,e5,e6");
    play(&mut s, "c2 6");
    assert_eq!(s.to_act(), ToAct::Over);
    let o = s.outcome().unwrap();
    assert_eq!(
        o.result(),
        GameResult::Winners(boardgame_kit::SeatSet::EMPTY.with(Seat::of(0)))
    );
    assert_eq!(legal(&s), Vec::<String>::new());
    assert_eq!(s.position(), "0 won t4 0:b1,c1*,d1 3:c1,e5,e6");
    let mut t = s;
    assert_eq!(t.try_play(Action::Decline), Err(PlayError::GameOver));
}

#[test]
fn win_with_shared_cell_mid_turn() {
    let mut s = pos("", "0 - t4 0:c1,c2,c1 3:e4,e5,e6");
    play(&mut s, "c2 6");
    assert_eq!(s.to_act(), ToAct::Over);
}

#[test]
fn turn_limit_draws() {
    let mut s = State::new(&params("turn_limit=2"));
    play(&mut s, "f9-g9 g9-f9 h9-g9");
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(3)));
    play(&mut s, "b1-c1 c1-b1 d1-c1");
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.outcome().unwrap().result(), GameResult::Draw);
    assert_eq!(s.position(), "0 drawn t2 0:f9,g9,g9 3:b1,c1,c1");
    assert_eq!(State::max_game_length(&params("turn_limit=2")), Some(36));
    assert_eq!(State::max_game_length(&Params::default()), None);
}

// ---- Refusals ----

#[test]
fn illegal_actions_refused_with_reasons_state_unchanged() {
    let s = State::new(&Params::default());
    assert!(refused(&s, "3").contains("no die is being rolled"));
    assert!(refused(&s, "d5").contains("no ship on d5"));
    assert!(refused(&s, "f9-h9").contains("not a cell of f9's harbour"));
    assert!(refused(&s, "+g9").contains("no sunk ship"));
    assert!(refused(&s, "decline").contains("no arrival"));
    let mut t = s;
    play(&mut t, "g9");
    assert!(refused(&t, "g9").contains("die"));
    play(&mut t, "2");
    assert!(refused(&t, "g9").contains("already acted"));
    let mut w = State::new(&Params::default());
    play(&mut w, "f9 4");
    assert!(refused(&w, "b1").contains("home harbour"));
    let d = pos("", "0 - t0 0:d5,g9,h9 3:b1,c1,d1");
    assert!(refused(&d, "d5-e5").contains("only roll"));
    let e = pos("", "0 - t0 0:e5,g9,h9 3:b1,c1,d1");
    assert!(refused(&e, "e5-e7").contains("neighbour of the island"));
    let mut o = State::new(&Params::default());
    assert!(matches!(
        o.try_play_as(Seat::of(3), "f9".parse().unwrap()),
        Err(PlayError::NotYourTurn { .. })
    ));
}

// ---- Notation ----

#[test]
fn position_notation_records_pending_decisions() {
    for (p, text) in [
        ("", "0 - t0 0:f9,g9,h9 3:b1,c1,d1"),
        ("", "0 roll:g9 t0 0:f9,g9*,h9 3:b1,c1,d1"),
        ("", "0 pick:e7:3 t7 0:e7*,g9,h9 3:b1,c1,d1"),
        ("", "0 wreck t0 0:g9,h9,w* 3:b1,c1,d1"),
        ("", "0 arrive:e5 t0 0:e5*,g9,h9 3:c1,d1,e5"),
        ("", "0 attack:e5:3 t0 0:e5*,g9,h9 3:c1,d1,e5"),
        ("", "0 defend:e5:3:4 t0 0:e5*,g9,h9 3:c1,d1,e5"),
        ("", "3 - t9 0:e5,g9,x 3:c1,d1,x"),
        ("turn_limit=5", "0 drawn t5 0:f9,g9,h9 3:b1,c1,d1"),
    ] {
        let s = pos(p, text);
        assert_eq!(s.position(), text);
    }
    // Ships are put in order.
    assert_eq!(
        pos("", "0 - t0 0:h9,g9,f9 3:d1,c1,b1").position(),
        "0 - t0 0:f9,g9,h9 3:b1,c1,d1"
    );
}

#[test]
fn position_errors() {
    let p = Params::default();
    for bad in [
        "",
        "0",
        "0 - t",
        "0 - tx",
        "0 ? t0",
        "0 - t0 0:f9,g9",
        "0 - t0 0:f9,g9,h9 3:b1,c1,d1 ",
        "0 - t0 0:f9,g9,z9 3:b1,c1,d1",
    ] {
        assert!(
            matches!(State::from_position(&p, bad), Err(PositionError::Syntax(_))),
            "{bad}"
        );
    }
    for bad in [
        "1 - t0 0:f9,g9,h9 3:b1,c1,d1",          // seat 1 not in play
        "0 - t0 0:e9,g9,h9 3:b1,c1,d1",          // on a rock
        "0 - t0 0:i8,g9,h9 3:b1,c1,d1",          // closed harbour
        "0 - t0 0:f9,g9,h9 3:b1*,c1,d1",         // non-mover acted
        "0 - t0 0:f9*,g9*,h9* 3:b1,c1,d1",       // turn should be over
        "0 roll:d5 t0 0:f9,g9*,h9 3:b1,c1,d1",   // no ship on d5
        "0 wreck t0 0:f9,g9,h9* 3:b1,c1,d1",     // no wrecked ship
        "0 - t0 0:b1,c1,d1 3:e5,e6,e7",          // won but not marked
        "0 arrive:e6 t0 0:e6*,g9,h9 3:b1,c1,d1", // no enemy
        "0 pick:d5:3 t0 0:d5*,g9,h9 3:b1,c1,d1", // not a doubled number
        "0 - t0 3:f9,g9,h9 0:b1,c1,d1",          // seats out of order
        "0 won t0 0:b1,c1,d1 3:f9,g9,h9",        // two winners
    ] {
        assert!(
            matches!(
                State::from_position(&p, bad),
                Err(PositionError::Invalid(_))
            ),
            "{bad}"
        );
    }
    assert!(matches!(
        State::from_position(&params("turn_limit=3"), "0 - t3 0:f9,g9,h9 3:b1,c1,d1"),
        Err(PositionError::Invalid(_))
    ));
}

#[test]
fn action_notation_context_free() {
    for t in ["f9", "f9-g9", "+g9", "1", "6", "attack/3", "decline", "d5"] {
        let a: Action = t.parse().unwrap();
        assert_eq!(a.to_string(), t);
    }
    assert_eq!("D5".parse::<Action>().unwrap().to_string(), "d5");
    for t in [
        "", "0", "7", "12", "attack/6", "attack/", "e5-", "e5-e0", "+", "+j1", "x", "e5 ",
        "declines",
    ] {
        assert!(t.parse::<Action>().is_err(), "{t}");
    }
}

#[test]
fn params_display_and_errors() {
    assert_eq!(Params::default().to_string(), "");
    assert_eq!(
        params("players=4,first=1,turn_limit=10").to_string(),
        "players=4,first=1,turn_limit=10"
    );
    assert_eq!(
        params("turn_limit=10,players=6").to_string(),
        "players=6,turn_limit=10"
    );
    check_refused::<Params>(&[
        ("players=5", "players"),
        ("first=9", "first"),
        ("turn_limit=-1", "turn_limit"),
        ("colour=3", "colour"),
    ]);
}

#[test]
fn display_draws_board_and_ships() {
    let s = pos("", "0 - t1 0:f9,f9,h9 3:f9,c1,d1");
    let d = s.to_string();
    assert!(d.contains("f9 H0"), "{d}");
    assert!(d.contains("e9 #"));
    assert!(d.contains("e5 @"));
    assert!(d.contains("g5 ~"));
    assert!(d.contains("003"), "three ships on f9 shown: {d}");
}
