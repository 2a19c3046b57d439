"""What every job of :mod:`boardgames.distributed` needs of the cluster: Ray itself (started
on first use), its CPUs and numbered work cut into tasks."""

from __future__ import annotations

import math
from typing import List, Optional, Tuple

try:
    import ray
except ImportError as e:  # pragma: no cover - exercised only without ray
    raise ImportError(
        "boardgames.distributed needs Ray: pip install 'boardgames[ray]'"
    ) from e


def _ensure_ray() -> None:
    """Starts a local cluster when Ray is not initialised."""
    if not ray.is_initialized():
        ray.init()


def _cluster_cpus() -> int:
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _batches(count: int, batch: Optional[int]) -> List[Tuple[int, int]]:
    """``range(count)`` cut into consecutive ``(start, stop)`` slices of ``batch`` numbers
    (by default about four slices per CPU of the cluster, so that a slow slice does not leave
    the others idle, and no more than 64 numbers in one)."""
    if count <= 0:
        return []
    if batch is None:
        batch = max(1, min(64, math.ceil(count / (4 * _cluster_cpus()))))
    if batch < 1:
        raise ValueError(f"batch={batch}: a task plays at least one game")
    return [(s, min(count, s + batch)) for s in range(0, count, batch)]

