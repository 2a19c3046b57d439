"""Shared pieces of the test suite: every game and player count, and the `boardgame` binary.

The command-line comparisons need the `boardgame` binary of the same checkout: the path in
$BOARDGAME_BIN, else target/release/boardgame or target/debug/boardgame of the workspace
(CARGO_TARGET_DIR is honoured), else it is built with `cargo build --release -p boardgame-cli`.
"""

import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]

# Every game and player count, with parameters that keep random games short where a game has
# no bound of its own (Arandia's turn limit; Elements on the blitz board).
CONFIGS = [
    ("slimetrail", ""),
    ("slimetrail", "size=5"),
    ("splut", "players=2"),
    ("splut", "players=3"),
    ("splut", "players=4"),
    ("elements", "board=blitz,players=2"),
    ("elements", "board=blitz,players=3"),
    ("elements", "board=blitz,players=4"),
    ("repello", "players=2"),
    ("repello", "players=3"),
    ("repello", "players=4"),
    ("arandia", "players=2,turn_limit=30"),
    ("arandia", "players=3,turn_limit=30"),
    ("arandia", "players=4,turn_limit=30"),
    ("arandia", "players=6,turn_limit=30"),
]

CONFIG_IDS = [f"{g}[{p}]" for g, p in CONFIGS]


def _target_dir() -> pathlib.Path:
    return pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))


@pytest.fixture(scope="session")
def boardgame_bin() -> str:
    given = os.environ.get("BOARDGAME_BIN")
    if given:
        return given
    for profile in ("release", "debug"):
        path = _target_dir() / profile / "boardgame"
        if path.exists():
            return str(path)
    subprocess.run(
        ["cargo", "build", "--release", "-q", "-p", "boardgame-cli"], cwd=REPO, check=True
    )
    return str(_target_dir() / "release" / "boardgame")


class Engine:
    """`boardgame engine` in a subprocess: one command, the lines of its answer."""

    def __init__(self, binary: str):
        self.proc = subprocess.Popen(
            [binary, "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, command: str):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"the engine stopped after {command!r}")
            line = line.rstrip("\n")
            if line == "":
                break
            lines.append(line)
        return lines

    def ok(self, command: str):
        lines = self.ask(command)
        assert lines[0].startswith("= "), (command, lines)
        return [lines[0][2:]] + lines[1:]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.fixture
def engine(boardgame_bin):
    e = Engine(boardgame_bin)
    yield e
    e.close()


def cli(binary: str, *args: str) -> str:
    """Runs the binary, returns its stdout (it must succeed)."""
    out = subprocess.run([binary, *args], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, (args, out.stderr)
    return out.stdout
