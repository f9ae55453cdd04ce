"""How long the sandbox sites take to generate their data (the first request to a site, or `Sandbox` at a
bench's start, pays it once per process): CPU and wall seconds per site, median of `--repeat` cold builds.

    PYTHONPATH=src .venv/bin/python benchmarks/sandbox_data.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable


def _builds() -> dict[str, tuple[list[Callable[[], object]], Callable[[], object]]]:
    """Per site: the cached functions to clear, and the call that builds the data again."""
    from webvoyager.sandbox.sites.brand import data as brand
    from webvoyager.sandbox.sites.news import data as news
    from webvoyager.sandbox.sites.sports import basketball, football
    from webvoyager.sandbox.sites.sports import data as sports

    return {
        "brand": ([brand.accessories, brand.stores, brand.devices, brand.models_by_slug, brand.families_by_slug],
                  lambda: (brand.accessories(), brand.stores(), brand.devices())),
        "news": ([news.articles, news.by_id, news.topics, news._index], news.articles),
        "sports": ([basketball._roster, basketball.games, basketball.game_by_id, football._squads, football.matches,
                    football.match_by_id, sports.all_players, sports.all_games], sports.warm),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'site':<8} {'cpu s':>7} {'wall s':>7}   (median of {args.repeat} cold builds)")
    for site, (cached, build) in _builds().items():
        cpu, wall = [], []
        for _ in range(args.repeat):
            for fn in cached:
                fn.cache_clear()  # type: ignore[attr-defined]
            started_cpu, started = time.thread_time(), time.perf_counter()
            build()
            cpu.append(time.thread_time() - started_cpu)
            wall.append(time.perf_counter() - started)
        print(f"{site:<8} {statistics.median(cpu):>7.3f} {statistics.median(wall):>7.3f}")


if __name__ == "__main__":
    main()
