/* A plain C bitboard perft of Slime Trail (5x5 and 7x7), for comparing speeds with
 * `boardgame perft slimetrail`. Same counts as the Rust engine.
 *
 * Board: cell (file, rank) is bit rank * (size + 1) + file (a spare column per rank); the
 * snail steps to any unslimed king-neighbour; the cell it leaves is slimed; a goal corner
 * (a1 or the opposite corner) ends the game when entered, so no move leaves it.
 * Perft counts the move sequences of exactly DEPTH moves (bulk count at the last ply).
 *
 * Usage: slimetrail_perft DEPTH [SIZE]   (SIZE 5 or 7, default 7)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t king[64];

static void build_table(int size) {
    int stride = size + 1;
    for (int r = 0; r < size; r++)
        for (int f = 0; f < size; f++) {
            uint64_t m = 0;
            for (int dr = -1; dr <= 1; dr++)
                for (int df = -1; df <= 1; df++) {
                    int nf = f + df, nr = r + dr;
                    if ((df || dr) && nf >= 0 && nr >= 0 && nf < size && nr < size)
                        m |= 1ULL << (nr * stride + nf);
                }
            int goal = (f == 0 && r == 0) || (f == size - 1 && r == size - 1);
            king[r * stride + f] = goal ? 0 : m;
        }
}

static uint64_t perft(uint64_t slime, int snail, int depth) {
    uint64_t moves = king[snail] & ~slime;
    if (depth == 0)
        return 1;
    if (depth == 1)
        return (uint64_t)__builtin_popcountll(moves);
    uint64_t trail = slime | 1ULL << snail, total = 0;
    while (moves) {
        int to = __builtin_ctzll(moves);
        moves &= moves - 1;
        total += perft(trail, to, depth - 1);
    }
    return total;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DEPTH [SIZE]\n", argv[0]);
        return 2;
    }
    int depth = atoi(argv[1]);
    int size = argc > 2 ? atoi(argv[2]) : 7;
    if (size != 5 && size != 7) {
        fprintf(stderr, "size must be 5 or 7\n");
        return 2;
    }
    build_table(size);
    int centre = size / 2 * (size + 1) + size / 2;
    printf("%llu\n", (unsigned long long)perft(0, centre, depth));
    return 0;
}
