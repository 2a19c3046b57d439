//! One test per rule of the action ids and the observation (`splut_core::encoding`,
//! `docs/splut.md`, "Action ids and observation"), with the expected values worked out from
//! those docs: ids from the ranked square lists and the range formulas, plane values from the
//! plane table. Positions are in this crate's notation
//! (`ROCKS TEAMS TO-MOVE TURN STEPS LEVITATION MOVED PREVIOUS`).

use boardgame_kit::encoding::Encoding;
use boardgame_kit::golden::{check_info_file, check_observation_file};
use boardgame_kit::{Cell, Game, ObserveError, Seat};
use splut_core::{Action, State};

mod common;
use common::*;

const S: Seat = Seat::of(0);
const W: Seat = Seat::of(1);
const N: Seat = Seat::of(2);
const E: Seat = Seat::of(3);

/// Every parameter set of `tests/conformance.rs`.
const PARAMS: [&str; 7] = [
    "",
    "players=2,seats=we",
    "players=3",
    "players=3,seats=wne,first=n",
    "players=4",
    "turn_limit=30",
    "players=4,turn_limit=25",
];

fn id(s: &State, text: &str) -> Option<usize> {
    s.action_id(text.parse::<Action>().unwrap())
}

fn text_of(s: &State, id: usize) -> Option<String> {
    s.action_of_id(id).map(|a| a.to_string())
}

fn start(p: &str) -> State {
    State::new(&params(p))
}

/// Plays `texts`, each of which must be legal.
fn played(p: &str, texts: &[&str]) -> State {
    let mut s = start(p);
    for t in texts {
        assert!(legal(&s).iter().any(|x| x == t), "{t} in {}", s.position());
        s.play(t.parse().unwrap());
    }
    s
}

fn observe(s: &State, seat: Seat) -> Vec<f32> {
    let mut obs = vec![0.0; State::observation_shape(&s.params()).size()];
    s.observe(seat, &mut obs).unwrap();
    obs
}

fn plane(obs: &[f32], k: usize) -> &[f32] {
    &obs[k * 81..(k + 1) * 81]
}

/// The value of `cell` in plane `k`: row 0 is rank 9, column 0 file `a`.
fn value(obs: &[f32], k: usize, cell: &str) -> f32 {
    let c: Cell = cell.parse().unwrap();
    plane(obs, k)[(8 - c.rank() as usize) * 9 + c.file() as usize]
}

/// The cells holding 1 in plane `k`, in text order; every other value must be 0.
fn cells(obs: &[f32], k: usize) -> Vec<String> {
    let mut v = Vec::new();
    for (i, &x) in plane(obs, k).iter().enumerate() {
        assert!(x == 0.0 || x == 1.0, "plane {k} holds {x}");
        if x == 1.0 {
            v.push(Cell::new((i % 9) as u8, 8 - (i / 9) as u8).to_string());
        }
    }
    v.sort();
    v
}

/// The value of a constant plane (all 81 values equal).
fn constant(obs: &[f32], k: usize) -> f32 {
    let p = plane(obs, k);
    assert!(p.iter().all(|&x| x == p[0]), "plane {k} is not constant");
    p[0]
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The planes after the pieces of `p` players (`B = 3 P` in the docs): Rocks, barred, moved
/// this turn, levitation run, diamond, then "to move" per slot, then (`C = 4 P + 5`) levitation
/// open, steps left, quota, turn over the limit.
struct Planes {
    rocks: usize,
    barred: usize,
    moved: usize,
    run: usize,
    diamond: usize,
    to_move: usize,
    open: usize,
    steps: usize,
    quota: usize,
    turn: usize,
}

fn planes(p: usize) -> Planes {
    let b = 3 * p;
    let c = 4 * p + 5;
    Planes {
        rocks: b,
        barred: b + 1,
        moved: b + 2,
        run: b + 3,
        diamond: b + 4,
        to_move: b + 5,
        open: c,
        steps: c + 1,
        quota: c + 2,
        turn: c + 3,
    }
}

const P2: Planes = Planes {
    rocks: 6,
    barred: 7,
    moved: 8,
    run: 9,
    diamond: 10,
    to_move: 11,
    open: 13,
    steps: 14,
    quota: 15,
    turn: 16,
};

#[test]
fn action_space_and_shape_follow_the_number_of_players() {
    for p in PARAMS {
        let pr = params(p);
        assert_eq!(State::num_distinct_actions(&pr), 4864, "{p}");
        assert_eq!(State::max_chance_outcomes(&pr), 0, "{p}");
        let planes = 4 * pr.players() + 9;
        assert_eq!(State::observation_shape(&pr).dims(), [planes, 9, 9], "{p}");
    }
    assert_eq!(State::observation_shape(&params("")).dims()[0], 17);
    assert_eq!(State::observation_shape(&params("players=3")).dims()[0], 21);
    assert_eq!(State::observation_shape(&params("players=4")).dims()[0], 25);
    let p4 = planes(4);
    assert_eq!((p4.rocks, p4.to_move, p4.open, p4.turn), (12, 17, 21, 24));
    let p2 = planes(2);
    assert_eq!(
        (p2.rocks, p2.diamond, p2.open, p2.turn),
        (P2.rocks, P2.diamond, P2.open, P2.turn)
    );
}

/// "A step is the pair (d, i), its edge e = 32 d + i"; plain steps have the ids `e`.
#[test]
fn plain_steps_are_numbered_by_edge() {
    let s = start("");
    // s: e2 is the first square with a neighbour to the south, e9 the last
    assert_eq!(id(&s, "e2-e1"), Some(0));
    assert_eq!(id(&s, "d3-d2"), Some(1));
    assert_eq!(id(&s, "e9-e8"), Some(31));
    // w: e2 first, f8 last
    assert_eq!(id(&s, "e2-d2"), Some(32));
    assert_eq!(id(&s, "i5-h5"), Some(32 + 19));
    assert_eq!(id(&s, "f8-e8"), Some(63));
    // e: d2 first, e8 last
    assert_eq!(id(&s, "d2-e2"), Some(64));
    assert_eq!(id(&s, "e8-f8"), Some(95));
    // n: e1 first, e8 last
    assert_eq!(id(&s, "e1-e2"), Some(96));
    assert_eq!(id(&s, "e2-e3"), Some(98));
    assert_eq!(id(&s, "e8-e9"), Some(127));
    assert_eq!(text_of(&s, 0).as_deref(), Some("e2-e1"));
    assert_eq!(text_of(&s, 127).as_deref(), Some("e8-e9"));
    // a Dwarf step that pushes is written, and numbered, as a plain step (worked example 7)
    let p = pos("seats=swe", "e5,e1,a5,i5 s:c7,e4,-;e:g7,-,e3 e 3 3 - - -");
    assert_eq!(id(&p, "e3-e4"), Some(96 + 6));
}

/// Pulls: `128 + e`; a step with no square behind the Troll has no pull.
#[test]
fn pulls_follow_the_steps() {
    let s = start("");
    assert_eq!(id(&s, "e2-e1/p"), Some(128));
    assert_eq!(id(&s, "e8-e9/p"), Some(255));
    assert_eq!(id(&s, "e5-d5/p"), Some(128 + 32 + 15)); // worked example 1
    assert_eq!(id(&s, "e5-e6/p"), Some(128 + 96 + 19)); // worked example 3
    assert_eq!(id(&s, "e1-e2/p"), None); // nothing south of e1
    assert_eq!(text_of(&s, 128 + 96), None);
    assert_eq!(text_of(&s, 128).as_deref(), Some("e2-e1/p"));
    let pulls = (128..256).filter(|&i| s.action_of_id(i).is_some()).count();
    assert_eq!(pulls, 100);
}

/// Throws: `256 + 4 e + t`, `t` in the order s, w, e, n; none towards the edge.
#[test]
fn throws_follow_the_steps_and_the_direction() {
    let s = start("");
    assert_eq!(id(&s, "e2-e1/s"), None); // the Rock on e1 has nowhere to go south
    assert_eq!(text_of(&s, 256), None);
    assert_eq!(id(&s, "e2-e1/n"), Some(259)); // straight back
    assert_eq!(text_of(&s, 259).as_deref(), Some("e2-e1/n"));
    assert_eq!(id(&s, "e4-e5/w"), Some(256 + 4 * (96 + 12) + 1)); // worked example 4
    assert_eq!(id(&s, "f4-e4/n"), Some(256 + 4 * (32 + 9) + 3)); // worked example 5
    assert_eq!(id(&s, "e8-e9/s"), Some(764)); // the last throw
    assert_eq!(text_of(&s, 767), None); // e8-e9/n: nothing north of e9
}

/// Levitations: `768 + 32 e + j`, `j` the rank of the Rock's square in the step's direction.
#[test]
fn levitations_follow_the_step_and_the_rocks_square() {
    let s = start("");
    assert_eq!(text_of(&s, 768), None); // e2-e1/e2: the Sorcerer's own square
    assert_eq!(id(&s, "e2-e1/d3"), Some(769));
    assert_eq!(id(&s, "d3-d4/c6"), Some(768 + 32 * (96 + 5) + 23)); // worked example 8
    assert_eq!(id(&s, "e8-e9/f7"), Some(4862));
    assert_eq!(text_of(&s, 4862).as_deref(), Some("e8-e9/f7"));
    assert_eq!(text_of(&s, 4863), None); // e8-e9/e8
    assert_eq!(id(&s, "e2-e3/e3"), None); // a Rock on the square the Sorcerer enters
    assert_eq!(id(&s, "e2-e3/e9"), None); // e9 has no square to the north
                                          // a Rock right behind the Sorcerer follows it (worked example 9)
    assert_eq!(id(&s, "e5-e6/e4"), Some(768 + 32 * (96 + 19) + 12));
}

#[test]
fn ids_past_the_end_and_texts_of_no_step_have_nothing() {
    let s = start("players=4");
    assert_eq!(s.action_of_id(4864), None);
    assert_eq!(s.action_of_id(usize::MAX), None);
    assert_eq!(id(&s, "e2-e4"), None); // not neighbours
    assert_eq!(id(&s, "e2-f3"), None); // diagonal
    assert_eq!(id(&s, "e2-e2"), None);
}

/// "The id depends only on the text of the action."
#[test]
fn a_text_has_one_id_in_every_position_and_game() {
    let a = pos("seats=swe", "g6,e1,a5,i5 s:d2,-,-;e:e3,-,- e 3 3 - - -");
    let b = start("");
    let c = played("players=4", &["e2-e3", "b5-c5", "b4-b5"]);
    for t in ["e3-e4/g6", "e2-e3", "e5-d5/p", "e4-e5/w"] {
        assert_eq!(id(&a, t), id(&b, t), "{t}");
        assert_eq!(id(&a, t), id(&c, t), "{t}");
    }
    assert!(legal(&a).iter().any(|t| t == "e3-e4/g6"));
}

/// The plane table, at the start of a two-player game seen from south.
#[test]
fn the_start_seen_from_south() {
    let s = start("");
    let o = observe(&s, S);
    assert_eq!(cells(&o, 0), ["d2"]); // own Sorcerer, Troll, Dwarf
    assert_eq!(cells(&o, 1), ["f2"]);
    assert_eq!(cells(&o, 2), ["e2"]);
    assert_eq!(cells(&o, 3), ["f8"]); // north, the next seat of the game
    assert_eq!(cells(&o, 4), ["d8"]);
    assert_eq!(cells(&o, 5), ["e8"]);
    assert_eq!(cells(&o, P2.rocks), sorted(&["e1", "a5", "e9", "i5"]));
    assert!(cells(&o, P2.barred).is_empty());
    assert!(cells(&o, P2.moved).is_empty());
    assert!(cells(&o, P2.run).is_empty());
    assert_eq!(cells(&o, P2.diamond).len(), 41);
    let d = P2.diamond;
    assert_eq!(
        (value(&o, d, "e1"), value(&o, d, "a1"), value(&o, d, "i9")),
        (1.0, 0.0, 0.0)
    );
    assert_eq!(constant(&o, P2.to_move), 1.0); // south (slot 0)
    assert_eq!(constant(&o, P2.to_move + 1), 0.0);
    assert_eq!(constant(&o, P2.open), 1.0);
    assert_eq!(constant(&o, P2.steps), 1.0 / 3.0); // 1 step left
    assert_eq!(constant(&o, P2.quota), 1.0 / 3.0); // the first turn has 1 step
    assert_eq!(constant(&o, P2.turn), 0.0); // no turn limit
                                            // off the diamond every plane but the constant ones reads 0
    for k in 0..=P2.diamond {
        assert_eq!(value(&o, k, "a1"), 0.0);
    }
}

/// "Slot 0 is the observer, slot 1 the next seat clockwise in the game."
#[test]
fn the_same_position_seen_from_the_other_seat_swaps_the_slots() {
    let s = played("", &["e2-e3", "e8-e7"]);
    let (os, on) = (observe(&s, S), observe(&s, N));
    let slot = |o: &[f32], k: usize| o[3 * k * 81..3 * (k + 1) * 81].to_vec();
    assert_eq!(slot(&os, 0), slot(&on, 1));
    assert_eq!(slot(&os, 1), slot(&on, 0));
    assert_eq!(&os[6 * 81..11 * 81], &on[6 * 81..11 * 81]); // Rocks .. diamond
    assert_eq!(&os[13 * 81..], &on[13 * 81..]); // the scalars
    assert_eq!(cells(&on, 2), ["e7"]);
    assert_eq!(cells(&os, 2), ["e3"]);
    // north is still to move: slot 0 for north, slot 1 for south
    assert_eq!((constant(&on, 11), constant(&on, 12)), (1.0, 0.0));
    assert_eq!((constant(&os, 11), constant(&os, 12)), (0.0, 1.0));
}

/// Seats not in the game have no slot; the slots follow the turn order from the observer.
#[test]
fn three_players_have_three_slots_in_turn_order() {
    let p3 = planes(3);
    let s = start("players=3"); // s, w, n; e empty
    let o = observe(&s, N);
    assert_eq!(cells(&o, 0), ["f8"]); // n
    assert_eq!(cells(&o, 3), ["d2"]); // then s
    assert_eq!(cells(&o, 6), ["b6"]); // then w
    assert_eq!(cells(&o, 9), sorted(&["e1", "a5", "e9", "i5"])); // Rocks at 3 * 3
    assert_eq!(constant(&o, p3.to_move + 1), 1.0); // s (slot 1) moves first
    let o = observe(&s, W);
    assert_eq!(cells(&o, 0), ["b6"]);
    assert_eq!(cells(&o, 3), ["f8"]);
    assert_eq!(cells(&o, 6), ["d2"]);
    assert_eq!(constant(&o, 16), 1.0); // s (slot 2)
    assert_eq!(constant(&o, 14) + constant(&o, 15), 0.0);
    let s = start("players=3,seats=wne,first=n");
    let o = observe(&s, W);
    assert_eq!(cells(&o, 0), ["b6"]);
    assert_eq!(cells(&o, 3), ["f8"]);
    assert_eq!(cells(&o, 6), ["h4"]);
    assert_eq!(constant(&o, 15), 1.0); // n, slot 1, is to move
    assert_eq!(observe(&s, E).len(), 21 * 81);
}

/// Steps left over 3 and the turn's quota over 3 change as the turns go on.
#[test]
fn steps_left_and_the_quota_follow_the_turn() {
    let mut s = start("");
    let steps = |s: &State| {
        let o = observe(s, S);
        (constant(&o, P2.steps), constant(&o, P2.quota))
    };
    assert_eq!(steps(&s), (1.0 / 3.0, 1.0 / 3.0));
    for (t, want) in [
        ("e2-e3", (2.0 / 3.0, 2.0 / 3.0)), // north's turn 2: 2 steps
        ("e8-e7", (1.0 / 3.0, 2.0 / 3.0)),
        ("e7-e6", (1.0, 1.0)), // south's turn 3: 3 steps
        ("d2-d3", (2.0 / 3.0, 1.0)),
        ("d3-c3", (1.0 / 3.0, 1.0)),
        ("c3-d3", (1.0, 1.0)), // north's turn 4
    ] {
        s.play(t.parse().unwrap());
        assert_eq!(steps(&s), want, "after {t}");
    }
}

/// The levitation run, the Rocks moved this turn, and the ban in the next turn.
#[test]
fn a_levitation_run_shows_until_it_is_broken_and_bars_the_rock_next_turn() {
    let mut s = played("", &["e2-e3", "e8-e7", "e7-e6", "d2-d3/e1"]);
    // Rock 0 went from e1 to e2: moved this turn, the Rock of the run; levitation open
    let o = observe(&s, S);
    assert_eq!(cells(&o, P2.moved), ["e2"]);
    assert_eq!(cells(&o, P2.run), ["e2"]);
    assert!(cells(&o, P2.barred).is_empty());
    assert_eq!(constant(&o, P2.open), 1.0);
    // a Sorcerer step without the Rock breaks the run
    s.play("d3-c3".parse().unwrap());
    let o = observe(&s, S);
    assert!(cells(&o, P2.run).is_empty());
    assert_eq!(constant(&o, P2.open), 0.0);
    assert_eq!(cells(&o, P2.moved), ["e2"]);
    // the turn ends: north may not start a levitation with that Rock
    s.play("e3-e4".parse().unwrap());
    let o = observe(&s, N);
    assert_eq!(cells(&o, P2.barred), ["e2"]);
    assert!(cells(&o, P2.moved).is_empty());
    assert_eq!(constant(&o, P2.open), 1.0);
    assert_eq!(constant(&o, P2.to_move), 1.0);
}

/// With `turn_limit = L`, plane `C + 3` holds `turn / L`.
#[test]
fn the_turn_number_shows_with_a_turn_limit() {
    let s = start("turn_limit=30");
    assert_eq!(constant(&observe(&s, S), P2.turn), 1.0 / 30.0);
    let s = played("turn_limit=30", &["e2-e3", "e8-e7", "e7-e6"]);
    assert_eq!(constant(&observe(&s, N), P2.turn), 3.0 / 30.0);
    let s = played("players=4,turn_limit=25", &["e2-e3", "b5-c5", "b4-b5"]);
    assert_eq!(constant(&observe(&s, E), 24), 3.0 / 25.0);
}

/// A team out of play leaves its slot empty; a killed Dwarf leaves its plane empty.
#[test]
fn eliminated_teams_and_killed_dwarves_leave_their_planes_empty() {
    let p4 = planes(4);
    // worked example 5: the Rock lands on blue's Sorcerer
    let mut s = pos(
        "players=4",
        "e4,e1,a5,i5 s:d2,f4,-;w:b6,-,-;n:f8,-,-;e:e7,h6,h5 s 3 3 - - -",
    );
    s.play("f4-e4/n".parse().unwrap());
    let o = observe(&s, S); // slots s, w, n, e
    for k in 9..12 {
        assert!(cells(&o, k).is_empty(), "plane {k}");
    }
    assert_eq!(cells(&o, 6), ["f8"]); // north's Sorcerer: north is in play
    assert_eq!(constant(&o, p4.to_move + 1), 1.0); // west to move
    assert_eq!(constant(&o, p4.to_move + 3), 0.0);
    assert_eq!(cells(&o, p4.rocks), sorted(&["e7", "e1", "a5", "i5"]));
    assert_eq!(cells(&o, p4.barred), ["e7"]); // thrown in the previous turn
                                              // blue, out, may still be observed: its own slot is empty
    let o = observe(&s, E);
    assert!(cells(&o, 0).is_empty());
    assert_eq!(cells(&o, 3), ["d2"]); // s comes next
    assert_eq!(constant(&o, p4.to_move + 2), 1.0); // w, two seats after e

    // worked example 6: the Rock lands on b4 and kills blue's Dwarf
    let mut s = pos("seats=swe", "e4,e1,e9,i5 s:c7,e5,-;e:g7,-,b4 s 3 3 - - -");
    s.play("e5-e4/w".parse().unwrap());
    let o = observe(&s, E); // slots e, s, w
    assert_eq!(cells(&o, 0), ["g7"]);
    assert!(cells(&o, 2).is_empty());
    assert_eq!(cells(&o, 9), sorted(&["b4", "e1", "e9", "i5"]));
    assert_eq!(constant(&o, 14), 1.0); // blue moves next
    assert!(cells(&o, 6).is_empty()); // w is not on the board
}

/// Once the game is over nobody is to move, no step is left, levitation is closed.
#[test]
fn a_finished_game_has_no_mover_and_no_steps() {
    let mut s = pos("", "e4,e1,a5,i5 s:d2,f4,-;n:e7,-,- s 3 3 - - -");
    s.play("f4-e4/n".parse().unwrap());
    assert!(s.outcome().unwrap().is_winner(S));
    let o = observe(&s, N);
    assert!(cells(&o, 0).is_empty()); // north is out
    assert_eq!(cells(&o, 3), ["d2"]);
    assert_eq!(
        (constant(&o, P2.to_move), constant(&o, P2.to_move + 1)),
        (0.0, 0.0)
    );
    assert_eq!((constant(&o, P2.open), constant(&o, P2.steps)), (0.0, 0.0));
}

#[test]
fn observing_a_seat_not_in_the_game_or_a_wrong_buffer_is_an_error() {
    let s = start("");
    let mut buf = vec![0.5; 17 * 81];
    assert_eq!(
        s.observe(W, &mut buf),
        Err(ObserveError::NotASeat { seat: 1 })
    );
    assert_eq!(
        s.observe(E, &mut buf),
        Err(ObserveError::NotASeat { seat: 3 })
    );
    assert!(buf.iter().all(|&v| v == 0.5));
    assert_eq!(
        s.observe(S, &mut buf[1..]),
        Err(ObserveError::WrongLength {
            expected: 17 * 81,
            got: 17 * 81 - 1
        })
    );
    assert!(s.observe(N, &mut buf).is_ok());
}

/// "The observation does not show identities"; "the turn number capped at 3 without a limit".
#[test]
fn rock_identities_and_late_turn_numbers_are_left_out() {
    let teams = "s:d2,f2,e2;n:f8,d8,e8";
    let a = pos("", &format!("e1,a5,e9,i5 {teams} s 5 2 - 1 0"));
    let b = pos("", &format!("a5,e1,e9,i5 {teams} s 5 2 - 0 1"));
    assert_ne!(a, b);
    assert_eq!(observe(&a, S), observe(&b, S));
    assert_eq!(observe(&a, N), observe(&b, N));
    assert!(a.same_observable(&b));
    // the Rock on a5 moved in one, the one on e1 in the other
    let c = pos("", &format!("a5,e1,e9,i5 {teams} s 5 2 - 1 0"));
    assert_ne!(observe(&a, S), observe(&c, S));
    assert!(!a.same_observable(&c));

    let late = pos("", &format!("e1,a5,e9,i5 {teams} s 9 2 - 1 0"));
    assert_eq!(observe(&a, S), observe(&late, S));
    assert!(a.same_observable(&late));
    let turn2 = pos("", &format!("e1,a5,e9,i5 {teams} s 2 2 - - -"));
    assert_ne!(
        observe(&turn2, S),
        observe(&pos("", &format!("e1,a5,e9,i5 {teams} s 5 2 - - -")), S)
    );
    // with a turn limit every turn number shows
    let a = pos("turn_limit=30", &format!("e1,a5,e9,i5 {teams} s 5 2 - 1 0"));
    let late = pos("turn_limit=30", &format!("e1,a5,e9,i5 {teams} s 9 2 - 1 0"));
    assert_ne!(observe(&a, S), observe(&late, S));
    assert!(!a.same_observable(&late));
}

#[test]
fn golden_info() {
    assert_eq!(
        check_info_file::<State>(env!("CARGO_MANIFEST_DIR"), &PARAMS),
        PARAMS.len()
    );
}

/// Four players with a turn limit, 19 steps in: south is out, blue's Dwarf is dead, west is
/// in a levitation run (Rock on h6) with one step left, the Rock on e2 moved in the previous
/// turn; seen from north.
#[test]
fn golden_observation() {
    check_observation_file::<State>(
        env!("CARGO_MANIFEST_DIR"),
        "4p-levitation",
        "splut players=4,turn_limit=25: e2-e3 b5-c5 b4-b5 f8-f7 f7-f8/e1 f8-f7 h4-g4 g4-g3 \
         h6-g6 f2-e2/w b5-a5/e f7-f6 d8-d7 f6-e6 g3-f3 f3-g3/d2 g6-f6 b6-b5 b5-b6/h5",
        "n",
    );
}
