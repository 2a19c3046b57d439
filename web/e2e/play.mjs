// End-to-end test of the web page in headless Chromium: for every game, a person (this
// script) plays seat 0 through clicks on the board and the choice buttons, against AI seats
// running in the page's Web Worker, until the game ends; then the result shown on the page is
// checked against the engine's own verdict on the final position. Screenshots of the start and
// the end of every game go to web/e2e/artifacts/.
//
// Usage: node play.mjs (after web/build.sh). CHROMIUM overrides /usr/bin/chromium.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const artifacts = path.join(here, "artifacts");
fs.mkdirSync(artifacts, { recursive: true });

// Small parameters and budgets so that every game ends within seconds.
const GAMES = [
  { game: "slimetrail", params: "size=7", seats: ["human", "mcts:iterations=200"] },
  { game: "splut", params: "turn_limit=10", seats: ["human", "mcts:iterations=100"] },
  { game: "elements", params: "board=blitz,per_turn=3", seats: ["human", "random"] },
  { game: "repello", params: "stack=2", seats: ["human", "mcts:iterations=100"] },
  { game: "arandia", params: "turn_limit=6", seats: ["human", "random"] },
];
const PER_GAME_MS = 120_000;

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json", ".ts": "text/plain" };

function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    if (url.pathname.endsWith("/")) file = path.join(file, "index.html");
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404).end(); return; }
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// One click of the person at the page: a choice button if some are offered, else a target of
// the selected piece, else a cell that starts or receives an action. `rand` picks uniformly.
async function humanClick(page, rand) {
  const pick = async (selector) => {
    const els = await page.$$(selector);
    return els.length ? els[Math.floor(rand() * els.length)] : null;
  };
  const button = await pick("#choices button");
  if (button) return button.click();
  const target = await pick("#board .cell.target");
  if (target) return target.click();
  const cell = await pick("#board .cell.movable");
  if (cell) return cell.click();
  throw new Error("a person is to act but nothing on the page can be clicked");
}

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Undo goes back to the person's previous decision; a pasted position loads (and a bad one is
// refused with a message, changing nothing). Runs synchronously inside the page, between turns.
async function checkUndoAndLoad(page, game) {
  const r = await page.evaluate(() => {
    const pos = () => document.getElementById("position").value;
    const moves = () => document.querySelectorAll("#moves li").length;
    const before = { pos: pos(), moves: moves() };
    document.getElementById("undo").click();
    const undone = { pos: pos(), moves: moves(), state: document.body.dataset.state };
    document.getElementById("position").value = "not a position";
    document.getElementById("load").click();
    const refused = { pos: pos(), error: document.getElementById("error").textContent };
    document.getElementById("position").value = before.pos;
    document.getElementById("load").click();
    const loaded = { pos: pos(), moves: moves(), error: document.getElementById("error").textContent };
    return { before, undone, refused, loaded };
  });
  const fail = (what) => { throw new Error(`${game}: ${what}: ${JSON.stringify(r)}`); };
  if (!(r.undone.moves < r.before.moves) || r.undone.pos === r.before.pos || r.undone.state !== "human") fail("undo");
  if (r.refused.error === "" || r.refused.pos !== "not a position" && r.refused.pos !== r.undone.pos) fail("a bad position was not refused");
  if (r.loaded.pos !== r.before.pos || r.loaded.moves !== 0 || r.loaded.error !== "") fail("load");
  console.log(`${game}: undo (${r.before.moves} -> ${r.undone.moves} actions) and position load checked`);
}

async function playOne(browser, base, spec, index) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 820 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  const query = new URLSearchParams({ game: spec.game, params: spec.params, seats: spec.seats.join(";") });
  await page.goto(`${base}/?${query}`);
  await page.waitForSelector("body[data-ready]", { timeout: 30_000 });
  await page.screenshot({ path: path.join(artifacts, `${spec.game}-start.png`) });
  const rand = rng(1000 + index);
  const deadline = Date.now() + PER_GAME_MS;
  let clicks = 0;
  let checkedControls = false;
  for (;;) {
    if (errors.length) throw new Error(`${spec.game}: page error: ${errors.join("; ")}`);
    if (Date.now() > deadline) throw new Error(`${spec.game}: not over after ${PER_GAME_MS} ms (${clicks} clicks)`);
    const st = await page.evaluate(() => document.body.dataset.state);
    if (st === "over") break;
    if (st === "human") {
      if (clicks === 4 && !checkedControls) {
        await checkUndoAndLoad(page, spec.game);
        checkedControls = true;
      }
      await humanClick(page, rand);
      clicks++;
    } else {
      await sleep(40);
    }
  }
  // The result shown, checked against the engine's verdict on the final position.
  const shown = await page.evaluate(async () => {
    const banner = document.getElementById("banner");
    const position = document.getElementById("position").value;
    const game = document.getElementById("game").value;
    const params = document.getElementById("params").value;
    const mod = await import("./pkg/boardgame_wasm.js");
    const fresh = new mod.WebGame(game, params, position);
    const verdict = fresh.outcome();
    return {
      visible: !banner.hidden,
      text: banner.textContent,
      summary: banner.dataset.summary,
      verdict: verdict ? verdict.summary : null,
      moves: document.querySelectorAll("#moves li").length,
    };
  });
  await page.screenshot({ path: path.join(artifacts, `${spec.game}-end.png`) });
  if (!shown.visible || !shown.text.startsWith("Game over")) throw new Error(`${spec.game}: no end-of-game message (${JSON.stringify(shown)})`);
  if (shown.verdict === null || shown.summary !== shown.verdict) throw new Error(`${spec.game}: the page shows ${shown.summary}, the engine says ${shown.verdict}`);
  if (errors.length) throw new Error(`${spec.game}: page error: ${errors.join("; ")}`);
  console.log(`${spec.game} (${spec.params}): over after ${shown.moves} actions, ${clicks} clicks: ${shown.text}`);
  await page.close();
}

const server = await serve();
const base = `http://127.0.0.1:${server.address().port}`;
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "boardgames-chromium-"));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", `--user-data-dir=${profile}`,
  ],
});
let failed = false;
try {
  for (const [i, spec] of GAMES.entries()) {
    try {
      await playOne(browser, base, spec, i);
    } catch (e) {
      failed = true;
      console.error(`FAIL ${e.message}`);
    }
  }
} finally {
  await browser.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
if (failed) process.exit(1);
console.log(`all ${GAMES.length} games played to the end; screenshots in ${artifacts}`);
