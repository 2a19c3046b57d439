//! `go` keeps its agent while the game goes on (told every action, chance outcomes too), so
//! MCTS carries its tree from one `go` to the next; `game`, `position`, `undo` and another
//! SPEC start afresh. Checked through the `Session` library API.

use boardgames::Session;

fn ok(s: &mut Session, line: &str) -> String {
    let a = s.handle(line).expect("an answer");
    assert!(a.is_ok(), "{line}: {}", a.text());
    a.text()[2..].to_string()
}

/// Visits of the root's actions in the last analysis.
fn root_visits(s: &Session) -> u64 {
    s.analysis().unwrap().actions.iter().map(|a| a.visits).sum()
}

/// A new session playing `game` (its name, then its parameters if any).
fn session(game: &str) -> Session {
    let mut s = Session::new();
    ok(&mut s, &format!("game {game}"));
    s
}

/// The same position in a new session (a fresh agent).
fn fresh(s: &Session) -> Session {
    let mut f = session(&format!("{} {}", s.game().name(), s.game().params_text()));
    ok(&mut f, &format!("position {}", s.game().position()));
    f
}

#[test]
fn the_tree_is_carried_across_go_and_play() {
    let mut s = session("slimetrail");
    let spec = "go mcts:iterations=3000";
    let mine = ok(&mut s, spec);
    assert_eq!(s.analysis().unwrap().iterations, 3000);
    // The expected reply, from the principal line, keeps a well-searched subtree.
    let line = s.analysis().unwrap().line;
    assert!(line.len() >= 2, "{line:?}");
    ok(&mut s, &format!("play {mine} {}", line[1]));
    ok(&mut s, spec);
    assert_eq!(s.analysis().unwrap().iterations, 3000);
    let carried = root_visits(&s);
    let mut f = fresh(&s);
    ok(&mut f, spec);
    let new = root_visits(&f);
    assert!(new <= 3000, "a fresh tree has only this go's visits: {new}");
    assert!(carried > new, "carried {carried} visits, fresh {new}");
    // A second go at the same position searches on.
    ok(&mut s, spec);
    assert!(root_visits(&s) >= carried + 2999);
}

#[test]
fn chance_outcomes_are_told_to_the_agent() {
    let mut s = session("arandia");
    let spec = "go mcts:iterations=2000";
    let mine = ok(&mut s, spec);
    ok(&mut s, &format!("play {mine}"));
    assert!(
        s.game().status_line().starts_with("chance"),
        "{}",
        s.game().status_line()
    );
    ok(&mut s, "play 3");
    if !s.game().status_line().starts_with("chance") {
        ok(&mut s, spec);
        let new = {
            let mut f = fresh(&s);
            ok(&mut f, spec);
            root_visits(&f)
        };
        assert!(root_visits(&s) > new, "{} vs {new}", root_visits(&s));
    }
}

#[test]
fn game_position_undo_and_another_spec_start_a_fresh_agent() {
    let mut s = session("slimetrail size=5");
    let spec = "go mcts:iterations=400";
    for reset in ["undo", "position", "game", "spec"] {
        let a = ok(&mut s, spec);
        ok(&mut s, &format!("play {a}"));
        ok(&mut s, spec);
        assert!(root_visits(&s) > 400, "{reset}: reused");
        let line = match reset {
            "undo" => "undo".to_string(),
            "position" => format!("position {}", s.game().position()),
            "game" => "game slimetrail size=5".to_string(),
            _ => "go mcts:iterations=401".to_string(),
        };
        ok(&mut s, &line);
        if reset == "spec" {
            assert!(
                root_visits(&s) <= 401,
                "{reset}: a new agent for a new SPEC"
            );
        } else {
            assert!(s.analysis().is_none(), "{reset}: the agent is dropped");
            ok(&mut s, spec);
            assert!(root_visits(&s) <= 400, "{reset}: fresh");
        }
        // Errors change nothing: the agent stays.
        let before = root_visits(&s);
        assert!(s.handle("go gnugo").unwrap().text().starts_with("? "));
        assert!(s.handle("undo 99").unwrap().text().starts_with("? "));
        assert_eq!(root_visits(&s), before);
        ok(&mut s, "game slimetrail size=5");
    }
}

/// Along a whole game of Slime Trail 5x5, whenever a fresh agent proves the position won,
/// the kept agent proves it too, and its move wins: a fresh agent proves the position after it
/// lost for the opponent (or the game is won).
#[test]
fn proven_wins_are_the_same_as_a_fresh_agent_finds() {
    let mut s = session("slimetrail size=5");
    let spec = "go mcts:iterations=20000";
    let mut proven = 0;
    while s.game().outcome().is_none() {
        let mine = ok(&mut s, spec);
        let kept = s.analysis().unwrap();
        let mut f = fresh(&s);
        ok(&mut f, spec);
        let new = f.analysis().unwrap();
        if new.exact && new.values.get(new.seat) == 1.0 {
            proven += 1;
            assert!(
                kept.exact && kept.values.get(kept.seat) == 1.0,
                "{}",
                s.game().position()
            );
            let mut after = fresh(&s);
            ok(&mut after, &format!("play {mine}"));
            if after.game().outcome().is_none() {
                ok(&mut after, spec);
                let reply = after.analysis().unwrap();
                assert!(
                    reply.exact && reply.values.get(reply.seat) == -1.0,
                    "{mine} at {}",
                    s.game().position()
                );
            }
        }
        ok(&mut s, &format!("play {mine}"));
    }
    assert!(proven > 0, "the game reached a proven win");
}
