// Draws a BoardView (the kit's view model) as SVG: square grids, Splut!'s diamond and the
// hexagon, with terrain, printed numbers and pieces. Knows no game rules.

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 640;
const MARGIN = 24;

/** Colours of seats 0..5. */
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

/** Cell centres and the cell size for a geometry: {centre(cell) -> [x, y], size, hex}. */
export function layout(view) {
  const g = view.geometry;
  if (g.kind === "hex") {
    const n = 2 * g.radius + 1;
    // Pointy-top hexes: row y is drawn 1.5 r apart, column (x - y / 2) sqrt(3) r apart.
    const r = (SIZE - 2 * MARGIN) / (Math.sqrt(3) * n);
    const w = Math.sqrt(3) * r;
    const cx = (c) => SIZE / 2 + (c.x - c.y / 2 - g.radius / 2) * w;
    const cy = (c) => SIZE / 2 + (g.radius - c.y) * 1.5 * r;
    return { centre: (c) => [cx(c), cy(c)], size: w, radius: r, hex: true };
  }
  const files = g.kind === "square" ? g.files : g.size;
  const ranks = g.kind === "square" ? g.ranks : g.size;
  const s = Math.min((SIZE - 2 * MARGIN) / files, (SIZE - 2 * MARGIN) / ranks);
  const ox = (SIZE - s * files) / 2;
  const oy = (SIZE - s * ranks) / 2;
  return {
    centre: (c) => [ox + (c.x + 0.5) * s, oy + (ranks - 1 - c.y + 0.5) * s],
    size: s,
    hex: false,
  };
}

function hexPoints(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 180 * (60 * k - 30);
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

const LETTER = { sorcerer: "S", troll: "T", dwarf: "D", stack: "", ship: "" };

function drawPiece(g, p, x, y, s) {
  const owner = p.owner === null ? null : SEAT_COLOURS[p.owner % SEAT_COLOURS.length];
  const group = el("g", { class: "piece" + (p.spent ? " spent" : ""), "data-kind": p.kind }, g);
  if (p.id !== null) group.setAttribute("data-id", p.id);
  const r = s * 0.36;
  switch (p.kind) {
    case "slime":
      el("rect", { x: x - s / 2 + 2, y: y - s / 2 + 2, width: s - 4, height: s - 4, fill: "#8fbf3f", opacity: 0.7 }, group);
      break;
    case "snail":
      el("circle", { cx: x, cy: y, r, fill: "#6a994e", stroke: "#1b4332", "stroke-width": 2 }, group);
      el("circle", { cx: x + r * 0.2, cy: y - r * 0.1, r: r * 0.45, fill: "none", stroke: "#1b4332", "stroke-width": 2 }, group);
      break;
    case "rock":
      el("polygon", { points: `${x - r},${y + r * 0.7} ${x - r * 0.6},${y - r * 0.6} ${x + r * 0.4},${y - r} ${x + r},${y + r * 0.2} ${x + r * 0.5},${y + r}`, fill: "#7d7d7d", stroke: "#333", "stroke-width": 1.5 }, group);
      break;
    case "block":
      el("rect", { x: x - s * 0.42, y: y - s * 0.42, width: s * 0.84, height: s * 0.84, rx: 2, fill: owner, stroke: "#222", "stroke-width": 1 }, group);
      break;
    case "mound":
      el("path", { d: `M${x - s * 0.42},${y + s * 0.35} Q${x},${y - s * 0.55} ${x + s * 0.42},${y + s * 0.35} Z`, fill: owner, stroke: "#222", "stroke-width": 1, opacity: 0.85 }, group);
      break;
    case "black":
    case "silver":
    case "gold": {
      const fill = { black: "#222", silver: "#c0c0c0", gold: "#f4c430" }[p.kind];
      el("circle", { cx: x, cy: y, r: r * 0.75, fill, stroke: "#444", "stroke-width": 1.5 }, group);
      break;
    }
    default: {
      el("circle", { cx: x, cy: y, r, fill: owner ?? "#999", stroke: "#222", "stroke-width": 1.5 }, group);
      const text = p.kind === "stack" ? String(p.height ?? "") : LETTER[p.kind] ?? "";
      if (text) {
        const t = el("text", { x, y, class: "piece-text", "font-size": r * 1.1, fill: p.owner === 1 ? "#222" : "#fff" }, group);
        t.textContent = text;
      }
    }
  }
  return group;
}

/**
 * Draws `view` into `svg`. `marks` gives classes per cell index ({movable, selected, target,
 * flash} as Sets) and `path` optional cell indices to draw as a dashed line.
 * Returns the layout used.
 */
export function draw(svg, view, marks, onClick) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${SIZE} ${SIZE}`);
  const L = layout(view);
  const cellsLayer = el("g", {}, svg);
  const piecesLayer = el("g", {}, svg);
  view.cells.forEach((c, i) => {
    const [x, y] = L.centre(c);
    const cls = ["cell"];
    for (const [name, set] of Object.entries(marks)) if (set && set.has && set.has(i)) cls.push(name);
    const g = el("g", { class: cls.join(" "), "data-cell": i, "data-name": c.name }, cellsLayer);
    let fill = TERRAIN_FILL[c.terrain.kind] ?? TERRAIN_FILL.plain;
    if (c.terrain.kind === "goal") fill = SEAT_COLOURS[c.terrain.seat] + "55";
    if (c.terrain.kind === "start" && c.terrain.seat !== null) fill = SEAT_COLOURS[c.terrain.seat] + "40";
    if (L.hex) {
      el("polygon", { class: "cell-shape", points: hexPoints(x, y, L.radius * 0.98), fill }, g);
    } else {
      const s = L.size;
      el("rect", { class: "cell-shape", x: x - s / 2, y: y - s / 2, width: s, height: s, fill }, g);
    }
    if (c.terrain.kind === "harbour") {
      const t = el("text", { x, y: y + L.size * 0.32, class: "label", "text-anchor": "middle" }, g);
      t.textContent = `H${c.terrain.side}`;
    }
    if (c.number !== null) {
      const t = el("text", { x: x - L.size * 0.45, y: y - L.size * 0.28, class: "number" }, g);
      t.textContent = c.number;
    }
    if (L.size >= 28) {
      const t = el("text", { x: x - L.size * (L.hex ? 0.25 : 0.46), y: y + L.size * 0.44, class: "label" }, g);
      t.textContent = c.name;
    }
    g.addEventListener("click", () => onClick(i));
    // Pieces: one in the middle, several side by side (Arandia's ships share cells).
    const n = c.pieces.length;
    const s = n > 1 ? L.size / Math.min(n, 3) : L.size;
    c.pieces.forEach((p, k) => {
      const dx = n > 1 ? ((k % 3) - (Math.min(n, 3) - 1) / 2) * s * 0.9 : 0;
      const dy = n > 3 ? (Math.floor(k / 3) - 0.5) * s * 0.9 : 0;
      const piece = drawPiece(piecesLayer, p, x + dx, y + dy, s * (n > 1 ? 1.1 : 1));
      piece.setAttribute("data-cell", i);
    });
  });
  return L;
}

function slide(piece, view, L, from, to) {
  const [fx, fy] = L.centre(view.cells[from]);
  const [tx, ty] = L.centre(view.cells[to]);
  piece.style.transition = "none";
  piece.style.transform = `translate(${fx - tx}px, ${fy - ty}px)`;
  piece.getBoundingClientRect();
  piece.style.transition = "";
  requestAnimationFrame(() => { piece.style.transform = ""; });
}

/**
 * Slides the pieces that moved from their old cell to where they stand now: the pieces with an
 * identity that Touches.moves follows, or else the top piece on the action's `to` cell (ships,
 * pushed tokens), from its `from` cell.
 */
export function animate(svg, view, L, touches) {
  if (!touches) return;
  let moved = 0;
  for (const m of touches.moves) {
    if (m.to === null || m.piece.id === null) continue;
    const piece = svg.querySelector(`.piece[data-id="${m.piece.id}"]`);
    if (!piece) continue;
    slide(piece, view, L, m.from, m.to);
    moved++;
  }
  if (!moved && touches.from !== null && touches.to !== null && touches.from !== touches.to) {
    const pieces = svg.querySelectorAll(`.piece[data-cell="${touches.to}"]`);
    if (pieces.length) slide(pieces[pieces.length - 1], view, L, touches.from, touches.to);
  }
}

/** Draws a dashed line through cells (a Repello move's bouncing path). */
export function drawPath(svg, view, L, cells) {
  if (cells.length < 2) return;
  const pts = cells.map((i) => L.centre(view.cells[i]).map((v) => v.toFixed(1)).join(",")).join(" ");
  el("polyline", { class: "path", points: pts }, svg);
}
