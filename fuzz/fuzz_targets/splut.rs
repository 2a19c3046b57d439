//! Arbitrary bytes as parameters, a position and a sequence of actions for Splut!:
//! never a panic, everything parsed re-prints identically (see `boardgame_kit::fuzzing`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    boardgame_kit::fuzzing::run::<splut_core::State>(data);
});
