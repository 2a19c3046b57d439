//! The games of the workspace by name: what each one is, and how to start it from text.

use crate::agents::{DynAgent, Typed};
use crate::solve::{ProgressFn, Solution, SolveError, SolveOptions};
use boardgame_ai::SpecError;
use boardgame_kit::explain::{Explain, KeyEntry};
use boardgame_kit::params::{GameParams, ParamSpec};
use boardgame_kit::view::BoardView;
use boardgame_kit::{DynBoard, DynGame, Game, ParamError, PositionError, Seat};
use std::fmt;

/// One game of the registry: its name and seats, constructors from text that return the
/// game behind [`DynGame`] (or [`DynBoard`], to draw it), and agents from SPECs.
///
/// ```
/// let splut = boardgames::find("splut").unwrap();
/// assert_eq!(splut.seat_names(), &["s", "w", "n", "e"]);
/// assert_eq!((splut.min_players(), splut.max_players()), (2, 4));
/// let game = splut.new_game("players=3").unwrap();
/// assert_eq!(game.seats().len(), 3);
/// ```
#[derive(Clone, Copy)]
pub struct GameEntry {
    name: &'static str,
    title: &'static str,
    seat_names: &'static [&'static str],
    min_players: usize,
    max_players: usize,
    has_chance: bool,
    board: fn(&str, Option<&str>) -> Started,
    agent: fn(&str, u64) -> MadeAgent,
    params: fn() -> &'static [ParamSpec],
    solver: Option<Solver>,
    rules: &'static str,
    readme: &'static str,
    presets: &'static [&'static str],
    explainer: Explainer,
    vector: Vectorer,
}

/// The game-typed half of a [`crate::vector::VectorGame`]: parameters, settings, the cap.
type Vectorer = fn(
    &str,
    &crate::vector::Settings,
    u64,
) -> Result<Box<dyn crate::vector::Stepper>, crate::vector::VectorError>;

/// A game's [`Explain`] seen through [`DynGame`]: each function answers `None` for a state of
/// another game.
#[derive(Clone, Copy)]
struct Explainer {
    key: fn(&dyn DynGame) -> Option<Vec<KeyEntry>>,
    describe: fn(&dyn DynGame, &str) -> Option<String>,
    seat_label: fn(&dyn DynGame, Seat) -> Option<String>,
}

fn key<G: Explain>(game: &dyn DynGame) -> Option<Vec<KeyEntry>> {
    Some(game.as_any().downcast_ref::<G>()?.key())
}

fn describe<G: Explain>(game: &dyn DynGame, action: &str) -> Option<String> {
    let state = game.as_any().downcast_ref::<G>()?;
    let action = state.parse_action(action).ok()?;
    Some(state.describe(&action))
}

fn seat_label<G: Explain>(game: &dyn DynGame, seat: Seat) -> Option<String> {
    Some(game.as_any().downcast_ref::<G>()?.seat_label(seat))
}

/// An agent made from a SPEC, or why it could not be.
type MadeAgent = Result<Box<dyn DynAgent>, SpecError>;

/// An exact solver: the position, and the options (progress, saved progress).
type Solver = fn(&dyn DynGame, &SolveOptions) -> Result<Solution, SolveError>;

fn agent<G: Game>(spec: &str, seed: u64) -> MadeAgent {
    Ok(Box::new(Typed::<G>(boardgame_ai::from_spec::<G>(
        spec, seed,
    )?)))
}

/// A board started from text, or why it could not be.
type Started = Result<Box<dyn DynBoard>, SetupError>;

fn board<G: BoardView + boardgame_kit::Encoding>(params: &str, position: Option<&str>) -> Started {
    let params: G::Params = params.parse()?;
    Ok(match position {
        Some(p) => Box::new(G::from_position(&params, p)?),
        None => Box::new(G::new(&params)),
    })
}

impl GameEntry {
    /// The entry of a game type, with the game's full title for people.
    pub const fn of<G: BoardView + Explain + boardgame_kit::Encoding>(
        title: &'static str,
    ) -> GameEntry {
        GameEntry {
            name: G::NAME,
            title,
            seat_names: G::SEAT_NAMES,
            min_players: G::MIN_PLAYERS,
            max_players: G::MAX_PLAYERS,
            has_chance: G::HAS_CHANCE,
            board: board::<G>,
            agent: agent::<G>,
            params: <G::Params as GameParams>::specs,
            solver: None,
            rules: G::RULES,
            readme: G::README,
            presets: &[],
            explainer: Explainer {
                key: key::<G>,
                describe: describe::<G>,
                seat_label: seat_label::<G>,
            },
            vector: crate::vector::stepper::<G>,
        }
    }

    /// The same entry with an exact solver.
    pub const fn with_solver(self, solver: Solver) -> GameEntry {
        GameEntry {
            solver: Some(solver),
            ..self
        }
    }

    /// The same entry with example parameter texts to offer people ([`GameEntry::presets`]).
    pub const fn with_presets(self, presets: &'static [&'static str]) -> GameEntry {
        GameEntry { presets, ..self }
    }

    /// The name used on command lines and in records (`slimetrail`).
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The game's title for people (`Slime Trail`).
    pub const fn title(&self) -> &'static str {
        self.title
    }

    /// Seat names by seat index (a game with fewer players uses some of them).
    pub const fn seat_names(&self) -> &'static [&'static str] {
        self.seat_names
    }

    /// Fewest players.
    pub const fn min_players(&self) -> usize {
        self.min_players
    }

    /// Most players.
    pub const fn max_players(&self) -> usize {
        self.max_players
    }

    /// Whether the game has chance nodes (dice).
    pub const fn has_chance(&self) -> bool {
        self.has_chance
    }

    /// The game's parameter keys: allowed values, defaults and a line of help each.
    ///
    /// ```
    /// let keys = boardgames::find("slimetrail").unwrap().params();
    /// assert_eq!(keys[0].key(), "size");
    /// ```
    pub fn params(&self) -> &'static [ParamSpec] {
        (self.params)()
    }

    /// The start position for parameters in text form (`""` for the defaults).
    pub fn new_game(&self, params: &str) -> Result<Box<dyn DynGame>, SetupError> {
        self.start(params, None)
    }

    /// A position in the game's notation, for parameters in text form.
    pub fn from_position(
        &self,
        params: &str,
        position: &str,
    ) -> Result<Box<dyn DynGame>, SetupError> {
        self.start(params, Some(position))
    }

    /// An agent for this game from a SPEC (`mcts`, `mcts:iterations=5000`, `random`,
    /// `alphabeta`, `solver` for Slime Trail; see `boardgame_ai::from_spec`) and a seed.
    pub fn agent(&self, spec: &str, seed: u64) -> Result<Box<dyn DynAgent>, SpecError> {
        (self.agent)(spec, seed)
    }

    /// The rules in brief, a page for a person ([`Explain::RULES`]).
    ///
    /// ```
    /// let rules = boardgames::find("splut").unwrap().rules();
    /// assert!(rules.starts_with("Splut!") && rules.contains("Notation"));
    /// ```
    pub const fn rules(&self) -> &'static str {
        self.rules
    }

    /// The game in one line for a person: the first line of [`GameEntry::rules`].
    ///
    /// ```
    /// let intro = boardgames::find("splut").unwrap().intro();
    /// assert_eq!(intro, "Splut! (Tommy De Coninck, 2009), for 2, 3 or 4 players.");
    /// ```
    pub fn intro(&self) -> &'static str {
        self.rules.lines().next().unwrap_or(self.title)
    }

    /// The rules in a few items (the game crate's README, "The rules in brief", markup as
    /// there: `` `code` `` and `**bold**`), as a page shows them beside the board.
    ///
    /// ```
    /// let brief = boardgames::find("slimetrail").unwrap().brief();
    /// assert!(brief.len() >= 4 && brief[0].starts_with("A square board of odd side"));
    /// ```
    pub fn brief(&self) -> Vec<String> {
        boardgame_kit::explain::brief(self.readme)
    }

    /// Example parameter texts a front end offers people (the defaults, `""`, not among them).
    ///
    /// ```
    /// let presets = boardgames::find("splut").unwrap().presets();
    /// assert!(presets.contains(&"players=4"));
    /// for p in presets {
    ///     assert!(boardgames::find("splut").unwrap().new_game(p).is_ok());
    /// }
    /// ```
    pub const fn presets(&self) -> &'static [&'static str] {
        self.presets
    }

    /// The key of `game`'s drawing ([`Explain::key`]); `None` if `game` is not this game.
    ///
    /// ```
    /// let entry = boardgames::find("slimetrail").unwrap();
    /// let game = entry.new_game("").unwrap();
    /// let key = entry.key(game.as_ref()).unwrap();
    /// assert!(key.iter().any(|e| e.symbols == "@"));
    /// ```
    pub fn key(&self, game: &dyn DynGame) -> Option<Vec<KeyEntry>> {
        (self.explainer.key)(game)
    }

    /// What the action written `action` does in `game`, in words ([`Explain::describe`]);
    /// `None` if the text does not read or `game` is not this game.
    ///
    /// ```
    /// let entry = boardgames::find("splut").unwrap();
    /// let game = entry.new_game("").unwrap();
    /// assert_eq!(entry.describe(game.as_ref(), "e2-e3").unwrap(), "Dwarf e2 steps north to e3");
    /// ```
    pub fn describe(&self, game: &dyn DynGame, action: &str) -> Option<String> {
        (self.explainer.describe)(game, action)
    }

    /// A seat as people call it in `game` ([`Explain::seat_label`]: `s (red)`); the seat's
    /// name if `game` is not this game.
    ///
    /// ```
    /// let entry = boardgames::find("splut").unwrap();
    /// let game = entry.new_game("").unwrap();
    /// assert_eq!(entry.seat_label(game.as_ref(), boardgame_kit::Seat::of(2)), "n (green)");
    /// ```
    pub fn seat_label(&self, game: &dyn DynGame, seat: Seat) -> String {
        (self.explainer.seat_label)(game, seat)
            .unwrap_or_else(|| String::from(game.seat_name(seat)))
    }

    /// Whether the game has an exact solver.
    pub const fn has_solver(&self) -> bool {
        self.solver.is_some()
    }

    /// Solves `game` (a state of this game) exactly; `progress` is told the positions searched
    /// about every million positions.
    ///
    /// ```
    /// let entry = boardgames::find("slimetrail").unwrap();
    /// let game = entry.from_position("size=5", "5/5/2@2/5/5 1").unwrap();
    /// let s = entry.solve(game.as_ref(), None).unwrap();
    /// assert!(s.win); // 5x5 is a first-player win
    /// assert!(boardgames::find("splut").unwrap().solve(game.as_ref(), None).is_err());
    /// ```
    pub fn solve(
        &self,
        game: &dyn DynGame,
        progress: Option<ProgressFn>,
    ) -> Result<Solution, SolveError> {
        self.solve_with(
            game,
            &SolveOptions {
                progress,
                ..SolveOptions::default()
            },
        )
    }

    /// Solves `game` like [`GameEntry::solve`], first reading the proven positions saved in
    /// `options.resume` and at the end writing them to `options.save` (see
    /// [`SolveOptions`]).
    ///
    /// ```
    /// use boardgames::solve::SolveOptions;
    /// let entry = boardgames::find("slimetrail").unwrap();
    /// let game = entry.from_position("size=5", "5/5/2@2/5/5 1").unwrap();
    /// let file = std::env::temp_dir().join(format!("bg-solve-doc-{}.txt", std::process::id()));
    /// let save = SolveOptions { save: Some(file.clone()), ..SolveOptions::default() };
    /// let first = entry.solve_with(game.as_ref(), &save).unwrap();
    /// let resume = SolveOptions { resume: Some(file.clone()), ..SolveOptions::default() };
    /// assert_eq!(entry.solve_with(game.as_ref(), &resume).unwrap(), first);
    /// std::fs::remove_file(file).unwrap();
    /// ```
    pub fn solve_with(
        &self,
        game: &dyn DynGame,
        options: &SolveOptions,
    ) -> Result<Solution, SolveError> {
        match self.solver {
            Some(solve) if game.name() == self.name => solve(game, options),
            _ => Err(SolveError::NoSolver(self.name)),
        }
    }

    /// The start position, or `position` when one is given.
    pub fn start(
        &self,
        params: &str,
        position: Option<&str>,
    ) -> Result<Box<dyn DynGame>, SetupError> {
        Ok(self.board(params, position)?)
    }

    /// The game-typed half of a vector of this game ([`crate::vector::VectorGame::new`]).
    pub(crate) fn vector(
        &self,
        params: &str,
        settings: &crate::vector::Settings,
        cap: u64,
    ) -> Result<Box<dyn crate::vector::Stepper>, crate::vector::VectorError> {
        (self.vector)(params, settings, cap)
    }

    /// The start position, or `position` when one is given, as a board a generic renderer can
    /// draw ([`DynBoard`]: the view model and the cells every action touches).
    ///
    /// ```
    /// use boardgame_kit::view::Geometry;
    /// let board = boardgames::find("arandia").unwrap().board("", None).unwrap();
    /// assert!(matches!(board.board_view().geometry, Geometry::Hex { .. }));
    /// let (first, hint) = &board.legal_hints()[0];
    /// assert_eq!(board.touches_text(first).unwrap().hint, *hint);
    /// ```
    pub fn board(
        &self,
        params: &str,
        position: Option<&str>,
    ) -> Result<Box<dyn DynBoard>, SetupError> {
        (self.board)(params, position)
    }
}

impl fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameEntry")
            .field("name", &self.name)
            .field("seat_names", &self.seat_names)
            .finish_non_exhaustive()
    }
}

/// Every game of the workspace; adding a game is one line here.
pub static GAMES: &[GameEntry] = &[
    GameEntry::of::<slimetrail_core::State>("Slime Trail")
        .with_solver(crate::solve::slimetrail)
        .with_presets(&["size=5", "size=9"]),
    GameEntry::of::<splut_core::State>("Splut!").with_presets(&[
        "players=3",
        "players=4",
        "turn_limit=30",
    ]),
    GameEntry::of::<elements_core::State>("Battle of the Elements").with_presets(&[
        "board=blitz",
        "board=blitz,players=4",
        "board=blitz,per_turn=3",
    ]),
    GameEntry::of::<repello_core::State>("Repello").with_presets(&[
        "players=3",
        "players=4",
        "stack=3",
    ]),
    GameEntry::of::<arandia_core::State>("Arandian checkers").with_presets(&[
        "players=3",
        "players=6",
        "turn_limit=20",
    ]),
];

/// The names of the games, joined by `, ` (for messages).
pub fn names() -> String {
    let v: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    v.join(", ")
}

/// The game called `name`.
///
/// ```
/// assert_eq!(boardgames::find("arandia").unwrap().title(), "Arandian checkers");
/// assert!(boardgames::find("chess").is_err());
/// ```
pub fn find(name: &str) -> Result<&'static GameEntry, SetupError> {
    GAMES
        .iter()
        .find(|g| g.name == name)
        .ok_or_else(|| SetupError::UnknownGame(name.to_string()))
}

/// Starts the game called `name` with parameters (text), at `position` if one is given.
///
/// ```
/// let g = boardgames::start("slimetrail", "size=5", None).unwrap();
/// assert_eq!(g.legal_sorted().len(), 8);
/// assert!(boardgames::start("slimetrail", "size=8", None).is_err());
/// ```
pub fn start(
    name: &str,
    params: &str,
    position: Option<&str>,
) -> Result<Box<dyn DynGame>, SetupError> {
    find(name)?.start(params, position)
}

/// Why a game could not be started.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// No game has this name.
    #[error("unknown game `{0}` (known: {names})", names = names())]
    UnknownGame(String),
    /// The parameters are not valid for the game.
    #[error(transparent)]
    Params(#[from] ParamError),
    /// The position cannot be read or is not a position of the game.
    #[error(transparent)]
    Position(#[from] PositionError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_starts_and_names_itself() {
        for entry in GAMES {
            let g = entry.new_game("").unwrap();
            assert_eq!(g.name(), entry.name());
            assert_eq!(g.seat_names(), entry.seat_names());
            assert!(g.seats().len() >= entry.min_players());
            let back = entry.from_position("", &g.position()).unwrap();
            assert_eq!(back.position(), g.position());
        }
    }

    #[test]
    fn every_entry_explains_itself_and_its_presets_start() {
        for entry in GAMES {
            assert!(entry.intro().starts_with(entry.title()), "{}", entry.name());
            assert!(
                entry.brief().len() >= 4,
                "{}: the README's rules in brief",
                entry.name()
            );
            assert!(entry.brief().iter().all(|b| !b.contains('\n')));
            assert!(!entry.presets().is_empty(), "{}", entry.name());
            for p in entry.presets() {
                assert!(entry.new_game(p).is_ok(), "{}: preset {p}", entry.name());
            }
        }
    }

    #[test]
    fn names_are_unique() {
        for (i, a) in GAMES.iter().enumerate() {
            assert!(GAMES[i + 1..].iter().all(|b| b.name() != a.name()));
        }
    }

    #[test]
    fn errors_say_what_was_wrong() {
        let e = start("chess", "", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown game `chess` (known: slimetrail, splut, elements, repello, arandia)"
        );
        assert!(matches!(
            start("splut", "players=9", None),
            Err(SetupError::Params(_))
        ));
        assert!(matches!(
            start("splut", "", Some("x")),
            Err(SetupError::Position(_))
        ));
    }
}
