/* A plain C bitboard perft of Battle of the Elements (20x20 and 14x14 blitz, 2-4 players,
 * any placements per turn), for comparing speeds with `boardgame perft elements`. Same counts
 * as the Rust engine.
 *
 * Board: cell (file, rank) is bit rank * (side + 1) + file of seven 64-bit words (a spare
 * column per rank, so shifting a set by one file never wraps onto the next rank). Each seat
 * has a block set and a mound set. A seat's legal cells: before its first placement, its empty
 * marked start cells; after it, the 8-neighbourhood of its blocks and of its live mounds (those
 * chained through its mounds to a mound touching one of its blocks, found by flood fill from
 * scratch at every node), minus every mound and its own blocks. Placing on an empty cell makes
 * a block; on another seat's block it eats it (the cell becomes a mound of the placer). A seat
 * with no block left after starting, or stuck when due to place, is eliminated; the last seat
 * left wins. Each placement is one action; a turn is PER_TURN placements.
 *
 * Copy-make, recursion, bulk count (popcount of the legal set) at the last ply. No
 * transposition table, no symmetries.
 *
 * Usage: elements_perft DEPTH [PARAMS]   (PARAMS as for `boardgame`:
 *        board=full|blitz,players=2|3|4,per_turn=1..20; default full, 2, 7)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NW 7 /* 20 ranks of 21 bits = 420 bits */

typedef struct {
    uint64_t w[NW];
} bb;

typedef struct {
    bb blocks[4], mounds[4];
    bb moves;        /* legal cells of the seat to place (empty once the game is over) */
    uint8_t active;  /* seats still in the game */
    uint8_t started; /* seats that made their first placement */
    uint8_t current; /* seat to place */
    uint8_t left;    /* placements left in this turn */
} state;

static int side = 20, stride = 21, per_turn = 7;
static bb board_mask, start_mask[4];

static int bb_empty(const bb *a) {
    uint64_t x = 0;
    for (int i = 0; i < NW; i++)
        x |= a->w[i];
    return x == 0;
}

static int bb_count(const bb *a) {
    int n = 0;
    for (int i = 0; i < NW; i++)
        n += __builtin_popcountll(a->w[i]);
    return n;
}

static void bb_set(bb *a, int i) { a->w[i / 64] |= 1ULL << (i % 64); }
static void bb_clear(bb *a, int i) { a->w[i / 64] &= ~(1ULL << (i % 64)); }
static int bb_has(const bb *a, int i) { return (a->w[i / 64] >> (i % 64)) & 1; }

/* The set with its 8-neighbours, on the board. */
static bb dilate(bb a) {
    bb row, out;
    for (int i = 0; i < NW; i++) {
        uint64_t l = (a.w[i] << 1) | (i > 0 ? a.w[i - 1] >> 63 : 0);
        uint64_t r = (a.w[i] >> 1) | (i < NW - 1 ? a.w[i + 1] << 63 : 0);
        row.w[i] = a.w[i] | l | r;
    }
    for (int i = 0; i < NW; i++) {
        uint64_t u = (row.w[i] << stride) | (i > 0 ? row.w[i - 1] >> (64 - stride) : 0);
        uint64_t d = (row.w[i] >> stride) | (i < NW - 1 ? row.w[i + 1] << (64 - stride) : 0);
        out.w[i] = (row.w[i] | u | d) & board_mask.w[i];
    }
    return out;
}

/* The cells of `within` 8-connected to `seed` inside `within`. */
static bb flood(bb seed, bb within) {
    bb cur;
    for (int i = 0; i < NW; i++)
        cur.w[i] = seed.w[i] & within.w[i];
    for (;;) {
        bb next = dilate(cur);
        int same = 1;
        for (int i = 0; i < NW; i++) {
            next.w[i] &= within.w[i];
            same &= next.w[i] == cur.w[i];
        }
        if (same)
            return cur;
        cur = next;
    }
}

static int is_over(const state *s) { return __builtin_popcount(s->active) <= 1; }

static bb legal(const state *s, int p) {
    bb out;
    if (!(s->started >> p & 1)) {
        for (int i = 0; i < NW; i++) {
            uint64_t occ = 0;
            for (int q = 0; q < 4; q++)
                occ |= s->blocks[q].w[i] | s->mounds[q].w[i];
            out.w[i] = start_mask[p].w[i] & ~occ;
        }
        return out;
    }
    bb source = s->blocks[p];
    if (!bb_empty(&s->mounds[p])) {
        bb touching = dilate(s->blocks[p]);
        for (int i = 0; i < NW; i++)
            touching.w[i] &= s->mounds[p].w[i];
        bb live = flood(touching, s->mounds[p]);
        for (int i = 0; i < NW; i++)
            source.w[i] |= live.w[i];
    }
    bb reach = dilate(source);
    for (int i = 0; i < NW; i++) {
        uint64_t mounds = s->mounds[0].w[i] | s->mounds[1].w[i] | s->mounds[2].w[i] | s->mounds[3].w[i];
        out.w[i] = reach.w[i] & ~(mounds | s->blocks[p].w[i]);
    }
    return out;
}

static void pass_turn(state *s, int from) {
    for (int k = 1; k <= 4; k++) {
        int q = (from + k) % 4;
        if (s->active >> q & 1) {
            s->current = (uint8_t)q;
            s->left = (uint8_t)per_turn;
            return;
        }
    }
}

/* Stuck seats due to place are eliminated in turn until one can place or one is left. */
static void settle(state *s) {
    memset(&s->moves, 0, sizeof s->moves);
    while (!is_over(s)) {
        int p = s->current;
        s->moves = legal(s, p);
        if (!bb_empty(&s->moves))
            return;
        s->active &= (uint8_t)~(1 << p);
        if (is_over(s)) {
            memset(&s->moves, 0, sizeof s->moves);
            return;
        }
        pass_turn(s, p);
    }
}

/* Places on legal cell i for the seat to place. */
static void make(state *s, int i) {
    int p = s->current;
    s->started |= (uint8_t)(1 << p);
    int eaten = -1;
    for (int q = 0; q < 4; q++)
        if (q != p && bb_has(&s->blocks[q], i))
            eaten = q;
    if (eaten >= 0) {
        bb_clear(&s->blocks[eaten], i);
        bb_set(&s->mounds[p], i);
        if (bb_empty(&s->blocks[eaten]) && (s->active >> eaten & 1)) {
            s->active &= (uint8_t)~(1 << eaten);
            if (is_over(s)) {
                memset(&s->moves, 0, sizeof s->moves);
                return;
            }
        }
    } else {
        bb_set(&s->blocks[p], i);
    }
    if (--s->left == 0)
        pass_turn(s, p);
    settle(s);
}

static uint64_t perft(const state *s, int depth) {
    if (depth == 0)
        return 1;
    if (depth == 1)
        return (uint64_t)bb_count(&s->moves);
    uint64_t total = 0;
    for (int k = 0; k < NW; k++) {
        uint64_t m = s->moves.w[k];
        while (m) {
            int i = k * 64 + __builtin_ctzll(m);
            m &= m - 1;
            state t = *s;
            make(&t, i);
            total += perft(&t, depth - 1);
        }
    }
    return total;
}

static void bad(const char *what) {
    fprintf(stderr, "bad parameter: %s\n", what);
    exit(2);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DEPTH [board=full|blitz,players=2..4,per_turn=1..20]\n", argv[0]);
        return 2;
    }
    int depth = atoi(argv[1]);
    int players = 2;
    for (int a = 2; a < argc; a++) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", argv[a]);
        for (char *kv = strtok(buf, ","); kv; kv = strtok(NULL, ",")) {
            if (!strcmp(kv, "board=full"))
                side = 20;
            else if (!strcmp(kv, "board=blitz"))
                side = 14;
            else if (!strncmp(kv, "players=", 8))
                players = atoi(kv + 8);
            else if (!strncmp(kv, "per_turn=", 9))
                per_turn = atoi(kv + 9);
            else
                bad(kv);
        }
    }
    if (players < 2 || players > 4)
        bad("players");
    if (per_turn < 1 || per_turn > 20)
        bad("per_turn");
    stride = side + 1;
    for (int r = 0; r < side; r++)
        for (int f = 0; f < side; f++)
            bb_set(&board_mask, r * stride + f);
    /* Corners: water top-left, air top-right, earth bottom-right, fire bottom-left; on the
     * full board also the two edge cells beside the corner. */
    int m = side - 1;
    int corner[4][2] = {{0, m}, {m, m}, {m, 0}, {0, 0}};
    for (int q = 0; q < 4; q++) {
        int f = corner[q][0], r = corner[q][1];
        int df = f == 0 ? 1 : -1, dr = r == 0 ? 1 : -1;
        bb_set(&start_mask[q], r * stride + f);
        if (side == 20) {
            bb_set(&start_mask[q], r * stride + f + df);
            bb_set(&start_mask[q], (r + dr) * stride + f);
        }
    }
    state s;
    memset(&s, 0, sizeof s);
    static const uint8_t seats[5] = {0, 0, 0x5, 0x7, 0xf}; /* w+e; w+a+e; all */
    s.active = seats[players];
    s.left = (uint8_t)per_turn;
    settle(&s);
    printf("%llu\n", (unsigned long long)perft(&s, depth));
    return 0;
}
