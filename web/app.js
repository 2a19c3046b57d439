// The page: pick a game, learn it (How to play), choose a person or an AI for every seat, then
// play by clicking (or tapping) cells. Everything about the rules comes from the WebAssembly
// module (the legal actions with the cells they touch); AI players think in a Web Worker and
// say what they found (value, expected line). The address's fragment always holds the game
// (name, parameters, seats, moves), so a link or a reload brings the same position back.
import init, { games } from "./pkg/boardgame_wasm.js";
import { $, state, LOOK, PACES, toast } from "./page.js";
import { showTab, rulesSeen, fillParamFields } from "./forms.js";
import { writeAddress, linkFragment, fromAddress, copyText } from "./links.js";
import { startGame, update, undo, loadPosition, review, askHint } from "./play.js";
import { setUpOnline, joinRoom, leaveRoom } from "./online.js";
import { setUpPanning, zoomOut } from "./zoom.js";

async function main() {
  await init();
  const select = $("game");
  for (const g of games()) select.add(new Option(g.title, g.name));
  try {
    $("coords").checked = localStorage.getItem("coordinates") !== "0";
    const pace = localStorage.getItem("pace");
    if (pace && PACES[pace]) {
      $("pace").value = pace;
      state.pace = PACES[pace];
    }
  } catch { /* private mode */ }
  select.addEventListener("change", () => {
    leaveRoom();
    startGame({ name: select.value });
    showTab(rulesSeen(select.value) ? "play" : "rules");
  });
  $("params").addEventListener("input", () => fillParamFields($("params").value));
  $("setup").addEventListener("submit", (ev) => {
    ev.preventDefault();
    leaveRoom();
    if (startGame({ name: select.value, params: $("params").value.trim() })) showTab("play");
  });
  $("new").addEventListener("click", () => $("setup").requestSubmit());
  $("rules-button").addEventListener("click", () => {
    showTab("rules");
    $("tabs").scrollIntoView({ block: "nearest" });
  });
  $("rules-done").addEventListener("click", () => {
    showTab("play");
    window.scrollTo({ top: 0 }); // the banner and the board in view again
  });
  for (const b of document.querySelectorAll("#tabs button")) b.addEventListener("click", () => showTab(b.dataset.tab));
  $("share").addEventListener("click", async () => {
    writeAddress();
    const url = location.origin + location.pathname + linkFragment();
    const what = state.online ? "it opens this room" : "it opens this game at this position";
    toast((await copyText(url)) ? `Link copied: ${what}.` : `Link: ${url}`);
  });
  $("undo").addEventListener("click", undo);
  setUpPanning($("board"));
  $("zoom-out").addEventListener("click", () => {
    zoomOut();
    update();
  });
  $("hint").addEventListener("click", askHint);
  $("coords").addEventListener("change", () => {
    try { localStorage.setItem("coordinates", $("coords").checked ? "1" : "0"); } catch { /* private mode */ }
    update();
  });
  $("pace").addEventListener("change", () => {
    state.pace = PACES[$("pace").value] ?? PACES.normal;
    try { localStorage.setItem("pace", $("pace").value); } catch { /* private mode */ }
  });
  $("copy").addEventListener("click", async () => {
    const text = state.game.position();
    $("position").value = text;
    if (await copyText(text)) toast("Position copied.");
    else $("position").select();
  });
  $("load").addEventListener("click", loadPosition);
  const moveIndex = (ev) => {
    const li = ev.target.closest?.("#moves li");
    return li ? [...$("moves").children].indexOf(li) : -1;
  };
  $("moves").addEventListener("click", (ev) => {
    const i = moveIndex(ev);
    if (i >= 0) review(i + 1);
  });
  $("moves").addEventListener("keydown", (ev) => {
    const i = moveIndex(ev);
    if (i < 0 || (ev.key !== "Enter" && ev.key !== " ")) return;
    ev.preventDefault();
    review(i + 1);
  });
  document.addEventListener("keydown", (ev) => {
    if (state.review === null || ev.target.closest?.("input, textarea, select")) return;
    if (ev.key === "ArrowLeft") review(Math.max(0, state.review - 1));
    else if (ev.key === "ArrowRight") review(state.review + 1);
    else if (ev.key === "Escape") review(null);
    else return;
    ev.preventDefault();
  });
  window.addEventListener("pagehide", writeAddress);
  window.addEventListener("hashchange", () => {
    const wanted = fromAddress();
    if (!wanted || location.hash === linkFragment()) return;
    if (wanted.room) joinRoom(wanted.room, wanted.seat);
    else {
      leaveRoom();
      startGame(wanted);
    }
  });
  setUpOnline();
  const wanted = fromAddress() ?? { name: select.value };
  if (wanted.room) {
    // A room's link: the table shows the room once the server answers.
    startGame({ name: select.value });
    await joinRoom(wanted.room, wanted.seat);
  } else {
    if (!startGame(wanted)) startGame({ name: wanted.name in LOOK ? wanted.name : select.value });
    showTab(rulesSeen(state.game.name) ? "play" : "rules");
  }
  document.body.dataset.ready = "1";
}

main();

