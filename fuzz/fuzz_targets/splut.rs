#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| { boardgame_kit::fuzzing::run::<splut_core::State>(data) });
