#!/bin/sh
# Side by side on this machine, in one run: `boardgame serve` (SQLite, every action committed
# before it is answered) and boardgame.io's own server (its default in-memory storage, and its
# FlatFile storage) hosting Slime Trail, under the same load: N rooms (matches) played at once
# by scripted clients, one seat's client per socket, each action a random legal one sent as
# soon as the previous one is answered. Prints one JSON line per run, then a Markdown table.
#
#   benches/boardgameio/compare.sh                     # 10, 50 and 200 rooms, 10 s each
#   ROOMS="10 50" SECONDS_EACH=5 benches/boardgameio/compare.sh
#   BOARDGAME=path/to/boardgame benches/boardgameio/compare.sh   # skip the release build
#
# Needs cargo and Node 20 (npm ci installs boardgame.io from package-lock.json). Every server it
# starts listens on 127.0.0.1 only and is stopped at the end. Not run by CI.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rooms=${ROOMS:-"10 50 200"}
seconds=${SECONDS_EACH:-10}
work=$(mktemp -d)
bgio_pid=
cleanup() {
    if [ -n "$bgio_pid" ]; then kill "$bgio_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

if [ -z "${BOARDGAME:-}" ]; then
    (cd "$root" && cargo build --quiet --release -p boardgame-cli)
    BOARDGAME=${CARGO_TARGET_DIR:-$root/target}/release/boardgame
fi
if [ ! -d "$here/node_modules" ]; then
    (cd "$here" && npm ci --no-audit --no-fund --silent)
fi

# Starts boardgame.io's server with the given storage arguments; sets bgio_pid and bgio_url.
# The previous server's output is removed first: the new one's redirection may be opened only
# after the first read below, which would then find the stopped server's address.
start_bgio() {
    rm -f "$work/bgio.out"
    NODE_ENV=production node "$here/server.js" "$@" >"$work/bgio.out" 2>"$work/bgio.err" &
    bgio_pid=$!
    for _ in $(seq 100); do
        bgio_url=$(sed -n 's/^listening on //p' "$work/bgio.out" 2>/dev/null)
        if [ -n "$bgio_url" ]; then return 0; fi
        sleep 0.1
    done
    echo "boardgame.io's server did not start:" >&2
    cat "$work/bgio.err" >&2
    exit 1
}

stop_bgio() {
    kill "$bgio_pid"
    wait "$bgio_pid" 2>/dev/null || true
    bgio_pid=
}

# Adds the name of the server, its storage and the load average to a report's JSON line.
label() {
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const r=JSON.parse(s);
      r.server=process.argv[1];r.storage=process.argv[2];r.load_avg=process.argv[3];
      console.log(JSON.stringify(r))})' "$1" "$2" "$(cut -d' ' -f1-3 /proc/loadavg)"
}

for n in $rooms; do
    "$BOARDGAME" loadtest --rooms "$n" --seconds "$seconds" --json \
        | label "boardgame serve" "SQLite" | tee -a "$work/results"
    start_bgio
    node "$here/load.js" --url "$bgio_url" --pid "$bgio_pid" --rooms "$n" --seconds "$seconds" \
        --json | label "boardgame.io" "in memory" | tee -a "$work/results"
    stop_bgio
    mkdir -p "$work/flatfile-$n"
    start_bgio --flatfile "$work/flatfile-$n"
    node "$here/load.js" --url "$bgio_url" --pid "$bgio_pid" --rooms "$n" --seconds "$seconds" \
        --json | label "boardgame.io" "FlatFile" | tee -a "$work/results"
    stop_bgio
done

echo
echo "| server | storage | rooms | actions/s | p50 ms | p99 ms | errors | RSS per room KiB | server CPU s | load avg |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
node -e 'for (const l of require("fs").readFileSync(process.argv[1],"utf8").trim().split("\n")) {
  const r = JSON.parse(l);
  console.log(`| ${r.server} | ${r.storage} | ${r.rooms} | ${Math.round(r.actions_per_sec)} | ` +
    `${r.p50_ms.toFixed(2)} | ${r.p99_ms.toFixed(2)} | ${r.errors} | ${Math.round(r.rss_per_room_kb)} | ` +
    `${r.server_cpu_s.toFixed(2)} | ${r.load_avg} |`);
}' "$work/results"
