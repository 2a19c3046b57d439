//! Elo ratings from head-to-head results: a Bradley-Terry fit by maximum likelihood, draws
//! counted as half a win, with 95% intervals from the Fisher information.
//!
//! The model: agent `i` beats agent `j` with probability `1 / (1 + 10^((r_j - r_i) / 400))`,
//! the Elo scale (a 75% score is `400 log10 3`, about 191 points). [`fit`] finds the ratings
//! `r` that make the results most likely (minorisation-maximisation iterations, Hunter 2004,
//! run to convergence), anchored so that their mean is 0. The interval of each rating is
//! `r ± 1.96 σ`, with `σ²` from the inverse of the Fisher information (the negated Hessian of
//! the log-likelihood at the fit) under the same anchoring: how well the results pin each
//! agent down relative to the field.
//!
//! A maximum exists only when no group of agents scored all the points against the rest (an
//! agent with a perfect score, or one that played no counted game, has no finite rating).
//! Then, and only then, [`fit`] adds one virtual drawn game between every pair of agents
//! (half a point each) and says so ([`Ratings::virtual_draws`]): the ratings stay finite and
//! in order (100 wins and no loss in 100 games give 400 log10 201, about 921 points between
//! two agents) and results that need no help are fitted exactly.

/// Head-to-head results between agents: games and points of every pair (a win 1, a draw 1/2
/// to each, kept in half points so that adding and merging are exact).
///
/// ```
/// use boardgames::arena::ratings::Results;
/// let mut r = Results::new(2);
/// r.add_win(0, 1);
/// r.add_draw(0, 1);
/// assert_eq!((r.games(0), r.points(0), r.points(1)), (2, 1.5, 0.5));
/// assert_eq!(r.score(1), Some(0.25));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Results {
    agents: usize,
    /// `games[i * agents + j]`: games between `i` and `j` (symmetric).
    games: Vec<u64>,
    /// `half_points[i * agents + j]`: half points `i` scored against `j`.
    half_points: Vec<u64>,
}

impl Results {
    /// No games yet between `agents` agents.
    #[must_use]
    pub fn new(agents: usize) -> Results {
        Results {
            agents,
            games: vec![0; agents * agents],
            half_points: vec![0; agents * agents],
        }
    }

    /// The number of agents.
    #[must_use]
    pub fn agents(&self) -> usize {
        self.agents
    }

    fn fit(&mut self, agents: usize) {
        if agents <= self.agents {
            return;
        }
        let mut grown = Results::new(agents);
        for i in 0..self.agents {
            for j in 0..self.agents {
                grown.games[i * agents + j] = self.games[i * self.agents + j];
                grown.half_points[i * agents + j] = self.half_points[i * self.agents + j];
            }
        }
        *self = grown;
    }

    /// Counts one game between `a` and `b` in which `a` scored `half_points_a` half points
    /// and `b` the rest (of 2). A game of an agent against itself is not counted.
    fn add(&mut self, a: usize, b: usize, half_points_a: u64) {
        if a == b {
            return;
        }
        self.fit(a.max(b) + 1);
        let k = self.agents;
        self.games[a * k + b] += 1;
        self.games[b * k + a] += 1;
        self.half_points[a * k + b] += half_points_a;
        self.half_points[b * k + a] += 2 - half_points_a;
    }

    /// Counts a game `winner` won against `loser`.
    pub fn add_win(&mut self, winner: usize, loser: usize) {
        self.add(winner, loser, 2);
    }

    /// Counts a drawn game between `a` and `b` (a win shared between them too).
    pub fn add_draw(&mut self, a: usize, b: usize) {
        self.add(a, b, 1);
    }

    /// Adds the games of other results.
    pub fn merge(&mut self, other: &Results) {
        self.fit(other.agents);
        let k = self.agents;
        for i in 0..other.agents {
            for j in 0..other.agents {
                self.games[i * k + j] += other.games[i * other.agents + j];
                self.half_points[i * k + j] += other.half_points[i * other.agents + j];
            }
        }
    }

    /// The games between `a` and `b`.
    #[must_use]
    pub fn games_between(&self, a: usize, b: usize) -> u64 {
        if a < self.agents && b < self.agents {
            self.games[a * self.agents + b]
        } else {
            0
        }
    }

    /// The points `a` scored against `b`.
    #[must_use]
    pub fn points_against(&self, a: usize, b: usize) -> f64 {
        if a < self.agents && b < self.agents {
            self.half_points[a * self.agents + b] as f64 / 2.0
        } else {
            0.0
        }
    }

    /// All games of `agent`.
    #[must_use]
    pub fn games(&self, agent: usize) -> u64 {
        (0..self.agents).map(|b| self.games_between(agent, b)).sum()
    }

    /// All points of `agent`.
    #[must_use]
    pub fn points(&self, agent: usize) -> f64 {
        (0..self.agents)
            .map(|b| self.points_against(agent, b))
            .sum()
    }

    /// The points of `agent` per game (`None` without a game).
    #[must_use]
    pub fn score(&self, agent: usize) -> Option<f64> {
        let games = self.games(agent);
        (games > 0).then(|| self.points(agent) / games as f64)
    }

    /// Whether every agent is rated finitely by the results alone: from every agent, every
    /// other can be reached by steps from an agent to one it scored a point against (and so,
    /// by steps back, too).
    fn has_finite_maximum(&self) -> bool {
        let k = self.agents;
        let reaches_all = |scored: &dyn Fn(usize, usize) -> bool| {
            let mut seen = vec![false; k];
            let mut stack = vec![0];
            seen[0] = true;
            while let Some(i) = stack.pop() {
                for (j, seen) in seen.iter_mut().enumerate() {
                    if !*seen && scored(i, j) {
                        *seen = true;
                        stack.push(j);
                    }
                }
            }
            seen.iter().all(|&s| s)
        };
        k <= 1
            || (reaches_all(&|i, j| self.half_points[i * k + j] > 0)
                && reaches_all(&|i, j| self.half_points[j * k + i] > 0))
    }
}

/// The fitted ratings, in the agents' order: Elo points with a mean of 0, each with its 95%
/// interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    /// The rating of each agent.
    pub elo: Vec<f64>,
    /// The low end of each rating's 95% interval.
    pub low: Vec<f64>,
    /// The high end of each rating's 95% interval.
    pub high: Vec<f64>,
    /// Whether one virtual drawn game between every pair was added to keep the ratings finite
    /// (see the module docs).
    pub virtual_draws: bool,
}

/// Natural-log strength to Elo points.
const ELO_PER_NEPER: f64 = 400.0 / std::f64::consts::LN_10;

/// The Bradley-Terry fit of the results (see the module docs).
///
/// ```
/// use boardgames::arena::ratings::{fit, Results};
/// let mut r = Results::new(2);
/// (0..75).for_each(|_| r.add_win(0, 1));
/// (0..25).for_each(|_| r.add_win(1, 0));
/// let ratings = fit(&r);
/// let gap = ratings.elo[0] - ratings.elo[1];
/// assert!((gap - 400.0 * 3f64.log10()).abs() < 1e-6); // about 191
/// assert!((ratings.elo[0] + ratings.elo[1]).abs() < 1e-9); // a mean of 0
/// assert!(ratings.low[0] < ratings.elo[0] && ratings.elo[0] < ratings.high[0]);
/// assert!(!ratings.virtual_draws);
/// ```
#[must_use]
pub fn fit(results: &Results) -> Ratings {
    let k = results.agents;
    let virtual_draws = !results.has_finite_maximum();
    let mut games = results.games.iter().map(|&g| g as f64).collect::<Vec<_>>();
    let mut points: Vec<f64> = results
        .half_points
        .iter()
        .map(|&h| h as f64 / 2.0)
        .collect();
    if virtual_draws {
        for i in 0..k {
            for j in (0..k).filter(|&j| j != i) {
                games[i * k + j] += 1.0;
                points[i * k + j] += 0.5;
            }
        }
    }
    let wins: Vec<f64> = (0..k)
        .map(|i| (0..k).map(|j| points[i * k + j]).sum())
        .collect();
    // Minorisation-maximisation on the strengths `gamma = e^theta`, renormalised to a
    // geometric mean of 1 after every step.
    let mut theta = vec![0.0f64; k];
    for _ in 0..200_000 {
        let gamma: Vec<f64> = theta.iter().map(|t| t.exp()).collect();
        let mut next: Vec<f64> = (0..k)
            .map(|i| {
                let denominator: f64 = (0..k)
                    .filter(|&j| j != i)
                    .map(|j| games[i * k + j] / (gamma[i] + gamma[j]))
                    .sum();
                if wins[i] > 0.0 && denominator > 0.0 {
                    (wins[i] / denominator).ln()
                } else {
                    theta[i]
                }
            })
            .collect();
        let mean = next.iter().sum::<f64>() / k.max(1) as f64;
        next.iter_mut().for_each(|t| *t -= mean);
        let change = theta
            .iter()
            .zip(&next)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        theta = next;
        if change < 1e-13 {
            break;
        }
    }
    let sigma = standard_errors(&theta, &games);
    let elo: Vec<f64> = theta.iter().map(|t| t * ELO_PER_NEPER).collect();
    let half: Vec<f64> = sigma.iter().map(|s| 1.96 * s * ELO_PER_NEPER).collect();
    Ratings {
        low: elo.iter().zip(&half).map(|(e, h)| e - h).collect(),
        high: elo.iter().zip(&half).map(|(e, h)| e + h).collect(),
        elo,
        virtual_draws,
    }
}

/// The standard error of each log-strength under the mean-zero anchoring: the square roots of
/// the diagonal of the pseudo-inverse of the Fisher information `H` (`H_ii = sum_j n_ij p_ij
/// p_ji`, `H_ij = -n_ij p_ij p_ji`), computed as `(H + J/k)^-1 - J/k` with `J` all ones.
fn standard_errors(theta: &[f64], games: &[f64]) -> Vec<f64> {
    let k = theta.len();
    let mut h = vec![0.0f64; k * k];
    for i in 0..k {
        for j in (0..k).filter(|&j| j != i) {
            let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
            let w = games[i * k + j] * p * (1.0 - p);
            h[i * k + j] -= w;
            h[i * k + i] += w;
        }
    }
    let kf = k as f64;
    h.iter_mut().for_each(|x| *x += 1.0 / kf);
    match invert(&h, k) {
        Some(inv) => (0..k)
            .map(|i| (inv[i * k + i] - 1.0 / kf).max(0.0).sqrt())
            .collect(),
        None => vec![f64::INFINITY; k],
    }
}

/// The inverse of the `k` by `k` matrix `m` (row-major), by Gauss-Jordan elimination with
/// partial pivoting; `None` when it is singular.
fn invert(m: &[f64], k: usize) -> Option<Vec<f64>> {
    let mut a = m.to_vec();
    let mut inv = vec![0.0f64; k * k];
    (0..k).for_each(|i| inv[i * k + i] = 1.0);
    for col in 0..k {
        let pivot =
            (col..k).max_by(|&x, &y| a[x * k + col].abs().total_cmp(&a[y * k + col].abs()))?;
        if a[pivot * k + col].abs() < 1e-300 {
            return None;
        }
        for c in 0..k {
            a.swap(col * k + c, pivot * k + c);
            inv.swap(col * k + c, pivot * k + c);
        }
        let d = a[col * k + col];
        for c in 0..k {
            a[col * k + c] /= d;
            inv[col * k + c] /= d;
        }
        for r in (0..k).filter(|&r| r != col) {
            let f = a[r * k + col];
            if f != 0.0 {
                for c in 0..k {
                    a[r * k + c] -= f * a[col * k + c];
                    inv[r * k + c] -= f * inv[col * k + c];
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(r: &mut Results, a: usize, b: usize, wins: u32, draws: u32, losses: u32) {
        (0..wins).for_each(|_| r.add_win(a, b));
        (0..draws).for_each(|_| r.add_draw(a, b));
        (0..losses).for_each(|_| r.add_win(b, a));
    }

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    /// The ratings of two agents after agent 0 scored `wins`, `draws` and `losses` against 1.
    fn fit_two(wins: u32, draws: u32, losses: u32) -> Ratings {
        let mut r = Results::new(2);
        games(&mut r, 0, 1, wins, draws, losses);
        fit(&r)
    }

    /// A 75% score puts 190.848 Elo points between two agents.
    fn three_to_one_gap(f: &Ratings) {
        assert!(close(f.elo[0] - f.elo[1], 190.848, 1e-3), "{f:?}");
    }

    #[test]
    fn a_75_percent_score_is_about_191_points() {
        let f = fit_two(75, 0, 25);
        three_to_one_gap(&f);
        assert!(
            close(f.elo[0], -f.elo[1], 1e-9),
            "anchored at a mean of 0: {f:?}"
        );
        // Fisher information 100 * 0.75 * 0.25 = 18.75 on the difference; each rating (half
        // the difference) has a variance of 1 / (4 * 18.75).
        let half = 1.96 * (1.0f64 / 75.0).sqrt() * ELO_PER_NEPER;
        assert!(close(f.high[0] - f.elo[0], half, 1e-6), "{f:?} {half}");
        assert!(close(f.elo[1] - f.low[1], half, 1e-6), "{f:?}");
        assert!(!f.virtual_draws);
    }

    #[test]
    fn draws_are_half_a_win() {
        // 50 wins and 50 draws in 100 games: a 75% score, as above.
        let f = fit_two(50, 50, 0);
        three_to_one_gap(&f);
    }

    #[test]
    fn equal_scores_give_equal_ratings() {
        let mut r = Results::new(3);
        games(&mut r, 0, 1, 3, 4, 3);
        games(&mut r, 1, 2, 5, 0, 5);
        games(&mut r, 0, 2, 0, 10, 0);
        let f = fit(&r);
        for i in 0..3 {
            assert!(close(f.elo[i], 0.0, 1e-6), "{f:?}");
        }
        // More games between 1 and 2 than between the others: all are equally pinned here
        // (10 games each), so the intervals are equal too.
        assert!(close(f.high[0], f.high[2], 1e-6), "{f:?}");
    }

    #[test]
    fn a_chain_of_pairs_adds_up() {
        // 0 beats 1 and 1 beats 2 at 75%; 0 and 2 never met: each step is 191 points.
        let mut r = Results::new(3);
        games(&mut r, 0, 1, 30, 0, 10);
        games(&mut r, 1, 2, 30, 0, 10);
        let f = fit(&r);
        assert!(close(f.elo[0] - f.elo[1], 190.848, 1e-3), "{f:?}");
        assert!(close(f.elo[1] - f.elo[2], 190.848, 1e-3), "{f:?}");
        assert!(close(f.elo[1], 0.0, 1e-6), "{f:?}");
        // The ends, known only through the middle, are the least certain.
        assert!(f.high[0] - f.low[0] > f.high[1] - f.low[1], "{f:?}");
    }

    #[test]
    fn a_perfect_score_stays_finite_with_one_virtual_draw_per_pair() {
        let f = fit_two(100, 0, 0);
        assert!(f.virtual_draws);
        // 100.5 points of 101 games: 400 log10 201.
        assert!(
            close(f.elo[0] - f.elo[1], 400.0 * 201f64.log10(), 1e-3),
            "{f:?}"
        );
        assert!(f
            .elo
            .iter()
            .chain(&f.low)
            .chain(&f.high)
            .all(|x| x.is_finite()));
        // Three agents, one of which beat both others every time.
        let mut r = Results::new(3);
        games(&mut r, 0, 1, 10, 0, 0);
        games(&mut r, 0, 2, 10, 0, 0);
        games(&mut r, 1, 2, 6, 0, 4);
        let f = fit(&r);
        assert!(f.virtual_draws);
        assert!(f.elo[0] > f.elo[1] && f.elo[1] > f.elo[2], "{f:?}");
        assert!(f.elo.iter().all(|x| x.is_finite()), "{f:?}");
    }

    #[test]
    fn an_agent_without_a_game_gets_the_virtual_draws_too() {
        let mut r = Results::new(3);
        games(&mut r, 0, 1, 6, 0, 4);
        let f = fit(&r);
        assert!(f.virtual_draws);
        assert!(f.elo[0] > f.elo[1], "{f:?}");
        assert!(f.elo.iter().all(|x| x.is_finite()), "{f:?}");
    }

    #[test]
    fn results_merge_in_any_order() {
        let mut a = Results::new(2);
        games(&mut a, 0, 1, 3, 1, 2);
        let mut b = Results::new(0);
        games(&mut b, 2, 0, 1, 1, 0);
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, ba);
        assert_eq!((ab.games(0), ab.points(0)), (8, 4.0));
        assert_eq!(ab.score(2), Some(0.75));
    }

    #[test]
    fn a_game_against_oneself_is_not_counted() {
        let mut r = Results::new(1);
        r.add_win(0, 0);
        assert_eq!(r.games(0), 0);
    }
}
