//! The match runner's promises: a game is a function of the spec and its number alone (any
//! thread, any order), records survive their JSON line, tallies merge to the same totals, and a
//! tournament's pairs do not depend on the agents after them.

use boardgames::arena::tournament::Tournament;
use boardgames::arena::{self, play_game, ArenaError, GameEnd, GameRecord, MatchSpec, Tally};
use boardgames::GAMES;

/// A short match of every game between a searching agent and random, capped so that Arandia's
/// games stop early.
fn specs() -> Vec<MatchSpec> {
    GAMES
        .iter()
        .map(|entry| {
            let params = match entry.name() {
                "slimetrail" => "size=5",
                "elements" => "",
                "repello" => "players=3",
                "splut" => "players=3",
                _ => "",
            };
            MatchSpec::new(entry, params, None, &["alphabeta:nodes=60", "random"])
                .unwrap()
                .with_seed(11)
                .with_max_actions(300)
        })
        .collect()
}

#[test]
fn a_game_is_the_same_on_any_thread_and_in_any_order() {
    for spec in specs() {
        let alone: Vec<GameRecord> = (0..4).rev().map(|g| play_game(&spec, g).unwrap()).collect();
        let mut threaded = Vec::new();
        let tally = arena::run(&spec, 4, 3, &mut |r| {
            threaded.push(r.clone());
            Ok::<(), ArenaError>(())
        })
        .unwrap();
        let mut backwards = alone.clone();
        backwards.reverse();
        assert_eq!(threaded, backwards, "{}", spec.entry().name());
        assert_eq!(tally.games(), 4);
        // Seats rotate: game 1 gives the first seat the second agent.
        assert_eq!(threaded[1].seating()[0], 1);
        assert_eq!(threaded[1].agents()[0], "random");
    }
}

#[test]
fn records_survive_their_json_line() {
    for spec in specs() {
        for g in 0..2 {
            let record = play_game(&spec, g).unwrap();
            let line = record.to_json();
            assert!(!line.contains('\n'));
            let back = GameRecord::from_json(&spec, &line).unwrap();
            assert_eq!(back, record, "{line}");
            assert_eq!(back.to_json(), line);
        }
    }
    // Arandia stops at the cap: the record says so.
    let arandia = specs().pop().unwrap();
    let record = play_game(&arandia, 0).unwrap();
    assert_eq!(record.end(), &GameEnd::Unfinished);
    assert!(record
        .to_json()
        .contains(r#""result":"unfinished","winners":[],"scores":null"#));
}

#[test]
fn a_record_of_another_match_is_refused() {
    let spec = specs().remove(0);
    let line = play_game(&spec, 0).unwrap().to_json();
    let reseeded = spec.clone().with_seed(12);
    assert_eq!(
        GameRecord::from_json(&reseeded, &line)
            .unwrap_err()
            .to_string(),
        "the record's `seed` is not this match's"
    );
    let swapped = spec.with_agents(&["random", "alphabeta:nodes=60"]).unwrap();
    assert!(GameRecord::from_json(&swapped, &line).is_err());
    let edited = line.replace(r#""result":"win""#, r#""result":"draw""#);
    assert!(GameRecord::from_json(&spec, &edited).is_err(), "{edited}");
    assert!(GameRecord::from_json(&spec, "not json").is_err());
}

#[test]
fn tallies_of_games_played_apart_merge_to_the_same_totals() {
    for spec in specs() {
        let records: Vec<GameRecord> = (0..6).map(|g| play_game(&spec, g).unwrap()).collect();
        let mut all = Tally::new(2);
        records.iter().for_each(|r| all.add(r));
        let mut parts: Vec<Tally> = records
            .chunks(2)
            .map(|chunk| {
                let mut t = Tally::new(2);
                chunk.iter().rev().for_each(|r| t.add(r));
                t
            })
            .collect();
        let mut merged = parts.pop().unwrap();
        for part in parts.iter().rev() {
            merged.merge(part);
        }
        assert_eq!(merged, all, "{}", spec.entry().name());
        let seats = (spec.seats() * 6) as u64;
        let counted: u64 = (0..2)
            .map(|a| all.agent(a).seats() + all.agent(a).unfinished)
            .sum();
        assert_eq!(counted, seats);
    }
}

#[test]
fn a_tournament_pair_does_not_depend_on_the_agents_after_it() {
    let entry = boardgames::find("repello").unwrap();
    let two = MatchSpec::new(entry, "", None, &["random", "alphabeta:nodes=40"])
        .unwrap()
        .with_seed(4);
    let three = two
        .with_agents(&["random", "alphabeta:nodes=40", "mcts:iterations=20"])
        .unwrap();
    let (small, large) = (
        Tournament::new(&two, 3).unwrap(),
        Tournament::new(&three, 3).unwrap(),
    );
    assert_eq!((small.games(), large.games()), (3, 9));
    for n in 0..3 {
        let (a, b) = (small.play_game(n).unwrap(), large.play_game(n).unwrap());
        assert_eq!(a.record, b.record);
        assert_eq!((b.a, b.b), (0, 1));
    }
    assert_eq!(
        (large.play_game(8).unwrap().a, large.play_game(8).unwrap().b),
        (1, 2)
    );
    let mut standings = large.standings();
    let mut backwards = large.standings();
    for n in 0..9 {
        standings.add(&large.play_game(n).unwrap());
        backwards.add(&large.play_game(8 - n).unwrap());
    }
    assert_eq!(standings, backwards);
    assert_eq!(standings.results().games(0) + standings.unfinished(), 6);
    assert!(matches!(
        Tournament::new(&two.with_agents(&["random"]).unwrap(), 3),
        Err(ArenaError::TooFewAgents(1))
    ));
}
