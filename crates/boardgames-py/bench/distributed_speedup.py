"""Wall time of boardgames.distributed's workloads on a local Ray cluster of N CPUs.

    python bench/distributed_speedup.py CPUS [WORKLOAD...]

Starts ``ray.init(num_cpus=CPUS)``, warms the workers up (one small task per CPU, so that
worker start-up and the import of the package are not timed), then times each workload once
and prints one line per workload: ``WORKLOAD cpus=N seconds=S cpu=C others=O`` and what it
computed (to check that runs with 1 and 2 CPUs agree): ``cpu`` is the cores this run used on
average (its processes' CPU time over the wall time), ``others`` the cores the rest of the
machine used meanwhile (``/proc/stat`` less this run: the machine is shared). Run it with 1 and with 2 CPUs, alternately, to get the
speed-up. Workloads (all of them when none is named):

- ``capacity``: CPUS tasks of the same pure-Python loop at once: how much of CPUS cores the
  machine gives now (the cores are shared; the time of one task alone is the reference);
- ``match``: ``match("slimetrail", "", ["mcts:iterations=20000", "mcts:iterations=5000"],
  games=48, seed=1)``;
- ``selfplay``: ``selfplay("slimetrail", "", "mcts:iterations=10000", games=32,
  shard_size=2)`` into a fresh temporary directory;
- ``solve7``: ``solve("slimetrail", "", depth=3)``: the 7x7 start and every first move;
- ``solve9``: ``solve("slimetrail", "size=9", POSITION_12, depth=4)``: the 9x9 position 12
  actions into the line of docs/slimetrail.md (a loss: every move must be refuted);
  ``solve9-depth6`` the same split 6 plies down; ``solve9-budget`` at depth 4 with
  ``budget=2**23`` (a subtree not decided after 8.4 million positions is split 2 plies
  further).

References without Ray: ``match-threads`` (the same match by ``boardgames.match(jobs=CPUS)``,
threads in one process) and ``solve9-package`` (``boardgames.solve`` of the same 9x9
position, one thread).
"""

import os
import sys
import tempfile
import time

import ray

import boardgames
from boardgames import distributed as D

POSITION_12 = "9/9/9/3xx4/2x1xx3/1x@x1x3/1x1xx4/2x6/9 1"
AGENTS = ["mcts:iterations=20000", "mcts:iterations=5000"]


def _match():
    t = D.match("slimetrail", "", AGENTS, games=48, seed=1)
    return " ".join(f"{x['agent']}:{x['wins']}/{x['losses']}" for x in t)


def _selfplay():
    with tempfile.TemporaryDirectory() as d:
        r = D.selfplay("slimetrail", "", "mcts:iterations=10000", games=32, out_dir=d,
                       shard_size=2, seed=1)
        return f"samples={r['samples']} shards={r['written']}"


def _solve(params, position, depth, **kw):
    def run():
        stats = {}
        s = D.solve("slimetrail", params, position, depth=depth, stats=stats, **kw)
        wins = sum(v == "win" for v in s["moves"].values())
        return (f"value={s['value']} winning_moves={wins}/{len(s['moves'])} "
                f"frontier={stats['frontier']} solved={stats['solved']} "
                f"cancelled={stats['cancelled']} skipped={stats['skipped']} split={stats['split']} "
                f"nodes={stats['nodes']} task_seconds={stats['task_seconds']:.1f}")
    return run


@ray.remote
def _spin(n):
    started = time.perf_counter()
    x = 0
    for i in range(n):
        x += i
    return time.perf_counter() - started


def _capacity():
    each = ray.get([_spin.remote(20_000_000) for _ in range(int(sys.argv[1]))])
    return "task_seconds=" + ",".join(f"{t:.2f}" for t in each)


def _match_threads():
    # The same match in one process, on CPUS threads (boardgames.match(jobs=...)).
    t = boardgames.match("slimetrail", "", AGENTS, games=48, seed=1, jobs=int(sys.argv[1]))
    return " ".join(f"{x['agent']}:{x['wins']}/{x['losses']}" for x in t)


def _solve9_package():
    # The same position by the package's solver (one thread, value and every move).
    s = boardgames.solve("slimetrail", "size=9", POSITION_12)
    wins = sum(v == "win" for v in s["moves"].values())
    return f"value={s['value']} winning_moves={wins}/{len(s['moves'])}"


WORKLOADS = {
    "capacity": _capacity,
    "match-threads": _match_threads,
    "solve9-package": _solve9_package,
    "match": _match,
    "selfplay": _selfplay,
    "solve7": _solve("", None, 3),
    "solve9": _solve("size=9", POSITION_12, 4),
    "solve9-depth6": _solve("size=9", POSITION_12, 6),
    "solve9-budget": _solve("size=9", POSITION_12, 4, budget=1 << 23),
}


def _busy_jiffies():
    """CPU time of the whole machine (every process, in every container), in clock ticks."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    return sum(fields) - fields[3] - fields[4]  # less idle and iowait


def _mine_seconds():
    """CPU time of this process and its descendants (the cluster's processes and workers),
    from /proc."""
    procs = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                rest = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # Fields after the name: state ppid ... utime (14th field) stime (15th).
        procs[int(pid)] = (int(rest[1]), int(rest[11]) + int(rest[12]))
    mine, todo, total = set(), [os.getpid()], 0
    while todo:
        pid = todo.pop()
        if pid in mine or pid not in procs:
            continue
        mine.add(pid)
        total += procs[pid][1]
        todo.extend(p for p, (ppid, _) in procs.items() if ppid == pid)
    return total / os.sysconf("SC_CLK_TCK")


@ray.remote
def _warm(_):
    import boardgames  # noqa: F401  (the import is what is warmed up)

    time.sleep(0.5)
    return 0


def main():
    cpus = int(sys.argv[1])
    names = sys.argv[2:] or list(WORKLOADS)
    ray.init(num_cpus=cpus, include_dashboard=False, logging_level="ERROR",
             log_to_driver=False)
    try:
        ray.get([_warm.remote(i) for i in range(cpus)])
        tick = os.sysconf("SC_CLK_TCK")
        for name in names:
            busy, mine = _busy_jiffies(), _mine_seconds()
            started = time.perf_counter()
            what = WORKLOADS[name]()
            seconds = time.perf_counter() - started
            busy = (_busy_jiffies() - busy) / tick
            mine = _mine_seconds() - mine
            # Other helpers share the machine: the cores they used meanwhile.
            others = max(0.0, busy - mine) / seconds
            print(f"{name} cpus={cpus} seconds={seconds:.2f} cpu={mine / seconds:.2f} "
                  f"others={others:.2f} {what}", flush=True)
    finally:
        ray.shutdown()



if __name__ == "__main__":
    main()
