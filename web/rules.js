// What the "How to play" panel of every game adds to the rules in brief (which come from the
// registry through the WebAssembly module: `games()`, `intro` and `brief`): a picture, a
// position drawn by the page with its `quote` taken word for word from docs/<game>.md (the
// end-to-end test checks it), and `here`, how to act on this page.
// Markup: `code` and **bold**, as in the READMEs.

export const RULES = {
  slimetrail: {
    picture: {
      params: "",
      moves: ["c3", "b2", "b1"],
      quote: "After `c3 b2 b1` (seat 2 to move) the trail is `d4 c3 b2`",
    },
    here: [
      "Click the snail (ringed in blue), then one of the green cells next to it to move it there; or click a free cell next to the snail straight away.",
      "Seat 1's corner is tinted in its colour at the bottom left, seat 2's at the top right.",
    ],
  },
  splut: {
    picture: {
      params: "players=4",
      moves: [],
      quote: "the four Rocks always are (Rock 0 on `e1`, 1 on `a5`, 2 on `e9`, 3 on `i5`)",
    },
    here: [
      "Click one of your pieces (ringed in blue), then a green square. S is the Sorcerer, T the Troll, D the Dwarf.",
      "When a square can be reached in several ways (a plain step, a pull, a throw, a levitation), the ways are offered as buttons under Your move.",
      "The line above the board counts the steps left in the turn.",
    ],
  },
  elements: {
    picture: {
      params: "board=blitz,players=4",
      position: "WW1W7AAA/W1W10A/1W1W8A1/12A1/13A/14/14/14/14/14/1F12/F1FF10/F8E1EEE/FF8E1EE w 7 waef -",
      moves: [],
      quote: "blitz, 4 players, after 28 placements",
    },
    here: [
      "Click a highlighted cell to place there: squares are blocks, humps are mounds.",
      "You place several times in a row; the line above the board counts the placements left this turn, and the opponent's whole turn stays highlighted.",
    ],
  },
  repello: {
    picture: {
      params: "",
      moves: [],
      quote: "Neutral tokens: gold (5 points) on `g7`, silver (3) on `c11 k11 c3 k3`, black (1) on `g12 b7 l7 g2`.",
    },
    here: [
      "First click a highlighted start square for your stack (the number on it is its height).",
      "Then click your stack and one of the green squares: the move's path, bounces included, is drawn after it. A push: click the piece to push, then the square it goes to.",
      "Each player's score and captures are listed under Players.",
    ],
  },
  arandia: {
    picture: {
      params: "players=6",
      moves: [],
      quote: "**Harbours**: the three middle cells of each side, sides numbered clockwise from the top",
    },
    here: [
      "Seats are named by colour, and the harbours by seat: H0 is red's (seat 0). Click one of your ships to roll the die for it (its button says `f9` for the ship on f9); pointing at a ship first shows where each die value would take it, and the Dice panel says what every roll was for.",
      "A harbour shuffle or an island move (`f9-g9`: from f9 to g9): click the ship, then the green cell. Attacks, declines and re-entries are buttons under Your move.",
      "Harbour H0 is seat 0's home, and so on clockwise; the target is the harbour opposite. Ships drawn small inside a dashed ring have acted this turn.",
    ],
  },
};

/** Appends `text` with its `code` and **bold** markup to `parent` as DOM nodes. */
export function appendMarkup(parent, text) {
  for (const part of text.split(/(`[^`]*`|\*\*[^*]*\*\*)/)) {
    if (!part) continue;
    if (part.startsWith("`")) {
      const c = document.createElement("code");
      c.textContent = part.slice(1, -1);
      parent.append(c);
    } else if (part.startsWith("**")) {
      const b = document.createElement("strong");
      b.textContent = part.slice(2, -2);
      parent.append(b);
    } else {
      parent.append(part);
    }
  }
  return parent;
}
