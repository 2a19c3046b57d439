// The page: pick a game and its parameters, a human or an AI for every seat, then play by
// clicking cells. Everything about the rules comes from the WebAssembly module (the legal
// actions with the cells they touch); AI players think in a Web Worker.
import init, { games, WebGame } from "./pkg/boardgame_wasm.js";
import { draw, animate, drawPath, SEAT_COLOURS } from "./board.js";

// Example parameters offered for each game (any `key=value,...` text is accepted).
const PRESETS = {
  slimetrail: ["", "size=5", "size=9"],
  splut: ["", "players=3", "players=4", "turn_limit=30"],
  elements: ["", "board=blitz", "board=blitz,players=4", "board=blitz,per_turn=3"],
  repello: ["", "players=3", "players=4", "stack=3"],
  arandia: ["", "players=3", "players=6", "turn_limit=20"],
};
const AGENTS = [
  ["human", "Human"],
  ["mcts:iterations=3000", "AI (strong)"],
  ["mcts:iterations=300", "AI (quick)"],
  ["random", "AI (random)"],
];

const $ = (id) => document.getElementById(id);
const state = {
  game: null,
  seats: {}, // agent spec by seat index ("human" or an agent SPEC)
  urlSeats: [], // specs from the page address (?seats=human;random), in seat order
  log: [], // {who, text} per action played
  selected: null,
  pending: [], // actions offered as buttons after a click that several actions share
  lastTouches: null,
  thinking: 0, // id of the pending AI request (0: none)
  rollTimer: null,
  seed: 1,
};
let worker = null;
let requestId = 0;

function setError(message) {
  $("error").textContent = message ?? "";
}

function seatName(index) {
  const info = state.game.view().seats.find((s) => s.seat === index);
  return info ? info.name : String(index);
}

function newGame(name, params, position = null) {
  let game;
  try {
    game = new WebGame(name, params, position);
  } catch (e) {
    setError(e.message);
    return;
  }
  stopThinking();
  if (state.game) state.game.free();
  state.game = game;
  state.log = [];
  state.selected = null;
  state.pending = [];
  state.lastTouches = null;
  $("dice").replaceChildren();
  $("dice-area").hidden = !games().find((g) => g.name === name).has_chance;
  const seats = game.view().seats;
  // Keep earlier choices; by default seat 0 is human and the others are the quick AI.
  const previous = state.seats;
  state.seats = {};
  seats.forEach((s, i) => {
    state.seats[s.seat] = state.urlSeats[i] ?? previous[s.seat] ?? (i === 0 ? "human" : AGENTS[2][0]);
  });
  state.urlSeats = [];
  setError("");
  renderSeats();
  update();
}

function renderSeats() {
  const box = $("seats");
  box.replaceChildren();
  for (const s of state.game.view().seats) {
    const row = document.createElement("div");
    row.className = "seat-row";
    row.dataset.seat = s.seat;
    const sw = document.createElement("span");
    sw.className = "swatch";
    sw.style.background = SEAT_COLOURS[s.seat % SEAT_COLOURS.length];
    const label = document.createElement("span");
    label.textContent = `seat ${s.name}`;
    const select = document.createElement("select");
    select.className = "agent";
    select.dataset.seat = s.seat;
    const options = AGENTS.some(([spec]) => spec === state.seats[s.seat]) ? AGENTS : [...AGENTS, [state.seats[s.seat], state.seats[s.seat]]];
    for (const [spec, text] of options) select.add(new Option(text, spec, false, state.seats[s.seat] === spec));
    select.addEventListener("change", () => {
      state.seats[s.seat] = select.value;
      stopThinking();
      update();
    });
    const note = document.createElement("span");
    note.className = "note";
    row.append(sw, label, select, note);
    box.append(row);
  }
}

function humanToAct() {
  const t = state.game.toAct();
  return t.kind === "seat" && state.seats[t.seat] === "human";
}

// --- acting -------------------------------------------------------------------------------

function play(text, who) {
  let touches = null;
  try {
    touches = state.game.touches(text);
    state.game.play(text);
  } catch (e) {
    setError(e.message);
    return false;
  }
  state.log.push({ who, text });
  state.lastTouches = touches;
  state.selected = null;
  state.pending = [];
  setError("");
  update();
  return true;
}

function onCellClick(cell) {
  if (!humanToAct()) return;
  const who = state.game.toAct().name;
  const legal = state.game.legal();
  if (state.selected !== null && state.selected !== cell) {
    const onto = legal.filter((a) => a.from === state.selected && a.to === cell);
    if (onto.length === 1) return play(onto[0].text, who);
    if (onto.length > 1) {
      state.pending = onto; // several ways to get there: throws, levitations, pulls
      return update();
    }
  }
  const from = legal.filter((a) => a.from === cell);
  const onto = legal.filter((a) => a.to === cell && a.from !== cell);
  state.pending = [];
  state.selected = null;
  if (from.length === 0 && onto.length === 1) return play(onto[0].text, who);
  if (from.length === 0 && onto.length > 1) state.pending = onto;
  else if (from.length === 1 && from[0].to === null && onto.length === 0) return play(from[0].text, who);
  else if (from.length) state.selected = cell;
  update();
}

function choiceButtons(container, actions, who) {
  container.replaceChildren();
  for (const a of actions) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = a.text;
    b.className = "choice";
    b.addEventListener("click", () => play(a.text, who));
    container.append(b);
  }
}

// --- chance and AI ------------------------------------------------------------------------

function rollDie() {
  state.rollTimer = null;
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
  const die = document.createElement("div");
  die.className = "die fresh";
  die.textContent = pick.text;
  die.title = `rolled ${pick.text}`;
  const dice = $("dice");
  dice.querySelectorAll(".fresh").forEach((d) => d.classList.remove("fresh"));
  dice.prepend(die);
  while (dice.children.length > 12) dice.lastChild.remove();
  play(pick.text, "die");
}

function stopThinking() {
  state.thinking = 0;
  if (state.rollTimer) clearTimeout(state.rollTimer);
  state.rollTimer = null;
}

function askAgent(spec) {
  if (!worker) {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.onmessage = (ev) => {
      const { id, action, error } = ev.data;
      if (id !== state.thinking) return; // stale: undo or a new game since
      state.thinking = 0;
      if (error) {
        setError(`AI: ${error}`);
        return;
      }
      play(action, state.game.toAct().name);
    };
  }
  state.thinking = ++requestId;
  worker.postMessage({
    id: state.thinking,
    name: state.game.name,
    params: state.game.params,
    position: state.game.position(),
    spec,
    seed: state.seed++,
  });
}

// --- drawing ------------------------------------------------------------------------------

function update() {
  const game = state.game;
  const view = game.view();
  const t = game.toAct();
  const human = humanToAct();
  const legal = human ? game.legal() : [];
  const marks = { movable: new Set(), selected: new Set(), target: new Set(), flash: new Set() };
  if (human) {
    for (const a of legal) {
      if (a.from !== null) marks.movable.add(a.from);
      else if (a.to !== null) marks.movable.add(a.to);
    }
    if (state.selected !== null) {
      marks.selected.add(state.selected);
      for (const a of legal) if (a.from === state.selected && a.to !== null) marks.target.add(a.to);
    }
  }
  if (state.lastTouches) for (const c of state.lastTouches.changed) marks.flash.add(c);
  const svg = $("board");
  const L = draw(svg, view, marks, onCellClick);
  if (state.lastTouches && state.lastTouches.path.length) {
    const tt = state.lastTouches;
    drawPath(svg, view, L, [tt.from, ...tt.path, tt.to].filter((c) => c !== null));
  }
  animate(svg, view, L, state.lastTouches);
  state.lastTouches = null;
  svg.dataset.toAct = t.kind === "seat" ? `seat:${t.seat}` : t.kind;

  $("status").textContent = view.status;
  document.querySelectorAll(".seat-row").forEach((row) => {
    const s = view.seats.find((x) => String(x.seat) === row.dataset.seat);
    row.classList.toggle("to-act", t.kind === "seat" && String(t.seat) === row.dataset.seat);
    row.classList.toggle("out", s ? !s.active : false);
    row.querySelector(".note").textContent = s ? s.note : "";
  });

  // Choices: the actions of the selected cell, or those no cell click can reach.
  let choices = [];
  if (human) {
    if (state.pending.length) choices = state.pending;
    else if (state.selected !== null) choices = legal.filter((a) => a.from === state.selected);
    else choices = legal.filter((a) => a.from === null && a.to === null);
  }
  choiceButtons($("choices"), choices, t.name);
  choiceButtons($("legal"), legal, t.name);

  const moves = $("moves");
  moves.replaceChildren(...state.log.map((m) => {
    const li = document.createElement("li");
    li.textContent = `${m.who}: ${m.text}`;
    return li;
  }));
  moves.scrollTop = moves.scrollHeight;
  if (document.activeElement !== $("position")) $("position").value = game.position();

  const banner = $("banner");
  const end = game.outcome();
  if (end) {
    const names = end.winners.map(seatName);
    const humans = view.seats.filter((s) => state.seats[s.seat] === "human").map((s) => s.seat);
    let text = end.draw ? "Game over: a draw" : `Game over: ${names.map((n) => `seat ${n}`).join(" and ")} ${names.length > 1 ? "share the win" : "wins"}`;
    if (end.scores) text += ` (scores ${end.scores.join(" / ")})`;
    banner.className = end.draw ? "draw" : "";
    if (!end.draw && humans.length === 1) {
      const won = end.winners.includes(humans[0]);
      text += won ? ". You win!" : ". You lose.";
      if (!won) banner.className = "lost";
    }
    banner.textContent = text;
    banner.hidden = false;
    banner.dataset.summary = end.summary;
  } else {
    banner.hidden = true;
    delete banner.dataset.summary;
  }

  // Who acts next: a die, an AI, or the person at the page.
  if (t.kind === "chance" && !state.rollTimer) {
    state.rollTimer = setTimeout(rollDie, 350);
  } else if (t.kind === "seat" && !human && !state.thinking) {
    askAgent(state.seats[t.seat]);
  }
  document.body.dataset.state = end ? "over" : human ? "human" : t.kind === "chance" ? "chance" : "ai";
}

// --- controls -----------------------------------------------------------------------------

function undo() {
  stopThinking();
  // Back to the last decision of a human seat (at least one action).
  let undone = 0;
  while (state.game.undo()) {
    state.log.pop();
    undone++;
    if (humanToAct()) break;
  }
  state.selected = null;
  state.pending = [];
  if (!undone) setError("nothing to undo");
  update();
}

// The settings menu: one field per parameter key, from the registry's descriptions; the
// parameter text below them is what starts the game (and can be edited by hand).
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
    } else {
      continue; // long texts (Repello's board numbers) are typed in the parameter text
    }
    input.className = "param";
    input.dataset.key = p.key;
    input.addEventListener("input", composeParams);
    const label = document.createElement("label");
    label.title = `${p.help} (default ${p.default})`;
    label.append(`${p.key} `, input);
    box.append(label);
  }
}

function composeParams() {
  const keys = new Set([...document.querySelectorAll(".param")].map((i) => i.dataset.key));
  const kept = $("params").value.split(",").map((x) => x.trim()).filter((x) => x && !keys.has(x.split("=")[0].trim()));
  const chosen = [...document.querySelectorAll(".param")].filter((i) => i.value !== "").map((i) => `${i.dataset.key}=${i.value}`);
  $("params").value = [...chosen, ...kept].join(",");
}

function fillParamFields(text) {
  const pairs = Object.fromEntries(text.split(",").filter((x) => x.includes("=")).map((x) => x.split("=").map((y) => y.trim())));
  for (const input of document.querySelectorAll(".param")) input.value = pairs[input.dataset.key] ?? "";
}

function fillPresets(name) {
  const list = $("presets");
  list.replaceChildren(...(PRESETS[name] ?? []).map((p) => new Option(p || "(defaults)", p)));
}

async function main() {
  await init();
  const select = $("game");
  for (const g of games()) select.add(new Option(g.title, g.name));
  const url = new URLSearchParams(location.search);
  if (url.get("game")) select.value = url.get("game");
  $("params").value = url.get("params") ?? "";
  if (url.get("seats")) state.urlSeats = url.get("seats").split(";");
  fillPresets(select.value);
  buildParamFields(select.value);
  fillParamFields($("params").value);
  select.addEventListener("change", () => {
    fillPresets(select.value);
    buildParamFields(select.value);
    $("params").value = "";
  });
  $("params").addEventListener("change", () => fillParamFields($("params").value));
  $("setup").addEventListener("submit", (ev) => {
    ev.preventDefault();
    newGame(select.value, $("params").value.trim());
  });
  $("undo").addEventListener("click", undo);
  $("copy").addEventListener("click", async () => {
    const text = state.game.position();
    $("position").value = text;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      $("position").select();
      document.execCommand("copy");
    }
  });
  $("load").addEventListener("click", () => {
    stopThinking();
    try {
      state.game.setPosition($("position").value);
    } catch (e) {
      setError(e.message);
      return;
    }
    state.log = [];
    setError("");
    update();
  });
  newGame(select.value, $("params").value.trim());
  document.body.dataset.ready = "1";
}

main();
