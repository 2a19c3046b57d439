//! # boardgame-wasm
//!
//! The five games of the workspace in the browser: the registry ([`games`]), any game behind
//! one object ([`WebGame`]: position, who acts, legal actions with the cells they touch, chance
//! outcomes, play, undo, the move list, the result), its board view (the kit's
//! [`boardgame_kit::view`] model as plain JavaScript objects) and the AI agents of
//! `boardgame-ai` ([`WebGame::best`], with the search's findings: [`WebGame::analyse`]), and
//! whole matches between agents ([`play_match`], the library's match runner on one thread).
//! The TypeScript types of every object are in the
//! generated `.d.ts` file. Errors are thrown as JavaScript `Error`s with one-line messages; a
//! failed call changes nothing. No game's concrete type appears in this crate: every game is
//! the registry's [`boardgame_kit::DynBoard`], so a game added to `boardgames::GAMES` is
//! playable here with no change.
//!
//! ```js
//! import init, { games, WebGame } from "./pkg/boardgame_wasm.js";
//! await init();
//! const g = new WebGame("slimetrail", "size=5");
//! g.play("c3");
//! const view = g.view();          // geometry, cells, pieces, seats, status
//! const reply = g.best("mcts:iterations=2000", 1);
//! ```
//!
//! Build: `cargo build --release --target wasm32-unknown-unknown -p boardgame-wasm`, then
//! `wasm-bindgen --target web` and `wasm-opt -Oz` (see `web/build.sh`).

pub mod matches;
pub mod table;

use boardgame_kit::params::{ParamSpec, ParamValues};
use serde::Serialize;
use table::Table;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** The values a parameter accepts. */
export type ParamValues = { kind: "int"; min: number; max: number } | { kind: "choice"; options: string[] } | { kind: "text"; description: string };
/** A parameter key: `key=value` in the parameter text. */
export interface ParamInfo { key: string; help: string; default: string; values: ParamValues }
/** A game of the registry. */
export interface GameInfo { name: string; title: string; seat_names: string[]; min_players: number; max_players: number; has_chance: boolean; params: ParamInfo[]; intro: string; brief: string[]; presets: string[] }
/** The shape of the board: x is the file, y the rank (axial coordinates on the hex board). */
export type Geometry = { kind: "square"; files: number; ranks: number } | { kind: "diamond"; size: number } | { kind: "hex"; radius: number };
/** What is printed on a cell. */
export type Terrain = { kind: "plain" } | { kind: "goal"; seat: number } | { kind: "start"; seat: number | null } | { kind: "rock" } | { kind: "harbour"; side: number } | { kind: "island" } | { kind: "shoal" };
/** The kinds of pieces. */
export type PieceKind = "snail" | "slime" | "sorcerer" | "troll" | "dwarf" | "rock" | "block" | "mound" | "stack" | "black" | "silver" | "gold" | "ship";
/** A piece on a cell. */
export interface Piece { kind: PieceKind; owner: number | null; height: number | null; id: number | null; spent: boolean }
/** A cell: its name, coordinates, terrain, printed number and pieces (bottom first). */
export interface Cell { name: string; x: number; y: number; terrain: Terrain; number: number | null; pieces: Piece[] }
/** A seat and what the board does not show about it. */
export interface SeatInfo { seat: number; name: string; active: boolean; note: string }
/** The board as a renderer sees it. */
export interface BoardView { geometry: Geometry; cells: Cell[]; seats: SeatInfo[]; to_act: number | null; status: string }
/** A legal action, its id in the game's fixed action space, and the cells (indices into BoardView.cells) it starts from and goes to. */
export interface Legal { text: string; id: number; from: number | null; to: number | null; path: number[] }
/** What a learning program needs to know of a game: the sizes of its action spaces, the observation's shape, the longest game (null: no bound). */
export interface EncodingInfo { num_distinct_actions: number; max_chance_outcomes: number; observation_shape: number[]; max_game_length: number | null }
/** A piece moved by an action; to = null: it left the board. */
export interface PieceMove { piece: Piece; from: number; to: number | null }
/** Everything an action touches. */
export interface Touches { action: string; from: number | null; to: number | null; path: number[]; moves: PieceMove[]; changed: number[] }
/** Who acts next. */
export type ToAct = { kind: "seat"; seat: number; name: string } | { kind: "chance" } | { kind: "over" };
/** A chance outcome with probability num/den. */
export interface ChanceOutcome { text: string; num: number; den: number }
/** The value of the position for one seat, in -1..1. */
export interface SeatValue { seat: number; value: number }
/** One legal action's statistics in an agent's search. */
export interface ActionThought { action: string; visits: number; value: number; exact: boolean }
/** What an agent found when it chose: the action, the values, the line it expects, its statistics. */
export interface Thought { action: string; seat: number; values: SeatValue[]; exact: boolean; line: string[]; actions: ActionThought[]; iterations: number; nodes: number }
/** The end of a game. */
export interface Ending { winners: number[]; draw: boolean; scores: number[] | null; summary: string }
/** One game of a match: the JSON line of `boardgame match --record`. */
export interface GameRecord { number: number; game: string; params: string; position: string | null; seed: number; seats: string[]; agents: string[]; actions: string[]; result: "win" | "draw" | "unfinished"; winners: string[]; scores: number[] | null }
/** One agent's results in a match, per seat it played. */
export interface AgentResult { spec: string; wins: number; shared: number; draws: number; losses: number; unfinished: number; score: number | null; won_alone: number }
/** A whole match. */
export interface MatchResult { records: GameRecord[]; agents: AgentResult[]; shared: number; drawn: number; unfinished: number }
"#;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &str) -> JsValue;
}

/// Converts a serialisable value into a plain JavaScript object.
fn to_js<T: Serialize>(value: &T) -> JsValue {
    match serde_json::to_string(value) {
        Ok(text) => json_parse(&text),
        Err(_) => JsValue::NULL,
    }
}

fn error(message: String) -> JsError {
    JsError::new(&message)
}

#[derive(Serialize)]
struct EncodingInfo {
    num_distinct_actions: usize,
    max_chance_outcomes: usize,
    observation_shape: Vec<usize>,
    max_game_length: Option<u64>,
}

#[derive(Serialize)]
struct GameInfo {
    name: &'static str,
    title: &'static str,
    seat_names: &'static [&'static str],
    min_players: usize,
    max_players: usize,
    has_chance: bool,
    params: Vec<ParamInfo>,
    intro: &'static str,
    brief: Vec<String>,
    presets: &'static [&'static str],
}

/// One parameter key as the kit describes it ([`boardgame_kit::params::ParamSpec`]).
#[derive(Serialize)]
struct ParamInfo {
    key: &'static str,
    help: &'static str,
    default: &'static str,
    values: Values,
}

/// The values a key accepts.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Values {
    Int { min: i64, max: i64 },
    Choice { options: &'static [&'static str] },
    Text { description: &'static str },
}

fn param_info(spec: &ParamSpec) -> ParamInfo {
    let values = match spec.values() {
        ParamValues::Int { min, max } => Values::Int { min, max },
        ParamValues::Choice(options) => Values::Choice { options },
        ParamValues::Text(description) => Values::Text { description },
        _ => Values::Text { description: "" },
    };
    ParamInfo {
        key: spec.key(),
        help: spec.help(),
        default: spec.default(),
        values,
    }
}

/// Every game of the registry: name, title, seat names, player counts, chance, the
/// description of every parameter key (values, default, help), the game in one line
/// (`intro`), the rules in brief (`brief`: items with `` `code` `` and `**bold**` markup) and
/// example parameter texts (`presets`).
#[wasm_bindgen(unchecked_return_type = "GameInfo[]")]
pub fn games() -> JsValue {
    let list: Vec<GameInfo> = boardgames::GAMES
        .iter()
        .map(|g| GameInfo {
            name: g.name(),
            title: g.title(),
            seat_names: g.seat_names(),
            min_players: g.min_players(),
            max_players: g.max_players(),
            has_chance: g.has_chance(),
            params: g.params().iter().map(param_info).collect(),
            intro: g.intro(),
            brief: g.brief(),
            presets: g.presets(),
        })
        .collect();
    to_js(&list)
}

/// Plays `games` games of game `name` (parameters `params`) between `agents` (SPECs, seats
/// rotated as in `boardgame match`), seeded with `seed`, each capped at `maxActions` actions
/// (default: the game's, and Arandia's default turn limit when `params` sets none). Runs on
/// the calling thread until the last game ends: call it in a Web Worker. The same arguments
/// give what `boardgame match` counts. Throws on an unknown game, bad parameters or a bad
/// SPEC.
#[wasm_bindgen(js_name = playMatch, unchecked_return_type = "MatchResult")]
pub fn play_match(
    name: &str,
    params: &str,
    agents: Vec<String>,
    games: u32,
    seed: u32,
    max_actions: Option<u32>,
) -> Result<JsValue, JsError> {
    let result = matches::play(
        name,
        params,
        &agents,
        games.into(),
        seed.into(),
        max_actions.map(u64::from),
    )
    .map_err(error)?;
    Ok(to_js(&result))
}

/// A game in progress.
#[wasm_bindgen]
pub struct WebGame {
    table: Table,
}

#[wasm_bindgen]
impl WebGame {
    /// Starts game `name` with parameters (`key=value,...`; `""` for the defaults), at
    /// `position` if given. Throws on an unknown game, bad parameters or a bad position.
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, params: &str, position: Option<String>) -> Result<WebGame, JsError> {
        let table = table::open(name, params, position.as_deref()).map_err(error)?;
        Ok(WebGame { table })
    }

    /// The game's name.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.table.game().name().into()
    }

    /// The parameters as text (`""` for the defaults).
    #[wasm_bindgen(getter)]
    pub fn params(&self) -> String {
        self.table.game().params_text()
    }

    /// The one-line position notation.
    pub fn position(&self) -> String {
        self.table.game().position()
    }

    /// Replaces the state by a position of the same game and parameters (clears the move
    /// list). Throws, changing nothing, if the text is not a valid position.
    #[wasm_bindgen(js_name = setPosition)]
    pub fn set_position(&mut self, text: &str) -> Result<(), JsError> {
        self.table.set_position(text).map_err(error)
    }

    /// Who acts next.
    #[wasm_bindgen(js_name = toAct, unchecked_return_type = "ToAct")]
    pub fn to_act(&self) -> JsValue {
        to_js(&table::turn(self.table.game()))
    }

    /// The legal actions (at a chance node the outcomes) with their cells.
    #[wasm_bindgen(unchecked_return_type = "Legal[]")]
    pub fn legal(&self) -> JsValue {
        to_js(&self.table.legal())
    }

    /// The chance outcomes with their probabilities (empty unless chance acts).
    #[wasm_bindgen(unchecked_return_type = "ChanceOutcome[]")]
    pub fn chance(&self) -> JsValue {
        to_js(&table::chances(self.table.game()))
    }

    /// Plays an action (or a chance outcome) written as text. Throws, changing nothing, if it
    /// cannot be read or is illegal.
    pub fn play(&mut self, action: &str) -> Result<(), JsError> {
        self.table.play(action).map_err(error)
    }

    /// Plays the action with this id in the game's fixed action space (a chance outcome's id
    /// at a chance node). Throws, changing nothing, if no action has it or it is illegal.
    #[wasm_bindgen(js_name = playId)]
    pub fn play_id(&mut self, id: u32) -> Result<(), JsError> {
        self.table.play(&format!("#{id}")).map_err(error)
    }

    /// The sizes of the game's action spaces, its observation's shape and its longest game.
    #[wasm_bindgen(unchecked_return_type = "EncodingInfo")]
    pub fn info(&self) -> JsValue {
        let info = self.table.game().info();
        to_js(&EncodingInfo {
            num_distinct_actions: info.num_distinct_actions,
            max_chance_outcomes: info.max_chance_outcomes,
            observation_shape: info.observation_shape.dims().to_vec(),
            max_game_length: info.max_game_length,
        })
    }

    /// The observation seen from seat number `seat` (0-based), in row-major order of
    /// `info().observation_shape`. Throws if the seat does not play.
    pub fn observe(&self, seat: u32) -> Result<Vec<f32>, JsError> {
        self.table.observe(seat as usize).map_err(error)
    }

    /// Takes back the last action; `false` if there is none.
    pub fn undo(&mut self) -> bool {
        self.table.undo()
    }

    /// The actions played, in order.
    pub fn history(&self) -> Vec<String> {
        self.table.history()
    }

    /// The board now.
    #[wasm_bindgen(unchecked_return_type = "BoardView")]
    pub fn view(&self) -> JsValue {
        to_js(&self.table.view())
    }

    /// Everything an action touches (throws if it is illegal).
    #[wasm_bindgen(unchecked_return_type = "Touches")]
    pub fn touches(&self, action: &str) -> Result<JsValue, JsError> {
        Ok(to_js(&self.table.touches(action).map_err(error)?))
    }

    /// What the action written `action` does when played here, in words, without the action's
    /// own text or the seat that plays it (`Dwarf e2 steps north to e3`); at a chance node what
    /// the outcome brings about. Throws, changing nothing, if the text does not read.
    pub fn describe(&self, action: &str) -> Result<String, JsError> {
        let game = self.table.game();
        let entry = boardgames::find(game.name()).map_err(|e| error(e.to_string()))?;
        entry.describe(game, action).ok_or_else(|| {
            error(format!(
                "cannot read `{action}` as an action of {}",
                entry.title()
            ))
        })
    }

    /// The result once the game is over, else `undefined`.
    #[wasm_bindgen(unchecked_return_type = "Ending | undefined")]
    pub fn outcome(&self) -> JsValue {
        match table::ending(self.table.game()) {
            Some(e) => to_js(&e),
            None => JsValue::UNDEFINED,
        }
    }

    /// The status line of the command-line contract (`1: a1 a2`, `chance: 1 2`, `over: 1`).
    #[wasm_bindgen(js_name = statusLine)]
    pub fn status_line(&self) -> String {
        self.table.game().status_line()
    }

    /// The action an agent chooses for the seat to act: `spec` as in `boardgame-ai`
    /// (`random`, `mcts:iterations=2000`), `seed` for its random choices. Throws at a chance
    /// node, after the end, or on a bad spec.
    pub fn best(&self, spec: &str, seed: u32) -> Result<String, JsError> {
        self.table.best(spec, seed.into()).map_err(error)
    }

    /// The same choice as [`WebGame::best`] with what the agent's search found: the value of
    /// the position for every seat in play, whether it is exact, the line the agent expects
    /// (the chosen action first), statistics per legal action, iterations and nodes. Throws
    /// where `best` does.
    #[wasm_bindgen(unchecked_return_type = "Thought")]
    pub fn analyse(&self, spec: &str, seed: u32) -> Result<JsValue, JsError> {
        Ok(to_js(
            &self.table.analyse(spec, seed.into()).map_err(error)?,
        ))
    }
}
