//! `boardgame loadtest` end to end: the runs it refuses.

mod common;

use common::bad;

#[test]
fn loadtest_refuses_other_machines_and_unbounded_runs() {
    for args in [
        &["loadtest", "--url", "http://192.0.2.7:8080"][..],
        &["loadtest", "--url", "ws://127.0.0.1:8080"],
        &["loadtest", "--rooms", "0"],
        &["loadtest", "--rooms", "10001"],
        &["loadtest", "--seconds", "0"],
        &["loadtest", "--seconds", "3601"],
        &["loadtest", "--seconds", "nan"],
        &["loadtest", "--params", "{"],
    ] {
        bad(args);
    }
}
