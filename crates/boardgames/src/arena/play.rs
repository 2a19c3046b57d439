//! One game of a match, played on its own: [`play_game`].

use super::error::ArenaError;
use super::record::{GameEnd, GameRecord};
use super::spec::MatchSpec;
use crate::agents::DynAgent;
use boardgame_kit::{DynGame, RandomSource, SplitMix64, ToAct, MAX_SEATS};

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
    let actions = play_out(state.as_mut(), &mut agents, &mut rng, spec.max_actions())?;
    let end = match state.outcome() {
        Some(outcome) => GameEnd::Over(outcome),
        None => GameEnd::Unfinished,
    };
    Ok(GameRecord::new(spec, game, seating, actions, end))
}

/// Plays `game` to its end or the cap: each seat's action from its agent, chance by its
/// probabilities; every agent is told every action. The actions played, in order.
fn play_out(
    game: &mut dyn DynGame,
    agents: &mut [Option<Box<dyn DynAgent>>],
    rng: &mut SplitMix64,
    cap: u64,
) -> Result<Vec<String>, ArenaError> {
    let mut actions = Vec::new();
    while (actions.len() as u64) < cap {
        let action = match game.to_act() {
            ToAct::Seat(s) => match agents.get_mut(s.index()).and_then(Option::as_mut) {
                Some(agent) => agent.choose(game)?,
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
