// Play at the table: starting a game, the person's clicks and choices, the dice, the AI's
// turns, undo, loading a position and looking back; `update` redraws everything after each.
import { games, WebGame } from "./pkg/boardgame_wasm.js";
import { draw, drawPath, drawBadges, animateChange } from "./board.js";
import { $, state, AGENTS, HINT_AGENT, look, seatLabel, agentLabel, humans, humanToAct, explain, words } from "./page.js";
import { showTab, renderRules, buildParamFields, fillParamFields, fillPresets } from "./forms.js";
import { scheduleAddress } from "./links.js";
import { tapZoomNeeded, zoomAt, zoomOut, applyZoom } from "./zoom.js";
import { ask, stopThinking, chancePreview, previewText, renderAnalysis } from "./analysis.js";
import { seatRow, renderBanner, renderSeatRows, renderAct, renderMoves, renderDice, renderReview } from "./render.js";

// --- starting a game ------------------------------------------------------------------------

/**
 * Starts a game: `name`, `params`, optionally a start position (`from`), a list of action
 * ids to replay (`moves`) or of actions as text (`texts`, an online room's), and seat specs
 * by seat order (`seats`). On bad parameters or a bad position nothing changes and the
 * reason is shown; returns whether it started.
 */
export function startGame({ name, params = "", from = null, moves = [], texts = [], seats = null }) {
  const info = games().find((g) => g.name === name);
  if (!info) {
    $("setup-error").textContent = `There is no game called ${name}.`;
    return false;
  }
  let game;
  try {
    game = new WebGame(name, params, from);
  } catch (e) {
    const keys = info.params.map((p) => p.key).join(", ");
    const what = from && !/parameter|`[a-z_]+`: /.test(e.message) ? `the link's position was refused (${explain(e.message)})` : `the parameters were not accepted: ${explain(e.message)}`;
    $("setup-error").textContent = `${info.title}: ${what}. Keys: ${keys}.`;
    showTab("setup");
    return false;
  }
  stopThinking();
  state.review = null;
  state.zoom = null;
  if (state.game) state.game.free();
  state.game = game;
  state.info = info;
  state.base = from;
  state.log = [];
  state.logShown = -1;
  clearMarks();
  state.before = null;
  state.thought = null;
  state.dice = [];
  $("dice-area").hidden = !info.has_chance;
  const view = game.view();
  // Keep earlier choices; by default seat 0 is a person and the others the quick AI.
  const previous = state.seats;
  state.seats = {};
  view.seats.forEach((s, i) => {
    state.seats[s.seat] = (seats && seats[i]) || previous[s.seat] || (i === 0 ? "human" : AGENTS[2][0]);
  });
  $("setup-error").textContent = "";
  $("error").textContent = "";
  $("position-error").textContent = "";
  if ($("game").value !== name) $("game").value = name;
  $("params").value = game.params;
  buildParamFields(name);
  fillParamFields(game.params);
  fillPresets(name);
  renderRules(name);
  renderSeats();
  for (const [i, id] of moves.entries()) {
    const legal = game.legal().find((a) => a.id === id);
    if (!legal || !apply(legal.text)) {
      $("error").textContent = `The link's move ${i + 1} (id ${id}) is not legal here; the game stops before it.`;
      break;
    }
  }
  for (const [i, text] of texts.entries()) {
    if (!apply(text)) {
      $("error").textContent = `Action ${i + 1} (${text}) is not legal here; the game stops before it.`;
      break;
    }
  }
  state.before = null;
  update();
  return true;
}

export function renderSeats() {
  if (state.online) return state.online.renderSeats();
  const box = $("seats");
  box.replaceChildren();
  const view = state.game.view();
  for (const s of view.seats) {
    const select = document.createElement("select");
    select.className = "agent";
    select.dataset.seat = s.seat;
    select.setAttribute("aria-label", `${seatLabel(s.seat, view)} is played by`);
    const spec = state.seats[s.seat];
    const options = AGENTS.some(([x]) => x === spec) ? AGENTS : [...AGENTS, [spec, agentLabel(spec)]];
    for (const [x, text] of options) select.add(new Option(text, x, false, spec === x));
    select.addEventListener("change", () => {
      state.seats[s.seat] = select.value;
      stopThinking();
      update();
    });
    box.append(seatRow(s.seat, view, select));
  }
}

// --- acting ---------------------------------------------------------------------------------

/** Forgets what is selected, pending, suggested and highlighted. */
function clearMarks() {
  state.selected = null;
  state.pending = [];
  state.trail = { seat: null, cells: new Set(), to: null };
  state.previous = new Set();
  state.path = null;
  state.hint = null;
}

// Plays `text` without drawing: the move list, the last mover's highlighted cells, the dice.
export function apply(text) {
  const game = state.game;
  const t = game.toAct();
  const before = game.view();
  const legal = game.legal();
  let touches = null;
  try {
    touches = game.touches(text);
  } catch {
    touches = null;
  }
  let said = "";
  try {
    said = game.describe(text); // what it does, in words (before it is played)
  } catch {
    said = "";
  }
  try {
    game.play(text);
  } catch (e) {
    $("error").textContent = explain(e.message);
    return false;
  }
  const played = game.history().at(-1);
  const entry = legal.find((a) => a.text === played);
  const seat = t.kind === "seat" ? t.seat : null;
  const m = { who: t.kind === "seat" ? t.name : "die", seat, text: played, id: entry ? entry.id : null, said: words(said), cells: [], to: null };
  state.log.push(m);
  if (t.kind === "chance") {
    // What the roll was for, and what it did.
    const label = before.status === "chance" ? "the die" : words(before.status).replace(/^\w/, (c) => c.toUpperCase());
    state.dice.unshift({ value: played, label: m.said ? `${label}: ${m.said}` : label });
    state.dice.length = Math.min(state.dice.length, 6);
  }
  // The cells the last mover changed, over all its actions in a row (dice included).
  const after = game.view();
  const changed = new Set();
  after.cells.forEach((c, i) => {
    if (JSON.stringify(c.pieces) !== JSON.stringify(before.cells[i].pieces)) changed.add(i);
  });
  if (touches) for (const c of [touches.from, touches.to]) if (c !== null) changed.add(c);
  if (seat !== null && seat !== state.trail.seat) {
    state.previous = state.trail.cells;
    state.trail = { seat, cells: new Set(), to: null };
  }
  for (const c of changed) state.trail.cells.add(c);
  const to = touches && touches.to !== null ? touches.to : [...changed].pop();
  if (to !== undefined) state.trail.to = to;
  m.cells = [...changed];
  m.to = to ?? null;
  state.path = touches && touches.path.length ? [touches.from, ...touches.path, touches.to].filter((c) => c !== null) : null;
  state.before = before;
  state.selected = null;
  state.pending = [];
  state.hint = null;
  return true;
}

export function act(text) {
  if (state.online) return state.online.send(text); // the server plays it, then tells everyone
  if (!apply(text)) return update();
  $("error").textContent = "";
  update(true);
}

export function onCellClick(cell) {
  if (!humanToAct()) return;
  const svg = $("board");
  if (!state.zoom && tapZoomNeeded(svg, state.layout)) {
    // Cells smaller than a finger: this tap magnifies around the cell; the next one acts.
    zoomAt(svg, state.layout, state.game.view(), cell);
    return update();
  }
  const legal = state.game.legal();
  if (state.selected !== null) {
    if (state.selected === cell) {
      // The same cell again: its action that goes nowhere (Arandia's roll), else deselect.
      const stay = legal.filter((a) => a.from === cell && a.to === null);
      if (stay.length === 1) return act(stay[0].text);
      state.selected = null;
      state.pending = [];
      return update();
    }
    const onto = legal.filter((a) => a.from === state.selected && a.to === cell);
    if (onto.length === 1) return act(onto[0].text);
    if (onto.length > 1) {
      state.pending = onto; // several ways to get there: throws, levitations, pulls
      showTab("play");
      return update();
    }
  }
  const from = legal.filter((a) => a.from === cell);
  const onto = legal.filter((a) => a.to === cell && a.from !== cell);
  state.pending = [];
  state.selected = null;
  if (!from.length && !onto.length) state.nudge = `Nothing to do on ${state.game.view().cells[cell].name}.`;
  if (from.length === 0 && onto.length === 1) return act(onto[0].text);
  if (from.length === 0 && onto.length > 1) {
    state.pending = onto;
    showTab("play");
  } else if (from.length === 1 && from[0].to === null && onto.length === 0) return act(from[0].text);
  else if (from.length) state.selected = cell;
  update();
}


// Hovering (or focusing) a cell of the person: what its roll would do, on the board.
export function onCellHover(cell) {
  const svg = $("board");
  if (cell === null || !humanToAct() || state.review !== null) {
    drawBadges(svg, state.game.view(), state.layout, new Map());
    if (state.hoverHelp) $("act-help").textContent = state.hoverHelp;
    state.hoverHelp = null;
    return;
  }
  const rolls = state.game.legal().filter((a) => a.from === cell && a.to === null);
  const preview = rolls.length === 1 ? chancePreview(rolls[0]) : null;
  if (!preview) return;
  const badges = new Map();
  for (const p of preview) if (p.to !== null) badges.set(p.to, badges.has(p.to) ? `${badges.get(p.to)} ${p.value}` : p.value);
  drawBadges(svg, state.game.view(), state.layout, badges);
  state.hoverHelp ??= $("act-help").textContent;
  $("act-help").textContent = previewText(rolls[0], preview);
}

// --- chance and AI --------------------------------------------------------------------------

export function rollDie() {
  state.timer = null;
  const outcomes = state.game.chance();
  if (!outcomes.length) return;
  // Draw an outcome by its exact probability.
  const den = outcomes[0].den;
  let r = Math.floor(Math.random() * den);
  let pick = outcomes[outcomes.length - 1];
  for (const o of outcomes) {
    const n = (o.num * den) / o.den;
    if (r < n) { pick = o; break; }
    r -= n;
  }
  act(pick.text);
}



export function askAgent() {
  state.timer = null;
  const t = state.game.toAct();
  if (t.kind !== "seat" || humanToAct()) return;
  const spec = state.seats[t.seat];
  const id = ask(spec, ({ thought, error }) => {
    if (id !== state.thinking) return; // stale: undo or a new game since
    state.thinking = 0;
    if (error) {
      $("error").textContent = `The AI of ${seatLabel(t.seat)} failed: ${error}`;
      return update();
    }
    state.thought = { who: t.seat, spec, thought, hint: false };
    act(thought.action);
  });
  state.thinking = id;
  document.body.dataset.thinking = "1"; // the bar and the seat already say so: no redraw
}

export function askHint() {
  if (!humanToAct() || state.hinting) return;
  const t = state.game.toAct();
  const id = ask(HINT_AGENT, ({ thought, error }) => {
    if (id !== state.hinting) return;
    state.hinting = 0;
    if (error) {
      $("error").textContent = `No suggestion: ${error}`;
      return update();
    }
    state.thought = { who: t.seat, spec: HINT_AGENT, thought, hint: true };
    state.hint = state.game.legal().find((a) => a.text === thought.action) ?? null;
    update();
  });
  state.hinting = id;
  $("hint").disabled = true;
  $("hint").textContent = "Thinking…";
}

// --- drawing --------------------------------------------------------------------------------

export function update(animate = false) {
  if (state.review !== null) return renderReview(() => review(null));
  if (document.body.classList.contains("reviewing")) {
    document.body.classList.remove("reviewing");
    for (const li of document.querySelectorAll("#moves .reviewed")) li.classList.remove("reviewed");
  }
  const game = state.game;
  const view = game.view();
  const t = game.toAct();
  const human = humanToAct();
  const end = game.outcome();
  const legal = human ? game.legal() : [];
  const marks = { movable: new Set(), selected: new Set(), target: new Set(), last: new Set([...state.previous, ...state.trail.cells]), "last-to": new Set(), hint: new Set() };
  if (state.trail.to !== null) marks["last-to"].add(state.trail.to);
  const deciding = end ? state.log.at(-1) : null;
  if (deciding) {
    // The end: only the action that decided it stays marked.
    marks.last = new Set(deciding.cells);
    marks["last-to"] = new Set(deciding.to === null ? [] : [deciding.to]);
  }
  if (human) {
    for (const a of legal) {
      if (a.from !== null) marks.movable.add(a.from);
      else if (a.to !== null) marks.movable.add(a.to);
    }
    if (state.selected !== null) {
      marks.selected.add(state.selected);
      for (const a of legal) if (a.from === state.selected && a.to !== null) marks.target.add(a.to);
    }
    if (state.hint) for (const c of [state.hint.from, state.hint.to]) if (c !== null) marks.hint.add(c);
  }
  const titles = new Map();
  const title = (cell, text) => {
    if (cell === null) return;
    if (!titles.has(cell)) titles.set(cell, []);
    if (!titles.get(cell).includes(text)) titles.get(cell).push(text);
  };
  for (const a of legal) {
    if (state.selected === null) title(a.from ?? a.to, a.text);
    else if (a.from === state.selected) title(a.to ?? a.from, a.text);
  }
  const svg = $("board");
  const focused = svg.contains(document.activeElement) ? document.activeElement.dataset.cell : null;
  state.hoverHelp = null;
  const L = draw(svg, view, { marks, titles, onClick: onCellClick, onHover: onCellHover, colours: look().colours, coordinates: $("coords").checked });
  state.layout = L;
  if (!human || end) zoomOut(); // another seat's turn: the whole board, to see it
  applyZoom(svg, L, human && !end);
  if (focused !== null && focused !== undefined) {
    const again = svg.querySelector(`.cell[data-cell="${focused}"][tabindex]`) ?? svg.querySelector(".cell[tabindex]");
    if (again) again.focus({ preventScroll: true });
  }
  if (state.path) drawPath(svg, view, L, state.path);
  if (animate && state.before) {
    state.animations += animateChange(svg, state.before, view, L, state.pace.anim, state.path ?? []);
    document.body.dataset.animations = state.animations;
  }
  svg.dataset.toAct = t.kind === "seat" ? `seat:${t.seat}` : t.kind;

  renderBanner(view, t, end, human);
  renderSeatRows(view, t, end);
  renderAct(view, t, end, human, legal, act);
  renderMoves();
  renderDice();
  renderAnalysis(view);
  if (document.activeElement !== $("position")) $("position").value = game.position();
  scheduleAddress();

  // Who acts next: a die, an AI, or the person at the page (online: the server rolls the
  // dice and plays the AI seats).
  if (!end && !state.timer && !state.thinking && !state.online) {
    if (t.kind === "chance") state.timer = setTimeout(rollDie, state.pace.die);
    else if (t.kind === "seat" && !human) state.timer = setTimeout(askAgent, animate ? state.pace.ai : 0);
  }
  if (state.online) {
    $("undo").hidden = true;
    $("hint").hidden = true;
  } else {
    $("undo").hidden = false;
  }
  document.body.dataset.state = end ? "over" : human ? "human" : t.kind === "chance" ? "chance" : state.online ? "waiting" : "ai";
  document.body.dataset.thinking = state.thinking ? "1" : "";
}

// --- looking back -------------------------------------------------------------------------

/** Shows the position after `k` actions of the move list (the game waits); the last: back. */
export function review(k) {
  if (k === null || k >= state.log.length || k < 0) {
    if (state.review === null) return;
    state.review = null;
    update();
    return;
  }
  if (state.review === null) stopThinking();
  state.review = k;
  update();
}


// --- controls -------------------------------------------------------------------------------

export function undo() {
  state.review = null;
  stopThinking();
  // Back to the last decision of a person (at least one action).
  let undone = 0;
  const people = humans().length > 0;
  while (state.game.undo()) {
    const m = state.log.pop();
    if (m.who === "die") state.dice.shift();
    undone++;
    if (!people || humanToAct()) break;
  }
  clearMarks();
  $("error").textContent = undone ? "" : "Nothing to undo.";
  update();
}

export function loadPosition() {
  state.review = null;
  const text = $("position").value.trim();
  const current = state.game.position();
  if (text === current) {
    $("position-error").textContent = "";
    return;
  }
  stopThinking();
  try {
    state.game.setPosition(text);
  } catch (e) {
    const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    $("position").value = current;
    $("position-error").textContent = `Not loaded: “${shown}” is not a ${state.info.title} position (${explain(e.message)}). The box shows the current position again.`;
    update();
    return;
  }
  state.base = state.game.position();
  state.log = [];
  state.dice = [];
  clearMarks();
  $("position-error").textContent = "";
  $("error").textContent = "";
  update();
}

