//! What front ends in other languages (the Python package) use beyond the rules: undos that
//! clone with their state, the seats still in play, and batches of playouts in one call.

use boardgame_kit::{DynGame, RandomSource, SplitMix64, ToAct};

/// Random games of `name` with `params`, each action checked against the concrete state.
fn random_games(name: &str, params: &str, games: u64, check: &mut dyn FnMut(&dyn DynGame)) {
    let mut rng = SplitMix64::new(11);
    for _ in 0..games {
        let mut g = boardgames::start(name, params, None).unwrap();
        for _ in 0..5_000 {
            check(g.as_ref());
            let Some(a) = g.random_action_text(&mut rng) else {
                break;
            };
            g.play_text(&a).unwrap();
        }
        check(g.as_ref());
    }
}

#[test]
fn seats_in_play_are_the_teams_left_in_splut() {
    let mut shrank = false;
    random_games("splut", "players=4", 20, &mut |g| {
        let s: &splut_core::State = g.as_any().downcast_ref().unwrap();
        assert_eq!(g.in_play(), s.in_play());
        shrank |= g.in_play().len() < g.seats().len();
        if let ToAct::Seat(seat) = g.to_act() {
            assert!(g.in_play().contains(seat));
        }
    });
    assert!(
        shrank,
        "no team was eliminated in 20 random four-player games"
    );
}

#[test]
fn seats_in_play_are_the_players_not_eliminated_in_elements() {
    let mut shrank = false;
    random_games("elements", "board=blitz,players=4", 10, &mut |g| {
        let s: &elements_core::State = g.as_any().downcast_ref().unwrap();
        assert_eq!(g.in_play(), s.active_seats());
        shrank |= g.in_play().len() < g.seats().len();
    });
    assert!(
        shrank,
        "nobody was eliminated in 10 random four-player games"
    );
}

#[test]
fn games_without_elimination_keep_every_seat_in_play() {
    for (name, params) in [
        ("slimetrail", ""),
        ("repello", "players=3"),
        ("arandia", "turn_limit=20"),
    ] {
        random_games(name, params, 2, &mut |g| assert_eq!(g.in_play(), g.seats()));
    }
}

#[test]
fn cloned_undos_take_back_the_same_play_on_a_copy() {
    let mut g = boardgames::start("repello", "", None).unwrap();
    let start = g.position();
    let mut undos = Vec::new();
    let mut rng = SplitMix64::new(3);
    for _ in 0..30 {
        let a = g.random_action_text(&mut rng).unwrap();
        undos.push(g.play_text(&a).unwrap());
    }
    let mut copy = g.clone();
    let copied: Vec<_> = undos.iter().rev().cloned().collect();
    for u in copied {
        copy.undo(u).unwrap();
    }
    assert_eq!(copy.position(), start);
    // The original still takes back its own plays.
    while let Some(u) = undos.pop() {
        g.undo(u).unwrap();
    }
    assert_eq!(g.position(), start);
    // An undo of another game is refused, cloned or not.
    let mut other = boardgames::start("slimetrail", "", None).unwrap();
    let u = other.play_text("c3").unwrap();
    assert!(g.undo(u.clone()).is_err());
    assert_eq!(g.position(), start);
}

#[test]
fn a_batch_of_playouts_is_the_same_as_playouts_one_by_one() {
    for (name, params) in [
        ("slimetrail", ""),
        ("arandia", "turn_limit=10"),
        ("splut", "players=3"),
    ] {
        let g = boardgames::start(name, params, None).unwrap();
        let stats = g.playouts(50, 9, 3_000);
        let mut rng = SplitMix64::new(9);
        let (mut actions, mut longest, mut unfinished, mut draws) = (0, 0, 0, 0);
        let mut wins = [0u64; boardgame_kit::MAX_SEATS];
        for _ in 0..50 {
            let mut s = g.clone();
            let p = s.playout(&mut rng as &mut dyn RandomSource, 3_000);
            actions += p.length;
            longest = u64::max(longest, p.length);
            match p.outcome {
                None => unfinished += 1,
                Some(o) if o.winners().is_empty() => draws += 1,
                Some(o) => o.winners().iter().for_each(|s| wins[s.index()] += 1),
            }
        }
        assert_eq!(stats.playouts, 50, "{name}");
        assert_eq!(
            (
                stats.actions,
                stats.longest,
                stats.unfinished,
                stats.draws,
                stats.wins
            ),
            (actions, longest, unfinished, draws, wins),
            "{name}"
        );
        assert_eq!(
            g.position(),
            boardgames::start(name, params, None).unwrap().position()
        );
    }
    let capped = boardgames::start("slimetrail", "", None)
        .unwrap()
        .playouts(5, 1, 2);
    assert_eq!((capped.unfinished, capped.actions), (5, 10));
}
