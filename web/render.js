// Drawing the page around the board from the state: the banner (who acts, or the result),
// the seats, what the person can do (help text and choice buttons), the move list, the dice,
// and the board while looking back. Plays nothing: the buttons call back.
import { WebGame } from "./pkg/boardgame_wasm.js";
import { draw, drawPath } from "./board.js";
import { $, state, look, seatLabel, agentLabel, humans, verb, words } from "./page.js";
import { showTab } from "./forms.js";
import { chancePreview, previewText } from "./analysis.js";

export function choiceButtons(container, actions, onChoice, said = false) {
  container.replaceChildren();
  for (const a of actions) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "choice";
    b.dataset.action = a.text;
    const code = document.createElement("code");
    code.textContent = a.text;
    b.append(code);
    // Beside the board: what the action does, in words ("f9: the die is rolled for the ship on f9").
    let what = "";
    if (said) {
      try { what = words(state.game.describe(a.text)); } catch { what = ""; }
    }
    if (what) {
      const w = document.createElement("span");
      w.className = "said";
      w.textContent = what;
      b.append(w);
      b.title = what;
    }
    b.addEventListener("click", () => onChoice(a.text));
    container.append(b);
  }
}

/** A row of the Players list: the seat's colour and name, `who` (what plays it), its state. */
export function seatRow(seat, view, who) {
  const row = document.createElement("div");
  row.className = "seat-row";
  row.dataset.seat = seat;
  const sw = document.createElement("span");
  sw.className = "swatch";
  sw.style.background = look().colours[seat % look().colours.length];
  const label = document.createElement("span");
  label.className = "name";
  label.textContent = seatLabel(seat, view);
  const st = document.createElement("span");
  st.className = "state";
  const note = document.createElement("span");
  note.className = "note";
  row.append(sw, label, who, st, note);
  return row;
}

export function renderBanner(view, t, end, human) {
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
    detail.textContent = `${howItEnded(view)} ${more}Game over after ${moves} action${moves === 1 ? "" : "s"}.`;
    banner.dataset.summary = end.summary;
  } else if (t.kind === "chance") {
    headline.textContent = "Rolling the die…";
    detail.textContent = words(view.status);
  } else if (human) {
    headline.textContent = humans().length > 1 ? `${seatLabel(t.seat, view)} to play` : `Your move, ${seatLabel(t.seat, view)}`;
    detail.textContent = words(view.status);
  } else if (state.online) {
    headline.textContent = `${seatLabel(t.seat, view)} to play (${state.online.playedBy(t.seat)})`;
    detail.textContent = words(view.status);
  } else {
    const spin = document.createElement("span");
    spin.className = "spinner";
    spin.setAttribute("aria-hidden", "true");
    headline.append(spin, `${seatLabel(t.seat, view)} is thinking… (${agentLabel(state.seats[t.seat])})`);
    detail.textContent = words(view.status);
  }
  headline.title = headline.textContent;
  detail.title = detail.textContent;
}

/** What ended the game, in words: the deciding action, who played it and what it did. */
export function howItEnded(view) {
  const m = state.log.at(-1);
  if (!m) return "";
  const who = m.who === "die" ? "The die rolled" : `${seatLabel(m.seat, view)} played`;
  return `${who} ${m.text}${m.said ? `: ${m.said}` : ""}.`;
}

export function renderSeatRows(view, t, end) {
  document.querySelectorAll(".seat-row").forEach((row) => {
    const s = view.seats.find((x) => String(x.seat) === row.dataset.seat);
    const acting = !end && t.kind === "seat" && String(t.seat) === row.dataset.seat;
    row.classList.toggle("to-act", acting);
    row.classList.toggle("out", s ? !s.active : false);
    const thinking = acting && state.seats[t.seat] !== "human" && !state.online;
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

export function renderAct(view, t, end, human, legal, onChoice) {
  // Choices: the actions of the selected cell, or those no cell click can reach.
  let choices = [];
  if (human) {
    if (state.pending.length) choices = state.pending;
    else if (state.selected !== null) choices = legal.filter((a) => a.from === state.selected);
    else choices = legal.filter((a) => (a.from === null && a.to === null) || (state.hint && state.hint.text === a.text));
  }
  choiceButtons($("choices"), choices, onChoice, true);
  choiceButtons($("legal"), legal, onChoice);
  $("all-legal").hidden = !human;
  $("hint").hidden = !human;
  $("hint").disabled = !!state.hinting;
  $("hint").textContent = state.hinting ? "Thinking…" : "Suggest a move";
  $("undo").disabled = state.log.length === 0;
  let title = "Your move";
  let help = "";
  if (end) {
    title = "Game over";
    help = `${howItEnded(view)} ${state.online ? "Start a New game, or Leave the room (Online)." : "Start a New game, or Undo to take moves back."}`;
  } else if (t.kind === "chance") {
    title = "The die";
    help = "The die is rolling.";
  } else if (!human) {
    title = "Waiting";
    const who = state.online ? state.online.playedBy(t.seat) : agentLabel(state.seats[t.seat]);
    help = `${seatLabel(t.seat, view)} (${who}) is to play.`;
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
  if (human && state.hint) help = `The AI suggests ${state.hint.text} (dashed purple on the board). ` + help;
  if (human && choices.length && state.tab !== "play" && (state.pending.length || !legal.some((a) => a.from !== null || a.to !== null))) showTab("play");
  help = verb(help);
  $("act-title").textContent = title;
  $("act-help").textContent = help;
}

export function moveItem(m, i) {
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
export function renderMoves() {
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

export function renderDice() {
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


export function renderReview(onBack) {
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
  back.addEventListener("click", onBack);
  $("choices").append(back);
  document.body.dataset.state = "review";
}

