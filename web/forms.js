// The forms beside the board: the tabs, How to play (the registry's rules in brief with a
// picture and this page's notes), and the settings (one field per parameter key, the
// parameter text and its presets, each following the other).
import { games, WebGame } from "./pkg/boardgame_wasm.js";
import { draw, SEAT_COLOURS } from "./board.js";
import { RULES, appendMarkup } from "./rules.js";
import { $, state, LOOK, verb } from "./page.js";

export function showTab(name) {
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

export function rulesSeen(name) {
  try { return localStorage.getItem(`rules-seen:${name}`) === "1"; } catch { return true; }
}

export function renderRules(name) {
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
  // The game in a line and the rules in brief: the registry's (the crate's README).
  const title = info.intro.startsWith(info.title) ? `**${info.title}**${info.intro.slice(info.title.length)}` : info.intro;
  appendMarkup(intro, title);
  for (const b of info.brief) brief.append(appendMarkup(document.createElement("li"), b));
  if (!r) return;
  for (const h of r.here) here.append(appendMarkup(document.createElement("li"), verb(h)));
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
export function buildParamFields(name) {
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

export function parsePairs(text) {
  const pairs = {};
  for (const part of text.split(",")) {
    const at = part.indexOf("=");
    if (at > 0) pairs[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return pairs;
}

export function composeParams() {
  const fields = [...document.querySelectorAll(".param")];
  const keys = new Set(fields.map((i) => i.dataset.key));
  const kept = $("params").value.split(",").map((x) => x.trim()).filter((x) => x && !keys.has(x.split("=")[0].trim()));
  const chosen = fields.filter((i) => i.value !== "").map((i) => `${i.dataset.key}=${i.value}`);
  $("params").value = [...chosen, ...kept].join(",");
}

export function fillParamFields(text) {
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

export function fillPresets(name) {
  const list = $("presets");
  const info = games().find((g) => g.name === name);
  list.replaceChildren(...["", ...(info ? info.presets : [])].map((p) => new Option(p || "(defaults)", p)));
}
