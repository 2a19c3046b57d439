// Links: the address's fragment follows the game (name, parameters, seats, moves or a
// position), so a link or a reload brings the same game back; and copying to the clipboard.
import { $, state, PACES } from "./page.js";

// --- the address ----------------------------------------------------------------------------

// The address follows the game, at most a few times a second (browsers limit replaceState).
export function scheduleAddress() {
  if (state.addressTimer) return;
  state.addressTimer = setTimeout(writeAddress, state.addressWritten ? 250 : 0);
  state.addressWritten = true;
}

export function writeAddress() {
  clearTimeout(state.addressTimer);
  state.addressTimer = null;
  const link = linkFragment();
  $("link").href = link;
  if (location.hash !== link || location.search) history.replaceState(null, "", location.pathname + link);
}

export function linkFragment() {
  const p = new URLSearchParams();
  if (state.online) {
    // An online room: its id, and the seat taken here (its token stays in this browser).
    p.set("room", state.online.id);
    if (state.online.seat !== null) p.set("seat", state.online.seat);
    return "#" + p.toString();
  }
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

/**
 * The game an address describes: its fragment, else its query (?game=...&params=...); or an
 * online room (`#room=ID`, with `&seat=I` to play that seat): `{room, seat}`.
 */
export function fromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  if (hash.get("room")) {
    const seat = hash.get("seat");
    return { room: hash.get("room"), seat: seat !== null && /^\d+$/.test(seat) ? Number(seat) : null };
  }
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


export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
