// End-to-end tests of the web page in headless Chromium. Every check has a name (the issue's
// item number first) and runs in its own browser context; a failure names its check. The
// plays: for every game a person (this script) plays seat 0 through clicks on the board and
// the choice buttons, against AI seats running in the page's Web Worker, until the game ends,
// and the result shown is checked against the engine's verdict on the final position (the
// Battle of the Elements game is the long one, 120+ actions). Screenshots of the start, the
// middle and the end of every game go to web/e2e/artifacts/ (DOCS=1: also, smaller, to
// docs/web-GAME-PHASE.png for the README).
//
// Usage: node play.mjs [WORD...] (after web/build.sh): only the checks whose names contain
// one of the words. SITE serves another folder than web/ (web/ci.sh: the page published by
// web/build.sh DIR); CHROMIUM overrides /usr/bin/chromium.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { spawn } from "node:child_process";
import puppeteer from "puppeteer-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..");
// The folder served: the published page (SITE, as web/ci.sh gives it) or web/ itself.
const web = path.resolve(process.env.SITE ?? path.join(here, ".."));
const artifacts = path.join(here, "artifacts");
const docs = path.join(repo, "docs");
fs.mkdirSync(artifacts, { recursive: true });
const writeDocs = process.env.DOCS === "1";

const TITLES = { slimetrail: "Slime Trail", splut: "Splut!", elements: "Battle of the Elements", repello: "Repello", arandia: "Arandian checkers" };
// Small parameters and budgets so that every game ends within seconds; `mid` is the click
// after which the middle of the game is photographed; after `handover` clicks the person's
// seat is handed to the random AI (the long game then plays itself out quickly).
const PLAYS = [
  { game: "slimetrail", params: "size=7", seats: ["human", "random"], mid: 3 },
  { game: "splut", params: "turn_limit=12", seats: ["human", "mcts:iterations=100"], mid: 9 },
  { game: "elements", params: "board=blitz,per_turn=3", seats: ["human", "random"], mid: 40, handover: 60, long: true },
  { game: "repello", params: "stack=3", seats: ["human", "mcts:iterations=100"], mid: 6 },
  { game: "arandia", params: "turn_limit=8", seats: ["human", "random"], mid: 10 },
];
const PER_GAME_MS = 150_000;

// --- the server, the browser and the checks -------------------------------------------------

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json", ".ts": "text/plain" };

function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    let file = path.join(web, decodeURIComponent(url.pathname));
    if (!file.startsWith(web)) { res.writeHead(403).end(); return; }
    if (url.pathname.endsWith("/")) file = path.join(file, "index.html");
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404).end(); return; }
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const checks = [];
/** Registers a check: `fn(t)` gets helpers to open pages; throwing fails it. */
function check(name, fn) {
  checks.push({ name, fn });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function assert(ok, message, detail) {
  if (!ok) throw new Error(detail === undefined ? message : `${message}: ${typeof detail === "string" ? detail : JSON.stringify(detail)}`);
}

// Opens the page in a fresh browser context (own storage): `query` is the address after the
// page's path (`?game=...` or `#game=...`), options: width, height, mobile.
async function openPage(ctx, query, { width = 1280, height = 800, mobile = false } = {}) {
  const context = await ctx.browser.createBrowserContext();
  ctx.contexts.push(context);
  const page = await context.newPage();
  await page.setViewport({ width, height, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1 });
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") page.errors.push(m.text()); });
  await page.goto(`${ctx.base}/${query}`);
  await page.waitForSelector("body[data-ready]", { timeout: 30_000 });
  return page;
}

function noErrors(page, what) {
  assert(page.errors.length === 0, `${what}: errors in the page`, page.errors.join("; "));
}

const query = (spec) => `?${new URLSearchParams({ game: spec.game, params: spec.params, seats: spec.seats.join(";"), pace: "fast" })}`;

const bodyState = (page) => page.evaluate(() => document.body.dataset.state);

async function waitState(page, wanted, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const st = await bodyState(page);
    if (wanted.includes(st)) return st;
    assert(Date.now() < deadline, `waited ${ms} ms for the page state ${wanted.join(" or ")}`, st);
    await sleep(25);
  }
}

// One click (or tap) of the person at the page: a choice button if some are offered, else a
// target of the selected piece, else a cell that starts or receives an action, at the centre
// of what is seen on the screen. `rand` picks uniformly. A board in its tap mode (a phone,
// small cells) is magnified around the cell first, or shown whole if the cell is out of view.
async function humanClick(page, rand, { tap = false } = {}) {
  const pick = await page.evaluate((r) => {
    const visible = (e) => e.getBoundingClientRect().width > 0;
    const choose = (sel) => {
      const els = [...document.querySelectorAll(sel)].filter(visible);
      return els.length ? els[Math.floor(r * els.length)] : null;
    };
    const el = choose("#choices button") ?? choose("#board .cell.target") ?? choose("#board .cell.movable");
    if (!el) return null;
    if (el.dataset.cell !== undefined) return { cell: el.dataset.cell };
    el.id ||= `pick-${Date.now()}`;
    return { id: el.id };
  }, rand());
  assert(pick, "a person is to act but nothing on the page can be clicked");
  const where = () => page.evaluate((pick) => {
    const el = pick.cell !== undefined ? document.querySelector(`#board .cell[data-cell="${pick.cell}"]`) : document.getElementById(pick.id);
    if (!el) return null;
    el.scrollIntoView({ block: "nearest" });
    const target = el.querySelector(".cell-shape") ?? el;
    const b = target.getBoundingClientRect();
    const board = document.getElementById("board");
    const f = board.getBoundingClientRect();
    const x = b.left + b.width / 2;
    const y = b.top + b.height / 2;
    return { x, y, zoom: pick.cell !== undefined ? board.dataset.zoom : "none", inside: x > f.left && x < f.right && y > f.top && y < f.bottom };
  }, pick);
  const press = async (spot) => {
    if (tap) await page.touchscreen.tap(spot.x, spot.y);
    else await page.mouse.click(spot.x, spot.y);
  };
  let spot = await where();
  assert(spot, "the element to click went away");
  if (spot.zoom === "in" && !spot.inside) {
    const b = await page.evaluate(() => { const r = document.getElementById("zoom-out").getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; });
    await press(b);
    spot = await where();
  }
  if (spot.zoom === "out") {
    await press(spot); // magnifies around the cell
    spot = await where();
  }
  await press(spot);
}

// Plays the person's seat by clicks until the game is over; `onClick(n)` runs before click n.
async function playToEnd(page, spec, seed, { onClick = async () => {}, tap = false, ms = PER_GAME_MS } = {}) {
  const rand = rng(seed);
  const deadline = Date.now() + ms;
  let clicks = 0;
  for (;;) {
    noErrors(page, spec.game);
    assert(Date.now() < deadline, `not over after ${ms} ms (${clicks} clicks)`);
    const st = await bodyState(page);
    if (st === "over") return clicks;
    if (st === "human") {
      await onClick(clicks);
      if ((await bodyState(page)) !== "human") continue;
      await humanClick(page, rand, { tap });
      clicks++;
    } else {
      await sleep(20);
    }
  }
}

// The result shown, against the engine's own verdict on the final position.
async function checkResult(page) {
  const shown = await page.evaluate(async () => {
    const banner = document.getElementById("banner");
    const mod = await import("./pkg/boardgame_wasm.js");
    const game = document.getElementById("game").value;
    const fresh = new mod.WebGame(game, document.getElementById("params").value, document.getElementById("position").value);
    const verdict = fresh.outcome();
    fresh.free();
    return {
      over: banner.classList.contains("over"),
      text: banner.innerText.replace(/\s*\n\s*/g, " / "),
      summary: banner.dataset.summary,
      verdict: verdict ? verdict.summary : null,
      moves: document.querySelectorAll("#moves li").length,
    };
  });
  assert(shown.over && /wins|share the win|draw/.test(shown.text), "no end-of-game message", shown);
  assert(shown.verdict !== null && shown.summary === shown.verdict, "the page's result differs from the engine's", shown);
  return shown;
}

// Item 15 on any page at the end: the result in words, no engine text anywhere visible.
async function checkNoEngineText(page) {
  const r = await page.evaluate(() => {
    const summary = document.getElementById("banner").dataset.summary ?? "";
    const textOf = (root) => {
      const parts = [];
      const walk = (n) => {
        if (n.nodeType === 3) parts.push(n.textContent);
        else if (n.nodeType === 1 && !["TEXTAREA", "SCRIPT", "STYLE", "OL"].includes(n.tagName) && getComputedStyle(n).display !== "none" && !n.hidden) n.childNodes.forEach(walk);
      };
      walk(root);
      return parts.join(" ");
    };
    const text = textOf(document.body);
    return { summary, text: text.replace(/\s+/g, " "), hit: /game over:/.test(text) || (summary.includes(" ") && text.includes(summary)) };
  });
  assert(!r.hit, "engine text shown at the end", { summary: r.summary, text: r.text.slice(0, 400) });
}

// Item 40.5 at any end: the deciding action in words (who played it, what it did) beside the
// board and in the banner, only its cells marked on the board (as the engine's views before and
// after it say), nothing left to act on.
async function checkEnding(page) {
  const r = await page.evaluate(async () => {
    const mod = await import("./pkg/boardgame_wasm.js");
    const moves = [...document.querySelectorAll("#moves li .act")].map((e) => e.textContent);
    const g = new mod.WebGame(document.getElementById("game").value, document.getElementById("params").value, null);
    for (const m of moves.slice(0, -1)) g.play(m);
    const before = g.view();
    let touches = null;
    try { touches = g.touches(moves.at(-1)); } catch { touches = null; }
    const said = g.describe(moves.at(-1));
    g.play(moves.at(-1));
    const after = g.view();
    const cells = new Set();
    after.cells.forEach((c, i) => { if (JSON.stringify(c.pieces) !== JSON.stringify(before.cells[i].pieces)) cells.add(c.name); });
    if (touches) for (const c of [touches.from, touches.to]) if (c !== null) cells.add(after.cells[c].name);
    g.free();
    return {
      last: moves.at(-1),
      said,
      expected: [...cells].sort(),
      marked: [...document.querySelectorAll("#board .cell.last")].map((c) => c.dataset.name).sort(),
      rings: document.querySelectorAll("#board .ring").length,
      actable: document.querySelectorAll("#board .mark.movable, #board .mark.target, #board .mark.selected").length,
      help: document.getElementById("act-help").textContent,
      detail: document.getElementById("detail").textContent,
    };
  });
  assert(r.help.includes(` ${r.last}: `) && /played|rolled/.test(r.help) && r.detail.includes(` ${r.last}`), "the end does not say what ended it", r);
  assert(JSON.stringify(r.marked) === JSON.stringify(r.expected) && r.rings >= 1 && r.actable === 0, "the board keeps stale highlights at the end", r);
  return r;
}

const boardTop = (page) => page.evaluate(() => {
  const b = document.getElementById("board").getBoundingClientRect();
  return { top: Math.round(b.top + window.scrollY), height: Math.round(b.height) };
});

async function shot(page, name, clip = null) {
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), ...(clip ? { clip } : {}) });
}

// A smaller copy for docs/: the page area that matters, scaled to `scale`.
async function docShot(page, name, { scale = 0.7, area = "page" } = {}) {
  if (!writeDocs) return;
  const box = await page.evaluate((area) => {
    const r = (el) => el.getBoundingClientRect();
    const top = r(document.querySelector("header")).bottom;
    const board = r(document.getElementById("board-area"));
    const aside = r(document.querySelector("aside"));
    const right = area === "board" ? board.right : aside.right;
    const bottom = Math.min(window.innerHeight, board.bottom + 4);
    return { x: Math.max(0, board.left - 8), y: top, width: right - board.left + 16, height: bottom - top };
  }, area);
  const vp = page.viewport();
  await page.setViewport({ ...vp, deviceScaleFactor: scale });
  await sleep(150);
  await page.screenshot({ path: path.join(docs, `${name}.png`), clip: box });
  await page.setViewport(vp);
}

// --- the plays (items 12 and 15 ride on them) -----------------------------------------------

for (const [index, spec] of PLAYS.entries()) {
  const name = spec.long
    ? `12 move numbers above 99: ${TITLES[spec.game]} played by clicks, then by the AI to the end, a game of 120+ actions`
    : `play ${TITLES[spec.game]} to the end by clicks (${spec.params}), the result as the engine says`;
  check(name, async (ctx) => {
    const page = await openPage(ctx, query(spec));
    await sleep(300);
    await shot(page, `${spec.game}-start`);
    await docShot(page, `web-${spec.game}-start`);
    await page.click("#tab-play-button");
    const start = await boardTop(page);
    const clicks = await playToEnd(page, spec, 1000 + index, {
      onClick: async (n) => {
        if (n === spec.handover) {
          await page.select('.seat-row[data-seat="0"] select', "random");
          return;
        }
        if (n !== spec.mid) return;
        await sleep(200);
        await shot(page, `${spec.game}-mid`);
        await docShot(page, `web-${spec.game}-mid`);
      },
    });
    await sleep(300);
    const shown = await checkResult(page);
    await checkEnding(page);
    await shot(page, `${spec.game}-end`);
    await docShot(page, `web-${spec.game}-end`, { area: "board" });
    await checkNoEngineText(page);
    const end = await boardTop(page);
    assert(end.top === start.top && end.height === start.height, "the board moved when the game ended", { start, end });
    if (spec.long) {
      assert(shown.moves >= 120, "the long game is shorter than 120 actions", shown.moves);
      const numbers = await page.evaluate(() => {
        const list = document.getElementById("moves");
        const lb = list.getBoundingClientRect();
        return [...list.querySelectorAll("li")].map((li, i) => {
          const n = li.querySelector(".n");
          const b = n.getBoundingClientRect();
          return { i: i + 1, text: n.textContent, inside: b.left >= lb.left - 0.5 && b.right <= lb.right + 0.5, full: n.scrollWidth <= n.clientWidth + 1 };
        }).filter((x) => x.i === 9 || x.i === 99 || x.i >= 100);
      });
      for (const n of numbers) {
        assert(n.text === `${n.i}.` && n.inside && n.full, `move number ${n.i} cut off or wrong`, n);
      }
      const overflow = await page.evaluate(() => { const l = document.getElementById("moves"); return l.scrollWidth - l.clientWidth; });
      assert(overflow <= 0, "the move list scrolls sideways", overflow);
    }
    noErrors(page, spec.game);
    return `${shown.moves} actions, ${clicks} clicks: ${shown.text}`;
  });
}

// --- item 13 --------------------------------------------------------------------------------

check("13 the parameter fields follow the parameter text", async (ctx) => {
  const page = await openPage(ctx, "?game=elements&pace=fast&seats=human;random");
  await page.click("#tab-setup-button");
  await page.click("#params", { count: 3 });
  await page.keyboard.press("Backspace");
  await page.type("#params", "board=blitz,per_turn=3");
  await page.click("#new");
  const read = () => page.evaluate(() => ({
    cells: document.querySelectorAll("#board .cell").length,
    board: document.querySelector('.param[data-key="board"]').value,
    boardShown: document.querySelector('.param[data-key="board"]').selectedOptions[0].textContent,
    perTurn: document.querySelector('.param[data-key="per_turn"]').value,
    players: document.querySelector('.param[data-key="players"]').value,
    text: document.getElementById("params").value,
    error: document.getElementById("setup-error").textContent,
  }));
  let r = await read();
  assert(r.cells === 196, "New game did not start the blitz board", r);
  assert(r.board === "blitz" && r.boardShown === "blitz" && r.perTurn === "3" && r.players === "", "the fields do not show board=blitz,per_turn=3", r);
  // Fields into text, and text into fields as it is typed.
  await page.click("#tab-setup-button");
  await page.click('.param[data-key="per_turn"]', { count: 3 });
  await page.keyboard.type("5");
  r = await read();
  assert(r.text === "board=blitz,per_turn=5", "the text does not follow the fields", r);
  await page.click("#params", { count: 3 });
  await page.keyboard.press("Backspace");
  await page.type("#params", "players=4,board=full");
  r = await read();
  assert(r.players === "4" && r.board === "" && r.boardShown === "full (default)" && r.perTurn === "", "the fields do not follow the typed text", r);
  // The address gives both.
  const page2 = await openPage(ctx, "?game=elements&params=board%3Dblitz%2Cper_turn%3D3&pace=fast");
  const r2 = await page2.evaluate(() => ({ text: document.getElementById("params").value, board: document.querySelector('.param[data-key="board"]').value, perTurn: document.querySelector('.param[data-key="per_turn"]').value }));
  assert(r2.text === "board=blitz,per_turn=3" && r2.board === "blitz" && r2.perTurn === "3", "fields from the address", r2);
  // Bad parameters: said in words, the game goes on.
  await page2.click("#tab-setup-button");
  await page2.click("#params", { count: 3 });
  await page2.keyboard.press("Backspace");
  await page2.type("#params", "per_turn=99");
  await page2.click("#start");
  const bad = await page2.evaluate(() => ({ error: document.getElementById("setup-error").textContent, cells: document.querySelectorAll("#board .cell").length }));
  assert(/per_turn/.test(bad.error) && /Battle of the Elements/.test(bad.error) && bad.cells === 196, "bad parameters", bad);
  noErrors(page, "elements");
});

// --- item 14 --------------------------------------------------------------------------------

check("14 the AI is seen thinking, and its analysis is there on request", async (ctx) => {
  const page = await openPage(ctx, "?game=splut&seats=human;mcts:iterations=4000&pace=fast");
  await page.click("#tab-play-button");
  const rand = rng(7);
  await humanClick(page, rand);
  if ((await bodyState(page)) === "human") await humanClick(page, rand);
  await page.waitForSelector('body[data-thinking="1"]', { timeout: 10_000 });
  const seen = await page.evaluate(() => ({
    headline: document.getElementById("headline").textContent,
    spinner: !!document.querySelector("#headline .spinner"),
    row: document.querySelector(".seat-row.thinking")?.textContent ?? "",
  }));
  assert(/thinking/.test(seen.headline) && seen.spinner && /thinking/.test(seen.row), "no sign that the AI thinks", seen);
  await waitState(page, ["human"]);
  await page.click("#analysis summary");
  const a = await page.evaluate(() => {
    const body = document.getElementById("analysis-body");
    const moves = [...document.querySelectorAll("#moves li")].map((li) => li.querySelector(".act").textContent);
    return { visible: body.getBoundingClientRect().height > 0, text: body.textContent, action: body.dataset.action, moves };
  });
  assert(a.visible && /played/.test(a.text) && /Value for Seat n \(green\): [+−]?\d\.\d\d/.test(a.text) && /Expected line: /.test(a.text) && /playouts/.test(a.text), "no analysis", a);
  assert(a.moves.includes(a.action), "the analysis is not of the move played", a);
  // A suggestion for the person: the strong AI's choice, marked on the board.
  await page.click("#hint");
  await page.waitForSelector("#board .cell.hint", { timeout: 20_000 });
  const h = await page.evaluate(() => ({ help: document.getElementById("act-help").textContent, text: document.getElementById("analysis-body").textContent }));
  assert(/The AI suggests/.test(h.help) && /Suggestion for Seat s/.test(h.text), "no suggestion", h);
  noErrors(page, "splut");
});

// --- item 15 --------------------------------------------------------------------------------

check("15 the end: the result in words above the board, no engine text, the board stays put", async (ctx) => {
  for (const width of [1280, 420]) {
    const page = await openPage(ctx, "?game=repello&params=stack%3D1&seats=human;human&pace=fast", { width, height: 860, mobile: width < 500 });
    await page.click("#tab-play-button");
    const start = await boardTop(page);
    const clicks = await playToEnd(page, { game: "repello" }, 5, { tap: width < 500, ms: 30_000 });
    const shown = await checkResult(page);
    await checkEnding(page);
    assert(/Scores: Seat 1 \(red\) \d+, Seat 2 \(blue\) \d+\./.test(shown.text), "scores not in words", shown);
    await checkNoEngineText(page);
    const end = await boardTop(page);
    assert(end.top === start.top && end.height === start.height, `the board moved at ${width} px`, { start, end, clicks });
    noErrors(page, "repello");
  }
});

// --- item 16 --------------------------------------------------------------------------------

check("16 the header fits one line at 1280 px; at 420 px the board shrinks, nothing scrolls sideways, taps play", async (ctx) => {
  const wide = await openPage(ctx, "?game=elements&pace=fast");
  const h = await wide.evaluate(() => {
    const header = document.querySelector("header");
    const kids = [...header.children].filter((e) => !e.hidden).map((e) => e.getBoundingClientRect());
    const mid = (b) => b.top + b.height / 2;
    return { height: header.getBoundingClientRect().height, mids: kids.map((b) => Math.round(mid(b))) };
  });
  assert(h.height < 56 && Math.max(...h.mids) - Math.min(...h.mids) <= 4, "the header wraps at 1280 px", h);
  const page = await openPage(ctx, "?game=splut&seats=human;random&pace=fast", { width: 420, height: 860, mobile: true });
  for (const game of Object.keys(TITLES)) {
    await page.select("#game", game);
    for (const tab of ["play", "rules", "setup"]) {
      await page.click(`#tab-${tab}-button`);
      const m = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
        board: document.getElementById("board").getBoundingClientRect().width,
        wide: [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && e.getBoundingClientRect().width > 0).map((e) => e.id || e.className || e.tagName).slice(0, 5),
      }));
      assert(m.scroll <= m.inner && m.board <= 420 && m.board > 330 && m.wide.length === 0, `${game}, ${tab} tab, at 420 px`, m);
    }
  }
  // Taps play Splut!: a piece, then its target.
  await page.select("#game", "splut");
  await page.click("#tab-play-button");
  const rand = rng(3);
  let taps = 0;
  while ((await page.evaluate(() => document.querySelectorAll("#moves li").length)) < 4) {
    assert(taps < 40, "taps do not play");
    const st = await bodyState(page);
    if (st === "human") { await humanClick(page, rand, { tap: true }); taps++; } else await sleep(30);
  }
  await shot(page, "phone");
  noErrors(page, "splut");
});

// --- item 17 --------------------------------------------------------------------------------

check("17 a refused Load puts the position back and says why in words", async (ctx) => {
  const page = await openPage(ctx, "?game=slimetrail&seats=human;human&pace=fast");
  await page.click("#tab-play-button");
  const rand = rng(11);
  while ((await page.evaluate(() => document.querySelectorAll("#moves li").length)) < 1) await humanClick(page, rand);
  const before = await page.evaluate(() => document.getElementById("position").value);
  await page.click("#position", { count: 3 });
  await page.keyboard.press("Backspace");
  await page.type("#position", "not a position");
  await page.click("#load");
  const r = await page.evaluate(() => ({ pos: document.getElementById("position").value, error: document.getElementById("position-error").textContent, moves: document.querySelectorAll("#moves li").length }));
  assert(r.pos === before, "the refused text stays in the box", r);
  assert(/^Not loaded: “not a position” is not a Slime Trail position \(at character 1, expected/.test(r.error) && /shows the current position again/.test(r.error), "the refusal is not explained", r);
  assert(r.moves === 1, "a refused Load changed the game", r);
  // A good position loads (and clears the message).
  await page.click("#position", { count: 3 });
  await page.keyboard.press("Backspace");
  await page.type("#position", "7/7/7/3x3/2x4/1x5/1@5 2");
  await page.click("#load");
  await page.waitForFunction(() => location.hash.includes("from="), { timeout: 3000 }).catch(() => {});
  const ok = await page.evaluate(() => ({ pos: document.getElementById("position").value, error: document.getElementById("position-error").textContent, moves: document.querySelectorAll("#moves li").length, hash: location.hash }));
  assert(ok.pos === "7/7/7/3x3/2x4/1x5/1@5 2" && ok.error === "" && ok.moves === 0 && ok.hash.includes("from="), "a good position did not load", ok);
  noErrors(page, "slimetrail");
});

check("undo goes back to the person's previous decision", async (ctx) => {
  const page = await openPage(ctx, "?game=splut&seats=human;random&pace=fast");
  await page.click("#tab-play-button");
  const rand = rng(5);
  while ((await page.evaluate(() => document.querySelectorAll("#moves li").length)) < 4) {
    if ((await bodyState(page)) === "human") await humanClick(page, rand); else await sleep(20);
  }
  await waitState(page, ["human"]);
  const r = await page.evaluate(() => {
    const pos = () => document.getElementById("position").value;
    const moves = () => document.querySelectorAll("#moves li").length;
    const before = { pos: pos(), moves: moves() };
    document.getElementById("undo").click();
    return { before, after: { pos: pos(), moves: moves(), state: document.body.dataset.state, who: document.getElementById("headline").textContent } };
  });
  assert(r.after.moves < r.before.moves && r.after.pos !== r.before.pos && r.after.state === "human" && /Your move/.test(r.after.who), "undo", r);
  noErrors(page, "splut");
});

check("the move list looks back: a click shows the position after an action, the game waits", async (ctx) => {
  const page = await openPage(ctx, "?game=splut&seats=human;random&pace=fast");
  await page.click("#tab-play-button");
  const rand = rng(8);
  while ((await page.evaluate(() => document.querySelectorAll("#moves li").length)) < 5) {
    if ((await bodyState(page)) === "human") await humanClick(page, rand); else await sleep(20);
  }
  await waitState(page, ["human"]);
  const n = await page.evaluate(() => document.querySelectorAll("#moves li").length);
  await page.click("#moves li:nth-child(2)");
  const pieces = () => page.evaluate(() => [...document.querySelectorAll("#board .piece")].map((p) => `${p.dataset.kind}@${p.dataset.cell}`).sort().join(" "));
  const expected = (k) => page.evaluate(async (k) => {
    const mod = await import("./pkg/boardgame_wasm.js");
    const g = new mod.WebGame("splut", "", null);
    for (const li of [...document.querySelectorAll("#moves li")].slice(0, k)) g.play(li.querySelector(".act").textContent);
    const v = g.view();
    g.free();
    return v.cells.flatMap((c, i) => c.pieces.map((p) => `${p.kind}@${i}`)).sort().join(" ");
  }, k);
  let r = await page.evaluate(() => ({ state: document.body.dataset.state, headline: document.getElementById("headline").textContent }));
  assert(r.state === "review" && /^Looking back: action 2 of \d+/.test(r.headline), "no look back", r);
  assert((await pieces()) === (await expected(2)), "the position after action 2 is not shown");
  await page.keyboard.press("ArrowLeft");
  assert((await pieces()) === (await expected(1)), "← does not step back");
  await sleep(300);
  await page.keyboard.press("Escape");
  r = await page.evaluate(() => ({ state: document.body.dataset.state, moves: document.querySelectorAll("#moves li").length }));
  assert(r.state === "human" && r.moves === n, "Esc does not come back to the game, or the game went on", { r, n });
  assert((await pieces()) === (await expected(n)), "the game's position is not back");
  noErrors(page, "splut");
});

check("the board can be played with the keyboard", async (ctx) => {
  const page = await openPage(ctx, "?game=slimetrail&seats=human;human&pace=fast");
  await page.click("#tab-play-button");
  // Tab from the top of the page to the first cell that can be played.
  const tabTo = async (selector) => {
    for (let i = 0; i < 80; i++) {
      if (await page.evaluate((sel) => document.activeElement?.matches?.(sel) ?? false, selector)) return;
      await page.keyboard.press("Tab");
    }
    throw new Error(`Tab never reaches ${selector}`);
  };
  await page.evaluate(() => document.activeElement?.blur());
  await tabTo("#board .cell[tabindex]");
  await page.keyboard.press("Enter");
  const selected = await page.evaluate(() => document.querySelectorAll("#board .cell.target[tabindex]").length);
  assert(selected > 0, "Enter on the snail did not select it", selected);
  await tabTo("#board .cell.target[tabindex]");
  await page.keyboard.press(" ");
  const r = await page.evaluate(() => ({ moves: document.querySelectorAll("#moves li").length, focus: document.activeElement?.closest?.("#board") !== null }));
  assert(r.moves === 1 && r.focus, "Space on a target did not play it, or the focus left the board", r);
  noErrors(page, "slimetrail");
});

// --- item 18 --------------------------------------------------------------------------------

// Every text drawn on the board, against every other and every piece (bounding boxes).
function collisions() {
  const svg = document.getElementById("board");
  const box = (e) => e.getBoundingClientRect();
  const texts = [...svg.querySelectorAll("text")].filter((t) => !t.closest(".piece") && t.textContent !== "");
  const pieces = [...svg.querySelectorAll(".piece")];
  const overlap = (a, b, slack = 0.5) => a.left < b.right - slack && b.left < a.right - slack && a.top < b.bottom - slack && b.top < a.bottom - slack;
  const hits = [];
  texts.forEach((t, i) => {
    const a = box(t);
    for (const u of texts.slice(i + 1)) if (overlap(a, box(u))) hits.push(`${t.textContent} / ${u.textContent}`);
    for (const p of pieces) if (overlap(a, box(p))) hits.push(`${t.textContent} / ${p.dataset.kind} on ${svg.querySelector(`.cell[data-cell="${p.dataset.cell}"]`).dataset.name}`);
  });
  const seats = [...document.querySelectorAll(".seat-row")].map((row) => {
    const name = row.querySelector(".name").getBoundingClientRect();
    const note = row.querySelector(".note").getBoundingClientRect();
    const select = row.querySelector("select").getBoundingClientRect();
    const lineHeight = parseFloat(getComputedStyle(row.querySelector(".name")).lineHeight) || 20;
    return { name: row.querySelector(".name").textContent, wraps: name.height > lineHeight * 1.5, besideNote: note.height > 0 && note.top < name.bottom - 1, overSelect: overlap(name, select, 0) };
  }).filter((s) => s.wraps || s.besideNote || s.overSelect);
  return { texts: texts.length, hits, seats };
}

check("18 labels do not collide on any board or beside the seats; every die says what it was for", async (ctx) => {
  const cases = [
    ["slimetrail", "size=9"], ["splut", "players=4"], ["elements", ""], ["elements", "board=blitz,players=4"],
    ["repello", "players=4"], ["arandia", "players=6"], ["arandia", ""],
  ];
  const page = await openPage(ctx, "?game=slimetrail&pace=fast&seats=human;human");
  await page.click("#tab-play-button");
  for (const [game, params] of cases) {
    // The start, and a random position 30 actions in (through a link of action ids).
    for (const n of [0, 30]) {
      await page.evaluate(async (game, params, n) => {
        const mod = await import("./pkg/boardgame_wasm.js");
        const g = new mod.WebGame(game, params, null);
        const ids = [];
        let seed = 12345 + n;
        for (let k = 0; k < n && !g.outcome(); k++) {
          const legal = g.legal();
          seed = (seed * 1103515245 + 12345) % 2147483648;
          const a = legal[seed % legal.length];
          ids.push(a.id);
          g.play(a.text);
        }
        g.free();
        const humans = Array(6).fill("human").join(";");
        location.hash = new URLSearchParams({ game, params, seats: humans, moves: ids.join(".") }).toString();
      }, game, params, n);
      await sleep(150);
      const r = await page.evaluate(collisions);
      assert(r.texts > 0, `${game} ${params}: no coordinates drawn`);
      assert(r.hits.length === 0 && r.seats.length === 0, `${game} ${params} after ${n} actions: labels collide`, { hits: r.hits.slice(0, 8), seats: r.seats });
    }
  }
  // The dice of Arandian checkers: each roll with what it was for, the newest first.
  const dice = await openPage(ctx, "?game=arandia&params=turn_limit%3D6&seats=human;random&pace=fast");
  await dice.click("#tab-play-button");
  const rand = rng(21);
  while ((await dice.evaluate(() => document.querySelectorAll("#moves li").length)) < 24 && (await bodyState(dice)) !== "over") {
    if ((await bodyState(dice)) === "human") await humanClick(dice, rand); else await sleep(20);
  }
  const d = await dice.evaluate(() => {
    const rows = [...document.querySelectorAll("#dice li")];
    const rolled = [...document.querySelectorAll("#moves li")].filter((li) => li.querySelector(".who").textContent === "die").map((li) => li.querySelector(".act").textContent).reverse();
    return { heading: document.querySelector("#dice-area h2").textContent, rows: rows.map((li) => ({ die: li.querySelector(".die")?.textContent, what: li.querySelector(".what")?.textContent })), rolled: rolled.slice(0, rows.length) };
  });
  assert(d.rows.length >= 3 && d.rows.length <= 6 && /newest first/.test(d.heading), "the dice panel", d);
  for (const [i, row] of d.rows.entries()) {
    assert(/^[1-6]$/.test(row.die) && /seat \d \((red|yellow|green|blue|purple|orange)\)'s ship on [a-i]\d|combat on [a-i]\d/.test(row.what ?? ""), "a die without its label", row);
    assert(/: \S.{8,}/.test(row.what ?? ""), "a die that does not say what the roll did", row);
    assert(row.die === d.rolled[i], "the dice panel does not show the rolls of the move list", d);
  }
  noErrors(page, "boards");
  noErrors(dice, "arandia");
});

check("Arandian checkers: pointing at a ship shows where each die value takes it", async (ctx) => {
  const page = await openPage(ctx, "?game=arandia&seats=human;random&pace=fast");
  await page.click("#tab-play-button");
  const box = await page.evaluate(() => {
    const b = document.querySelector('#board .cell[data-name="h9"] .cell-shape').getBoundingClientRect();
    return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
  });
  await page.mouse.move(box.x, box.y);
  await page.waitForSelector("#board .badges", { timeout: 3000 });
  const r = await page.evaluate(async () => {
    const badges = [...document.querySelectorAll("#board .badge-text")].map((t) => ({ cell: document.querySelector(`#board .cell[data-cell="${t.dataset.cell}"]`).dataset.name, values: t.textContent.split(" ") }));
    const mod = await import("./pkg/boardgame_wasm.js");
    const wrong = [];
    for (const b of badges) {
      for (const v of b.values) {
        const g = new mod.WebGame("arandia", "", document.getElementById("position").value);
        g.play("h9");
        g.play(v);
        if (!g.position().includes(`${b.cell}*`)) wrong.push(`${v} -> ${b.cell}: ${g.position()}`);
        g.free();
      }
    }
    return { badges, wrong, help: document.getElementById("act-help").textContent };
  });
  assert(r.badges.length >= 2 && r.wrong.length === 0, "the badges do not show where the rolls go", r);
  assert(/^h9 rolls the die: 1 → .*, 6 → /.test(r.help), "the rolls are not listed", r.help);
  await page.mouse.move(2, 2);
  assert(await page.evaluate(() => !document.querySelector("#board .badges")), "the badges stay after the pointer left");
  noErrors(page, "arandia");
});

// --- item 19 --------------------------------------------------------------------------------

const norm = (s) => s.replace(/\s+/g, " ").replace(/[`*]/g, "").trim();

check("19 how to play: the rules in brief from the registry (the README's words), with a picture, for every game", async (ctx) => {
  const page = await openPage(ctx, "?game=slimetrail&pace=fast");
  for (const game of Object.keys(TITLES)) {
    await page.select("#game", game);
    await page.click("#rules-button");
    const r = await page.evaluate(() => ({
      visible: document.getElementById("tab-rules").getBoundingClientRect().height > 0,
      title: document.getElementById("rules-title").textContent,
      intro: document.getElementById("rules-intro").textContent,
      brief: [...document.querySelectorAll("#rules-brief li")].map((li) => li.textContent),
      cells: document.querySelectorAll("#rules-picture .cell").length,
      pieces: document.querySelectorAll("#rules-picture .piece").length,
      caption: document.getElementById("rules-caption").textContent,
      here: document.querySelectorAll("#rules-here li").length,
      links: [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")),
    }));
    const readme = norm(fs.readFileSync(path.join(repo, "crates", `${game}-core`, "README.md"), "utf8"));
    const rules = fs.readFileSync(path.join(repo, "crates", `${game}-core`, "src", "rules.txt"), "utf8");
    const doc = norm(fs.readFileSync(path.join(docs, `${game}.md`), "utf8"));
    assert(r.visible && r.title === `How to play ${TITLES[game]}`, `${game}: no panel`, r);
    assert(r.brief.length >= 4 && r.here >= 1, `${game}: the rules are missing`, r);
    // From the registry: the first line of the crate's rules, and every item of its README's
    // rules in brief, in order.
    assert(r.intro === rules.split("\n")[0], `${game}: the intro is not the rules' first line`, r.intro);
    const section = readme.split("## The rules in brief")[1].split(" ## ")[0];
    const items = section.split(/(?:^| )- /).map(norm).filter((x) => x);
    assert(JSON.stringify(r.brief.map(norm)) === JSON.stringify(items), `${game}: not the README's rules in brief`, { shown: r.brief, items });
    assert(r.cells >= 25 && r.pieces >= 1 && doc.includes(norm(r.caption)), `${game}: the picture or its caption`, r);
    assert(r.links.every((h) => h.startsWith("#") || !/^[a-z]+:/i.test(h)), `${game}: a link leaves the page`, r.links);
  }
  noErrors(page, "rules");
});

check("19 the last move is highlighted and AI moves are animated", async (ctx) => {
  for (const [game, seats] of [["splut", "human;random"], ["slimetrail", "human;random"], ["repello", "human;random"]]) {
    const page = await openPage(ctx, `?game=${game}&seats=${seats}&pace=normal`);
    await page.click("#tab-play-button");
    const rand = rng(9);
    let last = null;
    for (let i = 0; i < 40; i++) {
      const st = await waitState(page, ["human", "over"]);
      if (st === "over") break;
      const before = await page.evaluate(() => ({ n: document.querySelectorAll("#moves li").length, anim: Number(document.body.dataset.animations ?? 0) }));
      await humanClick(page, rand);
      // When the AI answered: its move is marked and its pieces moved in an animation.
      const got = await page.evaluate(() => {
        const log = [...document.querySelectorAll("#moves li")];
        return { n: log.length, lastWho: log.at(-1)?.querySelector(".who").textContent, text: log.at(-1)?.querySelector(".act").textContent };
      });
      if (got.n === before.n) continue; // a selection, not an action
      await waitState(page, ["human", "over"]);
      const after = await page.evaluate(() => {
        const log = [...document.querySelectorAll("#moves li")];
        return {
          n: log.length,
          lastWho: log.at(-1).querySelector(".who").textContent,
          text: log.at(-1).querySelector(".act").textContent,
          lastTo: document.querySelector("#board .cell.last-to")?.dataset.name ?? null,
          last: [...document.querySelectorAll("#board .cell.last")].map((c) => c.dataset.name),
          anim: Number(document.body.dataset.animations ?? 0),
        };
      });
      if (after.lastWho === "1" || after.lastWho === "s") continue; // the person's own move ended the game
      last = { before, after };
      break;
    }
    assert(last, `${game}: no AI move seen`);
    const { before, after } = last;
    const named = after.text.match(/[a-m][0-9]+/g) ?? [];
    assert(after.lastTo !== null && after.last.includes(after.lastTo), `${game}: the AI's move is not highlighted`, after);
    assert(named.length === 0 || named.some((c) => after.last.includes(c)), `${game}: the highlight is not on the AI's move`, after);
    assert(after.anim > before.anim, `${game}: the AI's move was not animated`, { before, after });
    noErrors(page, game);
  }
});

check("19 a link holds the game and its position, and opens it", async (ctx) => {
  const page = await openPage(ctx, "?game=arandia&params=players%3D3&seats=human;random;random&pace=fast");
  await page.click("#tab-play-button");
  const rand = rng(17);
  while ((await page.evaluate(() => document.querySelectorAll("#moves li").length)) < 10) {
    if ((await bodyState(page)) === "human") await humanClick(page, rand); else await sleep(20);
  }
  await waitState(page, ["human"]);
  await page.click("#share");
  await page.waitForSelector("#toast:not([hidden])", { timeout: 5000 });
  const a = await page.evaluate(() => ({
    url: location.href,
    link: document.getElementById("link").getAttribute("href"),
    toast: document.getElementById("toast").textContent,
    pos: document.getElementById("position").value,
    moves: [...document.querySelectorAll("#moves li .act")].map((e) => e.textContent),
    seats: [...document.querySelectorAll(".seat-row select")].map((s) => s.value),
  }));
  assert(a.url === `${ctx.base}/${a.link}` && /^#game=arandia&params=players%3D3&seats=/.test(a.link) && /Link copied|Link:/.test(a.toast), "no link", a);
  const opened = await openPage(ctx, a.link);
  const b = await opened.evaluate(() => ({
    pos: document.getElementById("position").value,
    moves: [...document.querySelectorAll("#moves li .act")].map((e) => e.textContent),
    seats: [...document.querySelectorAll(".seat-row select")].map((s) => s.value),
    params: document.getElementById("params").value,
  }));
  assert(b.pos === a.pos && JSON.stringify(b.moves) === JSON.stringify(a.moves) && JSON.stringify(b.seats) === JSON.stringify(a.seats) && b.params === "players=3", "the link opens another game", { a, b });
  // A position given as text in a link (after a Load) opens too.
  const posLink = `#${new URLSearchParams({ game: "slimetrail", from: "7/7/7/3x3/2x4/1x5/1@5 2", seats: "human;human" })}`;
  const p3 = await openPage(ctx, posLink);
  const c = await p3.evaluate(() => document.getElementById("position").value);
  assert(c === "7/7/7/3x3/2x4/1x5/1@5 2", "a position link", c);
  noErrors(page, "arandia");
  noErrors(opened, "arandia (link)");
});

// --- item 20 --------------------------------------------------------------------------------

check("20 the README says how to install the tools, serve on 127.0.0.1 and publish, and shows the screenshots", async () => {
  const readme = fs.readFileSync(path.join(repo, "README.md"), "utf8");
  for (const s of ["web/ci.sh install", "127.0.0.1", "web/build.sh", "static"]) assert(readme.includes(s), `the README does not mention ${s}`);
  const shots = [...readme.matchAll(/\(docs\/(web-[a-z]+-?[a-z]*\.png)\)/g)].map((m) => m[1]);
  for (const game of Object.keys(TITLES)) for (const phase of ["start", "mid", "end"]) assert(shots.includes(`web-${game}-${phase}.png`), `the README does not show web-${game}-${phase}.png`);
  for (const game of Object.keys(TITLES)) assert(shots.includes(`web-phone-${game}.png`), `the README does not show web-phone-${game}.png`);
  let total = 0;
  for (const s of shots) {
    const file = path.join(docs, s);
    assert(fs.existsSync(file), `docs/${s} is missing`);
    total += fs.statSync(file).size;
  }
  assert(total < 1.6 * 1024 * 1024, "the screenshots are too big", `${total} bytes`);
  return `${shots.length} screenshots, ${Math.round(total / 1024)} KB`;
});

// --- issue 40: a newcomer on a phone ----------------------------------------------------------

const PHONE = { width: 390, height: 844, mobile: true };
const SIZES = [["1280 px", {}], ["390 px touch", PHONE]];
const tapOrClick = (size) => ({ tap: !!size.mobile });

// Colours seen in a screenshot of an element's box: counts of pixels near each wanted colour.
async function coloursIn(page, box, wanted) {
  const png = await page.screenshot({ clip: box, encoding: "base64" });
  return page.evaluate(async (png, wanted) => {
    const img = new Image();
    img.src = `data:image/png;base64,${png}`;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    const rgb = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
    const out = {};
    for (const [name, hex] of Object.entries(wanted)) {
      const [r, gg, b] = rgb(hex);
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - r) + Math.abs(d[i + 1] - gg) + Math.abs(d[i + 2] - b) < 60) n++;
      out[name] = n;
    }
    return out;
  }, png, wanted);
}

const cellBox = (page, name) => page.evaluate((name) => {
  const b = document.querySelector(`#board .cell[data-name="${name}"] .cell-shape`).getBoundingClientRect();
  return { x: b.left, y: b.top, width: b.width, height: b.height };
}, name);

async function clickCell(page, name, size) {
  const b = await cellBox(page, name);
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  if (size.mobile) await page.touchscreen.tap(x, y); else await page.mouse.click(x, y);
}

for (const [label, size] of SIZES) {
  check(`40.1 every state of a cell shows at once: movable and last move on one cell (screenshot), selected, targets, suggestion (${label})`, async (ctx) => {
    const page = await openPage(ctx, "?game=slimetrail&seats=human;human&pace=fast", size);
    await page.click("#tab-play-button");
    await clickCell(page, "c3", size); // straight to a neighbour of the snail
    await clickCell(page, "c2", size);
    // The snail's cell: the last move ended there, and it is the cell to act from.
    const snail = await page.evaluate(() => [...document.querySelectorAll("#board .cell.movable.last-to")].map((c) => c.dataset.name));
    assert(JSON.stringify(snail) === '["c2"]', "the snail's cell is not both movable and the last move's", snail);
    const seen = await coloursIn(page, await cellBox(page, "c2"), { blue: "#1d6fd6", orange: "#d9480f" });
    assert(seen.blue >= 20 && seen.orange >= 20, "the movable ring or the last-move mark is not visible on the cell", seen);
    await shot(page, `marks-${size.mobile ? "phone" : "desktop"}`);
    // Selected: the ring thickens, the targets turn green, the last-move mark stays.
    await clickCell(page, "c2", size);
    const sel = await page.evaluate(() => ({
      selected: [...document.querySelectorAll("#board .mark.selected")].map((m) => m.dataset.cell),
      last: document.querySelectorAll('#board .ring.to').length,
      targets: document.querySelectorAll("#board .mark.target").length,
    }));
    assert(sel.selected.length === 1 && sel.last === 1 && sel.targets >= 3, "selected, targets and the last move not all shown", sel);
    const colours = await coloursIn(page, await cellBox(page, "c2"), { blue: "#1d6fd6", orange: "#d9480f" });
    assert(colours.blue >= 20 && colours.orange >= 20, "the selected cell hides the last-move mark", colours);
    await clickCell(page, "c2", size); // deselect
    // A suggestion: dashed purple inside, with the other marks kept; the help says so.
    await page.click("#hint");
    await page.waitForSelector("#board .mark.hint", { timeout: 20_000 });
    const h = await page.evaluate(() => ({ hint: document.querySelectorAll("#board .mark.hint").length, movable: document.querySelectorAll("#board .mark.movable").length, last: document.querySelectorAll("#board .ring").length, help: document.getElementById("act-help").textContent }));
    assert(h.hint >= 1 && h.movable >= 1 && h.last >= 1 && /dashed purple/.test(h.help) && !/\bblue\b.*dashes/.test(h.help), "the suggestion replaces other marks or is not explained", h);
    noErrors(page, "slimetrail");
  });

  check(`40.7 Slime Trail: the snail then a green cell, or a cell next to it at once, as "On this page" says (${label})`, async (ctx) => {
    const page = await openPage(ctx, "?game=slimetrail&seats=human;human&pace=fast", size);
    await page.click("#tab-rules-button");
    const here = await page.evaluate(() => document.getElementById("rules-here").textContent);
    const word = size.mobile ? "Tap" : "Click";
    assert(here.includes(`${word} the snail (ringed in blue), then one of the green cells next to it`) && here.includes("next to the snail straight away"), "the text", here);
    await page.click("#tab-play-button");
    const before = await page.evaluate(() => ({ movable: [...document.querySelectorAll("#board .cell.movable")].map((c) => c.dataset.name), targets: document.querySelectorAll("#board .cell.target").length }));
    assert(JSON.stringify(before.movable) === '["d4"]' && before.targets === 0, "before a click: only the snail is ringed", before);
    await clickCell(page, "d4", size);
    const targets = await page.evaluate(() => [...document.querySelectorAll("#board .cell.target")].map((c) => c.dataset.name).sort());
    assert(targets.length === 8, "the snail's neighbours are not green after it was chosen", targets);
    await clickCell(page, "e5", size);
    await clickCell(page, "f6", size); // the second player steps next to the snail at once
    const moves = await page.evaluate(() => [...document.querySelectorAll("#moves li .act")].map((e) => e.textContent));
    assert(JSON.stringify(moves) === '["e5","f6"]', "the snail did not move as the text says", moves);
    noErrors(page, "slimetrail");
  });
}

check("40.2 on a phone: the instruction line is on the first screen with the board, says Tap; Play at the end of How to play brings the board back", async (ctx) => {
  for (const game of Object.keys(TITLES)) {
    const page = await openPage(ctx, `?game=${game}&seats=human;random&pace=fast`, PHONE);
    // A newcomer first sees How to play; its Play button is at the end.
    const rules = await page.evaluate(() => !document.getElementById("tab-rules").hidden);
    assert(rules, `${game}: How to play is not shown first`);
    await page.evaluate(() => document.getElementById("rules-done").scrollIntoView({ block: "center" }));
    const b = await page.evaluate(() => { const r = document.getElementById("rules-done").getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; });
    await page.touchscreen.tap(b.x, b.y);
    await sleep(200);
    const r = await page.evaluate(() => {
      const box = (id) => document.getElementById(id).getBoundingClientRect();
      return { h: window.innerHeight, banner: box("banner").top, board: box("board").bottom, help: box("act-help").bottom, helpTop: box("act-help").top, text: document.getElementById("act-help").textContent, title: document.getElementById("act-title").textContent };
    });
    assert(r.banner >= 0 && r.board <= r.h, `${game}: the banner and the board are not in view after Play`, r);
    assert(r.helpTop > 0 && r.help <= r.h, `${game}: the instruction line is not on the first screen`, r);
    assert(/^Your move/.test(r.title) && /\bTap\b/.test(r.text) && !/\b[Cc]lick/.test(r.text), `${game}: the instruction does not say Tap`, r);
    noErrors(page, game);
  }
  const wide = await openPage(ctx, "?game=splut&seats=human;random&pace=fast");
  await wide.click("#tab-play-button");
  const text = await wide.evaluate(() => document.getElementById("act-help").textContent);
  assert(/\bClick\b/.test(text), "with a mouse the instruction says Click", text);
});

check("40.3 every tap target on every game's board is at least 40 CSS px in its tap mode (390 px touch); numbers readable; whole boards at 1280 px", async (ctx) => {
  const cases = [["slimetrail", ""], ["splut", ""], ["elements", ""], ["repello", ""], ["arandia", ""]];
  const out = [];
  for (const [game, params] of cases) {
    const page = await openPage(ctx, `?game=${game}&params=${encodeURIComponent(params)}&seats=human;random&pace=fast`, PHONE);
    await page.click("#tab-play-button");
    await waitState(page, ["human"]);
    const zoom0 = await page.evaluate(() => document.getElementById("board").dataset.zoom);
    if (zoom0 === "out") {
      // The first tap magnifies; nothing is played.
      const cell = await page.evaluate(() => document.querySelector("#board .cell.movable").dataset.name);
      await clickCell(page, cell, PHONE);
      const z = await page.evaluate(() => ({ zoom: document.getElementById("board").dataset.zoom, moves: document.querySelectorAll("#moves li").length }));
      assert(z.zoom === "in" && z.moves === 0, `${game}: the first tap did not magnify`, z);
    }
    const m = await page.evaluate(() => {
      const f = document.getElementById("board").getBoundingClientRect();
      const shown = [...document.querySelectorAll("#board .cell")].map((c) => ({ name: c.dataset.name, act: c.matches(".movable, .target"), b: c.querySelector(".cell-shape").getBoundingClientRect() }))
        .filter((c) => c.b.left + c.b.width / 2 > f.left && c.b.right - c.b.width / 2 < f.right && c.b.top + c.b.height / 2 > f.top && c.b.bottom - c.b.height / 2 < f.bottom);
      const numbers = [...document.querySelectorAll("#board .number")].map((t) => t.getBoundingClientRect()).filter((b) => b.left > f.left && b.right < f.right && b.top > f.top && b.bottom < f.bottom);
      return { cells: shown.length, narrowest: Math.min(...shown.map((c) => Math.min(c.b.width, c.b.height))), actable: shown.filter((c) => c.act).length, number: numbers.length ? Math.min(...numbers.map((b) => b.height)) : null };
    });
    assert(m.cells >= 9 && m.actable >= 1 && m.narrowest >= 40, `${game}: tap targets under 40 px`, m);
    if (game === "repello") assert(m.number !== null && m.number >= 12, "Repello's numbers are too small to read", m);
    // A tap on a cell then plays as a click would.
    const rand = rng(40);
    const n0 = await page.evaluate(() => document.querySelectorAll("#moves li").length);
    for (let i = 0; i < 6 && (await page.evaluate(() => document.querySelectorAll("#moves li").length)) === n0; i++) {
      if ((await bodyState(page)) === "human") await humanClick(page, rand, { tap: true }); else await sleep(30);
    }
    assert((await page.evaluate(() => document.querySelectorAll("#moves li").length)) > n0, `${game}: taps do not play in the tap mode`);
    if (writeDocs) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 0.5 });
      await sleep(150);
      await page.screenshot({ path: path.join(docs, `web-phone-${game}.png`) });
      await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    }
    await shot(page, `tap-${game}`);
    out.push(`${game} ${Math.round(m.narrowest)} px`);
    noErrors(page, game);
    const wide = await openPage(ctx, `?game=${game}&seats=human;random&pace=fast`);
    const z = await wide.evaluate(() => document.getElementById("board").dataset.zoom);
    assert(z === "none", `${game}: a magnifier at 1280 px with a mouse`, z);
  }
  return out.join(", ");
});

check("40.5 on a 390 px touch phone every game's end says in words what ended it, the deciding action alone marked", async (ctx) => {
  const out = [];
  for (const [index, spec] of PLAYS.entries()) {
    const page = await openPage(ctx, query(spec), PHONE);
    await page.click("#tab-play-button");
    await playToEnd(page, spec, 500 + index, {
      tap: true,
      onClick: async (n) => { if (n === 4) await page.select('.seat-row[data-seat="0"] select', "random"); },
    });
    await sleep(300);
    await checkResult(page);
    const r = await checkEnding(page);
    await shot(page, `${spec.game}-end-phone`);
    out.push(`${spec.game}: ${r.last}`);
    noErrors(page, spec.game);
  }
  return out.join("; ");
});

check("40.4 Repello: every seat's colour is far from the neutral gold token's (1280 px and 390 px touch)", async (ctx) => {
  for (const [, size] of SIZES) {
    const page = await openPage(ctx, "?game=repello&params=players%3D4&seats=human;human;human;human&pace=fast", size);
    const rand = rng(4);
    while ((await page.evaluate(() => document.querySelectorAll("#moves li").length)) < 4) await humanClick(page, rand, tapOrClick(size));
    const r = await page.evaluate(() => {
      const fill = (sel) => [...document.querySelectorAll(sel)].map((p) => p.querySelector("circle").getAttribute("fill"));
      return { gold: fill('#board .piece[data-kind="gold"]')[0], seats: [...new Set(fill('#board .piece[data-kind="stack"]'))], swatches: [...document.querySelectorAll(".seat-row .swatch")].map((s) => getComputedStyle(s).backgroundColor) };
    });
    const rgb = (h) => h.startsWith("#") ? [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) : h.match(/\d+/g).map(Number);
    const far = (a, b) => Math.hypot(...rgb(a).map((v, i) => v - rgb(b)[i]));
    assert(r.gold && r.seats.length === 4, "the pieces", r);
    for (const c of [...r.seats, ...r.swatches]) assert(far(c, r.gold) > 120, "a seat's colour is close to the gold token's", { c, gold: r.gold });
    noErrors(page, "repello");
  }
});

check("40.6 Arandian checkers: seats by colour everywhere, moved ships keep their colour, dice say what the roll did, f9 and f9-g9 explained", async (ctx) => {
  for (const [label, size] of SIZES) {
    const page = await openPage(ctx, "?game=arandia&seats=human;random&pace=fast", size);
    await page.click("#tab-play-button");
    await waitState(page, ["human"]);
    const names = await page.evaluate(() => [...document.querySelectorAll(".seat-row .name")].map((e) => e.textContent));
    assert(JSON.stringify(names) === '["Seat 0 (red)","Seat 3 (blue)"]', `${label}: the seats are not named by colour`, names);
    // A ship in the home harbour: its buttons say what each does.
    await clickCell(page, "f9", size);
    if ((await page.evaluate(() => document.getElementById("board").dataset.zoom)) === "in") await clickCell(page, "f9", size);
    const buttons = await page.evaluate(() => [...document.querySelectorAll("#choices button")].map((b) => ({ action: b.dataset.action, said: b.querySelector(".said")?.textContent ?? "" })));
    const roll = buttons.find((b) => b.action === "f9");
    const shuffle = buttons.find((b) => /^f9-/.test(b.action));
    assert(roll && /die is rolled for the ship on f9/.test(roll.said) && shuffle && /moves along the harbour/.test(shuffle.said), `${label}: the buttons are not explained`, buttons);
    // Play on: the spent ships stay in their seat's colour, every text names seats by colour.
    const rand = rng(6);
    while ((await page.evaluate(() => document.querySelectorAll("#moves li").length)) < 14 && (await bodyState(page)) !== "over") {
      if ((await bodyState(page)) === "human") await humanClick(page, rand, tapOrClick(size)); else await sleep(20);
    }
    // A ship that just arrived fades in (opacity 0 to 1): the board is read once no piece moves.
    const r = await page.evaluate(async () => {
      const board = document.getElementById("board");
      for (let moving = board.getAnimations({ subtree: true }); moving.length; moving = board.getAnimations({ subtree: true })) {
        await Promise.all(moving.map((a) => a.finished.catch(() => null)));
      }
      const spent = [...document.querySelectorAll("#board .piece.spent")].map((p) => ({ owner: p.dataset.owner, fill: [...p.querySelectorAll("circle")].at(-1).getAttribute("fill"), opacity: getComputedStyle(p).opacity }));
      const text = [document.getElementById("banner").innerText, document.getElementById("act-help").textContent, ...[...document.querySelectorAll("#dice .what")].map((e) => e.textContent)].join(" | ");
      return { spent, text, dice: [...document.querySelectorAll("#dice .what")].map((e) => e.textContent) };
    });
    const colours = ["#d62828", "#e9c46a", "#2a9d8f", "#277da1", "#8e5ccf", "#f3722c"];
    for (const p of r.spent) assert(p.fill === colours[p.owner] && p.opacity === "1", `${label}: a moved ship changed colour`, p);
    assert(!/\b[Ss]eat [0-5]\b(?! \()/.test(r.text), `${label}: a seat named without its colour`, r.text);
    assert(r.dice.length >= 1 && r.dice.every((d) => /: \S/.test(d)), `${label}: a die line without what the roll did`, r.dice);
    noErrors(page, "arandia");
  }
});

// --- online play (issue 39) ----------------------------------------------------------------

// Starts `boardgame serve` on a free port with a new SQLite file, serving the published page;
// resolves to { base, stop } once it prints its `listening on` line.
async function startServer({ addr = "127.0.0.1:0", dir = null } = {}) {
  const bin = process.env.BOARDGAME ?? path.resolve(repo, process.env.CARGO_TARGET_DIR ?? "target", "debug", "boardgame");
  const help = await new Promise((resolve) => { const p = spawn(bin, ["serve", "--help"]); let o = ""; p.stdout.on("data", (d) => { o += d; }); p.on("exit", () => resolve(o)); p.on("error", () => resolve("")); });
  // The workspace's build of the command (web/ci.sh builds it) runs the online checks once it
  // has `serve`; a binary named by BOARDGAME must have it.
  if (!help.includes("--web") && !process.env.BOARDGAME) return null;
  assert(help.includes("--web"), `${bin} has no serve command with --web`);
  dir ??= fs.mkdtempSync(path.join(os.tmpdir(), "boardgames-serve-"));
  const child = spawn(bin, ["serve", "--addr", addr, "--db", `sqlite://${path.join(dir, "rooms.db")}`, "--web", web, "--rate", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  let errors = "";
  child.stderr.on("data", (d) => { errors += d; });
  const base = await new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${errors}`)), 30_000);
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on("exit", (code) => reject(new Error(`the server stopped (${code}): ${errors}`)));
  });
  const stop = ({ kill = false, keep = false } = {}) => {
    child.kill(kill ? "SIGKILL" : "SIGTERM");
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.on("exit", resolve)));
  };
  return { base, stop, dir, addr: base.replace("http://", "") };
}

const seatsShown = (page) => page.evaluate(() => [...document.querySelectorAll(".seat-row")].map((r) => ({ seat: r.dataset.seat, who: r.querySelector(".who")?.textContent ?? "", connected: r.querySelector(".conn")?.dataset.connected ?? null })));

const tableOf = (page) => page.evaluate(() => ({
  position: document.getElementById("position").value,
  moves: [...document.querySelectorAll("#moves li .act")].map((e) => e.textContent),
  state: document.body.dataset.state,
  headline: document.getElementById("headline").textContent,
  status: document.getElementById("online-status").textContent,
}));

check("39 online: three browsers play a three-player Splut! through the server to the end, one reloads and carries on, the server restarts and all reconnect, a fourth watches, one is a 390 px touch phone", async (ctx) => {
  let server = await startServer();
  if (!server) return "skipped: the built `boardgame` has no serve command";
  try {
    const open = async (link, size = {}) => {
      const page = await openPage({ ...ctx, base: server.base }, link.startsWith("http") ? link.slice(server.base.length + 1) : link, size);
      return page;
    };
    // The first player creates the room from the page, all three seats people.
    const a = await open("?game=splut&params=players%3D3%2Cturn_limit%3D8&seats=human;human;human");
    await a.click("#tab-online-button");
    await a.waitForSelector('body[data-server="1"]', { timeout: 10_000 });
    const form = await a.evaluate(() => ({ what: document.getElementById("online-what").textContent, seats: document.querySelectorAll(".online-agent").length }));
    assert(/Splut!/.test(form.what) && form.seats === 3, "the room form", form);
    await a.click("#online-create-button");
    await a.waitForSelector('#online-links .link-row[data-seat="watch"]', { timeout: 10_000 });
    const links = await a.evaluate(() => Object.fromEntries([...document.querySelectorAll("#online-links .link-row")].map((r) => [r.dataset.seat, r.querySelector("input").value])));
    assert(links["1"] && links["2"] && links.watch && /#room=[^&]+&seat=1$/.test(links["1"]) && /#room=[^&]+$/.test(links.watch), "no seat or watch links", links);
    assert((await a.evaluate(() => location.hash)).includes("seat=0"), "the creator is not seated");
    // Joining by link takes the seat; the phone is the third player; a fourth page watches.
    const b = await open(links["1"]);
    const c = await open(links["2"], { width: 390, height: 844, mobile: true });
    const watch = await open(links.watch);
    const players = [a, b, c];
    for (const [i, p] of players.entries()) {
      const stored = await p.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("room-token:")));
      assert(stored.length === 1 && stored[0].endsWith(`:${i}`), `player ${i}: the seat's token is not kept`, stored);
    }
    // Everyone connected, as every page shows.
    const deadline0 = Date.now() + 10_000;
    for (;;) {
      const shown = await Promise.all([a, b, c, watch].map(seatsShown));
      if (shown.every((rows) => rows.length === 3 && rows.every((r) => r.connected === "true"))) break;
      assert(Date.now() < deadline0, "the seats do not all show connected", shown);
      await sleep(100);
    }
    const watched = await seatsShown(watch);
    assert(watched.some((r) => /^you/.test(r.who)) === false, "the spectator has a seat", watched);
    // Play: each page acts when its seat is to act; page b reloads after 6 actions.
    const rands = [rng(31), rng(32), rng(33)];
    let reloaded = false;
    let restarted = false;
    let clicks = 0;
    const deadline = Date.now() + 120_000;
    for (;;) {
      assert(Date.now() < deadline, `not over after 120 s (${clicks} clicks)`);
      const states = await Promise.all(players.map(bodyState));
      if (states.every((st) => st === "over")) break;
      const moves = await a.evaluate(() => document.querySelectorAll("#moves li").length);
      if (!reloaded && moves >= 6) {
        reloaded = true;
        await b.reload();
        await b.waitForSelector("body[data-ready]", { timeout: 30_000 });
        const after = await tableOf(b);
        const there = await tableOf(a);
        assert(after.moves.length >= moves && after.position !== "", "the reloaded page did not come back to the game", { after, there });
        const rows = await seatsShown(b);
        assert(rows.some((r) => /^you/.test(r.who)), "after the reload the seat is not the page's", rows);
        continue;
      }
      if (!restarted && moves >= 12) {
        // The server killed and started again on its database: every page reconnects by
        // itself and the game carries on from where it was.
        restarted = true;
        await server.stop({ kill: true, keep: true });
        await sleep(300);
        const lost = await Promise.all([a, c].map((p) => p.evaluate(() => document.getElementById("online-status").dataset.connected)));
        server = await startServer({ addr: server.addr, dir: server.dir });
        const t0 = Date.now();
        for (;;) {
          const back = await Promise.all([a, b, c, watch].map((p) => p.evaluate(() => document.getElementById("online-status").dataset.connected)));
          if (back.every((x) => x === "1")) break;
          assert(Date.now() - t0 < 15_000, "the pages did not reconnect after the server came back", { lost, back });
          await sleep(100);
        }
        assert(lost.every((x) => x === "0"), "the pages did not notice the lost connection", lost);
        const again = await Promise.all([a, c].map(tableOf));
        assert(again[0].moves.length === moves && again[1].moves.length === moves, "an action was lost over the restart", { moves, again });
        continue;
      }
      const i = states.indexOf("human");
      if (i < 0) { await sleep(30); continue; }
      const before = await a.evaluate(() => document.querySelectorAll("#moves li").length);
      await humanClick(players[i], rands[i], { tap: i === 2 });
      clicks++;
      // The others see the action live (a selection is not an action).
      const t0 = Date.now();
      while (Date.now() - t0 < 400) {
        const n = await players[(i + 1) % 3].evaluate(() => document.querySelectorAll("#moves li").length);
        if (n > before) break;
        await sleep(20);
      }
      for (const p of [...players, watch]) noErrors(p, "online splut");
    }
    await sleep(500);
    const tables = await Promise.all([a, b, c, watch].map(tableOf));
    for (const t of tables.slice(1)) {
      assert(t.position === tables[0].position && JSON.stringify(t.moves) === JSON.stringify(tables[0].moves), "the pages do not show the same game", tables);
    }
    assert(tables[3].state === "over" && /wins|draw|share/.test(tables[3].headline), "the spectator does not see the end", tables[3]);
    const room = await (await fetch(`${server.base}/api/rooms/${links.watch.split("room=")[1]}`)).json();
    assert(room.actions.length === tables[0].moves.length && room.position === tables[0].position, "the page and the server's room differ", { room, shown: tables[0] });
    // The phone: nothing scrolls sideways.
    const wide = await c.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(wide <= 0, "the phone page scrolls sideways", wide);
    await shot(c, "online-phone");
    await shot(a, "online-desktop");
    for (const p of [...players, watch]) noErrors(p, "online splut");
    assert(reloaded && restarted, "the game ended before the reload and the restart", { reloaded, restarted });
    return `${tables[0].moves.length} actions, ${clicks} clicks and taps, a reload and a server restart; ${tables[0].headline}`;
  } finally {
    await server.stop();
  }
});

// Runs `fn(server)` against a fresh `boardgame serve`, stopped after it (skipped without one).
async function withServer(fn) {
  const server = await startServer();
  if (!server) return "skipped: the built `boardgame` has no serve command";
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

check("39 online: a person against an AI seat the server plays, Arandian checkers with the server's dice shown as they come", async (ctx) => withServer(async (server) => {
    const page = await openPage({ ...ctx, base: server.base }, "?game=arandia&params=turn_limit%3D4&seats=human;random", PHONE);
    await page.click("#tab-online-button");
    await page.waitForSelector('body[data-server="1"]', { timeout: 10_000 });
    await page.select('.online-agent[data-index="1"]', "random");
    await page.click("#online-create-button");
    await page.waitForSelector('#online-links .link-row[data-seat="watch"]', { timeout: 10_000 });
    const links = await page.evaluate(() => [...document.querySelectorAll("#online-links .link-row")].map((r) => r.dataset.seat));
    assert(JSON.stringify(links) === '["0","watch"]', "links for the AI's seat", links);
    await page.click("#tab-play-button");
    const rows = await seatsShown(page);
    assert(rows.length === 2 && /^you/.test(rows[0].who) && /AI: random/.test(rows[1].who) && rows[1].connected === "agent", "the seats", rows);
    const rand = rng(77);
    const deadline = Date.now() + 60_000;
    let dice = 0;
    while ((await bodyState(page)) !== "over") {
      assert(Date.now() < deadline, "not over after 60 s", await page.evaluate(() => ({ state: document.body.dataset.state, headline: document.getElementById("headline").textContent, help: document.getElementById("act-help").textContent, error: document.getElementById("error").textContent, moves: document.querySelectorAll("#moves li").length, status: document.getElementById("online-status").textContent })));
      if ((await bodyState(page)) === "human") await humanClick(page, rand, { tap: true }); else await sleep(30);
      dice = Math.max(dice, await page.evaluate(() => document.querySelectorAll("#dice li .die").length));
    }
    const t = await tableOf(page);
    const rolls = await page.evaluate(() => [...document.querySelectorAll("#moves li")].filter((li) => li.querySelector(".who").textContent === "die").length);
    assert(dice >= 1 && rolls >= 2, "no dice seen", { dice, rolls });
    const room = await (await fetch(`${server.base}/api/rooms/${(await page.evaluate(() => location.hash)).match(/room=([^&]+)/)[1]}`)).json();
    assert(room.actions.length === t.moves.length && room.position === t.position, "the page and the server's room differ", { room, t });
    // The end offers a rematch: a new room, the same game and seats, this page at its seat.
    const oldId = room.id;
    await page.click("#tab-online-button");
    await page.waitForSelector("#online-rematch", { visible: true, timeout: 10_000 });
    await page.click("#online-rematch");
    const deadline2 = Date.now() + 10_000;
    let newId;
    for (;;) {
      newId = (await page.evaluate(() => location.hash)).match(/room=([^&]+)/)?.[1];
      if (newId && newId !== oldId && (await page.evaluate(() => document.getElementById("online-id").textContent)) === newId) break;
      assert(Date.now() < deadline2, "the rematch was not entered", await page.evaluate(() => ({ hash: location.hash, error: document.getElementById("online-error").textContent })));
      await sleep(50);
    }
    const [before, after] = await Promise.all([oldId, newId].map(async (id) => (await fetch(`${server.base}/api/rooms/${id}`)).json()));
    assert(before.rematch === newId && after.game === "arandia" && after.params === before.params && !after.over, "the rematch's room", { before: before.rematch, after });
    assert(after.seats[0].taken && after.seats[0].kind === "human" && after.seats[1].kind === "random", "the rematch's seats", after.seats);
    assert((await page.evaluate(() => location.hash)).includes("seat=0"), "not seated in the rematch");
    assert(await page.evaluate(() => document.getElementById("online-over").hidden), "the rematch room offers a rematch already");
    noErrors(page, "online arandia");
    return `${t.moves.length} actions (${rolls} rolls by the server); ${t.headline}; rematch in room ${newId}`;
}));

check("39 online: the lobby lists a room; a second browser joins it from there, leaves (its seat free again), and watches", async (ctx) => withServer(async (server) => {
    const a = await openPage({ ...ctx, base: server.base }, "?game=slimetrail&params=size%3D5&seats=human;human");
    await a.click("#tab-online-button");
    await a.waitForSelector('body[data-server="1"]', { timeout: 10_000 });
    await a.waitForSelector("#online-lobby-empty", { visible: true, timeout: 10_000 });
    await a.click("#online-create-button");
    await a.waitForSelector('#online-links .link-row[data-seat="watch"]', { timeout: 10_000 });
    const id = (await a.evaluate(() => location.hash)).match(/room=([^&]+)/)[1];
    assert(await a.evaluate(() => document.getElementById("online-lobby").hidden), "the lobby is shown inside a room");
    // Another person, on a phone, finds it in the lobby and joins: the free seat is theirs.
    const b = await openPage({ ...ctx, base: server.base }, "", PHONE);
    await b.click("#tab-online-button");
    const row = `#online-lobby-list .lobby-row[data-room="${id}"]`;
    await b.waitForSelector(row, { timeout: 10_000 });
    const listed = await b.$eval(row, (r) => r.textContent);
    assert(/Slime Trail \(size=5\): 1 seat free of 2, 0 actions played/.test(listed), "the lobby's line", listed);
    await b.tap(`${row} .lobby-join`);
    await b.waitForFunction(() => /seat=1/.test(location.hash) && document.getElementById("online-status").dataset.connected === "1", { timeout: 10_000 });
    let room = await (await fetch(`${server.base}/api/rooms/${id}`)).json();
    assert(room.seats[1].taken, "the joined seat is not taken", room.seats);
    // Leaving frees the seat (the server says so) and the lobby is back.
    await b.click("#tab-online-button");
    await b.waitForSelector("#online-leave", { visible: true });
    await b.tap("#online-leave");
    await b.waitForSelector(row, { visible: true, timeout: 10_000 });
    room = await (await fetch(`${server.base}/api/rooms/${id}`)).json();
    assert(!room.seats[1].taken && room.seats[0].taken, "leaving did not free the seat", room.seats);
    assert((await b.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("room-token:")))).length === 0, "the token of the seat left is kept");
    await b.evaluate(() => document.getElementById("online-lobby").scrollIntoView({ block: "end" }));
    await shot(b, "online-lobby-phone");
    // The first player's page sees the seat free again.
    await a.click("#tab-play-button");
    await a.waitForFunction(() => /seat free/.test(document.querySelectorAll(".seat-row .who")[1]?.textContent ?? ""), { timeout: 10_000 });
    // Watching from the lobby: no seat taken.
    await b.tap(`${row} .lobby-watch`);
    await b.waitForFunction(() => /watching, connected/.test(document.getElementById("online-status").textContent), { timeout: 10_000 });
    room = await (await fetch(`${server.base}/api/rooms/${id}`)).json();
    assert(!room.seats[1].taken, "watching took a seat", room.seats);
    noErrors(a, "lobby a");
    noErrors(b, "lobby b");
    return `room ${id} joined from the lobby, left and watched`;
}));

// --- run ------------------------------------------------------------------------------------

const words = process.argv.slice(2);
const selected = words.length ? checks.filter((c) => words.some((w) => c.name.includes(w))) : checks;
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}`;
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "boardgames-chromium-"));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", `--user-data-dir=${profile}`,
  ],
});
const failed = [];
const started = Date.now();
try {
  for (const c of selected) {
    const t0 = Date.now();
    const ctx = { browser, base, contexts: [] };
    try {
      const note = await c.fn(ctx);
      console.log(`ok    ${c.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)${note ? `: ${note}` : ""}`);
    } catch (e) {
      failed.push(c.name);
      console.error(`FAIL  ${c.name} (${((Date.now() - t0) / 1000).toFixed(1)} s): ${e.message}`);
    } finally {
      for (const context of ctx.contexts) await context.close().catch(() => {});
    }
  }
} finally {
  await browser.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
const secs = ((Date.now() - started) / 1000).toFixed(1);
if (failed.length) {
  console.error(`${failed.length} of ${selected.length} checks failed in ${secs} s:\n${failed.map((f) => `  ${f}`).join("\n")}`);
  process.exit(1);
}
console.log(`all ${selected.length} checks passed in ${secs} s; screenshots in ${artifacts}`);
