// Online play through `boardgame serve`: create a room (the game, its parameters, a person or
// an AI for every seat) or join one from the lobby, links to send (one per seat, one to
// watch), taking a seat from a link (its token kept in this browser, per room and seat),
// leaving (the seat freed), a rematch at the end, and the room kept in step over the
// server's WebSocket: every room it sends is replayed onto the local table by ply (the same
// board, clicks and highlights as a local game), the person's actions are posted to the
// server, and a lost connection or a reload reconnects by itself and carries on.
import { games } from "./pkg/boardgame_wasm.js";
import { $, state, AGENTS, look, seatLabel, agentLabel, toast } from "./page.js";
import { showTab } from "./forms.js";
import { writeAddress, copyText } from "./links.js";
import { startGame, apply, update } from "./play.js";
import { seatRow } from "./render.js";

const API = "/api/rooms";

/** Whether the page is served by a game server (`GET /api/health`), asked once. */
let serverAnswer = null;
export function serverThere() {
  serverAnswer ??= fetch("/api/health", { cache: "no-store" })
    .then((r) => (r.ok ? r.json() : null))
    .then((j) => !!(j && j.ok))
    .catch(() => false);
  return serverAnswer;
}

// --- the server's routes ----------------------------------------------------------------------

async function call(method, url, body = null, token = null) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(url, { method, headers, body: body === null ? undefined : JSON.stringify(body), cache: "no-store" });
  } catch {
    return { status: 0, body: { error: "the server cannot be reached" } };
  }
  let json = null;
  try { json = await res.json(); } catch { json = null; }
  return { status: res.status, body: json ?? { error: `status ${res.status}` } };
}

const tokenKey = (id, seat) => `room-token:${id}:${seat}`;

function storedToken(id, seat) {
  try { return localStorage.getItem(tokenKey(id, seat)); } catch { return null; }
}

function storeToken(id, seat, token) {
  try {
    if (token === null) localStorage.removeItem(tokenKey(id, seat));
    else localStorage.setItem(tokenKey(id, seat), token);
  } catch { /* private mode: the seat lasts as long as the page */ }
}

function playerName() {
  try { return localStorage.getItem("player-name") ?? ""; } catch { return ""; }
}

/** The address of a room for a seat (a number) or for watching (null). */
export function roomLink(id, seat = null) {
  const p = new URLSearchParams({ room: id });
  if (seat !== null) p.set("seat", seat);
  return `${location.origin}${location.pathname}#${p}`;
}

// --- a room at this page ------------------------------------------------------------------------

/**
 * The room this page is in: `seat` is the seat number taken here (null: watching), `token`
 * its credential. `send`, `renderSeats` and `playedBy` are what the table asks of it.
 */
class Online {
  constructor(id, seat, token) {
    this.id = id;
    this.seat = seat;
    this.token = token;
    this.room = null;
    this.socket = null;
    this.connected = false;
    this.retry = 0;
    this.retryTimer = null;
    this.sending = false;
    this.closed = false;
  }

  /** The local seat index (the view's) of the room's seat number `i`. */
  localSeat(i, view = state.game.view()) {
    const name = this.room?.seats[i]?.seat;
    const s = view.seats.find((x) => x.name === name);
    return s ? s.seat : view.seats[i]?.seat ?? i;
  }

  roomSeat(local, view = state.game.view()) {
    const name = view.seats.find((s) => s.seat === local)?.name;
    return this.room ? this.room.seats.findIndex((s) => s.seat === name) : -1;
  }

  connect() {
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    let socket;
    try {
      socket = new WebSocket(`${scheme}//${location.host}${API}/${encodeURIComponent(this.id)}/live${query}`);
    } catch {
      this.lost();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.connected = true;
      this.retry = 0;
      this.showStatus();
    };
    socket.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg && typeof msg.error === "string") this.refused(msg.error, msg.status);
      else if (msg && Array.isArray(msg.actions)) this.sync(msg);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.lost();
    };
  }

  // After a lost connection: again after 0.5 s, 1 s, 2 s... at most every 5 s.
  lost() {
    this.connected = false;
    this.showStatus();
    if (this.closed) return;
    const wait = Math.min(5000, 500 * 2 ** this.retry++);
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    if (this.socket) {
      const s = this.socket;
      this.socket = null;
      s.close();
    }
  }

  /** Brings the table to the room: the actions not yet seen are played (by ply). */
  sync(room) {
    const game = `${room.game}|${room.params ?? ""}`;
    const same = this.room !== null && this.game === game;
    const seen = state.log.map((m) => m.text);
    // An older room than the one shown (a POST's answer overtaken by the socket's news): kept
    // out, the table is already past it.
    if (same && room.actions.length < seen.length && room.actions.every((t, i) => t === seen[i])) return;
    this.room = room;
    const prefix = same && seen.length <= room.actions.length && seen.every((t, i) => t === room.actions[i]);
    if (!prefix) {
      this.game = game;
      const seats = room.seats.map((s, i) => (i === this.seat ? "human" : `online:${s.kind}`));
      startGame({ name: room.game, params: room.params ?? "", texts: room.actions, seats });
      state.seats = {};
      const view = state.game.view();
      room.seats.forEach((s, i) => { state.seats[this.localSeat(i, view)] = seats[i]; });
      this.renderSeats();
      update();
    } else if (room.actions.length > seen.length) {
      for (const text of room.actions.slice(seen.length)) apply(text);
      update(true);
    } else {
      this.renderSeats();
      update();
    }
    this.showStatus();
    this.renderOver();
  }

  /** At the end: the Rematch button (or, once someone asked for it, the way to its room). */
  renderOver() {
    const over = !!this.room?.over;
    $("online-over").hidden = !over;
    $("online-rematch").textContent = this.room?.rematch ? "Join the rematch" : "Rematch";
  }

  /** Asks for the rematch (the server makes it once) and goes there at the same seat. */
  async rematch() {
    let id = this.room?.rematch;
    if (!id) {
      const r = await call("POST", `${API}/${encodeURIComponent(this.id)}/rematch`);
      if ((r.status !== 200 && r.status !== 201) || !r.body.id) {
        $("online-error").textContent = `No rematch: ${r.body.error ?? `status ${r.status}`}.`;
        return;
      }
      id = r.body.id;
    }
    await joinRoom(id, this.seat);
  }

  /** Gives the seat back to the room (anyone may take it then) and leaves. */
  async leaveSeat() {
    if (this.seat !== null && this.token) {
      await call("DELETE", `${API}/${encodeURIComponent(this.id)}/seats/${this.seat}`, null, this.token);
      storeToken(this.id, this.seat, null);
    }
    leaveRoom();
  }

  refused(error, status) {
    this.sending = false;
    $("error").textContent = `The server refused: ${error}`;
    if (status === 401 && this.seat !== null) {
      // The seat's token is no longer known (a new database): take the seat again.
      storeToken(this.id, this.seat, null);
      this.close();
      joinRoom(this.id, this.seat);
    }
  }

  /** Sends the person's action; the room that comes back (or over the socket) plays it. */
  async send(text) {
    if (this.sending || !this.room) return;
    this.sending = true;
    state.selected = null;
    state.pending = [];
    document.body.dataset.state = "sending";
    const r = await call("POST", `${API}/${encodeURIComponent(this.id)}/actions`, { action: text, ply: state.log.length }, this.token);
    this.sending = false;
    if (r.status === 200 && r.body && Array.isArray(r.body.actions)) {
      $("error").textContent = "";
      this.sync(r.body);
    } else {
      if (r.status === 409) $("error").textContent = "The game moved on meanwhile: here it is as it stands.";
      else $("error").textContent = `Not played: ${r.body.error ?? `status ${r.status}`}.`;
      const again = await call("GET", `${API}/${encodeURIComponent(this.id)}`);
      if (again.status === 200) this.sync(again.body);
      else update();
    }
  }

  /** Who plays local seat `seat`: "you", a name, "a person", an AI. */
  playedBy(seat) {
    const i = this.roomSeat(seat);
    const s = this.room?.seats[i];
    if (!s) return "";
    if (i === this.seat) return "you";
    if (s.kind !== "human") return agentLabel(s.kind);
    return s.name || (s.taken ? "a person" : "nobody yet");
  }

  /** The Players list: every seat with who plays it and whether they are connected. */
  renderSeats() {
    const box = $("seats");
    box.replaceChildren();
    if (!state.game || !this.room) return;
    const view = state.game.view();
    this.room.seats.forEach((s, i) => {
      const who = document.createElement("span");
      who.className = "who";
      const conn = document.createElement("span");
      const human = s.kind === "human";
      conn.className = `conn ${human ? (s.connected ? "connected" : s.taken ? "away" : "free") : "server"}`;
      conn.dataset.connected = human ? String(!!s.connected) : "agent";
      conn.textContent = human ? (s.connected ? "● connected" : s.taken ? "○ not connected" : "○ seat free") : "● played by the server";
      who.append(this.playedBy(this.localSeat(i, view)), " ", conn);
      const row = seatRow(this.localSeat(i, view), view, who);
      row.classList.add("online");
      box.append(row);
    });
    this.renderLinks();
  }

  renderLinks() {
    const box = $("online-links");
    box.replaceChildren();
    if (!this.room) return;
    const view = state.game.view();
    const rows = this.room.seats.map((s, i) => ({ s, i })).filter(({ s }) => s.kind === "human");
    for (const { s, i } of rows) box.append(linkRow(`${seatLabel(this.localSeat(i, view), view)}${i === this.seat ? " (you)" : s.taken ? " (taken)" : ""}`, roomLink(this.id, i), i));
    box.append(linkRow("Watch", roomLink(this.id), null));
    $("online-room").hidden = false;
    $("online-create").hidden = true;
    $("online-lobby").hidden = true;
    $("online-id").textContent = this.id;
    $("online-leave-what").textContent = this.seat === null ? "" : "your seat is freed for someone else";
  }

  showStatus() {
    const el = $("online-status");
    el.hidden = false;
    const where = this.seat === null ? "watching" : "seated";
    el.dataset.connected = this.connected ? "1" : "0";
    el.textContent = this.connected ? `Online room ${this.id}: ${where}, connected.` : `Online room ${this.id}: connection lost, reconnecting…`;
    el.classList.toggle("lost", !this.connected);
  }
}

function linkRow(label, url, seat) {
  const row = document.createElement("div");
  row.className = "link-row";
  row.dataset.seat = seat === null ? "watch" : seat;
  const name = document.createElement("span");
  name.textContent = label;
  const input = document.createElement("input");
  input.readOnly = true;
  input.value = url;
  input.setAttribute("aria-label", `Link: ${label}`);
  input.addEventListener("focus", () => input.select());
  const copy = document.createElement("button");
  copy.type = "button";
  copy.textContent = "Copy";
  copy.addEventListener("click", async () => toast((await copyText(url)) ? "Link copied." : `Link: ${url}`));
  row.append(name, input, copy);
  return row;
}

/** Leaves the room (if any): the page plays locally again. */
export function leaveRoom() {
  if (!state.online) return;
  state.online.close();
  state.online = null;
  $("online-status").hidden = true;
  $("online-room").hidden = true;
  $("online-over").hidden = true;
  $("online-create").hidden = false;
}

/**
 * Enters room `id` at seat `seat` (a number; null: to watch): the seat's token kept in this
 * browser, else the seat taken now (if it is taken by someone else: watching).
 */
export async function joinRoom(id, seat = null) {
  leaveRoom();
  $("online-error").textContent = "";
  const got = await call("GET", `${API}/${encodeURIComponent(id)}`);
  if (got.status !== 200) {
    $("error").textContent = got.status === 404 ? `There is no room ${id} on this server.` : `The room cannot be opened: ${got.body.error}.`;
    return false;
  }
  let token = seat === null ? null : storedToken(id, seat);
  if (seat !== null && !token) {
    const name = playerName();
    const r = await call("POST", `${API}/${encodeURIComponent(id)}/seats/${seat}`, name ? { name } : {});
    if (r.status === 200 && r.body.token) {
      token = r.body.token;
      storeToken(id, seat, token);
    } else {
      toast(r.status === 409 ? "That seat is taken: you are watching." : `Not seated: ${r.body.error}`);
      seat = null;
    }
  }
  state.online = new Online(id, seat, token);
  state.online.sync(got.body);
  writeAddress();
  state.online.connect();
  showTab("play");
  return true;
}

// --- the Online tab ---------------------------------------------------------------------------

/** The form that creates a room: one choice per seat of the current game and parameters. */
export function renderCreateForm() {
  if (!state.game) return;
  const box = $("online-seats");
  box.replaceChildren();
  const view = state.game.view();
  const kept = box.dataset.game === state.game.name ? JSON.parse(box.dataset.choice ?? "[]") : [];
  view.seats.forEach((s, i) => {
    const label = document.createElement("label");
    label.className = "online-seat";
    const select = document.createElement("select");
    select.className = "online-agent";
    select.dataset.index = i;
    for (const [spec, text] of AGENTS) select.add(new Option(spec === "human" ? (i === 0 ? "Person (you)" : "Person") : text, spec, false, (kept[i] ?? "human") === spec));
    const sw = document.createElement("span");
    sw.className = "swatch";
    sw.style.background = look().colours[s.seat % look().colours.length];
    label.append(sw, seatLabel(s.seat, view), select);
    box.append(label);
  });
  const info = games().find((g) => g.name === state.game.name);
  $("online-what").textContent = `${info.title}${state.game.params ? ` (${state.game.params})` : ""}, ${view.seats.length} players`;
}

/** The seat to take in `room`: the one this browser holds a token for, else the first free one. */
function seatToTake(room) {
  const held = room.seats.findIndex((_, i) => storedToken(room.id, i));
  if (held >= 0) return held;
  const free = room.seats.findIndex((s) => s.kind === "human" && !s.taken);
  return free >= 0 ? free : null;
}

async function joinFromLobby(id) {
  const got = await call("GET", `${API}/${encodeURIComponent(id)}`);
  if (got.status !== 200) {
    $("online-error").textContent = `The room cannot be opened: ${got.body.error}.`;
    return renderLobby();
  }
  await joinRoom(id, seatToTake(got.body));
}

/** The lobby: the rooms going on at the server, newest first, each to join or to watch. */
export async function renderLobby() {
  const list = $("online-lobby-list");
  if (state.online || !(await serverThere())) return;
  const r = await call("GET", `${API}?open=true&limit=20`);
  if (state.online) return; // a room was entered meanwhile
  list.replaceChildren();
  $("online-lobby").hidden = r.status !== 200;
  if (r.status !== 200) return;
  const titles = Object.fromEntries(games().map((g) => [g.name, g.title]));
  for (const room of r.body.rooms) {
    const row = document.createElement("li");
    row.className = "lobby-row";
    row.dataset.room = room.id;
    const what = document.createElement("span");
    const free = room.free_seats === 1 ? "1 seat free" : `${room.free_seats} seats free`;
    what.textContent = `${titles[room.game] ?? room.game}${room.params ? ` (${room.params})` : ""}: ${free} of ${room.seats}, ${room.ply} actions played`;
    const join = document.createElement("button");
    join.type = "button";
    join.className = "lobby-join";
    join.textContent = "Join";
    join.disabled = room.free_seats === 0;
    join.addEventListener("click", () => joinFromLobby(room.id));
    const watch = document.createElement("button");
    watch.type = "button";
    watch.className = "lobby-watch";
    watch.textContent = "Watch";
    watch.addEventListener("click", () => joinRoom(room.id, null));
    row.append(what, join, watch);
    list.append(row);
  }
  $("online-lobby-empty").hidden = r.body.rooms.length > 0;
}

async function createRoom() {
  const seats = [...document.querySelectorAll(".online-agent")].map((s) => s.value);
  const error = $("online-error");
  error.textContent = "";
  if (!seats.includes("human")) {
    error.textContent = "At least one seat is a person: yours.";
    return;
  }
  $("online-create-button").disabled = true;
  const r = await call("POST", API, { game: state.game.name, params: state.game.params, seats });
  $("online-create-button").disabled = false;
  if (r.status !== 201 || !r.body.id) {
    error.textContent = `The room was not created: ${r.body.error ?? `status ${r.status}`}.`;
    return;
  }
  await joinRoom(r.body.id, seats.indexOf("human"));
  showTab("online");
}

/**
 * Wires the Online tab. Whether a game server serves the page is asked when the tab is first
 * opened (a page on a plain static host then says how to get one).
 */
export function setUpOnline() {
  $("online-create-button").addEventListener("click", createRoom);
  $("online-leave").addEventListener("click", async () => {
    await state.online?.leaveSeat();
    renderLobby();
    writeAddress();
    startGame({ name: state.game.name, params: state.game.params });
    renderCreateForm();
  });
  $("online-rematch").addEventListener("click", () => state.online?.rematch());
  $("online-lobby-refresh").addEventListener("click", renderLobby);
  const name = $("online-name");
  name.value = playerName();
  name.addEventListener("change", () => {
    try { localStorage.setItem("player-name", name.value.trim()); } catch { /* private mode */ }
  });
  $("tab-online-button").addEventListener("click", async () => {
    if (state.online) return;
    renderCreateForm();
    const there = await serverThere();
    $("online-none").hidden = there;
    $("online-create").hidden = !there || !!state.online;
    document.body.dataset.server = there ? "1" : "0";
    renderLobby();
  });
}
