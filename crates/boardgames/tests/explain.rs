//! Every game explains itself through the registry: rules in brief, the key of its drawing,
//! every legal action (and chance outcome) in one line of words, the seats as people call them.

use boardgame_kit::{SplitMix64, ToAct};
use boardgames::GAMES;

#[test]
fn every_action_along_random_games_is_described_in_one_line() {
    for entry in GAMES {
        let rules = entry.rules();
        assert!(
            rules.ends_with('\n') && rules.lines().all(|l| l.len() <= 96),
            "{}",
            entry.name()
        );
        for seed in 0..3 {
            let params = match entry.name() {
                "splut" | "arandia" => "turn_limit=30",
                "elements" => "board=blitz",
                _ => "",
            };
            let mut game = entry.start(params, None).unwrap();
            let key = entry.key(game.as_ref()).unwrap();
            assert!(key.len() >= 3, "{}", entry.name());
            for seat in game.seats().iter() {
                let label = entry.seat_label(game.as_ref(), seat);
                assert!(label.contains(game.seat_name(seat)), "{label}");
            }
            let mut rng = SplitMix64::new(seed);
            for _ in 0..400 {
                let actions = if game.to_act() == ToAct::Chance {
                    game.chance_outcomes().into_iter().map(|(a, _)| a).collect()
                } else {
                    game.legal_sorted()
                };
                for a in &actions {
                    let words = entry.describe(game.as_ref(), a).unwrap();
                    assert!(
                        !words.is_empty() && !words.contains('\n') && words != *a,
                        "{} {}: {a}: {words:?}",
                        entry.name(),
                        game.position()
                    );
                }
                let Some(a) = game.random_action_text(&mut rng) else {
                    break;
                };
                game.play_text(&a).unwrap();
            }
        }
    }
}

#[test]
fn a_state_of_another_game_gets_no_explanation() {
    let slime = boardgames::find("slimetrail").unwrap();
    let splut = boardgames::find("splut").unwrap();
    let game = splut.new_game("").unwrap();
    assert!(slime.key(game.as_ref()).is_none());
    assert!(slime.describe(game.as_ref(), "e2-e3").is_none());
    assert!(splut.describe(game.as_ref(), "zz").is_none());
    assert_eq!(
        slime.seat_label(game.as_ref(), boardgame_kit::Seat::of(0)),
        "s"
    );
}
