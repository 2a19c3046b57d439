/* A plain C perft of Repello (2 to 4 players, the stand-in board), for comparing speeds with
 * `boardgame perft repello`. Same counts as the Rust engine.
 *
 * Board: a 15x15 mailbox (the 13x13 board with a ring of border cells), square (file, rank)
 * at (rank + 1) * 15 + file + 1, plus a 256-bit occupancy bitboard over the mailbox indices
 * (to find the pieces that touch another). Every placement, stack move and push is one
 * action. The repetition rule of a repulsion phase compares 64-bit Zobrist keys of the
 * arrangements since the move, placement or last capture, kept on one stack shared by the
 * whole search. Copy-make: each child is a copy of its parent with the action applied.
 * Perft counts the action sequences of exactly DEPTH actions (bulk count at the last ply).
 *
 * Usage: repello_perft DEPTH [PLAYERS [STACK]]   (PLAYERS 2..4, default 2; STACK 1..20,
 * default 15 / 12 / 10 by players)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIDE 13
#define MB 15
#define CELLS (MB * MB)
#define HIST_MAX 4096

enum { EMPTY = 0, BLACK = 1, SILVER = 2, GOLD = 3, STACK0 = 4, OFF = 8 };
enum { SETUP, TURN, PUSH, OVER };
enum { PLACE, MOVE, PUSHA };

/* The stand-in board of the rules, rank 13 first, files a..m. */
static const char *NUMBERS[SIDE] = {
    "1265344512361", "6642135635262", "3241653421446", "2514632154125", "1325352636613",
    "5641614153534", "4532245422354", "4353514161465", "3166362535231", "5214512364152",
    "6441243561423", "2625365312466", "1632154435621",
};

static const int DELTA[8] = {15, 16, 1, -14, -15, -16, -1, 14}; /* n ne e se s sw w nw */
static const int DF[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int DR[8] = {1, 1, 0, -1, -1, -1, 0, 1};

static uint8_t nums[CELLS];
static uint64_t zobrist[8][CELLS];
static uint64_t hist[HIST_MAX]; /* arrangement keys; each position uses [hbase, htop) */
static int players;

typedef struct { uint64_t w[4]; } bb_t;

typedef struct {
    uint8_t board[CELLS];
    bb_t occ;
    uint64_t hash;
    int pos[4];   /* mailbox index of each stack, 0 when off the board */
    int count[4]; /* tokens in each stack */
    int capt[4][3];
    int seat, mode;
    int hbase, htop;
} pos_t;

typedef struct { uint8_t kind, sq, dir; } action_t;

static bb_t start_area;

static int mb(int file, int rank) { return (rank + 1) * MB + file + 1; }
static int is_piece(int v) { return v >= 1 && v <= 7; }
static void bb_set(bb_t *b, int i) { b->w[i >> 6] |= 1ULL << (i & 63); }
static void bb_clear(bb_t *b, int i) { b->w[i >> 6] &= ~(1ULL << (i & 63)); }

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void init_tables(void) {
    uint64_t seed = 2026;
    for (int r = 0; r < SIDE; r++)
        for (int f = 0; f < SIDE; f++)
            nums[mb(f, r)] = (uint8_t)(NUMBERS[SIDE - 1 - r][f] - '0');
    for (int p = 1; p < 8; p++)
        for (int i = 0; i < CELLS; i++)
            zobrist[p][i] = splitmix(&seed);
    for (int r = 4; r <= 8; r++)
        for (int f = 4; f <= 8; f++)
            bb_set(&start_area, mb(f, r));
}

static void put(pos_t *p, int m, int piece) {
    p->board[m] = (uint8_t)piece;
    bb_set(&p->occ, m);
    p->hash ^= zobrist[piece][m];
    if (piece >= STACK0)
        p->pos[piece - STACK0] = m;
}

static int take(pos_t *p, int m) {
    int piece = p->board[m];
    p->board[m] = EMPTY;
    bb_clear(&p->occ, m);
    p->hash ^= zobrist[piece][m];
    if (piece >= STACK0)
        p->pos[piece - STACK0] = 0;
    return piece;
}

static inline bb_t shl(bb_t a, int k) {
    return (bb_t){{a.w[0] << k, a.w[1] << k | a.w[0] >> (64 - k), a.w[2] << k | a.w[1] >> (64 - k),
                   a.w[3] << k | a.w[2] >> (64 - k)}};
}

static inline bb_t shr(bb_t a, int k) {
    return (bb_t){{a.w[0] >> k | a.w[1] << (64 - k), a.w[1] >> k | a.w[2] << (64 - k),
                   a.w[2] >> k | a.w[3] << (64 - k), a.w[3] >> k}};
}

/* The occupied squares that touch another piece: the occupancy shifted one step each way. */
static bb_t touching(const pos_t *p) {
    bb_t o = p->occ, e = shl(o, 1), w = shr(o, 1);
    bb_t row = {{o.w[0] | e.w[0] | w.w[0], o.w[1] | e.w[1] | w.w[1], o.w[2] | e.w[2] | w.w[2],
                 o.w[3] | e.w[3] | w.w[3]}};
    bb_t n = shl(row, MB), s = shr(row, MB);
    return (bb_t){{o.w[0] & (e.w[0] | w.w[0] | n.w[0] | s.w[0]),
                   o.w[1] & (e.w[1] | w.w[1] | n.w[1] | s.w[1]),
                   o.w[2] & (e.w[2] | w.w[2] | n.w[2] | s.w[2]),
                   o.w[3] & (e.w[3] | w.w[3] | n.w[3] | s.w[3])}};
}

/* Where the stack on `from` lands moving in direction d, or 0 if it may not. */
static int walk(const pos_t *p, int from, int d) {
    int first = from + DELTA[d];
    if (p->board[first] == OFF)
        return 0;
    int df = DF[d], dr = DR[d];
    int f = from % MB - 1, r = from / MB - 1, m = from;
    for (int k = 0; k < nums[first]; k++) {
        if (f + df < 0 || f + df >= SIDE)
            df = -df;
        if (r + dr < 0 || r + dr >= SIDE)
            dr = -dr;
        f += df;
        r += dr;
        m = mb(f, r);
        if (p->board[m] != EMPTY)
            return 0;
    }
    return m;
}

static int seen(const pos_t *p, uint64_t h) {
    for (int i = p->hbase; i < p->htop; i++)
        if (hist[i] == h)
            return 1;
    return 0;
}

/* Whether pushing the piece on x in direction d is legal (a piece stands on x - d). */
static int push_legal(const pos_t *p, int x, int d) {
    int t = x + DELTA[d], piece = p->board[x];
    if (p->board[t] == OFF)
        return piece != STACK0 + p->seat;
    if (p->board[t] != EMPTY)
        return 0;
    return !seen(p, p->hash ^ zobrist[piece][x] ^ zobrist[piece][t]);
}

/* Writes the legal pushes to out (if not NULL); returns their number, or stops at the first
 * one when `any` is set. */
static int pushes(const pos_t *p, action_t *out, int any) {
    bb_t a = touching(p);
    int n = 0;
    for (int k = 0; k < 4; k++) {
        uint64_t w = a.w[k];
        while (w) {
            int x = k * 64 + __builtin_ctzll(w);
            w &= w - 1;
            for (int d = 0; d < 8; d++) {
                if (!is_piece(p->board[x - DELTA[d]]) || !push_legal(p, x, d))
                    continue;
                if (out)
                    out[n] = (action_t){PUSHA, (uint8_t)x, (uint8_t)d};
                n++;
                if (any)
                    return n;
            }
        }
    }
    return n;
}

/* The squares where the seat to act may place its stack now. */
static bb_t placements(const pos_t *p) {
    bb_t s;
    int any = 0;
    for (int k = 0; k < 4; k++) {
        s.w[k] = start_area.w[k] & ~p->occ.w[k];
        any |= s.w[k] != 0;
    }
    if (p->mode == SETUP) {
        for (int k = 0; k < 4; k++) {
            uint64_t w = s.w[k];
            while (w) {
                int m = k * 64 + __builtin_ctzll(w);
                w &= w - 1;
                for (int d = 0; d < 8; d++)
                    if (is_piece(p->board[m + DELTA[d]])) {
                        bb_clear(&s, m);
                        break;
                    }
            }
        }
    } else if (!any) {
        for (int r = 0; r < SIDE; r++)
            for (int f = 0; f < SIDE; f++)
                if (p->board[mb(f, r)] == EMPTY)
                    bb_set(&s, mb(f, r));
    }
    return s;
}

static int add_placements(const pos_t *p, action_t *out) {
    bb_t s = placements(p);
    int n = 0;
    for (int k = 0; k < 4; k++) {
        uint64_t w = s.w[k];
        while (w) {
            int m = k * 64 + __builtin_ctzll(w);
            w &= w - 1;
            if (out)
                out[n] = (action_t){PLACE, (uint8_t)m, 0};
            n++;
        }
    }
    return n;
}

/* Writes the legal actions to out (if not NULL) and returns their number. */
static int generate(const pos_t *p, action_t *out) {
    int n = 0;
    switch (p->mode) {
    case SETUP:
        return add_placements(p, out);
    case TURN: {
        int from = p->pos[p->seat];
        if (from) {
            for (int d = 0; d < 8; d++)
                if (walk(p, from, d)) {
                    if (out)
                        out[n] = (action_t){MOVE, 0, (uint8_t)d};
                    n++;
                }
            if (n)
                return n;
        }
        return add_placements(p, out);
    }
    case PUSH:
        return pushes(p, out, 0);
    default:
        return 0;
    }
}

/* Ends the turn: empty stacks leave, the next seat with a stack left acts. */
static void end_turn(pos_t *p) {
    for (int s = 0; s < players; s++)
        if (p->pos[s] && p->count[s] == 0)
            take(p, p->pos[s]);
    p->hbase = p->htop;
    int cur = p->seat;
    for (int k = 1; k <= players; k++) {
        int s = (cur + k) % players;
        if (p->pos[s] || p->count[s] > 0) {
            p->mode = (p->mode == SETUP && s == cur + 1) ? SETUP : TURN;
            p->seat = s;
            return;
        }
    }
    p->mode = OVER;
    p->seat = 0;
}

/* Starts a new repetition history at the current arrangement. */
static void new_history(pos_t *p) {
    p->hbase = p->htop;
    if (p->htop >= HIST_MAX) {
        fprintf(stderr, "repetition history overflow\n");
        exit(1);
    }
    hist[p->htop++] = p->hash;
}

/* After a move, placement or push: the repulsion phase goes on while a push is legal. */
static void continue_phase(pos_t *p) {
    if (!pushes(p, NULL, 1))
        end_turn(p);
}

static void drop_and_put(pos_t *p, int to) {
    int s = p->seat, from = p->pos[s];
    if (from) {
        take(p, from);
        put(p, from, BLACK);
        if (p->count[s] > 0)
            p->count[s]--;
    }
    put(p, to, STACK0 + s);
    p->mode = PUSH;
    new_history(p);
    continue_phase(p);
}

static void apply(pos_t *p, action_t a) {
    int me = p->seat;
    if (a.kind == PLACE && p->mode == SETUP) {
        put(p, a.sq, STACK0 + me);
        end_turn(p);
    } else if (a.kind == PLACE) {
        drop_and_put(p, a.sq);
    } else if (a.kind == MOVE) {
        drop_and_put(p, walk(p, p->pos[me], a.dir));
    } else {
        int x = a.sq, t = x + DELTA[a.dir];
        int piece = take(p, x);
        if (p->board[t] == OFF) {
            if (piece < STACK0) {
                p->capt[me][piece - 1]++;
            } else {
                int q = piece - STACK0;
                if (p->count[q] > 0) {
                    p->count[q]--;
                    p->capt[me][0]++;
                }
                for (int k = 2; k >= 0; k--)
                    if (p->capt[q][k] > 0) {
                        p->capt[q][k]--;
                        p->capt[me][k]++;
                        break;
                    }
            }
            new_history(p);
        } else {
            put(p, t, piece);
            if (p->htop >= HIST_MAX) {
                fprintf(stderr, "repetition history overflow\n");
                exit(1);
            }
            hist[p->htop++] = p->hash;
        }
        continue_phase(p);
    }
}

static uint64_t perft(const pos_t *p, int depth) {
    if (depth == 0)
        return 1;
    if (depth == 1)
        return (uint64_t)generate(p, NULL);
    action_t list[400];
    int n = generate(p, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_t c = *p;
        apply(&c, list[i]);
        total += perft(&c, depth - 1);
    }
    return total;
}

static void start(pos_t *p, int stack) {
    memset(p, 0, sizeof *p);
    for (int i = 0; i < CELLS; i++)
        p->board[i] = OFF;
    for (int r = 0; r < SIDE; r++)
        for (int f = 0; f < SIDE; f++)
            p->board[mb(f, r)] = EMPTY;
    put(p, mb(6, 6), GOLD);
    put(p, mb(2, 10), SILVER);
    put(p, mb(10, 10), SILVER);
    put(p, mb(2, 2), SILVER);
    put(p, mb(10, 2), SILVER);
    put(p, mb(6, 11), BLACK);
    put(p, mb(1, 6), BLACK);
    put(p, mb(11, 6), BLACK);
    put(p, mb(6, 1), BLACK);
    for (int s = 0; s < players; s++)
        p->count[s] = stack;
    p->mode = SETUP;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DEPTH [PLAYERS [STACK]]\n", argv[0]);
        return 2;
    }
    int depth = atoi(argv[1]);
    players = argc > 2 ? atoi(argv[2]) : 2;
    if (players < 2 || players > 4) {
        fprintf(stderr, "players must be 2, 3 or 4\n");
        return 2;
    }
    int stack = argc > 3 ? atoi(argv[3]) : (players == 2 ? 15 : players == 3 ? 12 : 10);
    if (stack < 1 || stack > 20 || depth < 0) {
        fprintf(stderr, "stack must be 1..20 and depth at least 0\n");
        return 2;
    }
    init_tables();
    pos_t p;
    start(&p, stack);
    printf("%llu\n", (unsigned long long)perft(&p, depth));
    return 0;
}
