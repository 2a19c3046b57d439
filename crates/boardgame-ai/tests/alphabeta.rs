//! Alpha-beta (with its move ordering and Star1/Star2 pruning, the table off: a table lets
//! deeper results stand in for shallower ones) returns the same root value as a plain
//! expectimax/paranoid search of the same depth, with and without chance nodes, and chooses a
//! best action, the same one with and without chance pruning; best-reply search and max^n
//! likewise match plain versions of themselves.

use boardgame_ai::{Agent, AlphaBeta, AlphaBetaConfig, Budget, ChancePruning, MultiSeat};
use boardgame_kit::{Actions, ChanceOutcomes, Game, RandomSource, Seat, SplitMix64, ToAct};

/// Plain depth-limited search: the root seat maximises, the others minimise (paranoid),
/// chance nodes average by probability and do not use depth; finished games score ±2 less
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
            r * (2.0 - ply as f32 * 0.001)
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

/// Best-reply search (BRS+) written plainly: between two turns of the root seat one other seat
/// (`reply`) searches all its actions; the others play their greedy action (best evaluation
/// for themselves one ply ahead), which costs no depth; with no reply yet, a seat may reply or
/// play greedily. Nodes `cap` plies deep are evaluated.
fn plain_brs<G: Game>(
    s: &mut G,
    root: Seat,
    depth: u32,
    ply: u32,
    reply: Option<Seat>,
    cap: u32,
) -> f32 {
    let eval = |s: &G| s.evaluate().map_or(0.0, |v| v.get(root));
    match s.to_act() {
        ToAct::Seat(_) | ToAct::Chance if depth == 0 || ply >= cap => eval(s),
        ToAct::Seat(seat) => {
            let mut legal = Actions::<G>::new();
            s.legal_actions(&mut legal);
            if legal.is_empty() {
                return over(s, root, ply);
            }
            let child = |s: &mut G, a: G::Action, depth: u32, reply: Option<Seat>| {
                let u = s.play_unchecked(a);
                let v = plain_brs(s, root, depth, ply + 1, reply, cap);
                s.undo(u);
                v
            };
            let all = |s: &mut G, reply: Option<Seat>| -> Vec<f32> {
                legal
                    .iter()
                    .map(|&a| child(s, a, depth - 1, reply))
                    .collect()
            };
            if seat == root {
                return all(s, None).into_iter().fold(f32::NEG_INFINITY, f32::max);
            }
            let greedy = greedy(s, seat);
            match reply {
                Some(r) if r != seat => child(s, greedy, depth, reply),
                Some(_) => all(s, reply).into_iter().fold(f32::INFINITY, f32::min),
                None => {
                    let pass = child(s, greedy, depth, None);
                    all(s, Some(seat)).into_iter().fold(pass, f32::min)
                }
            }
        }
        ToAct::Chance => {
            let mut outs = ChanceOutcomes::<G::Action>::new();
            s.chance_outcomes(&mut outs);
            outs.iter()
                .map(|&(a, p)| {
                    let u = s.play_unchecked(a);
                    let v = plain_brs(s, root, depth, ply + 1, reply, cap);
                    s.undo(u);
                    p.to_f64() as f32 * v
                })
                .sum()
        }
        _ => over(s, root, ply),
    }
}

/// The action after which the evaluation (or the finished game) is best for `seat`, the first
/// of equals.
fn greedy<G: Game>(s: &mut G, seat: Seat) -> G::Action {
    let mut legal = Actions::<G>::new();
    s.legal_actions(&mut legal);
    let mut best = (legal[0], f32::NEG_INFINITY);
    for &a in legal.iter() {
        let u = s.play_unchecked(a);
        let v = match s.outcome() {
            Some(o) => o.returns(seat) as f32 * 2.0,
            None => s.evaluate().map_or(0.0, |v| v.get(seat)),
        };
        s.undo(u);
        if v > best.1 {
            best = (a, v);
        }
    }
    best.0
}

/// A finished game's score for `root` at `ply`.
fn over<G: Game>(s: &G, root: Seat, ply: u32) -> f32 {
    let r = s.outcome().map_or(0.0, |o| o.returns(root) as f32);
    r * (2.0 - ply as f32 * 0.001)
}

/// Plain max^n: every seat maximises its own value (the first of equals), chance averages.
fn plain_maxn<G: Game>(s: &mut G, depth: u32, ply: u32) -> [f32; 6] {
    match s.to_act() {
        ToAct::Seat(_) | ToAct::Chance if depth == 0 => s.evaluate().unwrap_or_default().as_array(),
        ToAct::Seat(seat) => {
            let mut legal = Actions::<G>::new();
            s.legal_actions(&mut legal);
            let mut best: Option<[f32; 6]> = None;
            for &a in legal.iter() {
                let u = s.play_unchecked(a);
                let v = plain_maxn(s, depth - 1, ply + 1);
                s.undo(u);
                if best.is_none_or(|b| v[seat.index()] > b[seat.index()]) {
                    best = Some(v);
                }
            }
            best.unwrap_or_else(|| finished_vector(s, ply))
        }
        ToAct::Chance => {
            let mut outs = ChanceOutcomes::<G::Action>::new();
            s.chance_outcomes(&mut outs);
            let mut mean = [0.0; 6];
            for &(a, p) in outs.iter() {
                let u = s.play_unchecked(a);
                let v = plain_maxn(s, depth, ply + 1);
                s.undo(u);
                for (m, x) in mean.iter_mut().zip(v) {
                    *m += p.to_f64() as f32 * x;
                }
            }
            mean
        }
        _ => finished_vector(s, ply),
    }
}

fn finished_vector<G: Game>(s: &G, ply: u32) -> [f32; 6] {
    let mut v = [0.0; 6];
    for seat in s.seats().iter() {
        v[seat.index()] = over(s, seat, ply);
    }
    v
}

/// Alpha-beta at `depth` with the table off (a table lets deeper results stand in for
/// shallower ones), returning the agent after its choice.
fn search<G: Game>(
    s: &G,
    depth: u32,
    chance: ChancePruning,
    multi: MultiSeat,
) -> (AlphaBeta<G>, G::Action) {
    let config = AlphaBetaConfig::default()
        .with_depth(depth)
        .with_table(0)
        .with_chance(chance)
        .with_multi(multi);
    let mut ab = AlphaBeta::<G>::new(config, Budget::nodes(u64::MAX));
    let action = ab.choose(s).unwrap();
    assert!(s.is_legal(&action));
    (ab, action)
}

/// The root value of every action by a plain search.
fn plain_actions<G: Game, V>(s: &G, f: impl Fn(&mut G) -> V) -> Vec<(G::Action, V)> {
    let mut legal = Actions::<G>::new();
    s.legal_actions(&mut legal);
    legal
        .iter()
        .map(|&a| {
            let mut c = s.clone();
            c.play_unchecked(a);
            (a, f(&mut c))
        })
        .collect()
}

/// Checks the chosen action is one of the best by the plain values, and the reported value
/// is the best.
fn assert_best<G: Game>(
    s: &G,
    action: G::Action,
    got: f32,
    plain: &[(G::Action, f32)],
    what: &str,
) {
    let max = plain.iter().map(|x| x.1).fold(f32::NEG_INFINITY, f32::max);
    let mine = plain.iter().find(|x| x.0 == action).unwrap().1;
    assert!(
        (mine - max).abs() < 1e-3,
        "{} {what} at {}: chose {action} worth {mine}, the best is {max}",
        G::NAME,
        s.position()
    );
    assert!(
        (got - max.clamp(-1.0, 1.0)).abs() < 1e-3,
        "{} {what} at {}: value {got}, plain {max}",
        G::NAME,
        s.position()
    );
}

/// Searches `s` ([`search`]) and checks its choice and its value for the seat to act against
/// the plain values of the actions ([`assert_best`]).
fn search_best<G: Game>(
    s: &G,
    depth: u32,
    chance: ChancePruning,
    multi: MultiSeat,
    plain: &[(G::Action, f32)],
    what: &str,
) -> (AlphaBeta<G>, G::Action) {
    let (ab, action) = search(s, depth, chance, multi);
    let root = s.to_act().seat().unwrap();
    let got = ab.analysis().unwrap().values.get(root);
    assert_best(s, action, got, plain, what);
    (ab, action)
}

/// Paranoid/minimax with every chance pruning gives the plain search's value and a best action,
/// the same action whatever the pruning; returns the nodes searched per pruning.
fn check<G: Game>(params: &str, depth: u32, count: usize, max_plies: u64) -> [u64; 3] {
    let mut informative = 0;
    let mut nodes = [0; 3];
    for s in positions::<G>(params, count, max_plies) {
        let root = s.to_act().seat().unwrap();
        let plain_values = plain_actions(&s, |c| plain(c, root, depth - 1, 1));
        informative += usize::from(plain_values.iter().any(|x| x.1 != 0.0));
        let mut chosen = None;
        for (k, chance) in [
            ChancePruning::Expectimax,
            ChancePruning::Star1,
            ChancePruning::Star2,
        ]
        .into_iter()
        .enumerate()
        {
            let what = format!("{params} {chance:?}");
            let (ab, action) =
                search_best(&s, depth, chance, MultiSeat::Paranoid, &plain_values, &what);
            assert_eq!(
                *chosen.get_or_insert(action),
                action,
                "{chance:?} at {}",
                s.position()
            );
            nodes[k] += ab.nodes();
        }
    }
    assert!(informative > 0, "{} {params}: every value was 0", G::NAME);
    nodes
}

#[test]
fn two_seats_without_chance() {
    check::<slimetrail_core::State>("size=7", 4, 12, 12);
    check::<repello_core::State>("players=2", 2, 6, 30);
}

#[test]
fn two_seats_with_chance_star1_and_star2() {
    let [plain, star1, _] = check::<arandia_core::State>("players=2,turn_limit=40", 3, 12, 60);
    assert!(star1 < plain, "Star1 {star1} nodes, expectimax {plain}");
}

/// Node counts of expectimax, Star1 and Star2 on 24 Arandia 2p positions at depths 2 to 4,
/// with the table off (one fixed-depth search) and on (2^16 entries, iterative deepening).
/// A measurement, run with
/// `cargo test --release -p boardgame-ai --test alphabeta star_node_counts -- --ignored --nocapture`;
/// the figures are in `docs/ai.md`.
#[test]
#[ignore = "a measurement: prints node counts"]
fn star_node_counts() {
    for tt in [0, 16] {
        for depth in 2..=4 {
            let mut nodes = [0u64; 3];
            for s in positions::<arandia_core::State>("players=2,turn_limit=40", 24, 60) {
                for (k, chance) in [
                    ChancePruning::Expectimax,
                    ChancePruning::Star1,
                    ChancePruning::Star2,
                ]
                .into_iter()
                .enumerate()
                {
                    let config = AlphaBetaConfig::default()
                        .with_depth(depth)
                        .with_table(tt)
                        .with_chance(chance);
                    let mut ab =
                        AlphaBeta::<arandia_core::State>::new(config, Budget::nodes(u64::MAX));
                    ab.choose(&s).unwrap();
                    nodes[k] += ab.nodes();
                }
            }
            let [plain, star1, star2] = nodes;
            println!("tt={tt} depth {depth}: expectimax {plain} star1 {star1} star2 {star2}");
        }
    }
}

#[test]
fn paranoid_three_and_four_seats() {
    check::<arandia_core::State>("players=3,turn_limit=40", 2, 8, 60);
    check::<splut_core::State>("players=3,turn_limit=30", 4, 3, 20);
    check::<elements_core::State>("board=blitz,players=4", 1, 4, 20);
}

/// Best-reply search gives the plain BRS+ value (and a best action), with every chance
/// pruning.
fn check_brs<G: Game>(params: &str, depth: u32, count: usize, max_plies: u64) {
    for s in positions::<G>(params, count, max_plies) {
        let root = s.to_act().seat().unwrap();
        let cap = 4 * depth + 8;
        let plain_values = plain_actions(&s, |c| plain_brs(c, root, depth - 1, 1, None, cap));
        for chance in [ChancePruning::Expectimax, ChancePruning::Star2] {
            let what = format!("{params} brs {chance:?}");
            search_best(
                &s,
                depth,
                chance,
                MultiSeat::BestReply,
                &plain_values,
                &what,
            );
        }
    }
}

#[test]
fn best_reply_three_and_four_seats() {
    // Depth 4 reaches the other seats in Splut! (a turn is up to three steps).
    check_brs::<splut_core::State>("players=3,turn_limit=30", 4, 3, 20);
    check_brs::<arandia_core::State>("players=3,turn_limit=3", 3, 2, 12);
    check_brs::<repello_core::State>("players=4", 3, 2, 20);
}

/// Max^n gives the plain max^n vector of its chosen action, which is one of the root seat's
/// best.
fn check_maxn<G: Game>(params: &str, depth: u32, count: usize, max_plies: u64) {
    for s in positions::<G>(params, count, max_plies) {
        let root = s.to_act().seat().unwrap();
        let vectors = plain_actions(&s, |c| plain_maxn(c, depth - 1, 1));
        let plain_values: Vec<(G::Action, f32)> =
            vectors.iter().map(|(a, v)| (*a, v[root.index()])).collect();
        let what = format!("{params} maxn");
        let (ab, action) = search_best(
            &s,
            depth,
            ChancePruning::Star2,
            MultiSeat::MaxN,
            &plain_values,
            &what,
        );
        let analysis = ab.analysis().unwrap();
        let want = vectors.iter().find(|x| x.0 == action).unwrap().1;
        for seat in s.seats().iter() {
            let got = analysis.values.get(seat);
            assert!(
                (got - want[seat.index()].clamp(-1.0, 1.0)).abs() < 1e-3,
                "{} {params} maxn at {}: seat {seat:?} {got}, plain {want:?}",
                G::NAME,
                s.position()
            );
        }
    }
}

#[test]
fn max_n_three_and_four_seats() {
    check_maxn::<splut_core::State>("players=3,turn_limit=30", 4, 3, 20);
    check_maxn::<arandia_core::State>("players=3,turn_limit=40", 2, 4, 60);
    check_maxn::<elements_core::State>("board=blitz,players=4", 1, 4, 20);
}
