// Looking ahead: the AI players and the hints think in a Web Worker (one request at a time;
// a new game or an undo drops it), the analysis panel says what the last search found, and
// what each die value would do to a ship before the person rolls for it.
import { WebGame } from "./pkg/boardgame_wasm.js";
import { $, state, seatLabel, seatName, agentLabel } from "./page.js";

let worker = null;
let requestId = 0;

export function stopThinking() {
  if ((state.thinking || state.hinting) && worker) {
    worker.terminate(); // a search cannot be interrupted: drop the thread
    worker = null;
  }
  state.thinking = 0;
  state.hinting = 0;
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
}

export function ask(spec, onAnswer) {
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

// --- what a roll can do -------------------------------------------------------------------

const previewCache = { key: null, value: null };

/**
 * For an action of the person that hands over to chance (Arandia's roll for a ship), where
 * each outcome leads: [{value, to, note}] (`to`: the cell the piece ends on, else null with a
 * note: stays, leaves the board, or the choice that follows). Found by playing every outcome
 * on a copy; null for other actions.
 */
export function chancePreview(action) {
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

export function previewText(action, preview) {
  return `${action.text} rolls the die: ${preview.map((p) => `${p.value} → ${p.note}`).join(", ")}.`;
}


export function signed(v) {
  const t = Math.abs(v).toFixed(2);
  return t === "0.00" ? t : (v > 0 ? "+" : "−") + t;
}

export function renderAnalysis(view) {
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

