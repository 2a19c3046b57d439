//! One game of a match, played on its own: [`play_game`].

use super::error::ArenaError;
use super::record::{GameEnd, GameRecord};
use super::spec::MatchSpec;
use crate::agents::DynAgent;
#[cfg(feature = "std")]
use boardgame_ai::budget::cancelled;
use boardgame_kit::{DynGame, RandomSource, Seat, SplitMix64, ToAct, MAX_SEATS};

/// The seed of the agent in the `seat`-th seat in play (0-based, in seat order) of game
/// `game` (0-based) of a match seeded with `seed`: a different seed for every agent of every
/// game.
///
/// ```
/// use boardgames::arena::agent_seed;
/// assert_eq!(agent_seed(1, 0, 0), agent_seed(1, 0, 0));
/// assert_ne!(agent_seed(1, 0, 0), agent_seed(1, 0, 1));
/// assert_ne!(agent_seed(1, 0, 0), agent_seed(1, 1, 0));
/// ```
#[must_use]
pub fn agent_seed(seed: u64, game: u64, seat: usize) -> u64 {
    let mut rng = SplitMix64::new(seed ^ game.rotate_left(32) ^ (seat as u64).rotate_left(56));
    rng.next_u64()
}

/// The seed of the dice (chance outcomes, drawn with their probabilities) of game `game`
/// (0-based) of a match seeded with `seed`.
///
/// ```
/// assert_eq!(boardgames::arena::dice_seed(5, 2), 7);
/// ```
#[must_use]
pub const fn dice_seed(seed: u64, game: u64) -> u64 {
    seed.wrapping_add(game)
}

/// Plays game `game` (0-based) of the match: seat `i` gets agent `(i + game) mod k`
/// ([`MatchSpec::seating`]) seeded with [`agent_seed`], chance draws its outcomes with their
/// probabilities from [`dice_seed`], and every agent is told every action. The game ends when
/// it is over or after [`MatchSpec::max_actions`] actions (then it is
/// [`GameEnd::Unfinished`]).
///
/// Under a cancellation hook (`boardgame_ai::budget::with_cancel`), the searches stop and the
/// game ends with [`ArenaError::Cancelled`] once the hook says stop.
///
/// The record depends only on the spec and `game`: the same on every thread, process and
/// machine, in any order (unless an agent has a wall-clock budget, see [`super`]).
///
/// ```
/// use boardgames::arena::{play_game, GameEnd, MatchSpec};
/// let entry = boardgames::find("arandia").unwrap();
/// let spec = MatchSpec::new(entry, "turn_limit=2", None, &["random"]).unwrap().with_seed(3);
/// let record = play_game(&spec, 0).unwrap();
/// assert!(matches!(record.end(), GameEnd::Over(o) if o.winners().is_empty())); // drawn
/// let capped = play_game(&spec.clone().with_max_actions(3), 0).unwrap();
/// assert_eq!(capped.end(), &GameEnd::Unfinished);
/// assert_eq!(capped.actions(), &record.actions()[..3]);
/// ```
pub fn play_game(spec: &MatchSpec, game: u64) -> Result<GameRecord, ArenaError> {
    play_game_watched(spec, game, &mut |_| {})
}

/// A seat's choice in a game played by [`play_game_watched`], shown before it is played.
pub struct Decision<'a> {
    /// The position the seat chose in.
    pub game: &'a dyn DynGame,
    /// The seat that chose.
    pub seat: Seat,
    /// Its number among the seats in play (0-based, in seat order).
    pub number: usize,
    /// The agent that chose (its [`DynAgent::analysis`] tells what its search found).
    pub agent: &'a dyn DynAgent,
    /// The action chosen, as text.
    pub action: &'a str,
}

/// Plays game `game` of the match exactly as [`play_game`] does (the same record) and shows
/// `watch` every seat's choice before it is played: what a self-play run records
/// ([`super::selfplay`]).
///
/// ```
/// use boardgames::arena::{play_game, play_game_watched, MatchSpec};
/// let entry = boardgames::find("slimetrail").unwrap();
/// let spec = MatchSpec::new(entry, "size=5", None, &["mcts:iterations=50"]).unwrap();
/// let mut seen = Vec::new();
/// let record = play_game_watched(&spec, 1, &mut |d| seen.push(d.action.to_string())).unwrap();
/// assert_eq!(record, play_game(&spec, 1).unwrap());
/// assert_eq!(seen, record.actions()); // no chance in Slime Trail: every action is a choice
/// ```
pub fn play_game_watched(
    spec: &MatchSpec,
    game: u64,
    watch: &mut dyn FnMut(&Decision<'_>),
) -> Result<GameRecord, ArenaError> {
    let start = spec.start();
    let seating = spec.seating(game);
    let mut agents: Vec<Option<Box<dyn DynAgent>>> = (0..MAX_SEATS).map(|_| None).collect();
    for (i, (seat, &a)) in start.seats().iter().zip(&seating).enumerate() {
        let agent = spec
            .entry()
            .agent(&spec.agents()[a], agent_seed(spec.seed(), game, i))?;
        agents[seat.index()] = Some(agent);
    }
    let mut state = start.clone_box();
    let mut rng = SplitMix64::new(dice_seed(spec.seed(), game));
    let seats: Vec<_> = start.seats().iter().collect();
    let actions = play_out(
        state.as_mut(),
        &mut agents,
        &seats,
        &mut rng,
        spec.max_actions(),
        watch,
    )?;
    let end = match state.outcome() {
        Some(outcome) => GameEnd::Over(outcome),
        None => GameEnd::Unfinished,
    };
    Ok(GameRecord::new(spec, game, seating, actions, end))
}

/// Whether the calling thread's cancellation hook says stop (never without `std`).
#[cfg(not(feature = "std"))]
fn cancelled() -> bool {
    false
}

/// Plays `game` to its end or the cap (or [`ArenaError::Cancelled`] once the calling thread's
/// cancellation hook says stop, looked at before every action): each seat's action from its agent, chance by its
/// probabilities; every agent is told every action, `watch` is shown every seat's choice
/// (`seats`: the seats in play, in seat order). The actions played, in order.
fn play_out(
    game: &mut dyn DynGame,
    agents: &mut [Option<Box<dyn DynAgent>>],
    seats: &[Seat],
    rng: &mut SplitMix64,
    cap: u64,
    watch: &mut dyn FnMut(&Decision<'_>),
) -> Result<Vec<String>, ArenaError> {
    let mut actions = Vec::new();
    while (actions.len() as u64) < cap {
        if cancelled() {
            return Err(ArenaError::Cancelled);
        }
        let action = match game.to_act() {
            ToAct::Seat(s) => match agents.get_mut(s.index()).and_then(Option::as_mut) {
                Some(agent) => {
                    let action = agent.choose(game)?;
                    watch(&Decision {
                        game,
                        seat: s,
                        number: seats.iter().position(|&x| x == s).unwrap_or(0),
                        agent: agent.as_ref(),
                        action: &action,
                    });
                    action
                }
                None => break,
            },
            ToAct::Chance => match game.random_action_text(rng) {
                Some(a) => a,
                None => break,
            },
            _ => break,
        };
        for agent in agents.iter_mut().flatten() {
            agent.inform(game, &action);
        }
        game.play_text(&action)?;
        actions.push(action);
    }
    Ok(actions)
}
