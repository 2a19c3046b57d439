"""Shared by the examples: a win rate with its 95% interval."""

import math


def wilson(wins: float, games: int, z: float = 1.96):
    """The Wilson score interval of a proportion (a draw counts half a win)."""
    if games == 0:
        return 0.0, 0.0, 1.0
    p = wins / games
    d = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / d
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return p, max(0.0, centre - half), min(1.0, centre + half)


def report(name: str, wins: float, games: int, seconds: float, env_steps: int) -> str:
    p, lo, hi = wilson(wins, games)
    return (
        f"{name}: win rate against random {100 * p:.1f}% (95% interval {100 * lo:.1f}%-{100 * hi:.1f}%) "
        f"over {games} games; training {seconds:.0f} s, {env_steps:,} env-steps "
        f"({env_steps / max(seconds, 1e-9):,.0f} env-steps/s)"
    )
