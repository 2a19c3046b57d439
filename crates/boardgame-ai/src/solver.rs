//! The exact `solver` agent for Slime Trail (feature `slimetrail`), on
//! [`slimetrail_solver::Solver`].

use crate::agent::{last_analysis_and_budget, legal_for_seat, Agent, AgentError};
use crate::analysis::{ActionStat, Analysis};
use alloc::vec::Vec;
use boardgame_kit::{Actions, Game, Seat, SeatValues};
use slimetrail_core::State;
use slimetrail_solver::{Solver, TableError};

/// Plays Slime Trail perfectly: a move that keeps a won position won, from the exact solver.
/// Its analysis gives every legal move's exact value (+1 keeps the win, -1 loses).
///
/// The solver ignores budgets: it always searches to the end (instant on 5x5 and 7x7 boards;
/// larger boards may take very long).
///
/// ```
/// use boardgame_ai::{Agent, SolverAgent};
/// use boardgame_kit::Game;
/// use slimetrail_core::State;
/// let mut s = State::new(&"size=5".parse().unwrap());
/// let mut agent = SolverAgent::new(16);
/// let first = agent.choose(&s).unwrap();
/// assert!(agent.analysis().unwrap().exact);
/// // 5x5 is a first-player win: the chosen move keeps it.
/// assert_eq!(agent.analysis().unwrap().values.get(boardgame_kit::Seat::of(0)), 1.0);
/// s.play(first);
/// ```
#[derive(Clone, Debug)]
pub struct SolverAgent {
    bits: u32,
    solver: Solver,
    last: Option<Analysis<slimetrail_core::Step>>,
}

impl SolverAgent {
    /// A solver agent with a transposition table of `2^bits` entries, the memory taken
    /// fallibly and the table taken fallibly and `bits` checked (4 to 30):
    /// [`TableError`] where the system refuses the memory or the size is out of range.
    ///
    /// ```
    /// use boardgame_ai::SolverAgent;
    /// assert!(SolverAgent::try_new(40).is_err());
    /// assert!(SolverAgent::try_new(12).is_ok());
    /// ```
    pub fn try_new(bits: u32) -> Result<SolverAgent, TableError> {
        Ok(SolverAgent {
            bits,
            solver: Solver::try_new(bits)?,
            last: None,
        })
    }

    /// A solver agent with a transposition table of `2^bits` entries (clamped to 4..=30; the
    /// memory taken as [`Solver::new`] does: where `bits` comes from a user, use
    /// [`SolverAgent::try_new`]).
    #[must_use]
    pub fn new(bits: u32) -> SolverAgent {
        SolverAgent {
            bits,
            solver: Solver::new(bits),
            last: None,
        }
    }
}

fn value_for(winner: Seat, seat: Seat) -> f32 {
    if winner == seat {
        1.0
    } else {
        -1.0
    }
}

impl Agent<State> for SolverAgent {
    fn name(&self) -> &'static str {
        "solver"
    }

    fn choose(&mut self, state: &State) -> Result<slimetrail_core::Step, AgentError> {
        let mut legal = Actions::<State>::new();
        let seat = legal_for_seat(state, &mut legal)?;
        let before = self.solver.nodes();
        let stats: Vec<_> = legal
            .iter()
            .map(|&a| {
                let mut child = *state;
                child.play_unchecked(a);
                let winner = self.solver.winner(&child);
                ActionStat::new(a, 0, value_for(winner, seat), true)
            })
            .collect();
        let best = self
            .solver
            .best_move(state)
            .ok_or(AgentError::NoLegalAction)?;
        let winner = self.solver.winner(state);
        let mut values = SeatValues::ZERO;
        for s in state.seats().iter() {
            values.set(s, value_for(winner, s));
        }
        self.last = Some(Analysis {
            seat,
            values,
            exact: true,
            line: alloc::vec![best],
            actions: stats,
            iterations: 0,
            nodes: self.solver.nodes() - before,
            longest_playout: 0,
        });
        Ok(best)
    }

    fn restart(&mut self) {
        self.solver = Solver::new(self.bits);
        self.last = None;
    }

    last_analysis_and_budget!(State, unlimited);
}
