//! Criterion benches: legal-placement generation (start, midgame, crowded 20x20 positions),
//! apply (play + undo), perft (the crate's kernel through the kit's `perft`, and the generic
//! driver), random playouts for 2 and 4 players on both boards, and the encoding (legal
//! generation, `observe` and the ids of the legal actions, side by side on the same positions).

use boardgame_kit::encoding::Encoding;
use boardgame_kit::{perft, perft_generic, playout, random_action, Actions, Game, SplitMix64};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use elements_core::{Params, State};
use std::hint::black_box;

fn params(s: &str) -> Params {
    s.parse().unwrap()
}

/// A position `frac` of the way through a fixed-seed random 4-player game on the full board
/// (the seat to act still has a move).
fn through_game(frac: f64) -> State {
    through(params("players=4"), frac)
}

/// A position `frac` of the way through a fixed-seed random game with these parameters.
fn through(p: Params, frac: f64) -> State {
    let mut s = State::new(&p);
    let mut rng = SplitMix64::new(42);
    let mut actions = Vec::new();
    let mut buf = Actions::<State>::new();
    while let Some(a) = random_action(&s, &mut rng, &mut buf) {
        s.play(a);
        actions.push(a);
    }
    let n = (actions.len() as f64 * frac) as usize;
    let mut s = State::new(&p);
    for a in &actions[..n] {
        s.play(*a);
    }
    s
}

fn benches(c: &mut Criterion) {
    let start = State::new(&Params::default());
    let mut early = start;
    for a in ["a20", "b19", "c18", "d17", "e16", "f15", "g14"] {
        early.play(a.parse().unwrap());
    }
    let mid = through_game(0.4);
    let crowded = through_game(0.85);
    eprintln!(
        "positions: mid {} pieces / {} legal, crowded {} pieces / {} legal",
        occupied(&mid),
        mid.count_legal(),
        occupied(&crowded),
        crowded.count_legal()
    );

    let mut g = c.benchmark_group("elements/movegen");
    g.throughput(Throughput::Elements(1));
    for (name, s) in [
        ("start", start),
        ("early", early),
        ("midgame", mid),
        ("crowded", crowded),
    ] {
        let seat = s.to_act().seat().unwrap();
        g.bench_function(format!("legal cells bitboard {name} 20x20"), |b| {
            b.iter(|| black_box(&s).legal_cells(black_box(seat)))
        });
        g.bench_function(format!("legal_actions list {name} 20x20"), |b| {
            let mut list = Actions::<State>::new();
            b.iter(|| {
                black_box(&s).legal_actions(&mut list);
                list.len()
            })
        });
    }
    g.finish();

    let mut g = c.benchmark_group("elements/apply");
    g.throughput(Throughput::Elements(1));
    for (name, s) in [("midgame", mid), ("crowded", crowded)] {
        let mut list = Actions::<State>::new();
        s.legal_actions(&mut list);
        let a = list[list.len() / 2];
        g.bench_function(format!("play+undo {name} 20x20"), |b| {
            let mut t = s;
            b.iter(|| {
                let u = black_box(&mut t).play_unchecked(black_box(a));
                t.undo(u);
            })
        });
    }
    g.finish();

    let mut g = c.benchmark_group("elements/perft");
    g.sample_size(10);
    for (ps, depth) in [("", 7u32), ("board=blitz,players=4", 10)] {
        let mut s = State::new(&params(ps));
        let leaves = perft(&mut s, depth);
        g.throughput(Throughput::Elements(leaves));
        g.bench_function(format!("perft {depth} [{ps}]"), |b| {
            b.iter(|| perft(black_box(&mut s), depth))
        });
        g.bench_function(format!("perft generic {depth} [{ps}]"), |b| {
            b.iter(|| perft_generic(black_box(&mut s), depth))
        });
    }
    g.finish();

    let mut g = c.benchmark_group("elements/playout");
    g.throughput(Throughput::Elements(1));
    for ps in ["board=blitz", "board=blitz,players=4", "", "players=4"] {
        let p = params(ps);
        let start = State::new(&p);
        g.bench_function(format!("random playout [{ps}]"), |b| {
            let mut rng = SplitMix64::new(1);
            b.iter(|| {
                let mut s = start;
                playout(&mut s, &mut rng, u64::MAX).length
            })
        });
    }
    g.finish();

    // The encoding: for each position, legal generation (the list of placements), `observe`
    // from the seat to place into a reused buffer, and the ids of the legal placements into a
    // reused buffer, to be compared with each other; and, as the floor under `observe`, the
    // zero fill of the buffer that the kit's `observe` does before writing the planes.
    let mut g = c.benchmark_group("elements/encoding");
    g.throughput(Throughput::Elements(1));
    let blitz = params("board=blitz");
    for (name, s) in [
        ("start 20x20 2p", start),
        ("start 20x20 4p", State::new(&params("players=4"))),
        ("midgame 20x20 4p", mid),
        ("crowded 20x20 4p", crowded),
        ("midgame 14x14 2p", through(blitz, 0.4)),
    ] {
        let seat = s.to_act().seat().unwrap();
        let size = State::observation_shape(&s.params()).size();
        g.bench_function(format!("legal_actions {name}"), |b| {
            let mut list = Actions::<State>::new();
            b.iter(|| {
                black_box(&s).legal_actions(&mut list);
                list.len()
            })
        });
        g.bench_function(format!("observe {name}"), |b| {
            let mut obs = vec![0.0f32; size];
            b.iter(|| {
                black_box(&s).observe(black_box(seat), &mut obs).unwrap();
                obs[0]
            })
        });
        g.bench_function(format!("zero fill {name}"), |b| {
            let mut obs = vec![0.0f32; size];
            b.iter(|| {
                black_box(&mut obs).fill(0.0);
                obs[0]
            })
        });
        g.bench_function(format!("action ids {name}"), |b| {
            let mut list = Actions::<State>::new();
            s.legal_actions(&mut list);
            let mut ids: Vec<usize> = Vec::with_capacity(list.len());
            b.iter(|| {
                ids.clear();
                let s = black_box(&s);
                // Every legal placement has an id (usize::MAX would mark one without).
                ids.extend(list.iter().map(|&a| s.action_id(a).unwrap_or(usize::MAX)));
                ids.len()
            })
        });
    }
    g.finish();
}

fn occupied(s: &State) -> u32 {
    (0..4)
        .map(|k| {
            (s.blocks(boardgame_kit::Seat::of(k)) | s.mounds(boardgame_kit::Seat::of(k))).count()
        })
        .sum()
}

criterion_group!(elements, benches);
criterion_main!(elements);
