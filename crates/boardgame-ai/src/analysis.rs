//! What a search found: values, the principal line, and statistics per action.

use alloc::vec::Vec;
use boardgame_kit::{Seat, SeatValues};

/// The statistics of one root action.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct ActionStat<A> {
    /// The action.
    pub action: A,
    /// MCTS visits of the action (alpha-beta: 0).
    pub visits: u64,
    /// The value of the action for the seat to act, in `-1.0..=1.0` (MCTS: mean of its
    /// subtree; alpha-beta: its search score).
    pub value: f32,
    /// Whether the value is exact (proven by the search or an exact solver).
    pub exact: bool,
}

/// What an agent's last choice found, for a front end to show.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Analysis<A> {
    /// The seat that was to act.
    pub seat: Seat,
    /// The value of the position for every seat, in `-1.0..=1.0`.
    pub values: SeatValues,
    /// Whether [`Analysis::values`] is exact (the position is solved).
    pub exact: bool,
    /// The principal line: the chosen action and the expected continuation.
    pub line: Vec<A>,
    /// Statistics per legal action, in the order of the legal list.
    pub actions: Vec<ActionStat<A>>,
    /// Search iterations run (MCTS playouts; alpha-beta: completed depths).
    pub iterations: u64,
    /// Positions visited (MCTS: tree nodes; alpha-beta: nodes searched).
    pub nodes: u64,
    /// MCTS: the longest playout of the choice, in actions (at most the playout cutoff);
    /// 0 for the other agents.
    pub longest_playout: u64,
}

impl<A: Copy> Analysis<A> {
    /// An analysis of a choice without search statistics (one action, or a random choice).
    pub(crate) fn single(seat: Seat, action: A, actions: Vec<ActionStat<A>>) -> Self {
        let line = alloc::vec![action];
        Analysis {
            seat,
            values: SeatValues::ZERO,
            exact: false,
            line,
            actions,
            iterations: 0,
            nodes: 0,
            longest_playout: 0,
        }
    }

    /// The same analysis with every action mapped by `f` (e.g. to its text, for front ends
    /// that see games through text).
    ///
    /// ```
    /// use boardgame_ai::{from_spec, Agent};
    /// use boardgame_kit::{testing::Nim, Game};
    /// let mut agent = from_spec::<Nim>("mcts:iterations=500", 1).unwrap();
    /// agent.choose(&Nim::new(&Default::default())).unwrap();
    /// let text = agent.analysis().unwrap().map_actions(|a| a.to_string());
    /// assert_eq!(text.best().as_deref(), Some("2"));
    /// ```
    #[must_use]
    pub fn map_actions<B>(&self, mut f: impl FnMut(&A) -> B) -> Analysis<B> {
        Analysis {
            seat: self.seat,
            values: self.values,
            exact: self.exact,
            line: self.line.iter().map(&mut f).collect(),
            actions: self
                .actions
                .iter()
                .map(|s| ActionStat::new(f(&s.action), s.visits, s.value, s.exact))
                .collect(),
            iterations: self.iterations,
            nodes: self.nodes,
            longest_playout: self.longest_playout,
        }
    }
}

impl<A: Clone> Analysis<A> {
    /// The chosen action (the first of the principal line).
    #[must_use]
    pub fn best(&self) -> Option<A> {
        self.line.first().cloned()
    }
}

impl<A> ActionStat<A> {
    /// Statistics of an action.
    pub(crate) fn new(action: A, visits: u64, value: f32, exact: bool) -> Self {
        ActionStat {
            action,
            visits,
            value,
            exact,
        }
    }
}
