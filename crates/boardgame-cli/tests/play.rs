//! `play` for a person: the computer (`mcts`) by default, who plays what said at the start,
//! the board drawn once a turn with the others' actions as lines, Arandia's events told in
//! words, and one clear line at the end.

mod common;

use std::io::{Read, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use common::play;

#[test]
fn the_computer_plays_mcts_by_default_and_the_start_says_who_plays_what() {
    let out = play(&["splut"], "quit\n");
    assert!(
        out.starts_with(
            "Splut! (splut): you play s (red); n (green) is played by the agent `mcts`.\n"
        ),
        "{out}"
    );
    let four = play(
        &[
            "splut",
            "--params",
            "players=4",
            "--seat",
            "w",
            "--opponent",
            "random",
        ],
        "quit\n",
    );
    assert!(
        four.starts_with(
            "Splut! (splut): you play w (yellow); s (red), n (green), e (blue) are played by the \
             agent `random`.\n"
        ),
        "{four}"
    );
    let dice = play(&["arandia", "--opponent", "random"], "quit\n");
    assert!(
        dice.contains("\nThe computer rolls the die for everybody.\n"),
        "{dice}"
    );
    let help = String::from_utf8(common::run(&["help", "play"]).stdout).unwrap();
    assert!(help.contains("[default: mcts]"), "{help}");
}

/// How many times the board was drawn (each drawing of Splut! ends with its file letters).
fn boards(out: &str) -> usize {
    out.matches("\n   a  b  c  d  e  f  g  h  i\n").count()
}

#[test]
fn the_board_is_drawn_once_a_turn_and_not_after_help_legal_or_errors() {
    // s plays one step, n answers with two (two lines), then s has three steps.
    let out = play(
        &["splut", "--opponent", "random", "--seed", "2"],
        "help\nlegal\nzz9\nkey\n\ne2-e3\nhelp\nlegal\nquit\n",
    );
    assert_eq!(boards(&out), 2, "{out}");
    assert_eq!(out.matches("\nn (green) plays ").count(), 2, "{out}");
    let (_, after) = out
        .split_once("you play e2-e3: Dwarf e2 steps north to e3\n")
        .unwrap();
    // The others' actions as lines, then the board once.
    let first_board = after.find("   a  b  c  d").unwrap();
    assert!(
        after[..first_board].matches(" plays ").count() == 2,
        "{after}"
    );
    // Within the person's own turn of three steps: a status line, no board.
    let steps = play(
        &["splut", "--opponent", "random", "--seed", "2"],
        "e2-e3\nd2-d3\nd3-d4\nboard\nquit\n",
    );
    assert_eq!(
        boards(&steps),
        3,
        "the start, after n's turn, and for `board`:\n{steps}"
    );
    assert!(
        steps.contains("\n  to move: s (red), turn 3, 2 steps left (`board` draws the board)\n")
    );
    assert!(steps.contains("\n  to move: s (red), turn 3, 1 step left (`board` draws the board)\n"));
    // Undo draws the board it goes back to.
    let undone = play(
        &["splut", "--opponent", "random", "--seed", "2"],
        "e2-e3\nundo\nquit\n",
    );
    assert_eq!(boards(&undone), 3, "{undone}");
}

/// A `play` session driven line by line: the answers are read as they come.
struct Session {
    child: Child,
    stdin: ChildStdin,
    out: Receiver<u8>,
    text: String,
    /// The length of `text` when the last line was sent: a prompt counts only after it.
    sent: usize,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut command = common::boardgame(&["play"]);
        command.args(args);
        let mut child = common::converse(command);
        let stdin = child.stdin.take().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let (send, out) = channel();
        std::thread::spawn(move || {
            let mut byte = [0u8];
            while stdout.read_exact(&mut byte).is_ok() {
                if send.send(byte[0]).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            out,
            text: String::new(),
            sent: 0,
        }
    }

    /// Reads until a prompt (`NAME> ` at the start of a line) or the end; true at a prompt.
    fn prompt(&mut self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if self.text.len() > self.sent && self.text.ends_with("> ") {
                return true;
            }
            match self
                .out
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(b) => self.text.push(b as char),
                Err(_) => return false,
            }
        }
    }

    fn send(&mut self, line: &str) {
        self.sent = self.text.len();
        writeln!(self.stdin, "{line}").unwrap();
    }

    /// Asks for the legal actions at a prompt; the first of them.
    fn first_legal(&mut self) -> String {
        self.send("legal");
        assert!(self.prompt(), "{}", self.text);
        let line = self
            .text
            .lines()
            .rev()
            .find(|l| l.contains("legal: "))
            .unwrap();
        let first = line.split("legal: ").nth(1).unwrap().split(' ').next();
        first.unwrap().to_string()
    }

    /// Plays the first legal action at every prompt until the game ends; the whole output.
    fn play_out(mut self) -> String {
        let mut moves = 0;
        while self.prompt() {
            let first = self.first_legal();
            self.send(&first);
            moves += 1;
            assert!(moves < 5000, "{}", self.text);
        }
        let _ = self.child.wait();
        self.text
    }
}

#[test]
fn every_game_ends_with_one_clear_line() {
    for (game, params, seat) in [
        ("slimetrail", "size=5", "2"),
        ("splut", "turn_limit=12", "s"),
        ("splut", "players=3,turn_limit=30", "w"),
        ("elements", "board=blitz,per_turn=2", "w"),
        ("repello", "stack=2", "1"),
        ("arandia", "turn_limit=8", "0"),
    ] {
        let out = Session::start(&[
            game,
            "--params",
            params,
            "--seat",
            seat,
            "--opponent",
            "random",
            "--seed",
            "4",
        ])
        .play_out();
        let last = out.lines().last().unwrap();
        assert!(last.starts_with("game over: "), "{game}: {last}");
        assert!(last.contains("you"), "{game}: {last}");
        // The final board comes without its status line: the last line alone says the end.
        let (_, end) = out.rsplit_once("\n\n").unwrap();
        let told: Vec<&str> = end
            .lines()
            .filter(|l| l.contains("over") || l.contains(" wins") || l.contains("drawn"))
            .collect();
        assert_eq!(told, [last], "{game}: {end}");
    }
}

#[test]
fn the_end_says_who_won_and_whether_that_is_you() {
    // After c3 b2, seat 1 wins by stepping into a1.
    let win = play(
        &[
            "slimetrail",
            "--position",
            "7/7/7/3x3/2x4/1@5/7 1",
            "--opponent",
            "random",
        ],
        "a1\n",
    );
    assert!(
        win.ends_with("\ngame over: seat 1 wins: that is you, you win\n"),
        "{win}"
    );
    // After c3 b2 b1, seat 2 stepping into a1 gives the win to seat 1.
    let lose = play(
        &[
            "slimetrail",
            "--seat",
            "2",
            "--position",
            "7/7/7/3x3/2x4/1x5/1@5 2",
            "--opponent",
            "random",
        ],
        "a1\n",
    );
    assert!(
        lose.ends_with("\ngame over: seat 1 wins; you played seat 2: you lose\n"),
        "{lose}"
    );
    // Splut!: a throw onto green's Sorcerer ends it, in one line.
    let pos = "e1,a5,e9,f5 s:d2,e5,e2;n:f8,d8,e8 s 3 3 - - -";
    let splut = play(
        &["splut", "--position", pos, "--opponent", "random"],
        "e5-f5/n\n",
    );
    assert!(
        splut.ends_with("\ngame over: s (red) wins: that is you, you win\n"),
        "{splut}"
    );
    assert!(!splut.contains("over: s (red) wins\n"), "{splut}");
    assert_eq!(splut.matches("game over").count(), 1, "{splut}");
}

/// The first output of `play arandia` from `position` under some seed that contains `line`
/// (the die is the computer's, so the seeds are tried in turn).
fn arandia_with(position: &str, input: &str, line: &str) -> String {
    for seed in 0..64 {
        let out = play(
            &[
                "arandia",
                "--position",
                position,
                "--opponent",
                "random",
                "--seed",
                &seed.to_string(),
            ],
            input,
        );
        if out.contains(line) {
            return out;
        }
    }
    panic!("no seed gives {line:?}");
}

#[test]
fn arandia_tells_each_event_of_a_turn_in_words() {
    let roll = "0 roll:f9 t0 0:f9*,g9,h9 3:b1,c1,d1";
    // A roll and where it took the ship.
    arandia_with(
        roll,
        "quit\n",
        "\nthe die: the ship on f9 rolls 5: it sails south-west to e8\n",
    );
    // A wreck and why.
    let wreck = arandia_with(
        roll,
        "g9\nquit\n",
        "\nthe die: the ship on f9 rolls 4: it sails west to the rock e9: a move ending on a \
         rock wrecks the ship, and seat 0 puts it back on a cell of its home harbour (f9 g9 h9)\n",
    );
    assert!(
        wreck.contains("you play g9: the wrecked ship is put back on g9\n"),
        "{wreck}"
    );
    // A side leading nowhere.
    arandia_with(
        roll,
        "quit\n",
        "\nthe die: the ship on f9 rolls 3: the side marked 3 leads off the board, so the ship \
         stays on f9\n",
    );
    // An attack and the two rolls, and a sinking.
    let arrive = "0 arrive:e5 t0 0:e5*,g9,h9 3:c1,d1,e5";
    let attack = arandia_with(
        arrive,
        "attack/3\nquit\n",
        "seat 3's ship on e5 is sunk (it re-enters on seat 3's next turn)",
    );
    assert!(attack.contains(
        "you play attack/3: the ship on e5 attacks seat 3's ship there: the attacker rolls, \
         then the defender; the lower roll is sunk\n"
    ));
    assert!(
        attack.contains("\nthe die: the attacker, seat 0, rolls "),
        "{attack}"
    );
    assert!(
        attack.contains("\nthe die: the defender, seat 3, rolls "),
        "{attack}"
    );
    // A re-entry.
    let back = play(
        &[
            "arandia",
            "--position",
            "0 - t9 0:e5,g9,x 3:c1,d1,x",
            "--opponent",
            "random",
        ],
        "+f9\nquit\n",
    );
    assert!(
        back.contains("you play +f9: the sunk ship re-enters on the home harbour cell f9\n"),
        "{back}"
    );
    // A win: the third ship reaches the target harbour.
    let win = arandia_with(
        "0 roll:c2 t4 0:b1,c1,c2* 3:f9,g9,h8",
        "",
        "all three of seat 0's ships are on its target harbour (b1 c1 d1): seat 0 wins",
    );
    assert!(
        win.ends_with("\ngame over: seat 0 wins: that is you, you win\n"),
        "{win}"
    );
    // The other seat's turn, told line by line, then the board once.
    let mut s = Session::start(&["arandia", "--opponent", "random", "--seed", "3"]);
    let mut acted = 0;
    while !s.text.contains("\nseat 3 plays ") {
        assert!(s.prompt(), "{}", s.text);
        if s.text.contains("\nseat 3 plays ") {
            break;
        }
        let first = s.first_legal();
        s.send(&first);
        acted += 1;
        assert!(acted < 30, "{}", s.text);
    }
    assert!(s.prompt());
    s.send("quit");
    let _ = s.child.wait();
    let (_, theirs) = s.text.split_once("\nseat 3 plays ").unwrap();
    assert_eq!(theirs.matches("e9 #    f9 ").count(), 1, "{theirs}");
    assert!(theirs.contains("\nthe die: the ship on "), "{theirs}");
}
