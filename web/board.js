// Draws a BoardView (the kit's view model) as SVG: square grids, Splut!'s diamond and the
// hexagon, with terrain, printed numbers, pieces, coordinates along the edges, and marks (the
// cells a person can click, the last move, a hint). Animates what changed between two views.
// Knows no game rules.

const SVG = "http://www.w3.org/2000/svg";
export const SIZE = 640;

/** Default colours of seats 0..5 (a game may give its own). */
export const SEAT_COLOURS = ["#d62828", "#e9c46a", "#2a9d8f", "#277da1", "#8e5ccf", "#f3722c"];

const TERRAIN_FILL = {
  plain: "#f7f3e8",
  goal: "#f7f3e8",
  start: "#efe3c2",
  rock: "#6c6259",
  harbour: "#cfe8f3",
  island: "#b5d99c",
  shoal: "#e8d8a8",
};

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function text(parent, x, y, content, attrs = {}) {
  const t = el("text", { x: x.toFixed(1), y: y.toFixed(1), ...attrs }, parent);
  t.textContent = content;
  return t;
}

/** Whether a colour (#rrggbb) is light enough to need dark text on it. */
function light(colour) {
  if (!colour || colour[0] !== "#" || colour.length < 7) return false;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

/** Cell centres and the cell size for a geometry: {centre(cell) -> [x, y], size, hex}. */
export function layout(view, size = SIZE) {
  const g = view.geometry;
  if (g.kind === "hex") {
    const margin = size * 0.06;
    const n = 2 * g.radius + 1;
    // Pointy-top hexes: row y is drawn 1.5 r apart, column (x - y / 2) sqrt(3) r apart.
    const r = (size - 2 * margin) / (Math.sqrt(3) * n);
    const w = Math.sqrt(3) * r;
    const cx = (c) => size / 2 + (c.x - c.y / 2 - g.radius / 2) * w;
    const cy = (c) => size / 2 + (g.radius - c.y) * 1.5 * r;
    return { centre: (c) => [cx(c), cy(c)], size: w, radius: r, hex: true, geometry: g };
  }
  const margin = size * 0.045;
  const files = g.kind === "square" ? g.files : g.size;
  const ranks = g.kind === "square" ? g.ranks : g.size;
  const s = Math.min((size - 2 * margin) / files, (size - 2 * margin) / ranks);
  const ox = (size - s * files) / 2;
  const oy = (size - s * ranks) / 2;
  return {
    centre: (c) => [ox + (c.x + 0.5) * s, oy + (ranks - 1 - c.y + 0.5) * s],
    size: s,
    hex: false,
    files,
    ranks,
    ox,
    oy,
    geometry: g,
  };
}

function hexPoints(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (60 * k - 30);
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

const LETTER = { sorcerer: "S", troll: "T", dwarf: "D" };

function drawPiece(parent, p, x, y, s, colours) {
  const owner = p.owner === null ? null : colours[p.owner % colours.length];
  const group = el("g", { class: "piece" + (p.spent ? " spent" : ""), "data-kind": p.kind }, parent);
  if (p.id !== null) group.setAttribute("data-id", p.id);
  if (p.owner !== null) group.setAttribute("data-owner", p.owner);
  const r = s * 0.31;
  switch (p.kind) {
    case "slime":
      el("rect", { x: x - s / 2 + 2, y: y - s / 2 + 2, width: s - 4, height: s - 4, rx: s * 0.12, fill: "#8fbf3f", opacity: 0.75 }, group);
      break;
    case "snail":
      el("circle", { cx: x, cy: y, r, fill: "#6a994e", stroke: "#1b4332", "stroke-width": 2 }, group);
      el("circle", { cx: x + r * 0.2, cy: y - r * 0.1, r: r * 0.45, fill: "none", stroke: "#1b4332", "stroke-width": 2 }, group);
      break;
    case "rock":
      el("polygon", { points: `${x - r},${y + r * 0.7} ${x - r * 0.6},${y - r * 0.6} ${x + r * 0.4},${y - r} ${x + r},${y + r * 0.2} ${x + r * 0.5},${y + r}`, fill: "#7d7d7d", stroke: "#333", "stroke-width": 1.5 }, group);
      break;
    case "block":
      el("rect", { x: x - s * 0.4, y: y - s * 0.4, width: s * 0.8, height: s * 0.8, rx: 2, fill: owner, stroke: "#222", "stroke-width": 1 }, group);
      break;
    case "mound":
      el("path", { d: `M${x - s * 0.4},${y + s * 0.32} Q${x},${y - s * 0.5} ${x + s * 0.4},${y + s * 0.32} Z`, fill: owner, stroke: "#222", "stroke-width": 1, opacity: 0.85 }, group);
      break;
    case "black":
    case "silver":
    case "gold": {
      const fill = { black: "#222", silver: "#c0c0c0", gold: "#f4c430" }[p.kind];
      el("circle", { cx: x, cy: y, r: r * 0.8, fill, stroke: "#444", "stroke-width": 1.5 }, group);
      break;
    }
    default: {
      if (p.spent) {
        // Has acted this turn: drawn smaller inside a dashed ring of its own colour (not faded,
        // which would look like another seat's colour).
        el("circle", { cx: x, cy: y, r, fill: "none", stroke: owner ?? "#999", "stroke-width": 2, "stroke-dasharray": "3 2", class: "spent-ring" }, group);
        el("circle", { cx: x, cy: y, r: r * 0.68, fill: owner ?? "#999", stroke: "#222", "stroke-width": 1 }, group);
        break;
      }
      el("circle", { cx: x, cy: y, r, fill: owner ?? "#999", stroke: "#222", "stroke-width": 1.5 }, group);
      const label = p.kind === "stack" ? String(p.height ?? "") : LETTER[p.kind] ?? "";
      if (label) {
        text(group, x, y, label, { class: "piece-text", "font-size": (r * 1.1).toFixed(1), fill: light(owner) ? "#222" : "#fff" });
      }
    }
  }
  return group;
}

// Coordinates along the edges: files under the board and ranks on its left (square grids and
// the diamond's 9x9 square); on the hexagon, each rank left of its first cell and each file
// below its lowest cell, where its next cell down would be.
function drawCoordinates(layer, view, L, scale = 1) {
  const font = Math.min(13 * scale, Math.max(8, L.size * 0.32 * scale));
  const attrs = { class: "coord", "font-size": font.toFixed(1) };
  const fileName = (c) => c.name.match(/^[a-z]+/)[0];
  const rankName = (c) => c.name.match(/[0-9]+$/)[0];
  if (!L.hex) {
    const files = new Map();
    const ranks = new Map();
    for (const c of view.cells) {
      files.set(c.x, fileName(c));
      ranks.set(c.y, rankName(c));
    }
    for (const [x, name] of files) {
      const [cx] = L.centre({ x, y: 0 });
      text(layer, cx, L.oy + L.ranks * L.size + font * 1.05, name, { ...attrs, "text-anchor": "middle" });
    }
    for (const [y, name] of ranks) {
      const [, cy] = L.centre({ x: 0, y });
      text(layer, L.ox - font * 0.4, cy + font * 0.35, name, { ...attrs, "text-anchor": "end" });
    }
    return;
  }
  const firstOfRank = new Map();
  const lowestOfFile = new Map();
  for (const c of view.cells) {
    if (!firstOfRank.has(c.y) || firstOfRank.get(c.y).x > c.x) firstOfRank.set(c.y, c);
    if (!lowestOfFile.has(c.x) || lowestOfFile.get(c.x).y > c.y) lowestOfFile.set(c.x, c);
  }
  for (const c of firstOfRank.values()) {
    const [x, y] = L.centre(c);
    text(layer, x - L.size * 0.55, y + font * 0.35, rankName(c), { ...attrs, "text-anchor": "end" });
  }
  for (const c of lowestOfFile.values()) {
    const [x, y] = L.centre(c);
    text(layer, x + L.size * 0.36, y + L.radius * 1.2 + font * 0.35, fileName(c), { ...attrs, "text-anchor": "middle" });
  }
}

// Arandia's harbours: a label outside the middle cell of each side ("H0" .. "H5"), in the
// colour of the seat whose home it is when that seat plays.
function drawHarbourSides(layer, view, L, colours) {
  const sides = new Map();
  for (const c of view.cells) {
    if (c.terrain.kind !== "harbour") continue;
    if (!sides.has(c.terrain.side)) sides.set(c.terrain.side, []);
    sides.get(c.terrain.side).push(c);
  }
  const playing = new Set(view.seats.map((s) => s.seat));
  const font = Math.min(14, L.size * 0.26);
  for (const [side, cells] of sides) {
    const pts = cells.map((c) => L.centre(c));
    const mx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
    const my = pts.reduce((a, p) => a + p[1], 0) / pts.length;
    // Outwards: from the board's centre through the side's middle.
    const dx = mx - SIZE / 2;
    const dy = my - SIZE / 2;
    const d = Math.hypot(dx, dy) || 1;
    const x = mx + (dx / d) * L.size * 1.05;
    const y = my + (dy / d) * L.size * 1.05;
    const t = text(layer, x, y + font * 0.35, `H${side}`, { class: "harbour-label", "text-anchor": "middle", "font-size": font.toFixed(1) });
    t.setAttribute("fill", playing.has(side) ? colours[side % colours.length] : "#8a9aa3");
    t.setAttribute("data-side", side);
  }
}

// Every state of a cell has its own mark, over the pieces, so that all of them show at once:
// the edge ring says what the person can do there (blue: act from it, thicker when selected;
// green: a target), a purple dashed ring inside it the suggested action, and an orange tab in
// the corner the last move (larger where it ended). The cell's tint repeats them under the
// pieces.
function drawMarks(layer, marks, i, x, y, L, tag) {
  const has = (name) => marks[name]?.has?.(i);
  const ring = (inset, cls) => {
    const attrs = L.hex
      ? { points: hexPoints(x, y, L.radius * (0.97 - inset / L.size)) }
      : { x: x - L.size / 2 + inset, y: y - L.size / 2 + inset, width: L.size - 2 * inset, height: L.size - 2 * inset, rx: 2 };
    el(tag, { class: `mark ${cls}`, "data-cell": i, ...attrs }, layer);
  };
  const edge = has("selected") ? "selected" : has("target") ? "target" : has("movable") ? "movable" : null;
  if (edge) ring(2, edge);
  if (has("hint")) ring(Math.max(4, L.size * 0.14), "hint");
  const last = has("last-to") ? "last to" : has("last") ? "last" : null;
  if (last) {
    // A triangle in the top-left corner (on a hexagon: at its upper-left side).
    const k = (last === "last" ? 0.3 : 0.42) * (L.hex ? 0.8 : 1) * L.size;
    const cx = L.hex ? x - L.size * 0.42 : x - L.size / 2 + 1.5;
    const cy = L.hex ? y - L.radius * 0.25 : y - L.size / 2 + 1.5;
    const pts = L.hex ? `${cx},${cy} ${cx + k * 0.9},${cy - k * 0.52} ${cx + k * 0.2},${cy + k * 0.75}` : `${cx},${cy} ${cx + k},${cy} ${cx},${cy + k}`;
    el("polygon", { class: `ring ${last}`, "data-cell": i, points: pts }, layer);
  }
}

/**
 * Draws `view` into `svg`. Options: `marks` gives classes per cell index (Sets by class name:
 * movable, selected, target, last, last-to, hint), `onClick(cellIndex)`, `colours` (per seat),
 * `coordinates` (draw them along the edges; default true), `labelScale` (their size),
 * `size` (of the viewBox), `titles` (a Map from cell to the texts of its actions, shown on
 * hover). Cells marked movable or target can be reached with the keyboard
 * (Tab, then Enter or Space).
 * Returns the layout used.
 */
export function draw(svg, view, opts = {}) {
  const marks = opts.marks ?? {};
  const colours = opts.colours ?? SEAT_COLOURS;
  const size = opts.size ?? SIZE;
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  const L = layout(view, size);
  const cellsLayer = el("g", { class: "cells" }, svg);
  const piecesLayer = el("g", { class: "pieces" }, svg);
  const ringsLayer = el("g", { class: "rings" }, svg);
  const labelsLayer = el("g", { class: "labels" }, svg);
  view.cells.forEach((c, i) => {
    const [x, y] = L.centre(c);
    const cls = ["cell"];
    for (const [name, set] of Object.entries(marks)) if (set && set.has && set.has(i)) cls.push(name);
    const g = el("g", { class: cls.join(" "), "data-cell": i, "data-name": c.name }, cellsLayer);
    const acts = opts.titles?.get(i);
    el("title", {}, g).textContent = acts ? `${c.name}: ${acts.join(", ")}` : c.name;
    let fill = TERRAIN_FILL[c.terrain.kind] ?? TERRAIN_FILL.plain;
    if (c.terrain.kind === "goal") fill = colours[c.terrain.seat % colours.length] + "55";
    if (c.terrain.kind === "start" && c.terrain.seat !== null) fill = colours[c.terrain.seat % colours.length] + "40";
    if (c.terrain.kind === "harbour" && view.seats.some((s) => s.seat === c.terrain.side)) {
      fill = colours[c.terrain.side % colours.length] + "38";
    }
    const shape = L.hex
      ? { tag: "polygon", attrs: { points: hexPoints(x, y, L.radius * 0.98) } }
      : { tag: "rect", attrs: { x: x - L.size / 2, y: y - L.size / 2, width: L.size, height: L.size } };
    el(shape.tag, { class: "cell-shape", ...shape.attrs, fill }, g);
    if (c.terrain.kind === "harbour") {
      // A harbour of a side nobody plays is closed: hatched.
      if (!view.seats.some((s) => s.seat === c.terrain.side)) g.classList.add("closed");
    }
    if (c.number !== null) {
      const font = L.size * 0.26; // 12.5 CSS px once magnified (48 px cells), clear of the pieces
      text(g, x - L.size * 0.485, y - L.size * 0.5 + font * 0.95, c.number, { class: "number", "font-size": font.toFixed(1) });
    }
    el(shape.tag, { class: "overlay", ...shape.attrs }, g);
    drawMarks(ringsLayer, marks, i, x, y, L, shape.tag);
    if (opts.onClick) {
      g.addEventListener("click", () => opts.onClick(i));
      if (opts.onHover) {
        g.addEventListener("mouseenter", () => opts.onHover(i));
        g.addEventListener("mouseleave", () => opts.onHover(null));
        g.addEventListener("focus", () => opts.onHover(i));
        g.addEventListener("blur", () => opts.onHover(null));
      }
      if (cls.includes("movable") || cls.includes("target") || cls.includes("selected")) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", [c.name, ...c.pieces.map((p) => p.kind)].join(" "));
        g.addEventListener("keydown", (ev) => {
          if (ev.key !== "Enter" && ev.key !== " ") return;
          ev.preventDefault();
          opts.onClick(i);
        });
      }
    }
    // Pieces: one in the middle, several side by side (Arandia's ships share cells).
    const n = c.pieces.length;
    const s = n > 1 ? L.size / Math.min(n, 3) : L.size;
    c.pieces.forEach((p, k) => {
      const dx = n > 1 ? ((k % 3) - (Math.min(n, 3) - 1) / 2) * s * 0.9 : 0;
      const dy = n > 3 ? (Math.floor(k / 3) - 0.5) * s * 0.9 : 0;
      const piece = drawPiece(piecesLayer, p, x + dx, y + dy, s * (n > 1 ? 1.1 : 1), colours);
      piece.setAttribute("data-cell", i);
    });
  });
  if (opts.coordinates !== false) drawCoordinates(labelsLayer, view, L, opts.labelScale ?? 1);
  if (L.hex) drawHarbourSides(labelsLayer, view, L, colours);
  return L;
}

/**
 * Shows small badges over cells (`badges`: Map from cell index to a text, such as the die
 * values that lead there), replacing earlier ones; an empty map clears them.
 */
export function drawBadges(svg, view, L, badges) {
  svg.querySelector(".badges")?.remove();
  if (!badges.size) return;
  const layer = el("g", { class: "badges" }, svg);
  const font = L.size * 0.24;
  for (const [cell, label] of badges) {
    const [x, y] = L.centre(view.cells[cell]);
    const w = font * (0.62 * label.length + 0.8);
    const cx = x + L.size * 0.2;
    const cy = y - L.size * 0.3;
    el("rect", { x: (cx - w / 2).toFixed(1), y: (cy - font * 0.7).toFixed(1), width: w.toFixed(1), height: (font * 1.4).toFixed(1), rx: (font * 0.5).toFixed(1), class: "badge" }, layer);
    text(layer, cx, cy + font * 0.36, label, { class: "badge-text", "text-anchor": "middle", "font-size": font.toFixed(1), "data-cell": cell });
  }
}

/** Draws a dashed line through cells (a Repello move's bouncing path). */
export function drawPath(svg, view, L, cells) {
  if (cells.length < 2) return;
  const pts = cells.map((i) => L.centre(view.cells[i]).map((v) => v.toFixed(1)).join(",")).join(" ");
  el("polyline", { class: "path", points: pts }, svg);
}

const key = (p) => `${p.kind}/${p.owner}/${p.id}`;

/**
 * Animates the change from view `before` to the view drawn in `svg`: every piece that moved
 * slides from its old cell (pieces with an identity are followed by it, the others matched by
 * kind and owner between the cells that lost and gained one), and pieces new on a cell grow
 * in. `along` gives a path (cell indices) for a single moving piece to follow. Returns the
 * number of animations started.
 */
export function animateChange(svg, before, after, L, duration, along = []) {
  if (!before || duration <= 0 || before.cells.length !== after.cells.length) return 0;
  const lost = []; // [cell, piece] in `before` not found on the same cell after
  const gained = []; // [cell, piece index] in `after`
  after.cells.forEach((c, i) => {
    const old = before.cells[i].pieces.map(key);
    const now = c.pieces.map(key);
    const left = [...old];
    c.pieces.forEach((p, k) => {
      const at = left.indexOf(now[k]);
      if (at >= 0) left.splice(at, 1);
      else gained.push([i, k, p]);
    });
    for (const k of left) lost.push([i, k]);
  });
  if (!gained.length) return 0;
  const pieceEls = [...svg.querySelectorAll(".piece")];
  const byCell = new Map();
  for (const p of pieceEls) {
    const c = Number(p.dataset.cell);
    if (!byCell.has(c)) byCell.set(c, []);
    byCell.get(c).push(p);
  }
  let started = 0;
  for (const [cell, index, piece] of gained) {
    const node = (byCell.get(cell) ?? [])[index];
    if (!node) continue;
    const k = key(piece);
    // The same piece by identity, else one of its kind and owner, that left another cell.
    let from = lost.findIndex(([, lk]) => lk === k);
    if (from < 0 && piece.id === null) from = lost.findIndex(([, lk]) => lk.split("/").slice(0, 2).join("/") === k.split("/").slice(0, 2).join("/"));
    let frames;
    if (from >= 0 && piece.kind !== "slime") {
      const [fromCell] = lost.splice(from, 1)[0];
      const [tx, ty] = L.centre(after.cells[cell]);
      const route = along.length > 1 && along[along.length - 1] === cell && along[0] === fromCell ? along : [fromCell, cell];
      frames = route.map((c) => {
        const [x, y] = L.centre(after.cells[c]);
        return { transform: `translate(${(x - tx).toFixed(1)}px, ${(y - ty).toFixed(1)}px)` };
      });
    } else {
      const [x, y] = L.centre(after.cells[cell]);
      frames = [
        { transform: `translate(${x}px, ${y}px) scale(0.2) translate(${-x}px, ${-y}px)`, opacity: 0 },
        { transform: "none", opacity: 1 },
      ];
    }
    node.classList.add("moving");
    const a = node.animate(frames, { duration: duration * Math.max(1, (frames.length - 1) * 0.5), easing: "ease-out" });
    a.onfinish = a.oncancel = () => node.classList.remove("moving");
    started++;
  }
  return started;
}
