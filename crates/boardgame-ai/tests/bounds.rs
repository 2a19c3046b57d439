//! The bounds of the settings that size memory, read from SPECs, and the memory they take.

use boardgame_ai::{
    from_spec, Agent, AgentError, Budget, Mcts, MctsConfig, SpecError, MAX_SPEC_LEN,
};

type Slime = slimetrail_core::State;

fn refused(spec: &str) -> SpecError {
    match from_spec::<Slime>(spec, 1) {
        Ok(_) => panic!("{spec} accepted"),
        Err(e) => e,
    }
}

#[test]
fn memory_settings_are_bounded_when_the_spec_is_read() {
    for spec in [
        "mcts:max_nodes=4294967295",
        "mcts:max_nodes=67108865",
        "mcts:threads=65",
        "mcts:threads=0",
        "alphabeta:tt=29",
        "alphabeta:depth=1001",
        "solver:tt=29",
        "solver:tt=3",
    ] {
        let e = refused(spec);
        assert!(matches!(e, SpecError::BadValue { .. }), "{spec}: {e}");
    }
    for spec in [
        "mcts:max_nodes=67108864",
        "alphabeta:depth=1000",
        "mcts:threads=64",
    ] {
        assert!(from_spec::<Slime>(spec, 1).is_ok(), "{spec}");
    }
}

#[test]
fn the_largest_arena_is_a_cap_not_a_reservation() {
    let config = MctsConfig {
        max_nodes: MctsConfig::MAX_NODES,
        ..MctsConfig::default()
    };
    let mut mcts = Mcts::<Slime>::new(config, Budget::iterations(200), 1);
    mcts.choose(&Slime::default()).unwrap();
    assert!(mcts.tree_size() <= 200 * 9, "{}", mcts.tree_size());
    // Even u32::MAX, which a SPEC refuses, takes memory only as the search grows.
    let config = MctsConfig {
        max_nodes: u32::MAX,
        ..MctsConfig::default()
    };
    let mut mcts = Mcts::<Slime>::new(config, Budget::iterations(50), 1);
    assert!(mcts.choose(&Slime::default()).is_ok());
    // Reserving it whole (2 x 256 GiB) is refused where the system says no (or granted
    // untouched where it overcommits), never an abort, and the agent still plays.
    if let Err(e) = mcts.reserve_arena() {
        assert!(
            matches!(e, AgentError::OutOfMemory { bytes } if bytes > 1 << 37),
            "{e}"
        );
    }
    assert!(mcts.choose(&Slime::default()).is_ok());
}

#[test]
fn long_specs_are_refused_before_reading_and_messages_stay_short() {
    let long = format!("mcts:c={}", "1".repeat(MAX_SPEC_LEN));
    assert!(matches!(refused(&long), SpecError::TooLong { .. }));
    let junk = format!("mcts:c={}", "x".repeat(1000));
    let message = refused(&junk).to_string();
    assert!(message.len() < 200, "{message}");
    assert!(message.contains("(1000 bytes)"), "{message}");
    let key = format!("mcts:{}=1", "k".repeat(1000));
    assert!(refused(&key).to_string().len() < 200);
}
