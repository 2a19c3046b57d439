"""The README's Python example runs and prints what the README says it prints."""

import pathlib
import re
import subprocess
import sys

from conftest import REPO


def test_the_readme_example_runs_as_shown():
    readme = (REPO / "README.md").read_text()
    section = readme[readme.index("## In Python"):]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert len(code.strip().splitlines()) <= 11
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    first, second = out.stdout.splitlines()
    assert f"prints `{first}`" in section
    assert "{'agent': 'mcts', 'wins': 9, 'draws': 0, 'losses': 1," in second
    assert "{'agent': 'random', 'wins': 1," in second
