// The board's tap mode on a touch screen whose cells are drawn smaller than a finger: the
// first tap magnifies the region around it (cells at least 48 CSS pixels), a drag pans it, a
// tap then acts on a cell as a click would, and "Whole board" (or the turn passing to another
// seat) shows the whole board again. With a mouse, or cells large enough, the board is drawn
// whole and this module does nothing.
import { SIZE } from "./board.js";
import { $, state, TOUCH } from "./page.js";

/** The smallest cell a finger taps without a magnifier, in CSS pixels. */
const FINGER = 44;
/** The size of a cell once magnified, in CSS pixels. */
const MAGNIFIED = 48;

/** The size of a cell on the screen now, in CSS pixels (the board drawn whole). */
function cellPixels(svg, L) {
  return (L.size * svg.getBoundingClientRect().width) / SIZE;
}

/** Whether a tap on the board magnifies instead of acting. */
export function tapZoomNeeded(svg, L) {
  return TOUCH && !!L && cellPixels(svg, L) < FINGER;
}

function clampWindow(z) {
  const half = z.w / 2;
  z.x = Math.min(SIZE - half, Math.max(half, z.x));
  z.y = Math.min(SIZE - half, Math.max(half, z.y));
}

/** Magnifies the region around cell `i` (its centre in the layout `L`). */
export function zoomAt(svg, L, view, i) {
  const [x, y] = L.centre(view.cells[i]);
  const k = MAGNIFIED / cellPixels(svg, L);
  state.zoom = { x, y, w: SIZE / k };
  clampWindow(state.zoom);
}

/** Shows the whole board again. */
export function zoomOut() {
  state.zoom = null;
}

/**
 * Sets the board's window after a drawing: the magnified region, else the whole board; the
 * note on the magnifier shows while the person (`acting`) has a cell to tap.
 */
export function applyZoom(svg, L, acting) {
  const needed = tapZoomNeeded(svg, L);
  if (!needed) state.zoom = null;
  const z = state.zoom;
  if (z) svg.setAttribute("viewBox", `${(z.x - z.w / 2).toFixed(1)} ${(z.y - z.w / 2).toFixed(1)} ${z.w.toFixed(1)} ${z.w.toFixed(1)}`);
  svg.dataset.zoom = z ? "in" : needed ? "out" : "none";
  $("zoom-out").hidden = !z;
  $("zoom-note").hidden = !(needed && !z && acting);
}

/**
 * Wires the drag that pans a magnified board; a drag is not a tap (the click that ends it is
 * swallowed). Call once.
 */
export function setUpPanning(svg) {
  let drag = null;
  let swallow = false;
  svg.addEventListener("pointerdown", (ev) => {
    if (!state.zoom) return;
    drag = { x: ev.clientX, y: ev.clientY, from: { ...state.zoom }, moved: false, id: ev.pointerId };
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag || ev.pointerId !== drag.id || !state.zoom) return;
    const dx = ev.clientX - drag.x;
    const dy = ev.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 10) return;
    drag.moved = true;
    const scale = drag.from.w / svg.getBoundingClientRect().width;
    state.zoom.x = drag.from.x - dx * scale;
    state.zoom.y = drag.from.y - dy * scale;
    clampWindow(state.zoom);
    const z = state.zoom;
    svg.setAttribute("viewBox", `${(z.x - z.w / 2).toFixed(1)} ${(z.y - z.w / 2).toFixed(1)} ${z.w.toFixed(1)} ${z.w.toFixed(1)}`);
  });
  const end = (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    swallow = drag.moved;
    drag = null;
    setTimeout(() => { swallow = false; }, 0);
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  svg.addEventListener("click", (ev) => {
    if (swallow) {
      ev.stopPropagation();
      swallow = false;
    }
  }, true);
}
