//! The slow, plain reference implementation of `reference/mod.rs` (straight from the rules text
//! on a 9x9 array, its own position reader and writer included), cross-checked against the fast
//! engine: the same legal steps (as sorted texts) and, after each of them, the same position.

use boardgame_kit::{Actions, Game, RandomSource, SplitMix64};
use splut_core::{Params, State};

mod reference;

use reference::*;

fn check(state: &State, limit: u32) {
    let pos = state.position();
    let model = M::parse(&pos, limit);
    assert_eq!(model.write(), pos, "reference re-print");
    let mut list = Actions::<State>::new();
    state.legal_actions(&mut list);
    let mut mine: Vec<String> = list.iter().map(|a| a.to_string()).collect();
    mine.sort();
    assert_eq!(mine, model.legal(), "legal steps differ at {pos}");
    for &a in list.iter() {
        let mut s = *state;
        s.play_unchecked(a);
        let mut m = model.clone();
        m.apply(&a.to_string());
        assert_eq!(s.position(), m.write(), "after {a} from {pos}");
    }
}

#[test]
fn matches_reference_on_random_games() {
    for params in [
        "",
        "seats=we",
        "players=3",
        "players=4",
        "players=3,seats=wne,first=e",
        "players=4,turn_limit=20",
        "turn_limit=7",
    ] {
        let p: Params = params.parse().unwrap();
        let mut rng = SplitMix64::new(42);
        let mut buf = Actions::<State>::new();
        for _ in 0..12 {
            let mut s = State::new(&p);
            for _ in 0..400 {
                check(&s, p.turn_limit());
                let Some(a) = boardgame_kit::random_action(&s, &mut rng, &mut buf) else {
                    break;
                };
                s.play_unchecked(a);
            }
        }
    }
}

fn random_position(rng: &mut SplitMix64) -> Option<(Params, String)> {
    let seatsets = ["sn", "we", "swn", "wne", "sne", "swe", "swne"];
    let seats = seatsets[rng.below(seatsets.len() as u64) as usize];
    let params: Params = format!("seats={seats}").parse().unwrap();
    let squares: Vec<(i32, i32)> = (0..9)
        .flat_map(|f| (0..9).map(move |r| (f, r)))
        .filter(|&(f, r)| on(f, r))
        .collect();
    let mut free = squares.clone();
    let mut take = |rng: &mut SplitMix64| {
        let i = rng.below(free.len() as u64) as usize;
        let (f, r) = free.swap_remove(i);
        name(f, r)
    };
    let rocks: Vec<String> = (0..4).map(|_| take(rng)).collect();
    let mut teams = vec![];
    let mut alive = vec![];
    for (i, ch) in SEATS.iter().enumerate() {
        if !seats.contains(ch) || (alive.len() >= 2 && rng.below(4) == 0) {
            continue;
        }
        alive.push(i);
        let s = take(rng);
        let t = if rng.below(6) == 0 {
            "-".to_string()
        } else {
            take(rng)
        };
        let d = if rng.below(4) == 0 {
            "-".to_string()
        } else {
            take(rng)
        };
        teams.push(format!("{ch}:{s},{t},{d}"));
    }
    let to_move = alive[rng.below(alive.len() as u64) as usize];
    let turn = 1 + rng.below(6) as u32;
    let q = quota(turn);
    let steps = 1 + rng.below(q as u64) as u32;
    let mut prev: Vec<u8> = (0..4).filter(|_| turn > 1 && rng.below(3) == 0).collect();
    let mut moved: Vec<u8> = if steps < q {
        (0..4).filter(|_| rng.below(3) == 0).collect()
    } else {
        vec![]
    };
    let lev = if steps < q {
        match rng.below(3) {
            0 => "-".to_string(),
            1 if !moved.is_empty() => "x".to_string(),
            _ => {
                let r = rng.below(4) as u8;
                if !moved.contains(&r) {
                    moved.push(r);
                    moved.sort();
                }
                prev.retain(|&x| x != r);
                r.to_string()
            }
        }
    } else {
        "-".to_string()
    };
    let mask = |v: &Vec<u8>| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.iter().map(|x| x.to_string()).collect()
        }
    };
    let text = format!(
        "{} {} {} {} {} {} {} {}",
        rocks.join(","),
        teams.join(";"),
        SEATS[to_move],
        turn,
        steps,
        lev,
        mask(&moved),
        mask(&prev)
    );
    Some((params, text))
}

#[test]
fn matches_reference_on_random_crowded_positions() {
    let mut rng = SplitMix64::new(7);
    let mut checked = 0;
    for _ in 0..2500 {
        let Some((params, text)) = random_position(&mut rng) else {
            continue;
        };
        let Ok(s) = State::from_position(&params, &text) else {
            continue;
        };
        check(&s, 0);
        // and a few steps on from there
        let mut s = s;
        let mut buf = Actions::<State>::new();
        for _ in 0..6 {
            let Some(a) = boardgame_kit::random_action(&s, &mut rng, &mut buf) else {
                break;
            };
            s.play_unchecked(a);
            check(&s, 0);
        }
        checked += 1;
    }
    assert!(checked > 1200, "{checked}");
}
