//! `boardgames::Table`: one game in progress under every face.

use boardgame_kit::{RandomSource, SplitMix64, ToAct};
use boardgames::{Table, TableError, TableRecord};

fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn a_table_moves_between_threads() {
    assert_send_sync::<Table>();
    let mut t = Table::new("splut", "", None).unwrap();
    t.choose("mcts:iterations=50", 1).unwrap();
    let moved = std::thread::spawn(move || {
        t.play("e2-e3").unwrap();
        t
    })
    .join()
    .unwrap();
    assert_eq!(moved.history().collect::<Vec<_>>(), ["e2-e3"]);
}

#[test]
fn refusals_change_nothing() {
    let mut t = Table::new("slimetrail", "size=5", None).unwrap();
    t.play("c2").unwrap();
    let before = (t.position(), t.moves().to_vec());
    assert!(matches!(t.play("zz"), Err(TableError::Play(_))));
    assert!(matches!(t.play("c2"), Err(TableError::Play(_))));
    assert!(matches!(t.play_id(usize::MAX), Err(TableError::Play(_))));
    assert_eq!(t.play_all(&["b1", "b1"]).unwrap_err().0, 1);
    assert!(matches!(
        t.undo(2),
        Err(TableError::Undo {
            asked: 2,
            played: 1
        })
    ));
    assert!(matches!(
        t.play_as(0, "b1"),
        Err(TableError::OutOfTurn { seat: 0, .. })
    ));
    assert!(matches!(t.observe(9), Err(TableError::NoSeat { seat: 9 })));
    assert!(matches!(t.choose("gnugo", 0), Err(TableError::Spec(_))));
    assert!(t.set_position("nonsense").is_err());
    assert_eq!((t.position(), t.moves().to_vec()), before);
    t.play_as(1, "b1").unwrap();
    assert_eq!(t.to_act(), ToAct::Seat(boardgame_kit::Seat::of(0)));
}

#[test]
fn ids_and_texts_record_the_same_notation() {
    for entry in boardgames::GAMES {
        let mut by_text = Table::new(entry.name(), "", None).unwrap();
        let mut by_id = by_text.clone();
        let mut rng = SplitMix64::new(5);
        for _ in 0..12 {
            let Some(action) = by_text.game().random_action_text(&mut rng) else {
                break;
            };
            let id = by_text.game().text_id(&action).unwrap();
            by_text.play(&action).unwrap();
            by_id.play_id(id).unwrap();
        }
        assert_eq!(by_text.moves(), by_id.moves(), "{}", entry.name());
        assert_eq!(by_text.position(), by_id.position());
        let replayed = by_text.record().replay().unwrap();
        assert_eq!(replayed.position(), by_text.position());
        let json = serde_json::to_string(&by_text.record()).unwrap();
        let back: TableRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, by_text.record());
        by_text.undo(by_text.ply()).unwrap();
        assert_eq!(
            by_text.position(),
            entry.board("", None).unwrap().position()
        );
    }
}

/// A source that always draws the same 64 bits.
struct Fixed(u64);

impl RandomSource for Fixed {
    fn next_u64(&mut self) -> u64 {
        self.0
    }
}

#[test]
fn chance_outcomes_follow_their_probabilities() {
    let mut t = Table::new("arandia", "", None).unwrap();
    t.play("f9").unwrap();
    let mut seen = Vec::new();
    // One draw over the common denominator: draws 0 to 5 give the six faces.
    for draw in 0..6u64 {
        let mut c = t.clone();
        let face = c.play_chance(&mut Fixed(draw)).unwrap().unwrap();
        assert_eq!(c.moves()[1].seat, None);
        assert_eq!(c.history().nth(1), Some(face.as_str()));
        seen.push(face);
    }
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 6);
    let mut over = Table::new("slimetrail", "size=5", None).unwrap();
    assert_eq!(over.play_chance(&mut Fixed(0)).unwrap(), None);
}

#[test]
fn the_kept_agent_follows_the_game_like_a_fresh_one_told_every_action() {
    let spec = "mcts:iterations=300";
    let mut t = Table::new("slimetrail", "size=5", None).unwrap();
    let first = t.choose(spec, 0).unwrap();
    t.play(&first).unwrap();
    let reply = t.choose(spec, 0).unwrap();
    // An agent made by hand and told the same action chooses the same.
    let entry = t.entry();
    let mut agent = entry.agent(spec, 0).unwrap();
    let mut game = entry.new_game("size=5").unwrap();
    assert_eq!(agent.choose(game.as_ref()).unwrap(), first);
    agent.inform(game.as_ref(), &first);
    game.play_text(&first).unwrap();
    assert_eq!(agent.choose(game.as_ref()).unwrap(), reply);
    // A refused sequence tells the agent nothing.
    assert!(t.play_all(&[&reply, "zz"]).is_err());
    assert_eq!(t.choose(spec, 0).unwrap(), reply);
    // Undo drops it: a fresh agent answers.
    t.undo(1).unwrap();
    assert!(t.analysis().is_none());
    assert_eq!(t.choose(spec, 0).unwrap(), first);
}

#[test]
fn seat_agents_play_their_seats_to_the_end() {
    let mut t = Table::new("repello", "stack=2", None).unwrap();
    for seat in [0, 1] {
        t.seat_agent(seat, "mcts:iterations=20", seat as u64)
            .unwrap();
    }
    let mut rng = SplitMix64::new(1);
    for _ in 0..400 {
        match t.to_act() {
            ToAct::Chance => {
                t.play_chance(&mut rng).unwrap();
            }
            ToAct::Seat(s) => {
                let a = t.seat_choice().unwrap().unwrap();
                t.play_as(s.index(), &a).unwrap();
            }
            _ => break,
        }
    }
    assert!(t.moves().iter().all(|m| m.seat.is_some()));
    let replay = Table::replay("repello", "stack=2", None, &t.record().actions).unwrap();
    assert_eq!(replay.position(), t.position());
}
