// The AI players' thread: gets a position and an agent SPEC, answers with what the agent
// found (its action, the values, the line it expects: WebGame.analyse), so the page never
// waits on a search.
import init, { WebGame } from "./pkg/boardgame_wasm.js";

const ready = init();

self.onmessage = async (ev) => {
  const { id, name, params, position, spec, seed } = ev.data;
  await ready;
  let game = null;
  try {
    game = new WebGame(name, params, position);
    const thought = game.analyse(spec, seed);
    self.postMessage({ id, thought });
  } catch (e) {
    self.postMessage({ id, error: String(e.message ?? e) });
  } finally {
    if (game) game.free();
  }
};
