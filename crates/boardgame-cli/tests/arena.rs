//! `match --record`, the default caps and turn limits, shared wins on stderr and
//! `tournament`, end to end through the binary.

mod common;

use boardgame_kit::{Game, GameResult, Record};
use common::{bad, ok_both as ok};
use serde_json::Value;

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("bg-arena-{}-{name}", std::process::id()))
}

/// Replays one record line with the kit's `Record`: every action is checked as it is played,
/// and the final state's outcome must be the recorded one.
fn replay<G: Game>(line: &Value) {
    let text = |v: &Value| v.as_str().unwrap().to_string();
    let actions: Vec<String> = line["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(text)
        .collect();
    let record: Record<G> = format!(
        "{} {}: {}",
        G::NAME,
        text(&line["params"]),
        actions.join(" ")
    )
    .parse()
    .unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(record.actions().len(), actions.len());
    let names = |seats: &mut dyn Iterator<Item = boardgame_kit::Seat>| -> Vec<String> {
        seats.map(|s| s.name(G::SEAT_NAMES).to_string()).collect()
    };
    let seats: Vec<String> = line["seats"].as_array().unwrap().iter().map(text).collect();
    let winners: Vec<String> = line["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(text)
        .collect();
    match (line["result"].as_str().unwrap(), record.state().outcome()) {
        ("unfinished", None) => assert_eq!(winners, Vec::<String>::new()),
        (result, Some(outcome)) => {
            assert_eq!(names(&mut outcome.seats().iter()), seats, "{line}");
            match outcome.result() {
                GameResult::Draw => assert_eq!((result, winners.len()), ("draw", 0), "{line}"),
                GameResult::Winners(w) => {
                    assert_eq!(result, "win", "{line}");
                    assert_eq!(names(&mut w.iter()), winners, "{line}");
                }
                _ => panic!("a result the record does not know: {line}"),
            }
            let scores = outcome.scores().map(|s| {
                outcome
                    .seats()
                    .iter()
                    .map(|seat| s[seat.index()])
                    .collect::<Vec<_>>()
            });
            let recorded = line["scores"].as_array().map(|a| {
                a.iter()
                    .map(|v| v.as_i64().unwrap() as i32)
                    .collect::<Vec<_>>()
            });
            assert_eq!(scores, recorded, "{line}");
        }
        (result, None) => panic!("recorded {result}, but the replayed game is not over: {line}"),
    }
}

#[test]
fn match_record_writes_one_line_per_game_that_replays_with_the_kit_record() {
    let cases: &[(&str, &str, &str)] = &[
        ("slimetrail", "size=5", "2000"),
        ("splut", "players=3", "2000"),
        ("elements", "board=blitz", "2000"),
        ("repello", "players=3", "2000"),
        ("arandia", "turn_limit=20", "2000"),
        // Stopped at the cap: recorded as unfinished, with the actions up to the cap.
        ("repello", "", "50"),
    ];
    for &(game, params, cap) in cases {
        let file = temp(&format!("{game}-{cap}.jsonl"));
        let path = file.to_str().unwrap();
        let args = [
            "match",
            game,
            "--params",
            params,
            "--agent",
            "random",
            "--agent",
            "alphabeta:nodes=30",
            "--games",
            "3",
            "--seed",
            "4",
            "--max-actions",
            cap,
            "--jobs",
            "2",
            "--record",
            path,
        ];
        let (out, _) = ok(&args);
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::remove_file(&file).unwrap();
        assert_eq!(text.lines().count(), 3, "{text}");
        let game_lines: Vec<&str> = out.lines().take(3).collect();
        for (g, (line, shown)) in text.lines().zip(game_lines).enumerate() {
            let v: Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["number"], g as u64 + 1);
            assert_eq!(
                (v["game"].as_str(), v["params"].as_str()),
                (Some(game), Some(params))
            );
            assert_eq!(
                (v["seed"].as_u64(), v["position"].is_null()),
                (Some(4), true)
            );
            let first = if g % 2 == 0 {
                "random"
            } else {
                "alphabeta:nodes=30"
            };
            assert_eq!(v["agents"][0], first, "seats rotate: {line}");
            let actions = v["actions"].as_array().unwrap().len();
            assert!(
                shown.contains(&format!("{actions} actions")),
                "{shown} / {line}"
            );
            if cap == "50" {
                assert_eq!((v["result"].as_str(), actions), (Some("unfinished"), 50));
            }
            match game {
                "slimetrail" => replay::<slimetrail_core::State>(&v),
                "splut" => replay::<splut_core::State>(&v),
                "elements" => replay::<elements_core::State>(&v),
                "repello" => replay::<repello_core::State>(&v),
                _ => replay::<arandia_core::State>(&v),
            }
        }
    }
    let nowhere = temp("no-such-dir").join("games.jsonl");
    let err = bad(&[
        "match",
        "slimetrail",
        "--agent",
        "random",
        "--games",
        "1",
        "--record",
        nowhere.to_str().unwrap(),
    ]);
    assert!(err.contains("--record "), "{err}");
}

/// The counts of an agent's `SPEC wins=W draws=D losses=L` line.
fn counts(line: &str) -> [u64; 3] {
    let mut n = [0; 3];
    for (k, key) in ["wins=", "draws=", "losses="].iter().enumerate() {
        let part = line.split(' ').find(|p| p.starts_with(key)).unwrap();
        n[k] = part[key.len()..].parse().unwrap();
    }
    n
}

#[test]
fn a_default_match_of_every_game_counts_its_games() {
    // Random agents play the longest games; with the default caps (and Arandia's default turn
    // limit) every game still ends and counts.
    for (game, seats) in [
        ("slimetrail", 2),
        ("splut", 2),
        ("elements", 2),
        ("repello", 2),
        ("arandia", 2),
    ] {
        let (out, err) = ok(&[
            "match",
            game,
            "--agent",
            "random",
            "--agent",
            "random:seed=3",
            "--games",
            "2",
            "--seed",
            "1",
            "--jobs",
            "2",
            "--quiet",
        ]);
        assert!(!err.contains("unfinished"), "{game}: {err}");
        let seated: u64 = out.lines().map(|l| counts(l).iter().sum::<u64>()).sum();
        assert_eq!(seated, 2 * seats, "{game}: {out}");
        if game == "arandia" {
            assert!(err.contains("arandia plays with turn_limit=40000"), "{err}");
            // Random fleets do not reach home: the limit's draw.
            assert!(out.contains("draws=2"), "{out}");
        }
    }
    let help = ok(&["help", "match"]).0;
    assert!(
        help.contains("arandia: 1000000; unless --params sets turn_limit"),
        "{help}"
    );
    assert!(help.contains("splut: 10000"), "{help}");
}

#[test]
fn shared_wins_read_as_shared_on_stderr() {
    // Repello: a tie at the top is a win for both seats, so the wins of six games add up to
    // more than six; stderr splits each agent's seats into wins alone, shared wins, draws and
    // losses, which add up to its six seats.
    let (out, err) = ok(&[
        "match",
        "repello",
        "--agent",
        "mcts:iterations=100",
        "--agent",
        "alphabeta:nodes=300",
        "--games",
        "6",
        "--seed",
        "1",
        "--quiet",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    let (m, a) = (counts(lines[0]), counts(lines[1]));
    // Two seats: a game won alone gives one win, a shared one two.
    let shared = m[0] + a[0] - 6;
    assert!(shared > 0, "some game is shared: {out}");
    for (spec, c) in [("mcts:iterations=100", m), ("alphabeta:nodes=300", a)] {
        let line = err
            .lines()
            .find(|l| l.starts_with(&format!("{spec}: score ")))
            .unwrap();
        let split = format!(
            "over 6 seats: {} won alone, {shared} won shared with other seats, {} drawn, {} lost",
            c[0] - shared,
            c[1],
            c[2]
        );
        assert!(line.ends_with(&split), "{line}");
    }
    assert!(
        err.contains(&format!("{shared} games won by seats of several agents")),
        "{err}"
    );
}

/// One line of the ratings table: `RANK SPEC elo=E low=L high=H games=G score=S`.
struct Rating {
    rank: usize,
    spec: String,
    elo: i64,
    low: i64,
    high: i64,
    games: u64,
    score: f64,
}

fn rating(line: &str) -> Rating {
    let parts: Vec<&str> = line.split(' ').collect();
    assert_eq!(parts.len(), 7, "{line}");
    let value = |k: usize, key: &str| {
        parts[k]
            .strip_prefix(key)
            .unwrap_or_else(|| panic!("{line}"))
    };
    let score = value(6, "score=");
    assert_eq!(score.len(), 5, "three decimals: {line}");
    Rating {
        rank: parts[0].parse().unwrap(),
        spec: parts[1].to_string(),
        elo: value(2, "elo=").parse().unwrap(),
        low: value(3, "low=").parse().unwrap(),
        high: value(4, "high=").parse().unwrap(),
        games: value(5, "games=").parse().unwrap(),
        score: score.parse().unwrap(),
    }
}

#[test]
fn tournament_prints_one_rating_line_per_agent_best_first() {
    let args = |jobs: &'static str| {
        vec![
            "tournament",
            "slimetrail",
            "--params",
            "size=5",
            "--agent",
            "random",
            "--agent",
            "mcts:iterations=300",
            "--agent",
            "alphabeta:nodes=200",
            "--games",
            "6",
            "--seed",
            "3",
            "--jobs",
            jobs,
        ]
    };
    let (out, err) = ok(&args("1"));
    let lines: Vec<&str> = out.lines().collect();
    // Three pairs of six games, then three ratings.
    assert_eq!(lines.len(), 21, "{out}");
    assert!(
        lines[0].starts_with("game 1: 1=random 2=mcts:iterations=300: over: "),
        "{out}"
    );
    assert!(
        lines[7].starts_with("game 8: 1=alphabeta:nodes=200 2=random: over: "),
        "{out}"
    );
    assert!(lines[17].starts_with("game 18: 1=alphabeta:nodes=200 2=mcts:iterations=300: "));
    let table: Vec<Rating> = lines[18..].iter().map(|l| rating(l)).collect();
    let mut points = 0.0;
    for (k, row) in table.iter().enumerate() {
        assert_eq!(row.rank, k + 1);
        assert!(row.low <= row.elo && row.elo <= row.high, "{out}");
        assert_eq!(row.games, 12);
        points += row.score * row.games as f64;
        if k > 0 {
            assert!(table[k - 1].elo >= row.elo, "best first: {out}");
        }
    }
    // Every game gives out one point; the ratings have a mean of 0.
    assert!((points - 18.0).abs() < 0.01, "{out}");
    assert!(table.iter().map(|r| r.elo).sum::<i64>().abs() <= 2, "{out}");
    assert_eq!(table[2].spec, "random", "{out}");
    assert!(err.contains("Bradley-Terry") && err.contains("random against mcts:iterations=300: "));
    // Threads change nothing; --quiet keeps the ratings only.
    assert_eq!(ok(&args("2")).0, out);
    let mut quiet = args("2");
    quiet.push("--quiet");
    assert_eq!(ok(&quiet).0, lines[18..].join("\n") + "\n");
    assert!(bad(&["tournament", "slimetrail", "--agent", "random"]).contains("two agent"));
    assert!(bad(&[
        "tournament",
        "slimetrail",
        "--agent",
        "random",
        "--agent",
        "x"
    ])
    .contains("`x`"));
    assert!(bad(&["tournament", "slimetrail"]).contains("--agent"));
}
