//! The JavaScript bindings, run in a JavaScript engine (node by default):
//! `CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner cargo test --target
//! wasm32-unknown-unknown -p boardgame-wasm`.
#![cfg(target_arch = "wasm32")]

use boardgame_wasm::{games, play_match, WebGame};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = JSON, js_name = stringify)]
    fn stringify(value: &JsValue) -> String;
}

#[wasm_bindgen_test]
fn the_registry_lists_the_five_games() {
    let text = stringify(&games());
    for name in ["slimetrail", "splut", "elements", "repello", "arandia"] {
        assert!(text.contains(&format!("\"name\":\"{name}\"")), "{text}");
    }
    assert!(
        text.contains("{\"key\":\"players\",\"help\":"),
        "parameter descriptions: {text}"
    );
    // The rules in brief and the presets come from the registry.
    assert!(
        text.contains("\"intro\":\"Splut! (Tommy De Coninck, 2009), for 2, 3 or 4 players.\""),
        "intro: {text}"
    );
    assert!(
        text.contains("\"brief\":[\"A square board of odd side"),
        "brief: {text}"
    );
    assert!(
        text.contains("\"presets\":[\"size=5\",\"size=9\"]"),
        "presets: {text}"
    );
}

#[wasm_bindgen_test]
fn views_are_plain_objects_with_the_geometry_and_cells() {
    let g = WebGame::new("arandia", "players=3", None).unwrap();
    let view = stringify(&g.view());
    assert!(
        view.starts_with("{\"geometry\":{\"kind\":\"hex\",\"radius\":4}"),
        "{view}"
    );
    assert_eq!(view.matches("\"kind\":\"ship\"").count(), 9);
    let g = WebGame::new("splut", "", None).unwrap();
    assert!(stringify(&g.view()).contains("\"kind\":\"diamond\""));
}

#[wasm_bindgen_test]
fn play_undo_history_and_errors() {
    let mut g = WebGame::new("slimetrail", "size=5", None).unwrap();
    assert_eq!(g.name(), "slimetrail");
    assert_eq!(g.params(), "size=5");
    let start = g.position();
    g.play("b2").unwrap();
    assert!(g.play("b2").is_err(), "slimed cell");
    assert_eq!(g.history(), ["b2"]);
    assert_eq!(
        stringify(&g.to_act()),
        "{\"kind\":\"seat\",\"seat\":1,\"name\":\"2\"}"
    );
    assert!(g.outcome().is_undefined());
    assert!(g.undo());
    assert_eq!(g.position(), start);
    assert!(WebGame::new("slimetrail", "size=4", None).is_err());
    assert!(g.set_position("nonsense").is_err());
    assert_eq!(g.position(), start);
}

#[wasm_bindgen_test]
fn legal_actions_touches_chance_and_agents() {
    let mut g = WebGame::new("arandia", "", None).unwrap();
    let legal = stringify(&g.legal());
    assert!(legal.contains("{\"text\":\"f9-g9\",\"id\":"), "{legal}");
    let t = stringify(&g.touches("f9-g9").unwrap());
    assert!(t.contains("\"changed\":["), "{t}");
    g.play("f9").unwrap();
    assert_eq!(stringify(&g.to_act()), "{\"kind\":\"chance\"}");
    assert_eq!(stringify(&g.chance()).matches("\"den\":6").count(), 6);
    // What an outcome does, in words, before it is played.
    let six = g.describe("6").unwrap();
    assert!(!six.is_empty() && !six.contains("cannot"), "{six}");
    assert!(g.describe("zz").is_err());
    g.play("6").unwrap();
    let reply = g.best("mcts:iterations=100", 3).unwrap();
    g.play(&reply).unwrap();
    assert!(g.best("nonsense", 1).is_err());
}

#[wasm_bindgen_test]
fn ids_info_and_observations() {
    let mut g = WebGame::new("arandia", "", None).unwrap();
    let info = stringify(&g.info());
    assert!(info.starts_with("{\"num_distinct_actions\":"), "{info}");
    assert!(info.contains("\"max_chance_outcomes\":6"), "{info}");
    assert!(info.ends_with("\"max_game_length\":null}"), "{info}");
    let start = g.position();
    assert!(g.play_id(1_000_000).is_err());
    assert_eq!(g.position(), start);
    let obs = g.observe(0).unwrap();
    assert!(!obs.is_empty() && obs.iter().all(|v| (0.0..=1.0).contains(v)));
    assert!(
        g.observe(1).is_err(),
        "seat 1 does not play with two players"
    );
    assert!(g.observe(99).is_err());
    g.play("f9").unwrap();
    g.play_id(5).unwrap(); // the die shows 6
    assert_eq!(g.history(), ["f9", "6"]);
}

#[wasm_bindgen_test]
fn a_finished_game_reports_its_result() {
    let mut g = WebGame::new("slimetrail", "size=5", None).unwrap();
    g.play("b2").unwrap();
    g.play("a1").unwrap(); // seat 2 steps into seat 1's corner
    assert_eq!(stringify(&g.to_act()), "{\"kind\":\"over\"}");
    let end = stringify(&g.outcome());
    assert!(end.starts_with("{\"winners\":[0],\"draw\":false"), "{end}");
    assert!(g.best("random", 1).is_err());
}

#[wasm_bindgen_test]
fn a_match_returns_its_records_and_counts() {
    let agents = vec!["mcts:iterations=100".to_string(), "random".to_string()];
    let m = stringify(&play_match("slimetrail", "size=5", agents, 2, 1, None).unwrap());
    assert!(
        m.starts_with("{\"records\":[{\"number\":1,\"game\":\"slimetrail\""),
        "{m}"
    );
    assert!(
        m.contains("\"agents\":[\"random\",\"mcts:iterations=100\"]"),
        "{m}"
    );
    assert!(play_match("slimetrail", "", vec!["nonsense".to_string()], 1, 1, None).is_err());
}

#[wasm_bindgen_test]
fn the_agent_explains_its_choice() {
    let g = WebGame::new("slimetrail", "size=5", None).unwrap();
    let thought = g.analyse("mcts:iterations=200", 4).unwrap();
    let text = stringify(&thought);
    let action = g.best("mcts:iterations=200", 4).unwrap();
    assert!(
        text.starts_with(&format!(
            "{{\"action\":\"{action}\",\"seat\":0,\"values\":[{{\"seat\":0,\"value\":"
        )),
        "{text}"
    );
    assert!(text.contains(&format!("\"line\":[\"{action}\"")), "{text}");
    assert!(text.contains("\"actions\":[{\"action\":"), "{text}");
    assert!(text.contains("\"iterations\":"), "{text}");
    assert!(g.analyse("nonsense", 1).is_err());
    let mut over = WebGame::new("slimetrail", "size=5", None).unwrap();
    over.play("b2").unwrap();
    over.play("a1").unwrap();
    assert!(over.analyse("mcts", 1).is_err());
}
