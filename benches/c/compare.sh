#!/bin/sh
# Compares `boardgame perft` with the plain C bitboard perfts of this directory, in one run.
#
#   benches/c/compare.sh [ROUNDS]
#
# Builds each C perft with `gcc -O2` and the `boardgame` command in release, checks that both
# print the same count, then times ROUNDS (default 5) alternating runs of each and prints the
# best user+system CPU time of each side, its leaves per second and the ratio (C time / Rust
# time: above 1 means `boardgame perft` is faster). CPU time, not wall time, so that other
# work on the machine weighs less; the best of several runs for the same reason.
set -eu
cd "$(dirname "$0")/../.."
rounds=${1:-5}
out=${TMPDIR:-/tmp}/boardgame-c-perft
mkdir -p "$out"
cargo build --release -q -p boardgame-cli
bg=target/release/boardgame

# cpu_seconds CMD...: the user+system CPU seconds of one run (its output is discarded).
cpu_seconds() {
    /usr/bin/time -f "%U %S" -o "$out/time" "$@" >/dev/null
    awk '{ printf "%.3f", $1 + $2 }' "$out/time"
}

printf '%-30s %12s %10s %12s %10s %12s %7s\n' case leaves "C s" "C leaves/s" "Rust s" "Rust leaves/s" ratio
# Each case: NAME C-SOURCE "C ARGS" "boardgame perft ARGS"
while read -r name src cargs rargs; do
    [ -z "$name" ] && continue
    gcc -O2 -o "$out/$name" "benches/c/$src"
    # Commas separate arguments; `;` stands for the comma inside one argument (`--params`).
    cargs=$(echo "$cargs" | tr ',' ' ' | tr ';' ',')
    rargs=$(echo "$rargs" | tr ',' ' ' | tr ';' ',')
    # shellcheck disable=SC2086
    c_count=$("$out/$name" $cargs)
    # shellcheck disable=SC2086
    r_count=$($bg perft $rargs | tail -1)
    if [ "$c_count" != "$r_count" ]; then
        echo "$name: C counts $c_count, boardgame perft $r_count" >&2
        exit 1
    fi
    c_best=999999
    r_best=999999
    i=0
    while [ "$i" -lt "$rounds" ]; do
        # shellcheck disable=SC2086
        c=$(cpu_seconds "$out/$name" $cargs)
        # shellcheck disable=SC2086
        r=$(cpu_seconds $bg perft $rargs)
        c_best=$(awk -v a="$c" -v b="$c_best" 'BEGIN { print (a < b) ? a : b }')
        r_best=$(awk -v a="$r" -v b="$r_best" 'BEGIN { print (a < b) ? a : b }')
        i=$((i + 1))
    done
    awk -v n="$name" -v l="$c_count" -v c="$c_best" -v r="$r_best" 'BEGIN {
        c = (c < 0.001) ? 0.001 : c; r = (r < 0.001) ? 0.001 : r;
        printf "%-30s %12.0f %10.3f %12.3g %10.3f %12.3g %6.2fx\n", n, l, c, l / c, r, l / r, c / r }'
done <<'CASES'
slimetrail-7x7-depth-12 slimetrail_perft.c 12 slimetrail,12
slimetrail-7x7-depth-13 slimetrail_perft.c 13 slimetrail,13
slimetrail-7x7-depth-14 slimetrail_perft.c 14 slimetrail,14
slimetrail-5x5-depth-14 slimetrail_perft.c 14,5 slimetrail,14,--params,size=5
arandia-2p-depth-13 arandia_perft.c 13,2 arandia,13
arandia-3p-depth-13 arandia_perft.c 13,3 arandia,13,--params,players=3
arandia-4p-depth-13 arandia_perft.c 13,4 arandia,13,--params,players=4
arandia-6p-depth-13 arandia_perft.c 13,6 arandia,13,--params,players=6
elements-20x20-depth-11 elements_perft.c 11 elements,11
elements-20x20-4p-3pt-depth-13 elements_perft.c 13,players=4;per_turn=3 elements,13,--params,players=4;per_turn=3
elements-blitz-depth-13 elements_perft.c 13,board=blitz elements,13,--params,board=blitz
elements-blitz-4p-1pt-depth-16 elements_perft.c 16,board=blitz;players=4;per_turn=1 elements,16,--params,board=blitz;players=4;per_turn=1
splut-2p-depth-10 splut_perft.c 10 splut,10
splut-3p-depth-11 splut_perft.c 11,players=3 splut,11,--params,players=3
splut-4p-depth-12 splut_perft.c 12,players=4 splut,12,--params,players=4
repello-2p-depth-11 repello_perft.c 11 repello,11
repello-3p-depth-10 repello_perft.c 10,3 repello,10,--params,players=3
repello-4p-depth-10 repello_perft.c 10,4 repello,10,--params,players=4
repello-2p-stack3-depth-11 repello_perft.c 11,2,3 repello,11,--params,stack=3
CASES
