// The page: pick a game, learn it (How to play), choose a person or an AI for every seat, then
// play by clicking (or tapping) cells. Everything about the rules comes from the WebAssembly
// module (the legal actions with the cells they touch); AI players think in a Web Worker and
// say what they found (value, expected line). The address's fragment always holds the game
// (name, parameters, seats, moves), so a link or a reload brings the same position back.
import init, { games, WebGame } from "./pkg/boardgame_wasm.js";
import { draw, drawPath, drawBadges, animateChange, SEAT_COLOURS } from "./board.js";
import { RULES, appendMarkup } from "./rules.js";

// Example parameters offered for each game (any `key=value,...` text is accepted).
const PRESETS = {
  slimetrail: ["", "size=5", "size=9"],
  splut: ["", "players=3", "players=4", "turn_limit=30"],
  elements: ["", "board=blitz", "board=blitz,players=4", "board=blitz,per_turn=3"],
  repello: ["", "players=3", "players=4", "stack=3"],
  arandia: ["", "players=3", "players=6", "turn_limit=20"],
};
// Seat colours (by seat index) and the words the rules use for the seats.
const LOOK = {
  slimetrail: { colours: ["#d62828", "#277da1"], words: {} },
  splut: { colours: ["#d62828", "#e9c46a", "#2a9d8f", "#277da1"], words: { s: "red", w: "yellow", n: "green", e: "blue" } },
  elements: { colours: ["#277da1", "#e9c46a", "#6a994e", "#d62828"], words: { w: "water", a: "air", e: "earth", f: "fire" } },
  repello: { colours: SEAT_COLOURS, words: {} },
  arandia: { colours: SEAT_COLOURS, words: {} },
};
const AGENTS = [
  ["human", "Person"],
  ["mcts:iterations=3000", "AI: strong"],
  ["mcts:iterations=300", "AI: quick"],
  ["random", "AI: random"],
];
const HINT_AGENT = "mcts:iterations=2000";
// Milliseconds: before an AI acts, before the die rolls, of an animation.
const PACES = {
  slow: { ai: 1200, die: 900, anim: 600 },
  normal: { ai: 450, die: 450, anim: 350 },
  fast: { ai: 0, die: 0, anim: 150 },
};

const $ = (id) => document.getElementById(id);
const state = {
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
};
let worker = null;
let requestId = 0;

// --- names ----------------------------------------------------------------------------------

function look() {
  return LOOK[state.game.name] ?? { colours: SEAT_COLOURS, words: {} };
}

function seatName(index, view = state.game.view()) {
  const info = view.seats.find((s) => s.seat === index);
  return info ? info.name : String(index);
}

/** "Seat 1", "Seat s (red)", "Seat w (water)". */
function seatLabel(index, view) {
  const name = seatName(index, view);
  const word = look().words[name];
  return word ? `Seat ${name} (${word})` : `Seat ${name}`;
}

function agentLabel(spec) {
  const known = AGENTS.find(([s]) => s === spec);
  return known ? known[1] : `AI: ${spec}`;
}

function humans() {
  return Object.entries(state.seats).filter(([, spec]) => spec === "human").map(([s]) => Number(s));
}

function humanToAct() {
  const t = state.game.toAct();
  return t.kind === "seat" && state.seats[t.seat] === "human";
}

function toast(message) {
  const t = $("toast");
  t.textContent = message;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 2500);
}

// Engine messages in a person's words: "cannot read `X` at byte N: expected Y".
function explain(message) {
  const m = /^cannot read `(.*)` at byte (\d+): (.*)$/s.exec(message);
  if (m) return `at character ${Number(m[2]) + 1}, ${m[3]}`;
  return message;
}

// --- starting a game ------------------------------------------------------------------------

/**
 * Starts a game: `name`, `params`, optionally a start position (`from`), a list of action
 * ids to replay (`moves`) and seat specs by seat order (`seats`). On bad parameters or a bad
 * position nothing changes and the reason is shown; returns whether it started.
 */
function startGame({ name, params = "", from = null, moves = [], seats = null }) {
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
  if (state.game) state.game.free();
  state.game = game;
  state.info = info;
  state.base = from;
  state.log = [];
  state.logShown = -1;
  state.selected = null;
  state.pending = [];
  state.trail = { seat: null, cells: new Set(), to: null };
  state.previous = new Set();
  state.path = null;
  state.before = null;
  state.hint = null;
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
  state.before = null;
  update();
  return true;
}

function renderSeats() {
  const box = $("seats");
  box.replaceChildren();
  const view = state.game.view();
  for (const s of view.seats) {
    const row = document.createElement("div");
    row.className = "seat-row";
    row.dataset.seat = s.seat;
    const sw = document.createElement("span");
    sw.className = "swatch";
    sw.style.background = look().colours[s.seat % look().colours.length];
    const label = document.createElement("span");
    label.className = "name";
    label.textContent = seatLabel(s.seat, view);
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
    const st = document.createElement("span");
    st.className = "state";
    const note = document.createElement("span");
    note.className = "note";
    row.append(sw, label, select, st, note);
    box.append(row);
  }
}

// --- acting ---------------------------------------------------------------------------------

// Plays `text` without drawing: the move list, the last mover's highlighted cells, the dice.
function apply(text) {
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
  try {
    game.play(text);
  } catch (e) {
    $("error").textContent = explain(e.message);
    return false;
  }
  const played = game.history().at(-1);
  const entry = legal.find((a) => a.text === played);
  const seat = t.kind === "seat" ? t.seat : null;
  state.log.push({ who: t.kind === "seat" ? t.name : "die", seat, text: played, id: entry ? entry.id : null });
  if (t.kind === "chance") {
    const label = before.status === "chance" ? "the die" : before.status.replace(/^\w/, (c) => c.toUpperCase());
    state.dice.unshift({ value: played, label });
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
  state.path = touches && touches.path.length ? [touches.from, ...touches.path, touches.to].filter((c) => c !== null) : null;
  state.before = before;
  state.selected = null;
  state.pending = [];
  state.hint = null;
  return true;
}

function act(text) {
  if (!apply(text)) return update();
  $("error").textContent = "";
  update(true);
}

function onCellClick(cell) {
  if (!humanToAct()) return;
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

function choiceButtons(container, actions) {
  container.replaceChildren();
  for (const a of actions) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = a.text;
    b.className = "choice";
    b.addEventListener("click", () => act(a.text));
    container.append(b);
  }
}

// --- what a roll can do -------------------------------------------------------------------

const previewCache = { key: null, value: null };

/**
 * For an action of the person that hands over to chance (Arandia's roll for a ship), where
 * each outcome leads: [{value, to, note}] (`to`: the cell the piece ends on, else null with a
 * note: stays, leaves the board, or the choice that follows). Found by playing every outcome
 * on a copy; null for other actions.
 */
function chancePreview(action) {
  if (action.from === null || action.to !== null) return null;
  const key = `${state.game.position()}|${action.text}`;
  if (previewCache.key === key) return previewCache.value;
  const { name, params } = state.game;
  const cellName = (c, view) => view.cells[c].name;
  let g = null;
  let out = null;
  const keyOf = (p) => `${p.kind}/${p.owner}`;
  try {
    g = new WebGame(name, params, state.game.position());
    const seat = g.toAct().seat;
    g.play(action.text);
    if (g.toAct().kind === "chance") {
      out = [];
      const before = g.view();
      const at = g.position();
      const mine = before.cells[action.from].pieces.filter((p) => p.owner === seat).map(keyOf);
      for (const o of g.chance()) {
        const h = new WebGame(name, params, at);
        h.play(o.text);
        const after = h.view();
        const left = before.cells[action.from].pieces.length - after.cells[action.from].pieces.length;
        let to = null;
        after.cells.forEach((c, i) => {
          if (i === action.from || to !== null) return;
          const was = before.cells[i].pieces.map(keyOf);
          for (const p of c.pieces.map(keyOf)) {
            const k = was.indexOf(p);
            if (k >= 0) was.splice(k, 1);
            else if (mine.includes(p)) to = i;
          }
        });
        let note = "";
        if (to === null) {
          const t = h.toAct();
          const next = t.kind === "seat" && t.seat === seat ? h.legal() : [];
          const names = (list) => list.map((a) => cellName(a.to, after)).join(", ").replace(/, ([^,]*)$/, " or $1");
          if (left > 0 && next.length && next.every((a) => a.from === null && a.to !== null)) note = `leaves, then back to ${names(next)}`;
          else if (left > 0) note = "leaves the board";
          else if (next.length && next.every((a) => a.from === action.from && a.to !== null)) note = `then choose ${names(next)}`;
          else note = "stays";
        }
        out.push({ value: o.text, to: to ?? (note === "stays" ? action.from : null), note: to !== null ? cellName(to, after) : note });
        h.free();
      }
    }
  } catch {
    out = null;
  } finally {
    if (g) g.free();
  }
  previewCache.key = key;
  previewCache.value = out;
  return out;
}

function previewText(action, preview) {
  return `${action.text} rolls the die: ${preview.map((p) => `${p.value} → ${p.note}`).join(", ")}.`;
}

// Hovering (or focusing) a cell of the person: what its roll would do, on the board.
function onCellHover(cell) {
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

function rollDie() {
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

function stopThinking() {
  if ((state.thinking || state.hinting) && worker) {
    worker.terminate(); // a search cannot be interrupted: drop the thread
    worker = null;
  }
  state.thinking = 0;
  state.hinting = 0;
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
}

function ask(spec, onAnswer) {
  if (!worker) {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.onmessage = (ev) => {
      const waiting = worker.waiting;
      if (!waiting || waiting.id !== ev.data.id) return;
      worker.waiting = null;
      waiting.onAnswer(ev.data);
    };
  }
  const id = ++requestId;
  worker.waiting = { id, onAnswer };
  worker.postMessage({
    id,
    name: state.game.name,
    params: state.game.params,
    position: state.game.position(),
    spec,
    seed: state.seed++,
  });
  return id;
}

function askAgent() {
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

function askHint() {
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

function update(animate = false) {
  if (state.review !== null) return renderReview();
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
  renderAct(view, t, end, human, legal);
  renderMoves();
  renderDice();
  renderAnalysis(view);
  if (document.activeElement !== $("position")) $("position").value = game.position();
  scheduleAddress();

  // Who acts next: a die, an AI, or the person at the page.
  if (!end && !state.timer && !state.thinking) {
    if (t.kind === "chance") state.timer = setTimeout(rollDie, state.pace.die);
    else if (t.kind === "seat" && !human) state.timer = setTimeout(askAgent, animate ? state.pace.ai : 0);
  }
  document.body.dataset.state = end ? "over" : human ? "human" : t.kind === "chance" ? "chance" : "ai";
  document.body.dataset.thinking = state.thinking ? "1" : "";
}

function renderBanner(view, t, end, human) {
  const banner = $("banner");
  const headline = $("headline");
  const detail = $("detail");
  headline.replaceChildren();
  banner.className = "";
  delete banner.dataset.summary;
  const moves = state.log.length;
  if (end) {
    const names = end.winners.map((s) => seatLabel(s, view));
    let text = end.draw ? "A draw" : names.length > 1 ? `${names.join(" and ")} share the win` : `${names[0]} wins`;
    const people = humans().filter((s) => view.seats.some((x) => x.seat === s));
    banner.className = end.draw ? "over draw" : "over";
    if (!end.draw && people.length === 1) {
      const won = end.winners.includes(people[0]);
      text += !won ? ": you lose." : names.length > 1 ? ": you share the win!" : ": you win!";
      if (!won) banner.className = "over lost";
    }
    headline.textContent = text;
    let more = "";
    if (end.scores) more = `Scores: ${view.seats.map((s, i) => `${seatLabel(s.seat, view)} ${end.scores[i]}`).join(", ")}. `;
    detail.textContent = `${more}Game over after ${moves} action${moves === 1 ? "" : "s"}.`;
    banner.dataset.summary = end.summary;
  } else if (t.kind === "chance") {
    headline.textContent = "Rolling the die…";
    detail.textContent = view.status;
  } else if (human) {
    headline.textContent = humans().length > 1 ? `${seatLabel(t.seat, view)} to play` : `Your move, ${seatLabel(t.seat, view)}`;
    detail.textContent = view.status;
  } else {
    const spin = document.createElement("span");
    spin.className = "spinner";
    spin.setAttribute("aria-hidden", "true");
    headline.append(spin, `${seatLabel(t.seat, view)} is thinking… (${agentLabel(state.seats[t.seat])})`);
    detail.textContent = view.status;
  }
  headline.title = headline.textContent;
  detail.title = detail.textContent;
}

function renderSeatRows(view, t, end) {
  document.querySelectorAll(".seat-row").forEach((row) => {
    const s = view.seats.find((x) => String(x.seat) === row.dataset.seat);
    const acting = !end && t.kind === "seat" && String(t.seat) === row.dataset.seat;
    row.classList.toggle("to-act", acting);
    row.classList.toggle("out", s ? !s.active : false);
    const thinking = acting && state.seats[t.seat] !== "human";
    row.classList.toggle("thinking", thinking);
    const st = row.querySelector(".state");
    st.replaceChildren();
    if (thinking) {
      const spin = document.createElement("span");
      spin.className = "spinner";
      st.append(spin, "thinking…");
    } else if (acting) {
      st.textContent = "to play";
    }
    row.querySelector(".note").textContent = s ? s.note : "";
  });
}

function renderAct(view, t, end, human, legal) {
  // Choices: the actions of the selected cell, or those no cell click can reach.
  let choices = [];
  if (human) {
    if (state.pending.length) choices = state.pending;
    else if (state.selected !== null) choices = legal.filter((a) => a.from === state.selected);
    else choices = legal.filter((a) => (a.from === null && a.to === null) || (state.hint && state.hint.text === a.text));
  }
  choiceButtons($("choices"), choices);
  choiceButtons($("legal"), legal);
  $("all-legal").hidden = !human;
  $("hint").hidden = !human;
  $("hint").disabled = !!state.hinting;
  $("hint").textContent = state.hinting ? "Thinking…" : "Suggest a move";
  $("undo").disabled = state.log.length === 0;
  let title = "Your move";
  let help = "";
  if (end) {
    title = "Game over";
    help = "Start a New game, or Undo to take moves back.";
  } else if (t.kind === "chance") {
    title = "The die";
    help = "The die is rolling.";
  } else if (!human) {
    title = "Waiting";
    help = `${seatLabel(t.seat, view)} (${agentLabel(state.seats[t.seat])}) is to play.`;
  } else if (state.pending.length) {
    help = "Several actions lead there: pick one.";
  } else if (state.selected !== null) {
    const stay = legal.filter((a) => a.from === state.selected && a.to === null);
    help = "Now click a green cell";
    if (stay.length === 1) help += `, or the same cell again for ${stay[0].text}`;
    help += ". A click elsewhere starts over.";
    const preview = stay.length === 1 ? chancePreview(stay[0]) : null;
    if (preview) help += ` ${previewText(stay[0], preview)}`;
  } else {
    const cells = legal.some((a) => a.from !== null || a.to !== null);
    const buttons = legal.some((a) => a.from === null && a.to === null);
    help = cells && buttons ? "Click a cell ringed in blue, or choose below." : cells ? "Click a cell ringed in blue." : "Choose below.";
  }
  if (human && state.nudge) help = `${state.nudge} ${help}`;
  state.nudge = null;
  if (human && state.hint) help = `The AI suggests ${state.hint.text} (marked on the board). ` + help;
  if (human && choices.length && state.tab !== "play" && (state.pending.length || !legal.some((a) => a.from !== null || a.to !== null))) showTab("play");
  $("act-title").textContent = title;
  $("act-help").textContent = help;
}

function moveItem(m, i) {
  const colours = look().colours;
  const li = document.createElement("li");
  const n = document.createElement("span");
  n.className = "n";
  n.textContent = `${i + 1}.`;
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = m.who;
  if (m.seat !== null) who.style.color = colours[m.seat % colours.length] === "#e9c46a" ? "#a07c10" : colours[m.seat % colours.length];
  const a = document.createElement("span");
  a.className = "act";
  a.textContent = m.text;
  li.append(n, who, a);
  li.tabIndex = 0;
  li.title = "Show the position after this action";
  return li;
}

// The move list, kept in step with the log: items are added or removed, not redrawn.
function renderMoves() {
  const moves = $("moves");
  const items = moves.children;
  while (items.length > state.log.length) items[items.length - 1].remove();
  const k = items.length - 1;
  if (k >= 0 && (items[k].querySelector(".act").textContent !== state.log[k].text || state.logShown === -1)) moves.replaceChildren();
  state.logShown = state.log.length;
  if (items.length === state.log.length && moves.querySelector(".last") === items[items.length - 1]) return;
  const digits = String(Math.max(1, state.log.length)).length;
  moves.style.setProperty("--n", `${digits + 1}ch`);
  const fresh = document.createDocumentFragment();
  for (let i = items.length; i < state.log.length; i++) fresh.append(moveItem(state.log[i], i));
  moves.append(fresh);
  moves.querySelector(".last")?.classList.remove("last");
  items[items.length - 1]?.classList.add("last");
  moves.scrollTop = moves.scrollHeight;
}

function renderDice() {
  const box = $("dice");
  box.replaceChildren(...state.dice.map((d, i) => {
    const li = document.createElement("li");
    const die = document.createElement("span");
    die.className = "die" + (i === 0 && state.log.at(-1)?.who === "die" ? " fresh" : "");
    die.textContent = d.value;
    const what = document.createElement("span");
    what.className = "what";
    what.textContent = d.label;
    li.append(die, what);
    return li;
  }));
  if (!state.dice.length) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = "No roll yet.";
    box.append(li);
  }
}

function signed(v) {
  const t = Math.abs(v).toFixed(2);
  return t === "0.00" ? t : (v > 0 ? "+" : "−") + t;
}

function renderAnalysis(view) {
  const body = $("analysis-body");
  const th = state.thought;
  if (!th) return;
  const key = `${th.thought.action}/${th.who}/${th.hint}/${state.log.length}`;
  if (body.dataset.key === key) return;
  body.dataset.key = key;
  body.dataset.action = th.thought.action;
  const p = (...parts) => {
    const e = document.createElement("p");
    e.append(...parts);
    return e;
  };
  const code = (s) => {
    const c = document.createElement("code");
    c.textContent = s;
    return c;
  };
  const t = th.thought;
  const who = seatLabel(th.who, view);
  const out = [];
  out.push(th.hint
    ? p(`Suggestion for ${who}: `, code(t.action), ` (${agentLabel(th.spec)})`)
    : p(`${who} played `, code(t.action), ` (${agentLabel(th.spec)})`));
  if (!t.iterations && !t.nodes) {
    out.push(p("This agent does not search: there is no value or expected line."));
  } else {
    const mine = t.values.find((v) => v.seat === t.seat);
    const value = p(`Value for ${who}: `);
    const strong = document.createElement("strong");
    strong.className = "value";
    strong.textContent = mine ? signed(mine.value) : "?";
    value.append(strong, t.exact ? " (proven)" : "", " on a scale from −1 (a sure loss) to +1 (a sure win).");
    out.push(value);
    if (t.values.length > 2) out.push(p(`All seats: ${t.values.map((v) => `${seatName(v.seat, view)} ${signed(v.value)}`).join(", ")}.`));
    const line = document.createElement("span");
    line.className = "line";
    line.textContent = t.line.join(" ");
    out.push(p("Expected line: ", line));
    out.push(p(`${t.iterations.toLocaleString("en")} playouts, ${t.nodes.toLocaleString("en")} positions.`));
    const top = [...t.actions].sort((a, b) => b.visits - a.visits).slice(0, 5);
    if (top.length > 1) {
      const table = document.createElement("table");
      const head = table.insertRow();
      for (const h of ["action", "visits", "value"]) {
        const th2 = document.createElement("th");
        th2.textContent = h;
        head.append(th2);
      }
      for (const a of top) {
        const r = table.insertRow();
        r.insertCell().append(code(a.action));
        r.insertCell().textContent = a.visits.toLocaleString("en");
        r.insertCell().textContent = signed(a.value) + (a.exact ? " (proven)" : "");
      }
      out.push(table);
    }
  }
  body.replaceChildren(...out);
}

// --- looking back -------------------------------------------------------------------------

/** Shows the position after `k` actions of the move list (the game waits); the last: back. */
function review(k) {
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

function renderReview() {
  const k = state.review;
  document.body.classList.add("reviewing");
  let g = null;
  try {
    g = new WebGame(state.game.name, state.game.params, state.base);
    for (const m of state.log.slice(0, k - 1)) g.play(m.text);
    const before = g.view();
    let touches = null;
    if (k > 0) {
      try { touches = g.touches(state.log[k - 1].text); } catch { touches = null; }
      g.play(state.log[k - 1].text);
    }
    const view = g.view();
    const marks = { last: new Set(), "last-to": new Set() };
    if (k > 0) {
      view.cells.forEach((c, i) => {
        if (JSON.stringify(c.pieces) !== JSON.stringify(before.cells[i].pieces)) marks.last.add(i);
      });
      if (touches) for (const c of [touches.from, touches.to]) if (c !== null) marks.last.add(c);
      if (touches && touches.to !== null) marks["last-to"].add(touches.to);
    }
    const svg = $("board");
    const L = draw(svg, view, { marks, colours: look().colours, coordinates: $("coords").checked });
    if (touches && touches.path.length) drawPath(svg, view, L, [touches.from, ...touches.path, touches.to].filter((c) => c !== null));
    const m = state.log[k - 1];
    $("banner").className = "review";
    $("headline").textContent = k > 0 ? `Looking back: action ${k} of ${state.log.length}, ${m.who === "die" ? "the die" : seatLabel(m.seat, view)}: ${m.text}` : `Looking back: the start, before action 1 of ${state.log.length}`;
    $("detail").textContent = "← and → step through the game; Esc or the last action comes back to it.";
  } finally {
    if (g) g.free();
  }
  for (const [i, li] of [...$("moves").children].entries()) li.classList.toggle("reviewed", i === k - 1);
  for (const row of document.querySelectorAll(".seat-row")) {
    row.classList.remove("to-act", "thinking");
    row.querySelector(".state").textContent = "";
  }
  $("act-title").textContent = "Looking back";
  $("act-help").textContent = "The game waits while you look back.";
  $("choices").replaceChildren();
  const back = document.createElement("button");
  back.type = "button";
  back.id = "back";
  back.textContent = "Back to the game";
  back.addEventListener("click", () => review(null));
  $("choices").append(back);
  document.body.dataset.state = "review";
}

// --- the address ----------------------------------------------------------------------------

// The address follows the game, at most a few times a second (browsers limit replaceState).
function scheduleAddress() {
  if (state.addressTimer) return;
  state.addressTimer = setTimeout(writeAddress, state.addressWritten ? 250 : 0);
  state.addressWritten = true;
}

function writeAddress() {
  clearTimeout(state.addressTimer);
  state.addressTimer = null;
  const link = linkFragment();
  $("link").href = link;
  if (location.hash !== link || location.search) history.replaceState(null, "", location.pathname + link);
}

function linkFragment() {
  const p = new URLSearchParams();
  p.set("game", state.game.name);
  if (state.game.params) p.set("params", state.game.params);
  p.set("seats", state.game.view().seats.map((s) => state.seats[s.seat]).join(";"));
  if (state.log.some((m) => m.id === null)) {
    p.set("from", state.game.position());
  } else {
    if (state.base) p.set("from", state.base);
    if (state.log.length) p.set("moves", state.log.map((m) => m.id).join("."));
  }
  return "#" + p.toString();
}

/** The game an address describes: its fragment, else its query (?game=...&params=...). */
function fromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const src = hash.get("game") ? hash : query;
  const pace = hash.get("pace") ?? query.get("pace");
  if (pace && PACES[pace]) {
    $("pace").value = pace;
    state.pace = PACES[pace];
  }
  if (!src.get("game")) return null;
  const moves = (src.get("moves") ?? "").split(".").filter((x) => x !== "").map(Number);
  return {
    name: src.get("game"),
    params: src.get("params") ?? "",
    from: src.get("from") || null,
    moves,
    seats: src.get("seats") ? src.get("seats").split(";") : null,
  };
}

// --- controls -------------------------------------------------------------------------------

function undo() {
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
  state.selected = null;
  state.pending = [];
  state.trail = { seat: null, cells: new Set(), to: null };
  state.previous = new Set();
  state.path = null;
  state.hint = null;
  $("error").textContent = undone ? "" : "Nothing to undo.";
  update();
}

function loadPosition() {
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
  state.selected = null;
  state.pending = [];
  state.trail = { seat: null, cells: new Set(), to: null };
  state.previous = new Set();
  state.path = null;
  state.hint = null;
  $("position-error").textContent = "";
  $("error").textContent = "";
  update();
}

function showTab(name) {
  state.tab = name;
  for (const b of document.querySelectorAll("#tabs button")) {
    const on = b.dataset.tab === name;
    b.setAttribute("aria-selected", on ? "true" : "false");
    $(`tab-${b.dataset.tab}`).hidden = !on;
  }
  if (name === "rules" && state.game) {
    try { localStorage.setItem(`rules-seen:${state.game.name}`, "1"); } catch { /* private mode */ }
  }
}

function rulesSeen(name) {
  try { return localStorage.getItem(`rules-seen:${name}`) === "1"; } catch { return true; }
}

function renderRules(name) {
  const r = RULES[name];
  const info = games().find((g) => g.name === name);
  $("rules-title").textContent = `How to play ${info.title}`;
  document.title = `${info.title}: learn and play in the browser (boardgames)`;
  $("rules-doc").textContent = `docs/${name}.md`;
  const intro = $("rules-intro");
  intro.replaceChildren();
  const brief = $("rules-brief");
  brief.replaceChildren();
  const here = $("rules-here");
  here.replaceChildren();
  if (!r) return;
  appendMarkup(intro, r.intro + ".");
  for (const b of r.brief) brief.append(appendMarkup(document.createElement("li"), b));
  for (const h of r.here) here.append(appendMarkup(document.createElement("li"), h));
  let g = null;
  try {
    g = new WebGame(name, r.picture.params, r.picture.position ?? null);
    for (const m of r.picture.moves) g.play(m);
    draw($("rules-picture"), g.view(), { colours: (LOOK[name] ?? {}).colours ?? SEAT_COLOURS, labelScale: 1.5 });
  } finally {
    if (g) g.free();
  }
  const caption = $("rules-caption");
  caption.replaceChildren();
  appendMarkup(caption, r.picture.quote);
}

// The settings: one field per parameter key, from the registry's descriptions, and the
// parameter text; each follows the other.
function buildParamFields(name) {
  const info = games().find((g) => g.name === name);
  const box = $("param-fields");
  box.replaceChildren();
  for (const p of info ? info.params : []) {
    let input;
    if (p.values.kind === "choice") {
      input = document.createElement("select");
      input.add(new Option(`${p.default} (default)`, ""));
      for (const o of p.values.options) if (o !== p.default) input.add(new Option(o, o));
    } else if (p.values.kind === "int") {
      input = document.createElement("input");
      input.type = "number";
      input.min = p.values.min;
      input.max = p.values.max;
      input.placeholder = p.default;
    } else if (p.default.length <= 8) {
      input = document.createElement("input");
      input.type = "text";
      input.placeholder = p.default;
      input.spellcheck = false;
    } else {
      continue; // long texts (Repello's board numbers) are typed in the parameter text
    }
    input.className = "param";
    input.dataset.key = p.key;
    input.dataset.default = p.default;
    input.addEventListener("input", composeParams);
    const label = document.createElement("label");
    label.title = `${p.help} (default ${p.default})`;
    label.append(p.key, input);
    box.append(label);
  }
}

function parsePairs(text) {
  const pairs = {};
  for (const part of text.split(",")) {
    const at = part.indexOf("=");
    if (at > 0) pairs[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return pairs;
}

function composeParams() {
  const fields = [...document.querySelectorAll(".param")];
  const keys = new Set(fields.map((i) => i.dataset.key));
  const kept = $("params").value.split(",").map((x) => x.trim()).filter((x) => x && !keys.has(x.split("=")[0].trim()));
  const chosen = fields.filter((i) => i.value !== "").map((i) => `${i.dataset.key}=${i.value}`);
  $("params").value = [...chosen, ...kept].join(",");
}

function fillParamFields(text) {
  const pairs = parsePairs(text);
  for (const input of document.querySelectorAll(".param")) {
    let v = pairs[input.dataset.key] ?? "";
    if (input.tagName === "SELECT") {
      if (v === input.dataset.default) v = "";
      if (![...input.options].some((o) => o.value === v)) v = "";
    }
    input.value = v;
  }
}

function fillPresets(name) {
  const list = $("presets");
  list.replaceChildren(...(PRESETS[name] ?? []).map((p) => new Option(p || "(defaults)", p)));
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

async function main() {
  await init();
  const select = $("game");
  for (const g of games()) select.add(new Option(g.title, g.name));
  try {
    $("coords").checked = localStorage.getItem("coordinates") !== "0";
    const pace = localStorage.getItem("pace");
    if (pace && PACES[pace]) {
      $("pace").value = pace;
      state.pace = PACES[pace];
    }
  } catch { /* private mode */ }
  select.addEventListener("change", () => {
    startGame({ name: select.value });
    showTab(rulesSeen(select.value) ? "play" : "rules");
  });
  $("params").addEventListener("input", () => fillParamFields($("params").value));
  $("setup").addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (startGame({ name: select.value, params: $("params").value.trim() })) showTab("play");
  });
  $("new").addEventListener("click", () => $("setup").requestSubmit());
  $("rules-button").addEventListener("click", () => {
    showTab("rules");
    $("tabs").scrollIntoView({ block: "nearest" });
  });
  $("rules-done").addEventListener("click", () => showTab("play"));
  for (const b of document.querySelectorAll("#tabs button")) b.addEventListener("click", () => showTab(b.dataset.tab));
  $("share").addEventListener("click", async () => {
    writeAddress();
    const url = location.origin + location.pathname + linkFragment();
    toast((await copyText(url)) ? "Link copied: it opens this game at this position." : `Link: ${url}`);
  });
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", askHint);
  $("coords").addEventListener("change", () => {
    try { localStorage.setItem("coordinates", $("coords").checked ? "1" : "0"); } catch { /* private mode */ }
    update();
  });
  $("pace").addEventListener("change", () => {
    state.pace = PACES[$("pace").value] ?? PACES.normal;
    try { localStorage.setItem("pace", $("pace").value); } catch { /* private mode */ }
  });
  $("copy").addEventListener("click", async () => {
    const text = state.game.position();
    $("position").value = text;
    if (await copyText(text)) toast("Position copied.");
    else $("position").select();
  });
  $("load").addEventListener("click", loadPosition);
  const moveIndex = (ev) => {
    const li = ev.target.closest?.("#moves li");
    return li ? [...$("moves").children].indexOf(li) : -1;
  };
  $("moves").addEventListener("click", (ev) => {
    const i = moveIndex(ev);
    if (i >= 0) review(i + 1);
  });
  $("moves").addEventListener("keydown", (ev) => {
    const i = moveIndex(ev);
    if (i < 0 || (ev.key !== "Enter" && ev.key !== " ")) return;
    ev.preventDefault();
    review(i + 1);
  });
  document.addEventListener("keydown", (ev) => {
    if (state.review === null || ev.target.closest?.("input, textarea, select")) return;
    if (ev.key === "ArrowLeft") review(Math.max(0, state.review - 1));
    else if (ev.key === "ArrowRight") review(state.review + 1);
    else if (ev.key === "Escape") review(null);
    else return;
    ev.preventDefault();
  });
  window.addEventListener("pagehide", writeAddress);
  window.addEventListener("hashchange", () => {
    const wanted = fromAddress();
    if (wanted && location.hash !== linkFragment()) startGame(wanted);
  });
  const wanted = fromAddress() ?? { name: select.value };
  if (!startGame(wanted)) startGame({ name: wanted.name in LOOK ? wanted.name : select.value });
  showTab(rulesSeen(state.game.name) ? "play" : "rules");
  document.body.dataset.ready = "1";
}

main();
