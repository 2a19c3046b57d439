/* A plain C perft of Splut! (2, 3 or 4 players), for comparing speeds with
 * `boardgame perft splut`. Same counts as the Rust engine.
 *
 * One action is one step (a turn has 1, 2, then 3 steps), as in the command-line contract.
 * Board: the 41 squares of the diamond numbered rank by rank from e1 (0) to e9 (40); a
 * neighbour table per square and direction; a piece code per square, the squares of each
 * seat's Sorcerer, Troll and Dwarf and of each Rock (by identity, for the levitation ban), and
 * the occupied and Rock squares as 64-bit bitboards. Copy-make on a 100-byte position,
 * generation into a local array, and a bulk count of the legal steps at the last ply.
 * No transposition table, no symmetry.
 *
 * Usage: splut_perft DEPTH [PARAMS]
 *   PARAMS as in `boardgame perft --params`: `players=N,seats=SEATS,first=SEAT,turn_limit=N`
 *   (any subset, in any order; `-` or nothing for the defaults).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SQUARES 41
#define NONE 255
#define EMPTY 0
/* piece code: 1 + kind * 4 + index (index: Rock id or seat) */
enum { ROCK = 0, SORCERER = 1, TROLL = 2, DWARF = 3 };
#define CODE(kind, idx) ((uint8_t)(1 + (kind) * 4 + (idx)))
#define KIND(c) (((c) - 1) >> 2)
#define IDX(c) (((c) - 1) & 3)
/* levitation state: a Rock id (run in progress), fresh (none yet) or closed */
#define LEV_FRESH 4
#define LEV_CLOSED 5
/* step kinds */
enum { STEP, PULL, THROW, LEVITATE };

typedef struct {
    uint8_t from, to, kind, arg; /* arg: throw direction or levitated Rock id */
} Move;

typedef struct {
    uint64_t occ, rocks_bb;
    uint8_t board[SQUARES];
    uint8_t piece[4][3]; /* Sorcerer, Troll, Dwarf squares per seat, NONE when absent */
    uint8_t rock[4];
    uint8_t alive, to_move, steps_left, lev, moved_this, moved_prev, over;
    uint32_t turn, turn_limit;
} Pos;

/* directions: 0 s, 1 w, 2 e, 3 n (opposite of d is 3 - d) */
static uint8_t nb[SQUARES][4];
static uint64_t nb_mask[SQUARES];   /* the neighbours of a square */
static uint64_t ray[SQUARES][4];    /* the squares from a square to the edge, per direction */
static uint64_t ray_all[SQUARES];
static int sq_of_cell[81];

static int on_board(int f, int r) {
    return f >= 0 && f < 9 && r >= 0 && r < 9 && abs(f - 4) + abs(r - 4) <= 4;
}

static void build_tables(void) {
    static const int df[4] = {0, -1, 1, 0}, dr[4] = {-1, 0, 0, 1};
    int cells[SQUARES][2], n = 0;
    for (int r = 0; r < 9; r++)
        for (int f = 0; f < 9; f++) {
            sq_of_cell[r * 9 + f] = -1;
            if (on_board(f, r)) {
                sq_of_cell[r * 9 + f] = n;
                cells[n][0] = f;
                cells[n][1] = r;
                n++;
            }
        }
    for (int s = 0; s < SQUARES; s++)
        for (int d = 0; d < 4; d++) {
            int f = cells[s][0] + df[d], r = cells[s][1] + dr[d];
            nb[s][d] = on_board(f, r) ? (uint8_t)sq_of_cell[r * 9 + f] : NONE;
        }
    for (int s = 0; s < SQUARES; s++) {
        nb_mask[s] = 0;
        ray_all[s] = 0;
        for (int d = 0; d < 4; d++) {
            if (nb[s][d] != NONE)
                nb_mask[s] |= 1ULL << nb[s][d];
            ray[s][d] = 0;
            for (int z = nb[s][d]; z != NONE; z = nb[z][d])
                ray[s][d] |= 1ULL << z;
            ray_all[s] |= ray[s][d];
        }
    }
}

static int is_rock_or_troll(uint8_t c) {
    return c != EMPTY && (KIND(c) == ROCK || KIND(c) == TROLL);
}

static uint8_t quota(uint32_t turn) {
    return turn <= 1 ? 1 : turn == 2 ? 2 : 3;
}

/* The Rocks (a bit per id) that may be levitated now. */
static unsigned eligible_rocks(const Pos *p) {
    if (p->lev == LEV_FRESH)
        return ~p->moved_prev & 15u;
    return p->lev < 4 ? 1u << p->lev : 0;
}

/* Whether a seat has a legal step (a plain one exists whenever any does). */
static int can_step(const Pos *p, int seat) {
    uint64_t emp = ~p->occ, m = 0;
    uint8_t s = p->piece[seat][0], t = p->piece[seat][1], d = p->piece[seat][2];
    if (s != NONE)
        m |= nb_mask[s] & emp;
    if (t != NONE)
        m |= nb_mask[t] & (emp | p->rocks_bb);
    if (d != NONE)
        m |= ray_all[d] & emp;
    return m != 0;
}

/* Number of legal steps, without listing them. */
static int count_steps(const Pos *p) {
    if (p->over)
        return 0;
    const uint8_t *pc = p->piece[p->to_move];
    uint64_t emp = ~p->occ;
    int n = 0;
    if (pc[0] != NONE) {
        uint8_t s = pc[0];
        uint64_t free = emp | 1ULL << s;
        unsigned elig = eligible_rocks(p);
        for (int d = 0; d < 4; d++) {
            uint8_t y = nb[s][d];
            if (y == NONE || !((emp >> y) & 1))
                continue;
            n++;
            for (int r = 0; r < 4; r++) {
                uint8_t z = nb[p->rock[r]][d];
                n += (elig >> r & 1) && z != NONE && ((free >> z) & 1);
            }
        }
    }
    if (pc[1] != NONE) {
        uint8_t t = pc[1];
        for (int d = 0; d < 4; d++) {
            uint8_t y = nb[t][d];
            if (y == NONE)
                continue;
            if ((emp >> y) & 1) {
                uint8_t back = nb[t][3 - d];
                n += 1 + (back != NONE && ((p->rocks_bb >> back) & 1));
            } else if ((p->rocks_bb >> y) & 1) {
                for (int u = 0; u < 4; u++) {
                    uint8_t z = nb[y][u];
                    n += z != NONE && (z == t || !is_rock_or_troll(p->board[z]));
                }
            }
        }
    }
    if (pc[2] != NONE)
        for (int d = 0; d < 4; d++)
            n += (ray[pc[2]][d] & emp) != 0;
    return n;
}

/* Writes the legal steps into `out`; returns how many (at most 40). */
static int generate(const Pos *p, Move *out) {
    if (p->over)
        return 0;
    const uint8_t *pc = p->piece[p->to_move];
    uint64_t emp = ~p->occ;
    int n = 0;
    if (pc[0] != NONE) {
        uint8_t s = pc[0];
        uint64_t free = emp | 1ULL << s;
        unsigned elig = eligible_rocks(p);
        for (int d = 0; d < 4; d++) {
            uint8_t y = nb[s][d];
            if (y == NONE || !((emp >> y) & 1))
                continue;
            out[n++] = (Move){s, y, STEP, 0};
            for (int r = 0; r < 4; r++) {
                uint8_t z = nb[p->rock[r]][d];
                if ((elig >> r & 1) && z != NONE && ((free >> z) & 1))
                    out[n++] = (Move){s, y, LEVITATE, (uint8_t)r};
            }
        }
    }
    if (pc[1] != NONE) {
        uint8_t t = pc[1];
        for (int d = 0; d < 4; d++) {
            uint8_t y = nb[t][d];
            if (y == NONE)
                continue;
            if ((emp >> y) & 1) {
                out[n++] = (Move){t, y, STEP, 0};
                uint8_t back = nb[t][3 - d];
                if (back != NONE && ((p->rocks_bb >> back) & 1))
                    out[n++] = (Move){t, y, PULL, 0};
            } else if ((p->rocks_bb >> y) & 1) {
                for (int u = 0; u < 4; u++) {
                    uint8_t z = nb[y][u];
                    if (z != NONE && (z == t || !is_rock_or_troll(p->board[z])))
                        out[n++] = (Move){t, y, THROW, (uint8_t)u};
                }
            }
        }
    }
    if (pc[2] != NONE)
        for (int d = 0; d < 4; d++)
            if (ray[pc[2]][d] & emp)
                out[n++] = (Move){pc[2], nb[pc[2]][d], STEP, (uint8_t)d};
    return n;
}

static void move_piece(Pos *p, uint8_t from, uint8_t to) {
    uint8_t c = p->board[from];
    p->board[from] = EMPTY;
    p->board[to] = c;
    p->occ ^= 1ULL << from | 1ULL << to;
    if (KIND(c) == ROCK) {
        p->rock[IDX(c)] = to;
        p->rocks_bb ^= 1ULL << from | 1ULL << to;
        p->moved_this |= 1 << IDX(c);
    } else {
        p->piece[IDX(c)][KIND(c) - 1] = to;
    }
}

static void remove_team(Pos *p, int seat) {
    for (int k = 0; k < 3; k++) {
        uint8_t sq = p->piece[seat][k];
        if (sq != NONE) {
            p->board[sq] = EMPTY;
            p->occ &= ~(1ULL << sq);
        }
        p->piece[seat][k] = NONE;
    }
    p->alive &= ~(1 << seat);
}

/* The Troll on `x` steps onto the Rock on `y` and throws it in direction `t`. */
static void throw_rock(Pos *p, uint8_t x, uint8_t y, int t) {
    uint8_t rc = p->board[y], troll = p->board[x];
    int r = IDX(rc);
    p->board[x] = EMPTY;
    p->board[y] = troll;
    p->occ &= ~(1ULL << x);
    p->piece[IDX(troll)][1] = y;
    p->moved_this |= 1 << r;
    uint8_t cur = y, land;
    for (;;) {
        uint8_t next = nb[cur][t];
        if (next == NONE) {
            land = cur;
            break;
        }
        uint8_t c = p->board[next];
        if (c == EMPTY || KIND(c) == DWARF) {
            cur = next;
            continue;
        }
        if (KIND(c) == SORCERER) {
            remove_team(p, IDX(c));
            land = next;
        } else {
            land = cur; /* a Troll or a Rock */
        }
        break;
    }
    uint8_t c = p->board[land];
    if (c != EMPTY && KIND(c) == DWARF)
        p->piece[IDX(c)][2] = NONE; /* the Dwarf under the landing Rock is killed */
    p->board[land] = rc;
    p->occ |= 1ULL << land;
    p->rocks_bb ^= 1ULL << p->rock[r] | 1ULL << land;
    p->rock[r] = land;
}

static int next_seat(unsigned alive, int seat) {
    for (int k = 1; k <= 4; k++)
        if (alive >> ((seat + k) & 3) & 1)
            return (seat + k) & 3;
    return seat;
}

/* Ends the mover's turn: the next seats clockwise are offered the turn (the mover last),
 * those without a legal step lose it; one team left wins, the turn limit or nobody able to
 * step draws. */
static void end_turn(Pos *p, int mover) {
    p->moved_prev = p->moved_this;
    p->moved_this = 0;
    p->lev = LEV_FRESH;
    p->steps_left = 0;
    int left = __builtin_popcount(p->alive);
    if (left == 1) {
        p->over = 1;
        return;
    }
    int seat = mover;
    for (int k = 0; k < left; k++) {
        if (p->turn_limit > 0 && p->turn >= p->turn_limit)
            break;
        p->turn++;
        seat = next_seat(p->alive, seat);
        if (can_step(p, seat)) {
            p->to_move = (uint8_t)seat;
            p->steps_left = quota(p->turn);
            return;
        }
        p->moved_prev = 0; /* a lost turn: no Rock moved in it */
    }
    p->over = 1;
}

static void apply(Pos *p, Move m) {
    int mover = p->to_move, levitated = 0;
    uint8_t x = m.from, y = m.to;
    int d = 0;
    while (nb[x][d] != y)
        d++;
    switch (KIND(p->board[x])) {
    case SORCERER:
        move_piece(p, x, y);
        if (m.kind == LEVITATE) {
            move_piece(p, p->rock[m.arg], nb[p->rock[m.arg]][d]);
            p->lev = m.arg;
            levitated = 1;
        }
        break;
    case TROLL:
        if (m.kind == THROW) {
            throw_rock(p, x, y, m.arg);
            end_turn(p, mover);
            return;
        }
        move_piece(p, x, y);
        if (m.kind == PULL)
            move_piece(p, nb[x][3 - d], x);
        break;
    default: { /* Dwarf: shift the line in front of it from its far end */
        uint8_t z = y;
        while (p->board[z] != EMPTY)
            z = nb[z][d];
        while (z != x) {
            uint8_t prev = nb[z][3 - d];
            move_piece(p, prev, z);
            z = prev;
        }
    }
    }
    if (!levitated && p->lev < 4)
        p->lev = LEV_CLOSED;
    p->steps_left--;
    if (p->steps_left == 0 || !can_step(p, mover))
        end_turn(p, mover);
}

static uint64_t perft(const Pos *p, int depth) {
    if (depth == 0)
        return 1;
    if (depth == 1)
        return (uint64_t)count_steps(p);
    Move moves[48];
    int n = generate(p, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        Pos child = *p;
        apply(&child, moves[i]);
        total += perft(&child, depth - 1);
    }
    return total;
}

static int seat_index(char c) {
    switch (c) {
    case 's': return 0;
    case 'w': return 1;
    case 'n': return 2;
    case 'e': return 3;
    default: return -1;
    }
}

static int fail(const char *what) {
    fprintf(stderr, "bad parameters: %s\n", what);
    return 2;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DEPTH [players=N,seats=SEATS,first=SEAT,turn_limit=N]\n",
                argv[0]);
        return 2;
    }
    int depth = atoi(argv[1]);
    int players = 0, first = -1;
    unsigned seats = 0;
    uint32_t turn_limit = 0;
    char params[256] = "";
    if (argc > 2 && strcmp(argv[2], "-") != 0)
        snprintf(params, sizeof params, "%s", argv[2]);
    for (char *kv = strtok(params, ","); kv; kv = strtok(NULL, ",")) {
        if (!strncmp(kv, "players=", 8)) {
            players = atoi(kv + 8);
        } else if (!strncmp(kv, "seats=", 6)) {
            for (const char *c = kv + 6; *c; c++) {
                if (seat_index(*c) < 0)
                    return fail("unknown seat");
                seats |= 1u << seat_index(*c);
            }
        } else if (!strncmp(kv, "first=", 6)) {
            first = seat_index(kv[6]);
        } else if (!strncmp(kv, "turn_limit=", 11)) {
            turn_limit = (uint32_t)strtoul(kv + 11, NULL, 10);
        } else {
            return fail(kv);
        }
    }
    if (!seats) {
        if (!players)
            players = 2;
        seats = players == 2 ? 0x5 : players == 3 ? 0x7 : 0xF; /* sn, swn, swne */
    }
    if (players && players != __builtin_popcount(seats))
        return fail("players and seats disagree");
    if (__builtin_popcount(seats) < 2)
        return fail("at least two seats");
    if (__builtin_popcount(seats) == 2 && seats != 0x5 && seats != 0xA)
        return fail("two players sit opposite (sn or we)");
    if (first < 0) {
        if (__builtin_popcount(seats) == 3)
            first = next_seat(seats, __builtin_ctz(~seats & 15)); /* after the empty seat */
        else
            first = __builtin_ctz(seats);
    }
    if (!(seats >> first & 1))
        return fail("first is not in play");

    build_tables();
    static const char *start[4][3] = {
        {"d2", "f2", "e2"}, {"b6", "b4", "b5"}, {"f8", "d8", "e8"}, {"h4", "h6", "h5"}};
    static const char *rock_start[4] = {"e1", "a5", "e9", "i5"};
#define SQ(name) ((uint8_t)sq_of_cell[((name)[1] - '1') * 9 + (name)[0] - 'a'])
    Pos p;
    memset(&p, 0, sizeof p);
    memset(p.piece, NONE, sizeof p.piece);
    for (int r = 0; r < 4; r++) {
        p.rock[r] = SQ(rock_start[r]);
        p.board[p.rock[r]] = CODE(ROCK, r);
        p.rocks_bb |= 1ULL << p.rock[r];
    }
    for (int seat = 0; seat < 4; seat++) {
        if (!(seats >> seat & 1))
            continue;
        for (int k = 0; k < 3; k++) {
            p.piece[seat][k] = SQ(start[seat][k]);
            p.board[p.piece[seat][k]] = CODE(k + 1, seat);
        }
    }
    for (int s = 0; s < SQUARES; s++)
        if (p.board[s] != EMPTY)
            p.occ |= 1ULL << s;
    p.alive = (uint8_t)seats;
    p.to_move = (uint8_t)first;
    p.steps_left = 1;
    p.turn = 1;
    p.turn_limit = turn_limit;
    p.lev = LEV_FRESH;
    printf("%llu\n", (unsigned long long)perft(&p, depth));
    return 0;
}
