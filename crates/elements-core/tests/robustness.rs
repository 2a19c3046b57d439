//! No crash on any input: illegal, foreign and off-board actions played unchecked never leave
//! a state that makes the engine panic, undo takes them back, and error messages are one line.

use elements_core::{Params, State};

boardgame_kit::robustness_tests!(
    State,
    [
        "",
        "board=blitz",
        "board=blitz,players=4",
        "players=3",
        "players=4"
    ]
);

/// A record keeps a state every 128 actions instead of an undo per action: undo and redo across
/// many such checkpoints, and a new branch after undoing, give exactly the states played.
#[test]
fn record_undo_and_redo_across_checkpoints() {
    use boardgame_kit::{drivers::random_action, Actions, Record, RecordError, SplitMix64};
    let mut r = Record::<State>::new(Params::default());
    let mut rng = SplitMix64::new(5);
    let mut buf = Actions::<State>::new();
    let mut states = vec![*r.state()];
    while let Some(a) = random_action(r.state(), &mut rng, &mut buf) {
        r.play(a).unwrap();
        states.push(*r.state());
    }
    let n = r.actions().len();
    assert!(n > 300, "a long game: {n} actions");
    for k in (0..n).rev() {
        assert!(r.undo());
        assert!(*r.state() == states[k], "undo to {k}");
    }
    assert!(!r.undo());
    for (k, state) in states.iter().enumerate().skip(1) {
        assert!(r.redo());
        assert!(r.state() == state, "redo to {k}");
    }
    assert!(!r.redo());
    // Undo 200, play another branch, and undo it all the way back.
    for _ in 0..200 {
        r.undo();
    }
    let mut branch = vec![*r.state()];
    for _ in 0..150 {
        let Some(a) = random_action(r.state(), &mut rng, &mut buf) else {
            break;
        };
        r.play(a).unwrap();
        branch.push(*r.state());
    }
    assert_eq!(
        r.all_actions().len(),
        r.actions().len(),
        "the old future is gone"
    );
    for k in (0..branch.len() - 1).rev() {
        assert!(r.undo());
        assert!(*r.state() == branch[k]);
    }
    while r.undo() {}
    assert!(*r.state() == states[0]);
    // A cap refuses the action past it and changes nothing.
    let mut long = Record::<State>::new(Params::default());
    long.set_max_actions(Some(10));
    let mut rng = SplitMix64::new(9);
    for _ in 0..10 {
        let a = random_action(long.state(), &mut rng, &mut buf).unwrap();
        long.play(a).unwrap();
    }
    let before = *long.state();
    let a = random_action(long.state(), &mut rng, &mut buf).unwrap();
    assert_eq!(
        long.play(a),
        Err(RecordError::TooLong { index: 11, max: 10 })
    );
    assert!(*long.state() == before);
    let eleven = format!("{long} {a}");
    assert_eq!(
        Record::<State>::parse_capped(&eleven, 10).unwrap_err(),
        RecordError::TooLong { index: 11, max: 10 }
    );
    assert!(Record::<State>::parse_capped(&eleven, 11).is_ok());
}
