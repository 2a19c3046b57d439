/* A plain C perft of Arandian checkers (2, 3, 4 or 6 players), for comparing speeds with
 * `boardgame perft arandia`. Same counts as the Rust engine.
 *
 * Board: the 61 cells of a hexagon of side 5, axial coordinates (file, rank) with
 * |file - rank| <= 4; precomputed tables give each cell's neighbours, the cells each die value
 * leads to (a shoal's doubled label leads two ways) and the harbour / island moves.
 * State: per seat three ship codes `location * 2 + acted` (location 61: sunk, 62: wrecked and
 * waiting for its home cell), the mover, the pending decision and the completed turns.
 * Every action is an edge, chance outcomes (die values) included: a roll is a node with six
 * children. Copy-make recursion, bulk count of the legal actions at the last ply; no
 * transposition table, no merging of equal children.
 *
 * Usage: arandia_perft DEPTH [PLAYERS [TURN_LIMIT]]   (PLAYERS 2, 3, 4 or 6, default 2;
 * TURN_LIMIT 0 = none, the default)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELLS 61
#define SUNK 61
#define WRECKED 62
#define NONE 255
#define MAX_CHILDREN 13

enum phase { CHOOSE, ROLL, PICK, WRECK, ARRIVE, ATTACK_ROLL, DEFEND_ROLL, WON, DRAWN };

typedef struct {
    uint8_t ships[6][3]; /* location * 2 + acted */
    uint8_t mover;
    uint8_t phase;
    uint8_t cell; /* ROLL, PICK: the rolling ship's cell; ARRIVE and combat: the arrival cell */
    uint8_t die;  /* PICK: the die value; DEFEND_ROLL: the attacker's roll */
    uint8_t def;  /* combat: the defending seat */
    uint32_t turns;
} State;

/* Tables. */
static uint8_t cand[CELLS][7][2];  /* die value -> on-board neighbours with that label */
static uint8_t free_to[CELLS][6];  /* harbour shuffle / island targets, NONE-terminated */
static uint8_t harbour[6][3];      /* harbour cells by side */
static uint64_t harbour_mask[6], closed[6], rock_mask;
static int in_play[6], next_seat[6], turn_limit;

static int cell_index[9][9];

static void build_tables(int players) {
    static const int df[6] = {1, 1, 0, -1, -1, 0}, dr[6] = {0, 1, 1, 0, -1, -1};
    static const char *rocks[6] = {"e9", "i9", "i5", "e1", "a1", "a5"};
    static const char *harbours[6][3] = {{"f9", "g9", "h9"}, {"i8", "i7", "i6"},
                                         {"h4", "g3", "f2"}, {"b1", "c1", "d1"},
                                         {"a2", "a3", "a4"}, {"b6", "c7", "d8"}};
    /* Shoals: the label printed on each side (east, north-east, north-west, west, south-west,
     * south-east); the side facing the island repeats the side facing away. */
    static const char *shoals[6] = {"g5", "g7", "e7", "c5", "c3", "e3"};
    static const uint8_t shoal_labels[6][6] = {{1, 2, 3, 1, 5, 6}, {1, 2, 3, 4, 2, 6},
                                               {1, 2, 3, 4, 5, 3}, {4, 2, 3, 4, 5, 6},
                                               {1, 5, 3, 4, 5, 6}, {1, 2, 6, 4, 5, 6}};
    int n = 0, file[CELLS], rank[CELLS];
    uint8_t labels[CELLS][6];
    for (int f = 0; f < 9; f++)
        for (int r = 0; r < 9; r++) {
            cell_index[f][r] = -1;
            if (abs(f - r) <= 4) {
                file[n] = f;
                rank[n] = r;
                cell_index[f][r] = n++;
            }
        }
#define CELL(name) cell_index[(name)[0] - 'a'][(name)[1] - '1']
    for (int c = 0; c < CELLS; c++)
        for (int d = 0; d < 6; d++)
            labels[c][d] = (uint8_t)(d + 1);
    for (int k = 0; k < 6; k++) {
        rock_mask |= 1ULL << CELL(rocks[k]);
        memcpy(labels[CELL(shoals[k])], shoal_labels[k], 6);
        for (int j = 0; j < 3; j++) {
            int c = CELL(harbours[k][j]);
            harbour[k][j] = (uint8_t)c;
            harbour_mask[k] |= 1ULL << c;
        }
    }
    for (int s = 0; s < 6; s++)
        for (int k = 0; k < 6; k++)
            if (k != s && k != (s + 3) % 6)
                closed[s] |= harbour_mask[k];
    int island = CELL("e5");
    for (int c = 0; c < CELLS; c++) {
        memset(cand[c], NONE, sizeof cand[c]);
        memset(free_to[c], NONE, sizeof free_to[c]);
        int nfree = 0;
        for (int d = 0; d < 6; d++) {
            int f = file[c] + df[d], r = rank[c] + dr[d];
            if (f < 0 || r < 0 || f > 8 || r > 8 || cell_index[f][r] < 0)
                continue;
            int to = cell_index[f][r];
            uint8_t *slot = cand[c][labels[c][d]];
            slot[slot[0] == NONE ? 0 : 1] = (uint8_t)to;
            int same_harbour = 0;
            for (int k = 0; k < 6; k++)
                if ((harbour_mask[k] >> c & 1) && (harbour_mask[k] >> to & 1))
                    same_harbour = 1;
            if (c == island || same_harbour)
                free_to[c][nfree++] = (uint8_t)to;
        }
    }
    static const int seat_sets[7] = {0, 0, 0x09, 0x15, 0x1b, 0, 0x3f};
    int set = seat_sets[players];
    for (int s = 0; s < 6; s++)
        in_play[s] = set >> s & 1;
    for (int s = 0; s < 6; s++) {
        int t = (s + 1) % 6;
        while (!in_play[t])
            t = (t + 1) % 6;
        next_seat[s] = t;
    }
}

/* Replaces one ship code of `seat` by another. */
static void recode(State *s, int seat, uint8_t from, uint8_t to) {
    uint8_t *sh = s->ships[seat];
    for (int i = 0; i < 3; i++)
        if (sh[i] == from) {
            sh[i] = to;
            return;
        }
}

/* The cells a die value leads a ship of `seat` from `from` to (closed harbours removed). */
static int usable(int seat, int from, int die, uint8_t out[2]) {
    int n = 0;
    for (int i = 0; i < 2; i++) {
        uint8_t c = cand[from][die][i];
        if (c != NONE && !(closed[seat] >> c & 1))
            out[n++] = c;
    }
    return n;
}

/* Seats other than the mover with a ship on `at`, as a bit set. */
static int enemies_at(const State *s, int at) {
    int set = 0;
    for (int seat = 0; seat < 6; seat++) {
        if (!in_play[seat] || seat == s->mover)
            continue;
        const uint8_t *sh = s->ships[seat];
        if (sh[0] >> 1 == at || sh[1] >> 1 == at || sh[2] >> 1 == at)
            set |= 1 << seat;
    }
    return set;
}

/* The current ship's action is over: the next ship's, or the next player's turn. */
static void complete(State *s) {
    uint8_t *sh = s->ships[s->mover];
    if (!(sh[0] & 1) || !(sh[1] & 1) || !(sh[2] & 1)) {
        s->phase = CHOOSE;
        return;
    }
    sh[0] &= ~1;
    sh[1] &= ~1;
    sh[2] &= ~1;
    s->turns++;
    s->mover = (uint8_t)next_seat[s->mover];
    s->phase = (turn_limit > 0 && s->turns >= (uint32_t)turn_limit) ? DRAWN : CHOOSE;
}

/* The mover's acted ship with code `code` arrives on `at`. */
static void arrive(State *s, uint8_t code, int at) {
    int m = s->mover;
    if (rock_mask >> at & 1) {
        recode(s, m, code, WRECKED * 2 + 1);
        s->phase = WRECK;
        return;
    }
    recode(s, m, code, (uint8_t)(at * 2 + 1));
    uint64_t target = harbour_mask[(m + 3) % 6];
    const uint8_t *sh = s->ships[m];
    if ((sh[0] >> 1) < CELLS && (sh[1] >> 1) < CELLS && (sh[2] >> 1) < CELLS &&
        (target >> (sh[0] >> 1) & 1) && (target >> (sh[1] >> 1) & 1) &&
        (target >> (sh[2] >> 1) & 1)) {
        s->phase = WON;
        return;
    }
    if (enemies_at(s, at)) {
        s->phase = ARRIVE;
        s->cell = (uint8_t)at;
        return;
    }
    complete(s);
}

/* Whether the code appears among the first `i` ships. */
static int seen(const uint8_t *sh, int i, uint8_t code) {
    for (int j = 0; j < i; j++)
        if (sh[j] == code)
            return 1;
    return 0;
}

static int has_sunk(const uint8_t *sh) {
    return sh[0] == SUNK * 2 || sh[1] == SUNK * 2 || sh[2] == SUNK * 2;
}

/* The number of legal actions (the bulk count of the last ply). */
static uint64_t count(const State *s) {
    int m = s->mover;
    const uint8_t *sh = s->ships[m];
    uint8_t cells[2];
    switch (s->phase) {
    case CHOOSE: {
        uint64_t n = has_sunk(sh) ? 3 : 0;
        for (int i = 0; i < 3; i++) {
            uint8_t code = sh[i];
            if ((code & 1) || (code >> 1) >= SUNK || seen(sh, i, code))
                continue;
            n++;
            for (int k = 0; k < 6 && free_to[code >> 1][k] != NONE; k++)
                n += !(closed[m] >> free_to[code >> 1][k] & 1);
        }
        return n;
    }
    case ROLL:
    case ATTACK_ROLL:
    case DEFEND_ROLL:
        return 6;
    case PICK:
        return (uint64_t)usable(m, s->cell, s->die, cells);
    case WRECK:
        return 3;
    case ARRIVE:
        return (uint64_t)__builtin_popcount((unsigned)enemies_at(s, s->cell)) + 1;
    default:
        return 0;
    }
}

/* Writes the positions after each legal action into `out`; returns how many. */
static int children(const State *s, State *out) {
    int m = s->mover, n = 0;
    const uint8_t *sh = s->ships[m];
    const uint8_t *home = harbour[m];
    uint8_t cells[2];
    switch (s->phase) {
    case CHOOSE:
        if (has_sunk(sh))
            for (int j = 0; j < 3; j++) {
                out[n] = *s;
                recode(&out[n], m, SUNK * 2, SUNK * 2 + 1);
                arrive(&out[n], SUNK * 2 + 1, home[j]);
                n++;
            }
        for (int i = 0; i < 3; i++) {
            uint8_t code = sh[i];
            int at = code >> 1;
            if ((code & 1) || at >= SUNK || seen(sh, i, code))
                continue;
            out[n] = *s;
            recode(&out[n], m, code, code + 1);
            out[n].phase = ROLL;
            out[n].cell = (uint8_t)at;
            n++;
            for (int k = 0; k < 6 && free_to[at][k] != NONE; k++) {
                int to = free_to[at][k];
                if (closed[m] >> to & 1)
                    continue;
                out[n] = *s;
                recode(&out[n], m, code, code + 1);
                arrive(&out[n], code + 1, to);
                n++;
            }
        }
        return n;
    case ROLL:
        for (int die = 1; die <= 6; die++) {
            out[n] = *s;
            switch (usable(m, s->cell, die, cells)) {
            case 0:
                complete(&out[n]);
                break;
            case 1:
                arrive(&out[n], (uint8_t)(s->cell * 2 + 1), cells[0]);
                break;
            default:
                out[n].phase = PICK;
                out[n].die = (uint8_t)die;
            }
            n++;
        }
        return n;
    case PICK: {
        int k = usable(m, s->cell, s->die, cells);
        for (int j = 0; j < k; j++) {
            out[n] = *s;
            arrive(&out[n], (uint8_t)(s->cell * 2 + 1), cells[j]);
            n++;
        }
        return n;
    }
    case WRECK:
        for (int j = 0; j < 3; j++) {
            out[n] = *s;
            arrive(&out[n], WRECKED * 2 + 1, home[j]);
            n++;
        }
        return n;
    case ARRIVE: {
        int set = enemies_at(s, s->cell);
        for (int seat = 0; seat < 6; seat++)
            if (set >> seat & 1) {
                out[n] = *s;
                out[n].phase = ATTACK_ROLL;
                out[n].def = (uint8_t)seat;
                n++;
            }
        out[n] = *s;
        complete(&out[n]);
        return n + 1;
    }
    case ATTACK_ROLL:
        for (int die = 1; die <= 6; die++) {
            out[n] = *s;
            out[n].phase = DEFEND_ROLL;
            out[n].die = (uint8_t)die;
            n++;
        }
        return n;
    case DEFEND_ROLL:
        for (int die = 1; die <= 6; die++) {
            out[n] = *s;
            if (s->die > die)
                recode(&out[n], s->def, (uint8_t)(s->cell * 2), SUNK * 2);
            else if (s->die < die)
                recode(&out[n], m, (uint8_t)(s->cell * 2 + 1), SUNK * 2 + 1);
            complete(&out[n]);
            n++;
        }
        return n;
    default:
        return 0;
    }
}

static uint64_t perft(const State *s, int depth) {
    if (depth == 0)
        return 1;
    if (depth == 1)
        return count(s);
    State next[MAX_CHILDREN];
    int n = children(s, next);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += perft(&next[i], depth - 1);
    return total;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DEPTH [PLAYERS [TURN_LIMIT]]\n", argv[0]);
        return 2;
    }
    int depth = atoi(argv[1]);
    int players = argc > 2 ? atoi(argv[2]) : 2;
    turn_limit = argc > 3 ? atoi(argv[3]) : 0;
    if (players != 2 && players != 3 && players != 4 && players != 6) {
        fprintf(stderr, "players must be 2, 3, 4 or 6\n");
        return 2;
    }
    if (depth < 0 || turn_limit < 0) {
        fprintf(stderr, "depth and turn limit must not be negative\n");
        return 2;
    }
    build_tables(players);
    State s;
    memset(&s, 0, sizeof s);
    for (int seat = 0; seat < 6; seat++)
        if (in_play[seat])
            for (int j = 0; j < 3; j++)
                s.ships[seat][j] = (uint8_t)(harbour[seat][j] * 2);
    s.mover = 0; /* the lowest seat in play */
    s.phase = CHOOSE;
    printf("%llu\n", (unsigned long long)perft(&s, depth));
    return 0;
}
