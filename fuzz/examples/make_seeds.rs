//! Writes the seed corpus `fuzz/seeds/TARGET/` from real games of every engine: positions cut
//! from random games with the actions that followed (the game targets), their states and
//! records in JSON and text (the serde targets), seat values (the seat target), and engine
//! sessions playing those games (the engine target).
//!
//! `cargo run --manifest-path fuzz/Cargo.toml --example make_seeds` (rewrites the directory;
//! the output is the same on every run).

use boardgame_kit::drivers::{random_action, RandomSource};
use boardgame_kit::{fuzzing::seed_inputs, Actions, Encoding, Game, Record, SplitMix64};
use serde::Serialize;
use std::path::Path;

/// Parameter sets per game: the defaults and the other player counts and boards.
const SLIMETRAIL: &[&str] = &["", "size=5", "size=9"];
const SPLUT: &[&str] = &["", "players=3", "players=4", "players=2,seats=we"];
const ELEMENTS: &[&str] = &["", "board=blitz", "players=3", "players=4"];
const REPELLO: &[&str] = &["", "players=3", "players=4", "players=2,stack=3"];
const ARANDIA: &[&str] = &["", "players=3", "players=4", "players=6", "turn_limit=6"];

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join(name), bytes).unwrap();
}

/// A random record of at most `max` actions.
fn random_record<G: Game>(params: &G::Params, rng: &mut SplitMix64, max: u64) -> Record<G> {
    let mut r = Record::<G>::new(params.clone());
    let mut buf = Actions::<G>::new();
    let len = rng.below(max + 1);
    for _ in 0..len {
        let Some(a) = random_action(r.state(), rng, &mut buf) else {
            break;
        };
        r.play(a).expect("a random legal action plays");
    }
    r
}

fn seeds<G>(root: &Path, game: u8, params_list: &[&str])
where
    G: Game + Encoding + Serialize,
    G::Params: Serialize,
    G::Action: Serialize,
{
    let mut rng = SplitMix64::new(0x5eed ^ u64::from(game));
    for (k, text) in params_list.iter().enumerate() {
        let params: G::Params = text.parse().unwrap();
        let inputs = seed_inputs::<G>(&params, rng.next_u64(), 8, 24);
        for (i, input) in inputs.iter().enumerate() {
            write(&root.join(G::NAME), &format!("p{k}-{i}"), input.as_bytes());
        }
        for i in 0..6 {
            let record = random_record::<G>(&params, &mut rng, 60);
            let tagged = |body: Vec<u8>| [vec![game], body].concat();
            let state_json = serde_json::to_vec(record.state()).unwrap();
            let dir = root.join("serde_state");
            write(&dir, &format!("{}-p{k}-{i}", G::NAME), &tagged(state_json));
            if let Some(a) = record.actions().last() {
                let action_json = serde_json::to_vec(a).unwrap();
                write(
                    &dir,
                    &format!("{}-p{k}-{i}-action", G::NAME),
                    &tagged(action_json),
                );
            }
            let params_json = serde_json::to_vec(&params).unwrap();
            write(
                &dir,
                &format!("{}-p{k}-params", G::NAME),
                &tagged(params_json),
            );
            let dir = root.join("serde_record");
            let json = serde_json::to_vec(&record).unwrap();
            write(&dir, &format!("{}-p{k}-{i}-json", G::NAME), &tagged(json));
            let text = record.to_string().into_bytes();
            write(&dir, &format!("{}-p{k}-{i}-text", G::NAME), &tagged(text));
            write(
                &root.join("engine"),
                &format!("{}-p{k}-{i}", G::NAME),
                engine_script(&record).as_bytes(),
            );
        }
    }
}

/// A session of the engine protocol around a record: a new game, its actions in two `play`
/// lines (the first action of the second by its id), queries (ids and observations among
/// them), undo, the position re-entered, short searches, and refused lines.
fn engine_script<G: Game + Encoding>(record: &Record<G>) -> String {
    let mut actions: Vec<String> = record.actions().iter().map(|a| a.to_string()).collect();
    let half = actions.len() / 2;
    if let Some(&a) = record.actions().get(half) {
        let mut state = G::new(record.params());
        for &b in &record.actions()[..half] {
            state.play_unchecked(b);
        }
        if let Some(id) = state.action_id(a) {
            actions[half] = format!("#{id}");
        }
    }
    let (first, second) = actions.split_at(half);
    let mut s = format!("game {} {}\n", G::NAME, record.params());
    s += &format!("play {}\nstatus\nlegal\nids\n", first.join(" "));
    s += &format!("play {}\nshow\nobserve\nundo 2\nstatus\n", second.join(" "));
    s += &format!(
        "position {}\nlegal\ninfo\nperft 1\ngo random\nplay zz\nplay #99999\nobserve zz\nundo\nquit\n",
        record.state().position()
    );
    s
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
    if root.exists() {
        std::fs::remove_dir_all(&root).unwrap();
    }
    seeds::<slimetrail_core::State>(&root, 0, SLIMETRAIL);
    seeds::<splut_core::State>(&root, 1, SPLUT);
    seeds::<elements_core::State>(&root, 2, ELEMENTS);
    seeds::<repello_core::State>(&root, 3, REPELLO);
    seeds::<arandia_core::State>(&root, 4, ARANDIA);
    let seat = root.join("serde_seat");
    for (name, json) in [
        ("seat-0", "0"),
        ("seat-5", "5"),
        ("set-empty", "0"),
        ("set-all", "63"),
        ("set-3", "11"),
        ("order", r#"{"seats":7,"active":6,"current":1,"budget":2}"#),
        (
            "order-4",
            r#"{"seats":15,"active":15,"current":3,"budget":3}"#,
        ),
        (
            "order-6",
            r#"{"seats":63,"active":33,"current":5,"budget":1}"#,
        ),
    ] {
        write(&seat, name, json.as_bytes());
    }
    let count = walk(&root);
    println!("wrote {count} seed files under {}", root.display());
}

fn walk(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p)
            } else {
                1
            }
        })
        .sum()
}
