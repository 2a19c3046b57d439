//! `boardgame loadtest` end to end: the real server started by the command, played by its
//! scripted clients for a few seconds.

mod common;

use common::{bad, ok};
use serde_json::Value;

fn report(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).unwrap()
}

#[test]
fn loadtest_plays_rooms_against_the_real_server_without_errors() {
    for via in [&[][..], &["--post"][..]] {
        let mut args = vec!["loadtest", "--rooms", "4", "--seconds", "2", "--json"];
        args.extend_from_slice(via);
        let r = report(&args);
        assert_eq!(r["errors"], 0, "{r}");
        assert_eq!(r["rooms"], 4);
        assert!(r["actions"].as_u64().unwrap() > 20, "{r}");
        assert!(r["games"].as_u64().unwrap() > 0, "{r}");
        let (p50, p99) = (r["p50_ms"].as_f64().unwrap(), r["p99_ms"].as_f64().unwrap());
        assert!(0.0 < p50 && p50 <= p99, "{r}");
        assert!(r["rss_end_kb"].as_u64().unwrap() > 0, "{r}");
        assert!(r["server_cpu_s"].as_f64().unwrap() > 0.0, "{r}");
    }
}

#[test]
fn loadtest_plays_until_enough_games() {
    let r = report(&[
        "loadtest",
        "--rooms",
        "2",
        "--seconds",
        "60",
        "--games",
        "3",
        "--json",
    ]);
    assert_eq!(r["errors"], 0, "{r}");
    assert!(r["games"].as_u64().unwrap() >= 3, "{r}");
    assert!(r["seconds"].as_f64().unwrap() < 30.0, "{r}");
}

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
