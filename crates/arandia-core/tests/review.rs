//! An independent review of the crate against the rules (`docs/arandia.md`). Every expected value
//! below was worked out by hand from the rules text (the sentence checked is quoted or named in
//! each test's comment), not read off the engine.

use arandia_core::{Params, Phase, State};
use boardgame_kit::{perft, Game, GameResult, Seat, ToAct};

mod common;
use common::*;

fn after(p: &str, text: &str, actions: &str) -> State {
    let mut s = pos(p, text);
    play(&mut s, actions);
    s
}

// ---- Board: "Shoals ... So one number appears twice and one is missing" ----

/// Each shoal, each die value: where the ship may go. Neighbours by hand from "east (file+1) 1,
/// north-east (file+1, rank+1) 2, north-west (rank+1) 3, west (file-1) 4, south-west (file-1,
/// rank-1) 5, south-east (rank-1) 6", with the island-facing label replaced.
#[test]
fn every_shoal_every_die_value() {
    // (shoal, [cells reached by 1..6]); "" = stays.
    let table: [(&str, [&str; 6]); 6] = [
        ("g5", ["f5 h5", "h6", "g6", "", "f4", "g4"]),
        ("g7", ["h7", "f6 h8", "g8", "f7", "", "g6"]),
        ("e7", ["f7", "f8", "e6 e8", "d7", "d6", ""]),
        ("c5", ["", "d6", "c6", "b5 d5", "b4", "c4"]),
        ("c3", ["d3", "", "c4", "b3", "b2 d4", "c2"]),
        ("e3", ["f3", "f4", "", "d3", "d2", "e2 e4"]),
    ];
    for (shoal, dests) in table {
        for (k, d) in dests.iter().enumerate() {
            let die = k + 1;
            let start = format!("0 - t0 0:{shoal},g9,h9 3:b1,c1,d1");
            let s = after("", &start, &format!("{shoal} {die}"));
            let want: Vec<&str> = d.split_whitespace().collect();
            match want.len() {
                0 | 1 => {
                    // "If none is usable the ship stays and its action is spent."; one usable:
                    // "the ship goes there".
                    assert_eq!(s.phase(), Phase::Choose, "{shoal} {die}");
                    let to = want.first().copied().unwrap_or(shoal);
                    let mut ships = [to.to_string() + "*", "g9".into(), "h9".into()];
                    ships.sort();
                    assert_eq!(
                        s.position(),
                        format!("0 - t0 0:{} 3:b1,c1,d1", ships.join(",")),
                        "{shoal} {die}"
                    );
                }
                _ => {
                    // "If two are usable (a shoal's doubled number) the player chooses."
                    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(0)), "{shoal} {die}");
                    assert_eq!(legal(&s), strs(&want), "{shoal} {die}");
                    for w in &want {
                        let mut t = s;
                        play(&mut t, w);
                        assert_eq!(t.phase(), Phase::Choose, "{shoal} {die} {w}");
                        assert!(t.position().contains(&format!("{w}*")), "{shoal} {die} {w}");
                    }
                }
            }
        }
    }
}

/// The island and other cells carry the plain labels 1..6 (island: e5's neighbours).
#[test]
fn island_rolls_use_plain_labels() {
    for (die, to) in [
        (1, "f5"),
        (2, "f6"),
        (3, "e6"),
        (4, "d5"),
        (5, "d4"),
        (6, "e4"),
    ] {
        let s = after("", "0 - t0 0:e5,g9,h9 3:b1,c1,d1", &format!("e5 {die}"));
        assert!(
            s.position().starts_with("0 - t0 0:") && s.position().contains(&format!("{to}*")),
            "{die}: {}",
            s.position()
        );
    }
}

// ---- Closed harbours: "A harbour that is neither a ship's home nor its target is closed to
// that ship (whether or not anyone sits there)." ----

/// For every seat of a six-player game and every side k: a ship one step from the middle cell
/// of harbour k rolls towards it. It enters exactly when k is its home (seat) or target
/// (seat + 3).
#[test]
fn closed_harbours_every_seat_every_side_six_players() {
    // (side, sea cell next to the side's middle cell, die value pointing at it, middle cell)
    let approach = [
        (0, "g8", 3, "g9"),
        (1, "h7", 1, "i7"),
        (2, "g4", 6, "g3"),
        (3, "c2", 6, "c1"),
        (4, "b3", 4, "a3"),
        (5, "d7", 4, "c7"),
    ];
    let homes = [
        "f9,g9,h9", "i6,i7,i8", "f2,g3,h4", "b1,c1,d1", "a2,a3,a4", "b6,c7,d8",
    ];
    for seat in 0..6 {
        for (side, from, die, mid) in approach {
            let groups: Vec<String> = (0..6)
                .map(|s| {
                    if s == seat {
                        // Replace the seat's first home cell by the approaching ship.
                        let mut cells: Vec<&str> = homes[s].split(',').collect();
                        cells[0] = from;
                        cells.sort();
                        format!("{s}:{}", cells.join(","))
                    } else {
                        format!("{s}:{}", homes[s])
                    }
                })
                .collect();
            let text = format!("{seat} - t0 {}", groups.join(" "));
            let s = after("players=6", &text, &format!("{from} {die}"));
            let open = side == seat || side == (seat + 3) % 6;
            if open {
                // Entered: the owner of that harbour (if another seat) stands on `mid`.
                assert!(
                    s.position().contains(&format!("{mid}*")),
                    "seat {seat} side {side}: {}",
                    s.position()
                );
            } else {
                assert!(
                    s.position().contains(&format!("{from}*")),
                    "seat {seat} side {side}: {}",
                    s.position()
                );
                assert_eq!(s.phase(), Phase::Choose);
            }
        }
    }
}

/// Three players: seat 0's target side 3 has no player but is closed to seats 2 and 4; seat 4's
/// target is side 1 (empty), seat 2's is side 5 (empty).
#[test]
fn closed_harbours_three_players() {
    let p = "players=3";
    // Seat 4 on c2 rolls 6: c1 (side 3) closed -> stays.
    let s = after(p, "4 - t2 0:f9,g9,h9 2:f2,g3,h4 4:a2,a3,c2", "c2 6");
    assert!(s.position().contains("c2*"));
    // Seat 4 on h7 rolls 1: i7 is side 1, its target -> enters.
    let s = after(p, "4 - t2 0:f9,g9,h9 2:f2,g3,h4 4:a2,a3,h7", "h7 1");
    assert!(s.position().contains("i7*"));
    // Seat 2 on g8 rolls 3: g9 (side 0, seat 0's home) closed -> stays.
    let s = after(p, "2 - t1 0:f9,g9,h9 2:f2,g3,g8 4:a2,a3,a4", "g8 3");
    assert!(s.position().contains("g8*"));
    assert_eq!(s.phase(), Phase::Choose);
    // Seat 0 on b3 rolls 4: a3 (side 4, seat 4's home) closed -> stays.
    let s = after(p, "0 - t0 0:b3,g9,h9 2:f2,g3,h4 4:a2,a3,a4", "b3 4");
    assert!(s.position().contains("b3*"));
}

/// Four players: sides 2 and 5 are nobody's, closed to all; seat 1's target is seat 4's home.
#[test]
fn closed_harbours_four_players() {
    let p = "players=4";
    let s = after(
        p,
        "1 - t1 0:f9,g9,h9 1:d7,i7,i8 3:b1,c1,d1 4:a2,a3,a4",
        "d7 4",
    );
    assert!(s.position().contains("d7*"), "{}", s.position());
    let s = after(
        p,
        "1 - t1 0:f9,g9,h9 1:b3,i7,i8 3:b1,c1,d1 4:a2,a3,a4",
        "b3 4",
    );
    // a3 is seat 4's home, seat 1's target: it enters among seat 4's ship.
    assert_eq!(legal(&s), strs(&["attack/4", "decline"]));
}

// ---- Wrecks: "a ship whose move ends on a rock is wrecked ... puts it on any cell of its
// home harbour. Its action is spent." ----

#[test]
fn wreck_on_every_rock() {
    // (seat, players, position, ship cell, die) for each rock.
    let cases = [
        // e9 from e8 (north-west).
        (
            "",
            "0 - t0 0:e8,g9,h9 3:b1,c1,d1",
            "e8 3",
            ["f9", "g9", "h9"],
        ),
        // i9 from h9 (east).
        (
            "",
            "0 - t0 0:f9,g9,h9 3:b1,c1,d1",
            "h9 1",
            ["f9", "g9", "h9"],
        ),
        // i5 from h5 (east), seat 3.
        (
            "",
            "3 - t1 0:f9,g9,h9 3:b1,c1,h5",
            "h5 1",
            ["b1", "c1", "d1"],
        ),
        // e1 from d1 (east), seat 3.
        (
            "",
            "3 - t1 0:f9,g9,h9 3:b1,c1,d1",
            "d1 1",
            ["b1", "c1", "d1"],
        ),
        // a1 from b2 (south-west), seat 0.
        (
            "",
            "0 - t0 0:b2,g9,h9 3:b1,c1,d1",
            "b2 5",
            ["f9", "g9", "h9"],
        ),
        // a5 from b6 (south-west): b6 is side 5, seat 5's home in a six-player game.
        (
            "players=6",
            "5 - t5 0:f9,g9,h9 1:i6,i7,i8 2:f2,g3,h4 3:b1,c1,d1 4:a2,a3,a4 5:b6,c7,d8",
            "b6 5",
            ["b6", "c7", "d8"],
        ),
    ];
    for (p, text, acts, home) in cases {
        let s = after(p, text, acts);
        assert_eq!(s.phase(), Phase::Wreck, "{acts}");
        assert_eq!(legal(&s), strs(&home), "{acts}");
        assert!(s.position().contains("w*"), "{acts}");
    }
}

/// The home cell is chosen even when it is where the ship came from, and putting it there is an
/// arrival ("the return after a wreck").
#[test]
fn wreck_back_onto_the_cell_it_left_is_an_arrival() {
    // Seat 3's ship on f9? No: an enemy ship of seat 3 stands on f9 with seat 0's ship.
    let mut s = pos("", "0 - t0 0:f9,g9,h9 3:f9,c1,d1");
    play(&mut s, "f9 4");
    assert_eq!(s.phase(), Phase::Wreck);
    play(&mut s, "f9");
    assert_eq!(legal(&s), strs(&["attack/3", "decline"]));
    play(&mut s, "decline");
    assert_eq!(s.position(), "0 - t0 0:f9*,g9,h9 3:c1,d1,f9");
}

// ---- Arrivals and combat ----

/// A doubled shoal roll: the chosen cell is an arrival ("a roll's move").
#[test]
fn picked_cell_among_enemies_offers_attack() {
    let mut s = pos("", "0 - t0 0:e7,g9,h9 3:e6,e8,d1");
    play(&mut s, "e7 3");
    assert_eq!(legal(&s), strs(&["e6", "e8"]));
    play(&mut s, "e8");
    assert_eq!(legal(&s), strs(&["attack/3", "decline"]));
}

/// Arriving where only one's own ships stand offers nothing.
#[test]
fn own_ships_offer_no_attack() {
    let s = after("", "0 - t0 0:f9,g9,h9 3:b1,c1,d1", "f9 1");
    assert_eq!(s.phase(), Phase::Choose);
    assert_eq!(s.position(), "0 - t0 0:g9,g9*,h9 3:b1,c1,d1");
}

/// "one `attack/S` per seat with ships on that cell": two ships of one seat -> one attack; the
/// winner sinks one of them only.
#[test]
fn two_defenders_of_one_seat_one_attack_one_sunk() {
    let mut s = pos("", "0 - t0 0:d5,g9,h9 3:e5,e5,d1");
    play(&mut s, "d5 1");
    assert_eq!(legal(&s), strs(&["attack/3", "decline"]));
    play(&mut s, "attack/3 6 5");
    assert_eq!(s.position(), "0 - t0 0:e5*,g9,h9 3:d1,e5,x");
    // The action is over: no second attack.
    assert_eq!(s.phase(), Phase::Choose);
}

/// "the attacker rolls, then the defender rolls (two chance nodes)": 6 x 6 outcomes, 15
/// attacker wins, 15 defender wins, 6 ties.
#[test]
fn combat_outcome_counts() {
    let base = after("", "0 - t0 0:d5,g9,h9 3:e5,c1,d1", "d5 1 attack/3");
    let (mut a, mut d, mut t) = (0, 0, 0);
    for x in 1..=6 {
        for y in 1..=6 {
            let mut s = base;
            assert_eq!(s.to_act(), ToAct::Chance);
            play(&mut s, &x.to_string());
            assert_eq!(s.to_act(), ToAct::Chance);
            play(&mut s, &y.to_string());
            let p = s.position();
            if p == "0 - t0 0:e5*,g9,h9 3:c1,d1,x" {
                a += 1;
                assert!(x > y);
            } else if p == "0 - t0 0:g9,h9,x* 3:c1,d1,e5" {
                d += 1;
                assert!(x < y);
            } else {
                assert_eq!(p, "0 - t0 0:e5*,g9,h9 3:c1,d1,e5");
                t += 1;
                assert_eq!(x, y);
            }
        }
    }
    assert_eq!((a, d, t), (15, 15, 6));
}

/// A ship sunk as defender re-enters on its owner's next turn, and that turn cannot end
/// without the re-entry ("Re-entry is compulsory").
#[test]
fn defender_sunk_reenters_on_owners_next_turn() {
    let mut s = pos("", "0 - t0 0:d5,g9,h9 3:e5,c1,d1");
    play(&mut s, "d5 1 attack/3 6 1 g9-f9 h9-g9");
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(3)));
    assert_eq!(
        legal(&s),
        strs(&["+b1", "+c1", "+d1", "c1", "c1-b1", "c1-d1", "d1", "d1-c1"])
    );
    play(&mut s, "c1-b1 d1-c1");
    assert_eq!(legal(&s), strs(&["+b1", "+c1", "+d1"]));
    play(&mut s, "+d1");
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(0)));
    assert_eq!(s.position(), "0 - t2 0:e5,f9,g9 3:b1,c1,d1");
}

/// Two sunk ships: the re-entries are one set of actions (interchangeable), used twice.
#[test]
fn two_sunk_ships_interchangeable() {
    let mut s = pos("", "3 - t1 0:f9,g9,h9 3:b1,x,x");
    assert_eq!(legal(&s), strs(&["+b1", "+c1", "+d1", "b1", "b1-c1"]));
    play(&mut s, "+c1");
    assert_eq!(legal(&s), strs(&["+b1", "+c1", "+d1", "b1", "b1-c1"]));
    play(&mut s, "+c1 b1-c1");
    assert_eq!(s.position(), "0 - t2 0:f9,g9,h9 3:c1,c1,c1");
}

/// A sunk attacker (acted) and a sunk defender-from-before (unacted) of the same seat: only the
/// unacted one may re-enter this turn.
#[test]
fn sunk_attacker_waits_while_earlier_sunk_ship_reenters() {
    let mut s = pos("", "0 - t2 0:d5,g9,x 3:e5,c1,d1");
    play(&mut s, "d5 1 attack/3 1 2");
    assert_eq!(s.position(), "0 - t2 0:g9,x,x* 3:c1,d1,e5");
    assert_eq!(
        legal(&s),
        strs(&["+f9", "+g9", "+h9", "g9", "g9-f9", "g9-h9"])
    );
    play(&mut s, "+f9 g9-h9");
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(3)));
    assert_eq!(s.position(), "3 - t3 0:f9,h9,x 3:c1,d1,e5");
}

// ---- End ----

/// "wins the moment ... even in the middle of a turn": a win on the last action of the last
/// turn before the limit is a win, not a draw.
#[test]
fn win_beats_turn_limit_on_the_same_action() {
    let s = after("turn_limit=1", "0 - t0 0:b1*,c2,d1* 3:e4,e5,e6", "c2 6");
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(
        s.outcome().unwrap().result(),
        GameResult::Winners(boardgame_kit::SeatSet::EMPTY.with(Seat::of(0)))
    );
}

/// The draw comes inside the action that completes the N-th turn, here a combat's last die.
#[test]
fn turn_limit_draw_after_a_combat_ends_the_turn() {
    let mut s = pos("turn_limit=3", "3 - t2 0:e5,g9,h9 3:b1*,c1*,d5");
    play(&mut s, "d5 1 attack/0 2");
    assert_eq!(s.to_act(), ToAct::Chance);
    play(&mut s, "3");
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.outcome().unwrap().result(), GameResult::Draw);
}

/// The limit counts players' turns, not rounds, and starts with `first`.
#[test]
fn turn_limit_counts_player_turns_from_first() {
    let mut s = State::new(&params("players=3,first=4,turn_limit=2"));
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(4)));
    play(&mut s, "a2-a3 a3-a4 a4-a3");
    assert_eq!(s.to_act(), ToAct::Seat(Seat::of(0)));
    play(&mut s, "f9-g9 g9-h9 h9-g9");
    assert_eq!(s.to_act(), ToAct::Over);
}

/// "Seats play in increasing order": four players starting from 4 go 4, 0, 1, 3.
#[test]
fn four_players_first_4_order() {
    let mut s = State::new(&params("players=4,first=4"));
    let mut order = vec![];
    for _ in 0..4 {
        let m = s.to_act().seat().unwrap();
        order.push(m.index());
        let h = arandia_core::board::harbour(m.index());
        // End to middle, middle back to the first end, other end to middle: three shuffles.
        let (a, b, c) = (h[0], h[1], h[2]);
        play(&mut s, &format!("{a}-{b} {b}-{a} {c}-{b}"));
    }
    order.push(s.to_act().seat().unwrap().index());
    assert_eq!(order, [4, 0, 1, 3, 4]);
}

// ---- Counting: perft from the start, by hand ----

/// Depth 1: example 1 (7). Depth 2: f9 6, f9-g9 5, g9 6, g9-f9 4, g9-h9 4, h9 6, h9-g9 5 = 36.
/// Depth 3: f9 28 (rolls 1,2,3,5,6 leave 5 choices each, roll 4 wrecks: 3 home cells), f9-g9
/// 19, g9 24, g9-f9 16, g9-h9 16, h9 28, h9-g9 19 = 150.
#[test]
fn perft_by_hand() {
    let mut s = State::new(&Params::default());
    assert_eq!(perft(&mut s, 1), 7);
    assert_eq!(perft(&mut s, 2), 36);
    assert_eq!(perft(&mut s, 3), 150);
    // Same by symmetry from seat 3 playing first.
    let mut s = State::new(&params("first=3"));
    assert_eq!(perft(&mut s, 1), 7);
    assert_eq!(perft(&mut s, 2), 36);
    assert_eq!(perft(&mut s, 3), 150);
}

/// Six players, every seat's start has the same 7 actions shape (three home cells in a line).
#[test]
fn six_player_starts_have_seven_actions() {
    for first in 0..6 {
        let s = State::new(&params(&format!("players=6,first={first}")));
        assert_eq!(legal(&s).len(), 7, "seat {first}");
    }
}

/// `turn_limit=1`: "the game is drawn once that many turns have been completed", and perft
/// counts a sequence that ends the game exactly at depth d but not one that ends it earlier.
/// Seat 0's turn can end after 3 actions only by three shuffles: first f9-g9 (then g9-f9 h9-g9,
/// g9-h9 h9-g9, h9-g9 g9-f9, h9-g9 g9-h9: 4), h9-g9 (4 by symmetry), g9-f9 (f9-g9 h9-g9,
/// h9-g9 f9-g9: 2), g9-h9 (2): 12 sequences. Depth 3 still counts them (150); depth 4 loses
/// their 7 continuations each: 572 - 84 = 488.
#[test]
fn perft_with_turn_limit_one_by_hand() {
    let mut s = State::new(&params("turn_limit=1"));
    assert_eq!(perft(&mut s, 3), 150);
    assert_eq!(perft(&mut s, 4), 572 - 12 * 7);
}

/// The status line of a finished game: `over: 0` for a win, `over: draw` at the turn limit.
#[test]
fn status_lines_at_the_end() {
    use boardgame_kit::drivers::status_line;
    let s = after("", "0 - t4 0:b1,c2,d1 3:c1,e5,e6", "c2 6");
    assert_eq!(status_line(&s), "over: 0");
    let s = after(
        "players=4,first=3,turn_limit=1",
        "3 - t0 0:f9,g9,h9 1:i6,i7,i8 3:b1,c1,d1 4:a2,a3,a4",
        "b1-c1 c1-b1 d1-c1",
    );
    assert_eq!(status_line(&s), "over: draw");
    let s = State::new(&params("players=4,first=3"));
    assert_eq!(status_line(&s), "3: b1 b1-c1 c1 c1-b1 c1-d1 d1 d1-c1");
}
