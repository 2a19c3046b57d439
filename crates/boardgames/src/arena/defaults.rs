//! Each game's defaults for a match: the cap on the actions of one game, and for Arandia a
//! turn limit, chosen from the lengths games measure so that a match or a tournament with the
//! defaults counts its games (a game stopped at the cap counts for nobody).
//!
//! | game | cap (`max_actions`) | turn limit when the parameters set none |
//! | --- | --- | --- |
//! | `slimetrail` | 2,000 (a game has at most `size² - 1` actions) | (no such parameter) |
//! | `splut` | 10,000 | none |
//! | `elements` | 2,000 (at most twice the cells: 800, blitz 392) | (no such parameter) |
//! | `repello` | 2,000 | (no such parameter) |
//! | `arandia` | 1,000,000 (with a turn limit: 18 actions a turn, if more) | 2 players 40,000 turns, 3: 10,000, 4: 300,000, 6: 600,000 (see [`DEFAULTS`]) |
//!
//! Where the parameters played bound the length of a game (a turn limit does), the cap is at
//! least that bound, so such a game always ends by the rules. The lengths behind the table
//! (random play: `boardgame selfplay GAME --games 2000 --seed 1 --quiet`; searching agents:
//! small matches) are in `docs/ai.md`, "Default caps and turn limits".

use super::error::ArenaError;
use super::spec::MatchSpec;
use crate::registry::GameEntry;

/// One game's defaults (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameDefaults {
    /// The game's name.
    pub game: &'static str,
    /// The cap on the actions of one game (raised to the game's bound where the parameters
    /// give one).
    pub cap: u64,
    /// The turn limit, by number of players, set when the parameters set none (empty: the
    /// game keeps its own default).
    pub turn_limits: &'static [(usize, u32)],
}

/// The cap of a game the table does not list: what `boardgame match` used for every game
/// before the per-game defaults.
pub const CAP: u64 = 2_000;

/// The games whose defaults differ from [`CAP`] and no turn limit.
///
/// - Splut!: random games of two to four players measured at most 2,033 actions (2,000 games
///   each), games between searching agents fewer; without a turn limit.
/// - Arandia: random fleets almost never reach home (19 of 20 random two-player games were
///   still running after 100,000 actions, and every four- and six-player one), so without a
///   limit a match of random agents counts no game. The turn limits (a turn is one player's
///   and takes about 5.7 actions) are above the longest games measured between a searching
///   agent and random ones, so that those end by a win: two players 40,000 (20 games of
///   `mcts:iterations=200` against `random` took 1,196 to 32,043 turns), three 10,000 (6
///   such games took 298 to 575 turns), four 300,000 (4 such games took 9,361 to 280,381
///   turns; `mcts` 1,000 against random, up to 916,165 actions in 200 games, about 160,000
///   turns), six 600,000 (`mcts` 1,000 against random: up to 2,791,486 actions in 200 games,
///   about 490,000 turns). A random game reaches the limit in about a second; games between
///   two searching agents often do too (a defended home harbour holds) and then take long:
///   give them a lower `turn_limit`.
pub static DEFAULTS: &[GameDefaults] = &[
    GameDefaults {
        game: "splut",
        cap: 10_000,
        turn_limits: &[],
    },
    GameDefaults {
        game: "arandia",
        cap: 1_000_000,
        turn_limits: &[(2, 40_000), (3, 10_000), (4, 300_000), (6, 600_000)],
    },
];

/// The defaults of the game called `name`.
///
/// ```
/// use boardgames::arena::defaults;
/// assert_eq!(defaults::of("splut").cap, 10_000);
/// assert_eq!(defaults::of("repello").cap, defaults::CAP);
/// assert!(defaults::of("repello").turn_limits.is_empty());
/// ```
#[must_use]
pub fn of(name: &str) -> GameDefaults {
    DEFAULTS
        .iter()
        .find(|d| d.game == name)
        .copied()
        .unwrap_or(GameDefaults {
            game: "",
            cap: CAP,
            turn_limits: &[],
        })
}

/// The parameters a match plays: `params` with the game's default turn limit added when the
/// game has one and `params` sets no `turn_limit` (`turn_limit=0` plays without a limit).
/// Parameters the game refuses are returned as they are (the match reports them).
///
/// ```
/// use boardgames::arena::defaults;
/// let arandia = boardgames::find("arandia").unwrap();
/// assert_eq!(defaults::params(arandia, "turn_limit=0"), "turn_limit=0");
/// assert_eq!(defaults::params(arandia, "players=3"), "players=3,turn_limit=10000");
/// assert_eq!(defaults::params(arandia, ""), "turn_limit=40000");
/// let splut = boardgames::find("splut").unwrap();
/// assert_eq!(defaults::params(splut, "players=3"), "players=3");
/// assert_eq!(defaults::params(arandia, "players=5"), "players=5");
/// ```
#[must_use]
pub fn params(entry: &GameEntry, params: &str) -> String {
    match turn_limit(entry, params) {
        Some(limit) if params.trim().is_empty() => format!("turn_limit={limit}"),
        Some(limit) => format!("{params},turn_limit={limit}"),
        None => params.to_string(),
    }
}

/// The turn limit [`params`] adds, if any.
///
/// ```
/// use boardgames::arena::defaults;
/// let arandia = boardgames::find("arandia").unwrap();
/// assert_eq!(defaults::turn_limit(arandia, "players=6"), Some(600_000));
/// assert_eq!(defaults::turn_limit(arandia, "turn_limit=50"), None);
/// assert_eq!(defaults::turn_limit(boardgames::find("repello").unwrap(), ""), None);
/// ```
#[must_use]
pub fn turn_limit(entry: &GameEntry, params: &str) -> Option<u32> {
    let limits = of(entry.name()).turn_limits;
    if limits.is_empty() || sets_key(params, "turn_limit") {
        return None;
    }
    let players = entry.new_game(params).ok()?.seats().len();
    limits
        .iter()
        .find(|&&(p, _)| p == players)
        .map(|&(_, limit)| limit)
        .filter(|&limit| limit > 0)
}

/// Whether the parameter text sets `key`.
fn sets_key(params: &str, key: &str) -> bool {
    params
        .split(',')
        .filter_map(|pair| pair.split_once('='))
        .any(|(k, _)| k.trim() == key)
}

/// The default cap on the actions of one game of a match of `entry` played with `params`
/// (as [`params`] gives them) from `position`: the game's cap (see the module docs), or its
/// bound on the length of a game when that is larger.
///
/// ```
/// use boardgames::arena::defaults;
/// let arandia = boardgames::find("arandia").unwrap();
/// assert_eq!(defaults::max_actions(arandia, "turn_limit=0", None), 1_000_000);
/// // A turn limit bounds the game: 100,000 turns of at most 18 actions.
/// assert_eq!(defaults::max_actions(arandia, "turn_limit=100000", None), 1_800_000);
/// assert_eq!(defaults::max_actions(boardgames::find("splut").unwrap(), "", None), 10_000);
/// assert_eq!(defaults::max_actions(boardgames::find("slimetrail").unwrap(), "", None), 2_000);
/// ```
#[must_use]
pub fn max_actions(entry: &GameEntry, params: &str, position: Option<&str>) -> u64 {
    let cap = of(entry.name()).cap;
    let bound = entry
        .start(params, position)
        .ok()
        .and_then(|g| g.max_game_length());
    bound.map_or(cap, |b| b.max(cap))
}

/// The match `boardgame match` plays for these arguments: `params` with the game's default
/// turn limit where it has one ([`params`]), from `position`, between `agents`, capped at
/// `max_actions` or else at the game's default cap ([`max_actions`]); seed 0 (set it with
/// [`MatchSpec::with_seed`]). Every front end that promises the command's results (the
/// Python package's `match`) starts its matches here.
///
/// ```
/// use boardgames::arena::defaults;
/// let arandia = boardgames::find("arandia").unwrap();
/// let spec = defaults::spec(arandia, "players=3", None, &["random"], None).unwrap();
/// assert_eq!(spec.params(), "players=3,turn_limit=10000");
/// assert_eq!(spec.max_actions(), 1_000_000); // the cap: above 10,000 turns of at most 18 actions
/// let capped = defaults::spec(arandia, "", None, &["random"], Some(50)).unwrap();
/// assert_eq!(capped.max_actions(), 50);
/// assert!(defaults::spec(arandia, "players=5", None, &["random"], None).is_err());
/// ```
pub fn spec<S: AsRef<str>>(
    entry: &'static GameEntry,
    params: &str,
    position: Option<&str>,
    agents: &[S],
    max_actions: Option<u64>,
) -> Result<MatchSpec, ArenaError> {
    let played = self::params(entry, params);
    let spec = MatchSpec::new(entry, &played, position, agents)?;
    let cap = max_actions.unwrap_or_else(|| self::max_actions(entry, &played, position));
    Ok(spec.with_max_actions(cap))
}
