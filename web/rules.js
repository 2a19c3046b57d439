// The "How to play" panel of every game. `intro` and `brief` are the rules in brief of each
// game crate's README (crates/<game>-core/README.md), word for word; each picture is a
// position drawn by the page, its `quote` taken word for word from docs/<game>.md (the
// end-to-end test checks both). `here` says how to act on this page.
// Markup: `code` and **bold**, as in the READMEs.

export const RULES = {
  slimetrail: {
    intro: "**Slime Trail** (Rastros; Bill Taylor, 1992), a two-player game with one shared snail",
    brief: [
      "A square board of odd side (`size` 5, 7 or 9; 7 by default). One snail starts on the centre.",
      "The two players move the snail in turn one step in any of the eight directions onto a cell that is not slimed; the cell it leaves is slimed for good.",
      "Seat `1` owns the corner `a1`, seat `2` the opposite corner. The snail entering a corner wins for that corner's owner, whoever moved it there.",
      "A player who cannot move loses. There are no draws.",
      "Actions are written as the destination cell (`e5`).",
    ],
    picture: {
      params: "",
      moves: ["c3", "b2", "b1"],
      quote: "After `c3 b2 b1` (seat 2 to move) the trail is `d4 c3 b2`",
    },
    here: [
      "Click a highlighted cell next to the snail to move it there.",
      "Seat 1's corner is tinted in its colour at the bottom left, seat 2's at the top right.",
    ],
  },
  splut: {
    intro: "**Splut!** (Tommy De Coninck, 2009) for 2, 3 or 4 players",
    brief: [
      "A diamond of 41 squares; pieces step one square orthogonally. Seats clockwise `s`, `w`, `n`, `e`, each with a Sorcerer, a Troll and a Dwarf; four Rocks start on the tips.",
      "A turn is 1 step in the game's first turn, 2 in the second, 3 afterwards.",
      "**Troll**: steps onto an empty square, optionally pulling the Rock behind it; or steps onto a Rock and throws it: the Rock flies until it meets a Troll, a Rock or the edge, killing a Dwarf where it lands, or lands on a Sorcerer, whose whole team leaves the game (\"Splut!\").",
      "**Dwarf**: steps, pushing the line of pieces in front of it if there is room behind the line.",
      "**Sorcerer**: steps, and may levitate one Rock along with its steps (one Rock per turn, not one that moved in the previous turn).",
      "The last team with a Sorcerer wins; when nobody can step the game is drawn.",
      "Actions: `e2-e3`, `e5-d5/p` (pull), `e4-e5/w` (throw west), `d3-d4/c6` (levitating `c6`).",
    ],
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
    intro: "**Battle of the Elements**, a four-colour, seven-placement version of the paper game Virus War, for 2 to 4 players",
    brief: [
      "A 20x20 board (`board=full`) or a 14x14 one (`board=blitz`). Seats in turn order: `w` water, `a` air, `e` earth, `f` fire, each starting from its own corner. Two players are water and earth; three are water, air and earth.",
      "A turn is seven placements (`per_turn`), one action each. A player's first placement goes on a start cell of its corner.",
      "Every other placement goes on an empty cell, or an enemy block, next (8 directions) to one of the player's blocks, or to one of its mounds connected through its mounds to its blocks. An empty cell gets a block; an enemy block is eaten and becomes the player's mound for good.",
      "A player with no legal placement, or that has started and owns no block, is out at once. The last player left wins.",
      "Actions are the target cell (`e5`).",
    ],
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
    intro: "**Repello** (Arne Holmström; Mindtwister 2010, Piatnik 2011) for 2 to 4 players",
    brief: [
      "A 13x13 board whose squares carry numbers 1 to 6 (a stand-in board by default, any board through the `numbers` parameter). Neutral tokens start on it: gold (5 points), silver (3) and black (1).",
      "Each player has a stack of tokens (15, 12 or 10 with 2, 3 or 4 players), first placed on the start area in the middle.",
      "A turn: move the stack in one of eight directions exactly the number on its square, bouncing off the edges and never passing a piece; its bottom token drops on the square it left.",
      "Then, while two pieces are adjacent, the player pushes one of them a square away from the other. Pushes off the board capture (tokens score; a stack pushed off loses a token).",
      "When every stack is used up, the highest score wins (ties share the win).",
      "Actions: `e5` (a placement), `ne` (a move), `c3/sw` (a push).",
    ],
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
    intro: "**Arandian checkers**, a race game for 2, 3, 4 or 6 players on a hexagon of hexagonal cells moved by a die",
    brief: [
      "A hexagon of 61 cells, 5 to a side: six rocks at the corners, a harbour of three cells in the middle of each side, the island in the centre and six shoals around it. Each side of a cell carries a die number.",
      "Each player has three ships in its home harbour and must bring all three into the opposite harbour.",
      "In a turn each ship acts once: roll the die and move through the side carrying the number, or shuffle within a harbour, or move freely from the island, or bring back a sunk ship. A ship ending on a rock is wrecked and goes home.",
      "Arriving next to enemies, a ship may attack one: both roll, the lower roll sinks (ties: nothing). A player wins the moment its three ships stand in the target harbour.",
      "Actions: `f9` (roll for the ship on f9), `f9-g9`, `+g9`, `1`..`6` (die values), `attack/3`, `decline`.",
    ],
    picture: {
      params: "players=6",
      moves: [],
      quote: "**Harbours**: the three middle cells of each side, sides numbered clockwise from the top",
    },
    here: [
      "Click one of your ships to roll the die for it; pointing at a ship first shows where each die value would take it, and the Dice panel says what every roll was for.",
      "A harbour shuffle or an island move: click the ship, then the green cell. Attacks, declines and re-entries are buttons under Your move.",
      "Harbour H0 is seat 0's home, and so on clockwise; the target is the harbour opposite. Faded ships have acted this turn.",
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
