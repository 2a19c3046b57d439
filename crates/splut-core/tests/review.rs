//! Independent review tests: every expected value here was worked out by hand from
//! the rules (`docs/splut.md`) (the sentence checked is quoted or named in each test), not from the
//! engine. Positions are in this crate's notation
//! (`ROCKS TEAMS TO-MOVE TURN STEPS LEVITATION MOVED PREVIOUS`); Rocks and Sorcerers that the
//! notation requires but a test does not need stand on squares far from the action.

use boardgame_kit::drivers::status_line;
use boardgame_kit::perft_generic;
use boardgame_kit::{perft, Game, GameResult, Seat, ToAct};
use splut_core::{Params, Piece, State};

mod common;
use common::*;

const S: Seat = Seat::of(0);
const W: Seat = Seat::of(1);
const N: Seat = Seat::of(2);
const E: Seat = Seat::of(3);

fn play(s: &mut State, t: &str) {
    assert!(
        legal(s).iter().any(|x| x == t),
        "{t} should be legal in {}: {:?}",
        s.position(),
        legal(s)
    );
    s.play(t.parse().unwrap());
}

/// "the first turn of the game has 1 step, the second turn 2, every later turn 3, whatever the
/// number of players": three players from the start get 1, 2, 3, then 3 steps.
#[test]
fn quota_is_counted_for_the_whole_game_with_three_players() {
    let mut s = State::new(&params("players=3"));
    assert_eq!((s.to_act(), s.steps_left()), (ToAct::Seat(S), 1));
    play(&mut s, "e2-e3");
    assert_eq!(
        (s.to_act(), s.turn(), s.steps_left()),
        (ToAct::Seat(W), 2, 2)
    );
    play(&mut s, "b5-c5");
    play(&mut s, "c5-d5");
    assert_eq!(
        (s.to_act(), s.turn(), s.steps_left()),
        (ToAct::Seat(N), 3, 3)
    );
    play(&mut s, "e8-e7");
    play(&mut s, "e7-e6");
    play(&mut s, "e6-e5"); // pushes nothing: e5 was empty
    assert_eq!(
        (s.to_act(), s.turn(), s.steps_left()),
        (ToAct::Seat(S), 4, 3)
    );
}

/// "A turn lost entirely (no legal step at its start) still counts as a turn": West's Sorcerer
/// alone on the tip a5 behind the Rock on b5 cannot step, so after South's turn 1 West loses
/// turn 2 and North plays turn 3 with three steps.
#[test]
fn a_lost_turn_counts_for_the_quota() {
    let text = "e1,b5,e9,i5 s:d2,-,-;w:a5,-,-;n:f8,-,- s 1 1 - - -";
    let s0 = pos("players=3", text);
    // d2 north (e1 -> e2 and b5 -> b6 may follow; e9, i5 would leave the board), d2 east
    // (only b5 -> c5 stays on the board).
    assert_eq!(
        legal(&s0),
        ["d2-d3", "d2-d3/b5", "d2-d3/e1", "d2-e2", "d2-e2/b5"]
    );
    let mut s = s0;
    play(&mut s, "d2-d3");
    assert_eq!(
        (s.to_act(), s.turn(), s.steps_left()),
        (ToAct::Seat(N), 3, 3)
    );
    assert_eq!(
        s.position(),
        "e1,b5,e9,i5 s:d3,-,-;w:a5,-,-;n:f8,-,- n 3 3 - - -"
    );
    // Levitating b5 away frees West, who then plays turn 2 with two steps.
    let mut s = s0;
    play(&mut s, "d2-d3/b5");
    assert_eq!(
        (s.to_act(), s.turn(), s.steps_left()),
        (ToAct::Seat(W), 2, 2)
    );
    // "the game is drawn once that many turns have been completed": the lost turn 2 completes
    // the second turn.
    let mut s = pos("players=3,turn_limit=2", text);
    play(&mut s, "d2-d3");
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(status_line(&s), "over: draw");
    let mut s = pos("players=3,turn_limit=3", text);
    play(&mut s, "d2-d3");
    assert_eq!((s.to_act(), s.turn()), (ToAct::Seat(N), 3));
}

/// "ending with the player who just moved" and "as 'the turn before' for the levitation ban
/// (in which no Rock moved)": North (Sorcerer e9 behind the Rock e8) is stuck; South moves
/// Rock 2 in turn 5, North loses turn 6, South plays turn 7 and may levitate Rock 2 again.
#[test]
fn mover_plays_again_after_a_lost_turn_and_the_ban_is_cleared() {
    let mut s = pos("", "e8,a5,c3,i5 s:e4,-,-;n:e9,-,- s 5 3 - - -");
    play(&mut s, "e4-e5/c3"); // Rock 2: c3 -> c4
    play(&mut s, "e5-e6");
    play(&mut s, "e6-e7");
    assert_eq!(
        (s.to_act(), s.turn(), s.steps_left()),
        (ToAct::Seat(S), 7, 3)
    );
    assert_eq!(s.moved_previous_turn(), 0);
    assert!(legal(&s).iter().any(|a| a == "e7-e6/c4"));
    // Without the lost turn in between the ban holds: North can step (Rock on d7, not e8).
    let mut s = pos("", "d7,a5,c3,i5 s:e4,-,-;n:e9,-,- s 5 3 - - -");
    play(&mut s, "e4-e5/c3");
    play(&mut s, "e5-e6");
    play(&mut s, "e6-e5");
    assert_eq!((s.to_act(), s.turn()), (ToAct::Seat(N), 6));
    assert_eq!(s.moved_previous_turn(), 0b0100);
    // e9-e8 with Rock 2 (c4 -> c3) would be a levitation of a Rock moved in turn 5.
    assert_eq!(legal(&s), ["e9-e8", "e9-e8/d7"]);
}

/// "If the player to move has steps left but no legal step, the rest of the turn is lost":
/// South's Sorcerer steps e2-e1 and the Rock from e3 follows into e2, boxing it in on the tip.
#[test]
fn rest_of_turn_lost_then_draw_when_nobody_can_step() {
    // North can step: South loses its two remaining steps; Rock 0 moved in South's turn.
    let mut s = pos("", "e3,a5,d7,i5 s:e2,-,-;n:e9,-,- s 5 3 - - -");
    play(&mut s, "e2-e1/e3");
    assert_eq!(
        (s.to_act(), s.turn(), s.steps_left()),
        (ToAct::Seat(N), 6, 3)
    );
    // e9's only neighbour is e8 (south): Rocks e2 -> e1 (occupied), a5 and i5 (off the board)
    // cannot follow, d7 -> d6 can.
    assert_eq!(legal(&s), ["e9-e8", "e9-e8/d7"]);
    // North boxed in by the Rock e8 too: "If no player in the game has a legal step, the game
    // ends in a draw."
    let mut s = pos("", "e3,a5,e8,i5 s:e2,-,-;n:e9,-,- s 5 3 - - -");
    play(&mut s, "e2-e1/e3");
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.outcome().unwrap().result(), GameResult::Draw);
    assert_eq!(status_line(&s), "over: draw");
}

/// "a Sorcerer hit is killed with its whole team" (the thrower's own included) and "After a
/// throw that eliminates a team, play passes to the next seat clockwise after the thrower that
/// is still in play; if one seat is left it wins at once (even when the thrower killed its own
/// Sorcerer)."
#[test]
fn killing_ones_own_sorcerer() {
    // Red Troll e3 onto the Rock e4, thrown north: e5, e6 empty, red's own Sorcerer on e7.
    let text = "e4,a5,e9,i5 s:e7,e3,-;w:b6,-,-;n:f8,-,- s 5 3 - - -";
    let mut s = pos("players=3", text);
    play(&mut s, "e3-e4/n");
    assert_eq!(at(&s, "e7"), Some(Piece::Rock(0)));
    assert_eq!(
        at(&s, "e4"),
        None,
        "the thrower's Troll leaves with its team"
    );
    assert_eq!(
        (s.to_act(), s.turn(), s.steps_left()),
        (ToAct::Seat(W), 6, 3)
    );
    assert_eq!(s.in_play().len(), 2);
    // Two players: North wins at once.
    let mut s = pos("", "e4,a5,e9,i5 s:e7,e3,-;n:f8,-,- s 5 3 - - -");
    play(&mut s, "e3-e4/n");
    assert_eq!(
        s.outcome().unwrap().result(),
        GameResult::Winners(boardgame_kit::SeatSet::from_bits(1 << 2))
    );
    assert_eq!(status_line(&s), "over: n");
}

/// Throw directions "judged after the Troll left its square": Troll d5 onto the Rock e5 with a
/// Troll on e6 (north) and a Rock on f5 (east): only south and west (back through d5). Thrown
/// west the Rock crosses d5, c5, flies over West's Dwarf on b5 and stops before the Rock on a5:
/// it lands on b5 and kills that Dwarf ("only the Dwarf directly before the obstacle"); West
/// stays in play and moves next.
#[test]
fn throw_back_over_the_trolls_square_kills_the_dwarf_before_the_obstacle() {
    let text = "e5,a5,f5,i5 s:d2,d5,-;w:b6,-,b5;n:f8,e6,- s 5 3 - - -";
    let s0 = pos("players=3", text);
    let troll = legal_starting(&s0, "d5");
    // d5-c5 pulls e5 (behind, in line); d5-d4 and d5-d6 have nothing behind.
    assert_eq!(
        troll,
        ["d5-c5", "d5-c5/p", "d5-d4", "d5-d6", "d5-e5/s", "d5-e5/w"]
    );
    let mut s = s0;
    play(&mut s, "d5-e5/w");
    assert_eq!(at(&s, "b5"), Some(Piece::Rock(0)));
    assert_eq!(at(&s, "e5"), Some(Piece::Troll(S)));
    assert_eq!((s.to_act(), s.steps_left()), (ToAct::Seat(W), 3));
    assert_eq!(
        s.position(),
        "b5,a5,f5,i5 s:d2,e5,-;w:b6,-,-;n:f8,e6,- w 6 3 - - 0"
    );
}

/// "the next square holds a Sorcerer ... the Rock lands on that square" also on the first
/// square, and a Dwarf followed by a Sorcerer is flown over (it survives).
#[test]
fn sorcerer_on_the_first_square_and_dwarf_before_a_sorcerer() {
    // Red Troll f4 onto e4, north: green's Sorcerer on e5 at once.
    let mut s = pos("", "e4,a5,e9,i5 s:d2,f4,-;n:e5,-,- s 5 3 - - -");
    play(&mut s, "f4-e4/n");
    assert_eq!(
        s.outcome().unwrap().result(),
        GameResult::Winners(boardgame_kit::SeatSet::from_bits(1))
    );
    assert_eq!(at(&s, "e5"), Some(Piece::Rock(0)));
    // Four players: Rock e4 thrown north over blue's Dwarf e5 onto green's Sorcerer e6.
    let text = "e4,a5,e9,i5 s:d2,f4,-;w:b6,-,-;n:e6,d8,-;e:h4,-,e5 s 5 3 - - -";
    let mut s = pos("players=4", text);
    play(&mut s, "f4-e4/n");
    assert_eq!(at(&s, "e5"), Some(Piece::Dwarf(E)));
    assert_eq!(at(&s, "e6"), Some(Piece::Rock(0)));
    assert_eq!(at(&s, "d8"), None, "green's Troll leaves with its team");
    assert_eq!(s.to_act(), ToAct::Seat(W));
    assert_eq!(
        s.position(),
        "e6,a5,e9,i5 s:d2,e4,-;w:b6,-,-;e:h4,-,e5 w 6 3 - - 0"
    );
    // After West's turn, play skips the eliminated North.
    play(&mut s, "b6-c6");
    play(&mut s, "c6-c7");
    play(&mut s, "c7-c6");
    assert_eq!((s.to_act(), s.turn()), (ToAct::Seat(E), 7));
}

/// "A throw ends the turn at once, whatever steps were left", and a throw never pulls.
#[test]
fn throw_on_the_first_of_three_steps_ends_the_turn() {
    let mut s = pos("", "e5,a5,e9,i5 s:d2,e4,-;n:f8,-,- s 5 3 - - -");
    // e4 onto e5: north (e6), east (f5), west (d5) and back south (e4) are all free.
    let throws = legal_starting(&s, "e4-e5");
    assert_eq!(throws, ["e4-e5/e", "e4-e5/n", "e4-e5/s", "e4-e5/w"]);
    play(&mut s, "e4-e5/s");
    // South from e5: e4 (left by the Troll), e3, e2, e1, then the edge: it lands on e1.
    assert_eq!(at(&s, "e1"), Some(Piece::Rock(0)));
    assert_eq!(
        (s.to_act(), s.turn(), s.steps_left()),
        (ToAct::Seat(N), 6, 3)
    );
}

/// "Dwarf, push": the whole unbroken line moves one square, only if the square after it is on
/// the board; pushed Rocks count as moved (they cannot start a levitation next turn).
#[test]
fn dwarf_pushes_whole_lines_and_pushed_rocks_are_banned_next_turn() {
    // Red Dwarf e2 below the Rock e3 and green's Sorcerer e4, e5 empty: e2-e3 pushes both.
    let mut s = pos("", "e3,a5,e9,i5 s:d2,-,e2;n:e4,-,- s 5 3 - - -");
    play(&mut s, "e2-e3");
    assert_eq!(at(&s, "e4"), Some(Piece::Rock(0)));
    assert_eq!(at(&s, "e5"), Some(Piece::Sorcerer(N)));
    assert_eq!(s.moved_this_turn(), 0b0001);
    // A Dwarf on e6 with Rock e7, Sorcerer e8 and Rock e9 above cannot push north (e10 is off
    // the board).
    let s = pos("", "e7,a5,e9,i5 s:d2,-,e6;n:e8,-,- s 5 3 - - -");
    assert!(!legal(&s).iter().any(|a| a == "e6-e7"));
    assert!(legal(&s).iter().any(|a| a == "e6-e5"));
}

/// "once started, each following Sorcerer step may carry on with the same Rock; as soon as a
/// step is made without it ... no levitation is possible for the rest of the turn", "levitation
/// may start on any step", and a Rock moved in the previous turn stays banned "even if it moved
/// again since".
#[test]
fn levitation_runs() {
    // Red Sorcerer d4; Rock 1 (b5) moved in the previous turn; Troll g3 for another step.
    let text = "c5,b5,e9,g4 s:d4,g3,-;n:f8,-,- s 5 3 - - 1";
    let s0 = pos("", text);
    // d4 north: Rocks c5 -> c6 and g4 -> g5 (b5 is banned, e9 would leave the board).
    let north = legal_starting(&s0, "d4-d5");
    assert_eq!(north, ["d4-d5", "d4-d5/c5", "d4-d5/g4"]);
    // Start on the second step, after a Troll step (h3 behind g3 is off the board: no pull).
    let mut s = s0;
    play(&mut s, "g3-f3");
    play(&mut s, "d4-d5/c5");
    let next = legal_starting(&s, "d5-d6");
    assert_eq!(next, ["d5-d6", "d5-d6/c6"], "only the Rock of the run");
    // Broken run: no levitation at all afterwards.
    let mut s = s0;
    play(&mut s, "d4-d5/c5");
    play(&mut s, "d5-d6");
    assert!(legal(&s)
        .iter()
        .all(|a| !a.starts_with("d6") || !a[5..].contains('/')));
    // The banned Rock 1 pushed by the own Dwarf this turn stays banned; Rock 3 pulled by the
    // own Troll this turn may be levitated.
    let mut s = pos("", "c5,b5,e9,g4 s:d4,g5,b4;n:f8,-,- s 5 3 - - 1");
    play(&mut s, "b4-b5"); // Rock 1: b5 -> b6
    play(&mut s, "g5-g6/p"); // Rock 3: g4 -> g5
    assert_eq!(s.moved_this_turn(), 0b1010);
    let east = legal_starting(&s, "d4-e4");
    // d4 east: c5 -> d5, g5 -> h5; b6 -> c6 is empty but Rock 1 is banned; e9 -> f9 is off.
    assert_eq!(east, ["d4-e4", "d4-e4/c5", "d4-e4/g5"]);
}

/// Perft at a turn limit: "the game is drawn once that many turns have been completed", and
/// a sequence reaching a terminal state before the depth is not counted.
#[test]
fn perft_stops_at_the_turn_limit() {
    let mut s = State::new(&params("turn_limit=1"));
    assert_eq!(perft(&mut s, 1), 3);
    assert_eq!(perft(&mut s, 2), 0);
    let mut s = State::new(&params("turn_limit=2"));
    // North's first step from each of the 3 starts: d8-d7, e8-e7, f8-f7 (nothing levitates
    // south onto the board and empty).
    assert_eq!(perft(&mut s, 2), 9);
    assert_eq!(perft(&mut s, 4), 0);
}

/// "First to move: with 3 players, the seat clockwise after the empty seat"; `first` may be
/// given for any number of players; `seats` without `players` sets the count.
#[test]
fn first_seat_defaults() {
    for (p, first) in [
        ("players=3", S),
        ("seats=wne", W),
        ("seats=sne", N),
        ("seats=swe", E),
        ("seats=we", W),
        ("seats=ew", W),
        ("players=4", S),
        ("players=4,first=e", E),
        ("players=3,first=n", N),
    ] {
        assert_eq!(State::new(&params(p)).to_act(), ToAct::Seat(first), "{p}");
    }
    assert!("players=2,seats=swn".parse::<Params>().is_err());
    assert!("seats=ne".parse::<Params>().is_err());
}

/// The search kernel `State::perft` agrees with the kit's generic perft (which the CLI uses)
/// on set-ups with lost rests, lost turns and stuck draws (the positions of the tests above).
#[test]
fn kernel_perft_matches_the_generic_perft_on_stuck_positions() {
    for (p, text, depth) in [
        ("", "e3,a5,e8,i5 s:e2,-,-;n:e9,-,- s 5 3 - - -", 5),
        ("", "e3,a5,d7,i5 s:e2,-,-;n:e9,-,- s 5 3 - - -", 4),
        (
            "players=3",
            "e1,b5,e9,i5 s:d2,-,-;w:a5,-,-;n:f8,-,- s 1 1 - - -",
            5,
        ),
        (
            "players=3,turn_limit=4",
            "e1,b5,e9,i5 s:d2,-,-;w:a5,-,-;n:f8,-,- s 1 1 - - -",
            7,
        ),
        ("", "e8,a5,c3,i5 s:e4,-,-;n:e9,-,- s 5 3 - - -", 4),
        (
            "players=4",
            "e2,b5,e8,h5 s:e1,-,-;w:a5,-,-;n:e9,-,-;e:i5,c5,- e 6 3 - - -",
            6,
        ),
    ] {
        let mut s = pos(p, text);
        for d in 0..=depth {
            assert_eq!(s.perft(d), perft_generic(&mut s, d), "{text} depth {d}");
        }
    }
}
