//! Alpha-beta (with its move ordering and Star1 pruning, the table off: a table lets deeper
//! results stand in for shallower ones) returns the same root value as a plain
//! expectimax/paranoid search of the same depth, with and without chance nodes.

use boardgame_ai::{Agent, AlphaBeta, AlphaBetaConfig, Budget};
use boardgame_kit::{Actions, ChanceOutcomes, Game, RandomSource, Seat, SplitMix64, ToAct};

/// Plain depth-limited search: the root seat maximises, the others minimise (paranoid),
/// chance nodes average by probability and do not use depth; finished games score ±10 less
/// 0.001 per ply, the horizon the game's evaluation.
fn plain<G: Game>(s: &mut G, root: Seat, depth: u32, ply: u32) -> f32 {
    match s.to_act() {
        ToAct::Seat(seat) => {
            if depth == 0 {
                return s.evaluate().map_or(0.0, |v| v.get(root));
            }
            let mut legal = Actions::<G>::new();
            s.legal_actions(&mut legal);
            let values = legal.iter().map(|&a| {
                let u = s.play_unchecked(a);
                let v = plain(s, root, depth - 1, ply + 1);
                s.undo(u);
                v
            });
            let values: Vec<f32> = values.collect();
            if seat == root {
                values.into_iter().fold(f32::NEG_INFINITY, f32::max)
            } else {
                values.into_iter().fold(f32::INFINITY, f32::min)
            }
        }
        ToAct::Chance => {
            if depth == 0 {
                return s.evaluate().map_or(0.0, |v| v.get(root));
            }
            let mut outs = ChanceOutcomes::<G::Action>::new();
            s.chance_outcomes(&mut outs);
            outs.iter()
                .map(|&(a, p)| {
                    let u = s.play_unchecked(a);
                    let v = plain(s, root, depth, ply + 1);
                    s.undo(u);
                    p.to_f64() as f32 * v
                })
                .sum()
        }
        _ => {
            let r = s.outcome().map_or(0.0, |o| o.returns(root) as f32);
            r * (10.0 - ply as f32 * 0.001)
        }
    }
}

/// Positions with a seat to act, reached by random play.
fn positions<G: Game>(params: &str, count: usize, max_plies: u64) -> Vec<G> {
    let params: G::Params = params.parse().map_err(|_| params).unwrap();
    let mut rng = SplitMix64::new(77);
    let mut buf = Actions::<G>::new();
    let mut out = Vec::new();
    while out.len() < count {
        let mut s = G::new(&params);
        for _ in 0..rng.below(max_plies) {
            match boardgame_kit::random_action(&s, &mut rng, &mut buf) {
                Some(a) => {
                    s.play_unchecked(a);
                }
                None => break,
            }
        }
        if matches!(s.to_act(), ToAct::Seat(_)) {
            out.push(s);
        }
    }
    out
}

fn check<G: Game>(params: &str, depth: u32, count: usize, max_plies: u64) {
    let mut informative = 0;
    for s in positions::<G>(params, count, max_plies) {
        let root = s.to_act().seat().unwrap();
        let want = plain(&mut s.clone(), root, depth, 0).clamp(-1.0, 1.0);
        informative += usize::from(want != 0.0);
        let config = AlphaBetaConfig {
            max_depth: depth,
            tt_bits: 0,
        };
        let mut ab = AlphaBeta::<G>::new(config, Budget::nodes(u64::MAX));
        let action = ab.choose(&s).unwrap();
        assert!(s.is_legal(&action));
        let got = ab.analysis().unwrap().values.get(root);
        assert!(
            (got - want).abs() < 1e-3,
            "{} {params} at {}: alpha-beta {got}, plain {want}",
            G::NAME,
            s.position()
        );
    }
    assert!(informative > 0, "{} {params}: every value was 0", G::NAME);
}

#[test]
fn two_seats_without_chance() {
    check::<slimetrail_core::State>("size=7", 4, 12, 12);
    check::<repello_core::State>("players=2", 2, 6, 30);
}

#[test]
fn two_seats_with_chance_star1() {
    check::<arandia_core::State>("players=2,turn_limit=40", 3, 12, 60);
}

#[test]
fn paranoid_three_and_four_seats() {
    check::<arandia_core::State>("players=3,turn_limit=40", 2, 8, 60);
    check::<splut_core::State>("players=3,turn_limit=30", 2, 6, 20);
    check::<elements_core::State>("board=blitz,players=4", 1, 4, 20);
}
