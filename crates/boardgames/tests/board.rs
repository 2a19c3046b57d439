//! The board view through the registry's dynamic face is the concrete game's view, for every
//! registered game, at the start and along random games.

use boardgame_kit::view::{touches, BoardView};
use boardgame_kit::{Actions, DynBoard, DynGame, Game, SplitMix64};
use boardgames::{GameEntry, GAMES};

/// Plays `steps` random actions in the registry's board and in a concrete state of type `G`
/// side by side, comparing views, hints and touches before each action.
fn same_as_concrete<G: BoardView>(entry: &GameEntry, params: &str, seed: u64, steps: usize) {
    let mut board: Box<dyn DynBoard> = entry.board(params, None).unwrap();
    let mut state = G::new(&params.parse().unwrap());
    let mut rng = SplitMix64::new(seed);
    for step in 0..=steps {
        let at = format!("{} {params} seed {seed} step {step}", entry.name());
        assert_eq!(board.board_view(), state.view(), "{at}");
        let mut list = Actions::<G>::new();
        state.legal_actions(&mut list);
        let hints = board.legal_hints();
        assert_eq!(hints.len(), list.len(), "{at}");
        for (i, (a, (text, hint))) in list.iter().zip(&hints).enumerate() {
            assert_eq!(*text, a.to_string(), "{at}");
            assert_eq!(*hint, state.action_hint(a), "{at}");
            if i < 3 {
                let t = touches(&state, a);
                assert_eq!(board.touches_index(i).ok(), t, "{at} {text}");
                assert_eq!(board.touches_text(text).ok(), t, "{at} {text}");
            }
        }
        let Some(text) = board.random_action_text(&mut rng) else {
            break;
        };
        board.play_text(&text).unwrap();
        state.try_play(state.parse_action(&text).unwrap()).unwrap();
    }
}

fn check(entry: &GameEntry) -> bool {
    let run = match entry.name() {
        "slimetrail" => same_as_concrete::<slimetrail_core::State>,
        "splut" => same_as_concrete::<splut_core::State>,
        "elements" => same_as_concrete::<elements_core::State>,
        "repello" => same_as_concrete::<repello_core::State>,
        "arandia" => same_as_concrete::<arandia_core::State>,
        _ => return false,
    };
    for seed in 1..=3 {
        run(entry, "", seed, 12);
    }
    true
}

#[test]
fn every_registered_board_is_the_concrete_games_view() {
    for entry in GAMES {
        assert!(check(entry), "add {} to this test", entry.name());
    }
}

#[test]
fn boards_of_other_parameters_and_positions_match_too() {
    let splut = boardgames::find("splut").unwrap();
    same_as_concrete::<splut_core::State>(splut, "players=3", 4, 20);
    let arandia = boardgames::find("arandia").unwrap();
    same_as_concrete::<arandia_core::State>(arandia, "players=3", 5, 20);
    let slime = boardgames::find("slimetrail").unwrap();
    let g = slime.board("size=5", Some("5/5/2@2/5/5 1")).unwrap();
    let concrete =
        slimetrail_core::State::from_position(&"size=5".parse().unwrap(), "5/5/2@2/5/5 1");
    assert_eq!(g.board_view(), concrete.unwrap().view());
    assert!(slime.board("size=4", None).is_err());
    assert!(slime.board("", Some("nonsense")).is_err());
}

#[test]
fn a_board_is_a_dyn_game() {
    let board = boardgames::find("repello")
        .unwrap()
        .board("", None)
        .unwrap();
    let game: &dyn DynGame = board.as_ref();
    assert_eq!(game.legal_texts().len(), board.legal_hints().len());
    let copy: Box<dyn DynGame> = board.clone();
    assert_eq!(copy.position(), board.position());
}
