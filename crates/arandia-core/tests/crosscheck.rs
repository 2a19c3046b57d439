//! Cross-checks the engine against the slow reference implementation of `reference/mod.rs`
//! (written from the rules text) over many random positions: same player or chance to act,
//! same legal actions, same position after each of them.

mod common;
mod reference;

use arandia_core::{Params, State};
use boardgame_kit::{drivers::random_action, Actions, Game, RandomSource, SplitMix64, ToAct};
use reference::Ref;

fn texts(s: &State) -> Vec<String> {
    let mut l = Actions::<State>::new();
    s.legal_actions(&mut l);
    let mut v: Vec<String> = l.iter().map(|a| a.to_string()).collect();
    v.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    v
}

fn to_act(s: &State) -> String {
    match s.to_act() {
        ToAct::Chance => "chance".into(),
        ToAct::Seat(x) => x.index().to_string(),
        _ => "over".into(),
    }
}

/// Compares the engine and the reference at `s` and for every legal action from it.
fn compare(params: &Params, s: &State) {
    let pos = s.position();
    let r = Ref::parse(params.players(), params.turn_limit(), &pos);
    assert_eq!(
        r.print(),
        pos,
        "reference re-prints the position differently"
    );
    assert_eq!(to_act(s), r.to_act(), "to act at {pos}");
    let fast = texts(s);
    assert_eq!(fast, r.legal(), "legal actions at {pos}");
    assert_eq!(s.count_legal(), fast.len());
    for t in &fast {
        let mut a = *s;
        a.play(t.parse().unwrap());
        let mut b = r.clone();
        b.play(t);
        assert_eq!(a.position(), b.print(), "after {t} from {pos}");
    }
}

/// A random position with every seat's ships scattered (concentrated on a few cells so that
/// fights and shared cells are common), the mover choosing.
fn random_position(params: &Params, rng: &mut SplitMix64) -> Option<State> {
    let cells = reference::all_cells();
    let hot: Vec<&str> = vec![
        "f9", "g9", "h9", "b1", "c1", "d1", "i8", "i7", "h4", "g3", "a3", "c7", "e5", "e7", "g5",
        "c3", "d5", "f6", "f8", "h8", "c2", "g2", "b5", "b4",
    ];
    let seats = reference::seats_in_play(params.players());
    let mover = seats[rng.below(seats.len() as u64) as usize];
    let mut groups = vec![];
    for &seat in &seats {
        let mut items = vec![];
        for _ in 0..3 {
            let loc = loop {
                let loc = match rng.below(10) {
                    0 => "x".to_string(),
                    1..=6 => hot[rng.below(hot.len() as u64) as usize].to_string(),
                    _ => cells[rng.below(cells.len() as u64) as usize].clone(),
                };
                if loc == "x" || reference::allowed(seat, &loc) {
                    break loc;
                }
            };
            let acted = seat == mover && rng.below(3) == 0;
            items.push(if acted { format!("{loc}*") } else { loc });
        }
        groups.push(format!("{seat}:{}", items.join(",")));
    }
    let turns = if params.turn_limit() > 0 {
        rng.below(params.turn_limit() as u64)
    } else {
        rng.below(50)
    };
    let text = format!("{mover} - t{turns} {}", groups.join(" "));
    State::from_position(params, &text).ok()
}

fn run(params_text: &str, games: u64, steps: u64) {
    let params: Params = params_text.parse().unwrap();
    let mut buf = Actions::<State>::new();
    let mut seen = std::collections::BTreeSet::new();
    for g in 0..games {
        let mut rng = SplitMix64::new(0xA4A + g);
        let mut s = if g % 2 == 0 {
            State::new(&params)
        } else {
            match (0..100).find_map(|_| random_position(&params, &mut rng)) {
                Some(s) => s,
                None => continue,
            }
        };
        for _ in 0..steps {
            compare(&params, &s);
            let pos = s.position();
            let phase = pos
                .split(' ')
                .nth(1)
                .unwrap_or("")
                .split(':')
                .next()
                .unwrap_or("")
                .to_string();
            seen.insert(phase);
            if texts(&s).iter().any(|t| t.starts_with('+')) {
                seen.insert("re-entry".to_string());
            }
            let Some(a) = random_action(&s, &mut rng, &mut buf) else {
                break;
            };
            s.play(a);
        }
    }
    for p in [
        "-", "roll", "pick", "wreck", "arrive", "attack", "defend", "re-entry",
    ] {
        assert!(
            seen.contains(p),
            "the cross-check never met phase {p}: {seen:?}"
        );
    }
}

#[test]
fn crosscheck_two_players() {
    run("", 40, 300);
}

#[test]
fn crosscheck_three_players() {
    run("players=3", 40, 300);
}

#[test]
fn crosscheck_four_players() {
    run("players=4,first=3", 40, 300);
}

#[test]
fn crosscheck_six_players_with_turn_limit() {
    run("players=6,turn_limit=12", 40, 400);
}

#[test]
fn random_positions_are_accepted_often() {
    let params: Params = "players=6".parse().unwrap();
    let mut rng = SplitMix64::new(5);
    let ok = (0..200)
        .filter(|_| random_position(&params, &mut rng).is_some())
        .count();
    assert!(ok > 100, "only {ok} random positions valid");
}

fn ref_perft(r: &Ref, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    r.legal()
        .iter()
        .map(|a| {
            let mut n = r.clone();
            n.play(a);
            ref_perft(&n, depth - 1)
        })
        .sum()
}

#[test]
fn reference_perft_matches_golden_counts() {
    // Rows of tests/golden/perft.tsv.
    for (p, players, limit, depth, count) in [
        ("", 2, 0, 5, 2664),
        ("players=3", 3, 0, 6, 14310),
        ("turn_limit=1", 2, 1, 8, 324),
        ("players=6", 6, 0, 4, 572),
    ] {
        let params: Params = p.parse().unwrap();
        let r = Ref::parse(players, limit, &State::new(&params).position());
        assert_eq!(ref_perft(&r, depth), count, "[{p}] depth {depth}");
    }
}
