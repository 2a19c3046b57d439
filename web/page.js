// The page's state: the game at the table, the seats (a person or an AI SPEC each), what is
// highlighted and pending, the pace; the seats' colours and names; small helpers every part
// of the page uses. Knows no rules (they come from the WebAssembly module) and draws nothing.
import { SEAT_COLOURS } from "./board.js";

// Seat colours (by seat index) and the words the rules use for the seats.
// Repello's seats avoid yellow, the colour of its neutral gold token.
export const LOOK = {
  slimetrail: { colours: ["#d62828", "#277da1"], words: { 1: "red", 2: "blue" } },
  splut: { colours: ["#d62828", "#e9c46a", "#2a9d8f", "#277da1"], words: { s: "red", w: "yellow", n: "green", e: "blue" } },
  elements: { colours: ["#277da1", "#e9c46a", "#6a994e", "#d62828"], words: { w: "water", a: "air", e: "earth", f: "fire" } },
  repello: { colours: ["#d62828", "#277da1", "#2a9d8f", "#8e5ccf"], words: { 1: "red", 2: "blue", 3: "green", 4: "purple" } },
  arandia: { colours: SEAT_COLOURS, words: { 0: "red", 1: "yellow", 2: "green", 3: "blue", 4: "purple", 5: "orange" } },
};
/** Whether the page is used by touch (a phone): it says "Tap" where a mouse would "Click". */
export const TOUCH = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
export const AGENTS = [
  ["human", "Person"],
  ["mcts:iterations=3000", "AI: strong"],
  ["mcts:iterations=300", "AI: quick"],
  ["random", "AI: random"],
];
export const HINT_AGENT = "mcts:iterations=2000";
// Milliseconds: before an AI acts, before the die rolls, of an animation.
export const PACES = {
  slow: { ai: 1200, die: 900, anim: 600 },
  normal: { ai: 450, die: 450, anim: 350 },
  fast: { ai: 0, die: 0, anim: 150 },
};

export const $ = (id) => document.getElementById(id);
export const state = {
  game: null,
  info: null, // the registry's GameInfo of the game
  seats: {}, // agent spec by seat index ("human" or an agent SPEC)
  log: [], // {who, seat, text, id} per action played
  base: null, // the position the move list starts from (null: the game's start)
  selected: null,
  pending: [], // actions offered as buttons after a click that several actions share
  trail: { seat: null, cells: new Set(), to: null }, // the mover's actions in a row, highlighted
  previous: new Set(), // the cells of the turn before (another seat's), highlighted too
  path: null, // cells of the last action's path (Repello's bounces)
  before: null, // the view before the last action, to animate from
  thinking: 0, // id of the pending AI request (0: none)
  hinting: 0, // id of the pending hint request
  hint: null, // the suggested action (a Legal) for the person to act
  nudge: null, // a word after a click on a cell with nothing to do
  review: null, // while looking back: the number of actions of the position shown
  addressTimer: null,
  layout: null, // the board's layout as last drawn
  hoverHelp: null, // the help text a hover preview replaced
  addressWritten: false,
  thought: null, // {who, spec, thought}: the last AI choice or hint, for the analysis panel
  dice: [], // {value, label}, newest first
  timer: null,
  seed: 1,
  pace: PACES.normal,
  tab: "play",
  animations: 0,
  logShown: -1,
  zoom: null, // the magnified region of the board in its tap mode (zoom.js), else null
  online: null, // the online room this page is in (online.js), else null: local play
};

// --- names ----------------------------------------------------------------------------------

export function look() {
  return LOOK[state.game.name] ?? { colours: SEAT_COLOURS, words: {} };
}

export function seatName(index, view = state.game.view()) {
  const info = view.seats.find((s) => s.seat === index);
  return info ? info.name : String(index);
}

/** "Seat 1", "Seat s (red)", "Seat w (water)". */
export function seatLabel(index, view) {
  const name = seatName(index, view);
  const word = look().words[name];
  return word ? `Seat ${name} (${word})` : `Seat ${name}`;
}

/** `text` with "Click"/"click" said as "Tap"/"tap" on a touch screen. */
export function verb(text) {
  return TOUCH ? text.replace(/\b([Cc])lick(s|ed)?\b/g, (_, c, end) => `${c === "C" ? "T" : "t"}ap${end === "ed" ? "ped" : end ?? ""}`) : text;
}

/** An engine's sentence with every "seat N" followed by the seat's colour: "seat 3 (blue)". */
export function words(text) {
  const w = look().words;
  return text.replace(/\b([Ss]eat) (\w+)\b(?! \()/g, (all, s, name) => (w[name] ? `${s} ${name} (${w[name]})` : all));
}

export function agentLabel(spec) {
  if (spec.startsWith("online:")) return state.online ? "online" : "a person";
  const known = AGENTS.find(([s]) => s === spec);
  return known ? known[1] : `AI: ${spec}`;
}

export function humans() {
  return Object.entries(state.seats).filter(([, spec]) => spec === "human").map(([s]) => Number(s));
}

export function humanToAct() {
  const t = state.game.toAct();
  return t.kind === "seat" && state.seats[t.seat] === "human";
}

export function toast(message) {
  const t = $("toast");
  t.textContent = message;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 2500);
}

// Engine messages in a person's words: "cannot read `X` at byte N: expected Y".
export function explain(message) {
  const m = /^cannot read `(.*)` at byte (\d+): (.*)$/s.exec(message);
  if (m) return `at character ${Number(m[2]) + 1}, ${m[3]}`;
  return message;
}
