// Slime Trail (7x7) as a boardgame.io game: the game our server is measured against.
//
// One snail shared by both players starts on the centre (d4). A move steps it to one of the
// eight neighbouring cells that is on the board and not slimed; the cell it leaves is slimed.
// Player "0" (moving first) owns a1, player "1" owns g7: the moment the snail enters a goal
// corner, that corner's owner wins, whoever moved it there. A player with no legal move loses.
// Cells are numbered rank by rank from a1 (a1 = 0, g1 = 6, d4 = 24, g7 = 48), as in our rules.
const { INVALID_MOVE } = require('boardgame.io/core');

const SIZE = 7;
const CENTRE = (SIZE * SIZE - 1) / 2;
const GOAL = { 0: 0, 1: SIZE * SIZE - 1 };

/** The cells the snail may step to, ascending. */
function legalCells(G) {
  const file = G.snail % SIZE;
  const rank = Math.floor(G.snail / SIZE);
  const cells = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let df = -1; df <= 1; df++) {
      const f = file + df;
      const r = rank + dr;
      if ((df || dr) && f >= 0 && f < SIZE && r >= 0 && r < SIZE && !G.slime[r * SIZE + f]) {
        cells.push(r * SIZE + f);
      }
    }
  }
  return cells.sort((a, b) => a - b);
}

/** A cell's name in our notation: 24 is "d4". */
function cellName(cell) {
  return String.fromCharCode(97 + (cell % SIZE)) + (Math.floor(cell / SIZE) + 1);
}

const SlimeTrail = {
  name: 'slimetrail',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ snail: CENTRE, slime: Array(SIZE * SIZE).fill(false), mover: null }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    step: ({ G, playerID }, cell) => {
      if (!legalCells(G).includes(cell)) return INVALID_MOVE;
      G.slime[G.snail] = true;
      G.snail = cell;
      G.mover = playerID;
    },
  },
  endIf: ({ G }) => {
    if (G.snail === GOAL[0]) return { winner: '0' };
    if (G.snail === GOAL[1]) return { winner: '1' };
    // The player to move next is stuck: the one who just moved wins.
    if (G.mover !== null && legalCells(G).length === 0) return { winner: G.mover };
  },
};

module.exports = { SlimeTrail, legalCells, cellName, SIZE };
