#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| { boardgame_kit::fuzzing::run::<arandia_core::State>(data) });
