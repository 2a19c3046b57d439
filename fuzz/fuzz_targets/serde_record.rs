//! Arbitrary bytes as the JSON form of a game record (`{game, params, actions}`) and as its
//! text form (`GAME PARAMS: ACTION ...`), for the game chosen by the first byte: reading never
//! panics, every field is read on its own, and a record read writes back to the same record.
#![no_main]

use boardgame_kit::{Game, Record};

fn record<G: Game>(data: &[u8]) {
    // Short caps keep each input fast; the cap itself is part of what is tested.
    const CAP: usize = 2_000;
    if let Ok(r) = serde_json::from_slice::<Record<G>>(data) {
        let json = serde_json::to_string(&r).expect("a record read must write");
        let back: Record<G> = serde_json::from_str(&json).expect("a written record reads back");
        assert_eq!(back.state(), r.state(), "JSON round trip of a record");
        assert_eq!(back.actions(), r.actions(), "JSON round trip of a record");
        let text: Record<G> = r.to_string().parse().expect("its text form reads back");
        assert_eq!(text.state(), r.state(), "text form of a record");
    }
    if let Ok(text) = core::str::from_utf8(data) {
        if let Ok(mut r) = Record::<G>::parse_capped(text, CAP) {
            assert!(r.actions().len() <= CAP);
            let end = r.state().clone();
            let n = r.actions().len();
            // Undo everything, then redo everything: the same end.
            for _ in 0..n {
                assert!(r.undo());
            }
            assert!(!r.undo());
            assert!(
                *r.state() == G::new(r.params()),
                "undo all returns to the start"
            );
            for _ in 0..n {
                assert!(r.redo());
            }
            assert!(*r.state() == end, "redo all returns to the end");
        }
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    match which % 5 {
        0 => record::<slimetrail_core::State>(rest),
        1 => record::<splut_core::State>(rest),
        2 => record::<elements_core::State>(rest),
        3 => record::<repello_core::State>(rest),
        _ => record::<arandia_core::State>(rest),
    }
});
