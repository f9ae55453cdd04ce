"""Differential report: the ORIGINAL WebVoyager and SeeAct code beside `webvoyager --protocol paper`, request
by request.

    PYTHONPATH=src .venv/bin/python benchmarks/paper_diff.py [--scenario vision|text_only|seeact_offline]
        [--keep DIR] [--update-known]

Runs each scripted scenario of tests/paper/scenarios.py with both codes against recording servers
(needs scripts/setup_original.sh: .venv-original and chromedriver), and SeeAct's offline experiment on
its textual-choice example beside `mind2web eval --protocol paper --prompts PACK` (.venv-seeact-original),
and prints, per conversation, the fields compared and the fields that differ, then each difference with
both values and its known reason (and, for SeeAct, any difference of the predictions or their metrics).
--update-known rewrites tests/paper/known_differences.json to today's differences, keeping the reasons
already written; a new field gets the reason "TODO", which the test refuses until a person explains it.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))   # tests.paper is a package of the checkout, not of the installed project

from tests.paper.harness import (KNOWN_DIFFERENCES, Comparison, compared_in, load_known, report,  # noqa: E402
                                 run_scenario)
from tests.paper.original import missing_prerequisites  # noqa: E402
from tests.paper.scenarios import SCENARIOS  # noqa: E402
from tests.paper import seeact_offline  # noqa: E402
from webvoyager.sandbox.server import Sandbox  # noqa: E402

TODO = "TODO"


def update_known(comparisons: list[Comparison]) -> None:
    """Today's differing fields, with the reasons already on file (TODO for a new one). Fields of
    scenarios not run this time are kept as they were."""
    known = load_known()
    reasons = {k.field: k.reason for k in known}
    entries = [{"field": k.field, "reason": k.reason} for k in known if not compared_in(k.field, comparisons)]
    entries += [{"field": d.field, "reason": reasons.get(d.field, TODO)}
                for c in comparisons for d in c.differences]
    KNOWN_DIFFERENCES.write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {len(entries)} entries to {KNOWN_DIFFERENCES}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenario", choices=[*(s.name for s in SCENARIOS), seeact_offline.NAME], action="append")
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it (logs, both runs)")
    parser.add_argument("--update-known", action="store_true")
    args = parser.parse_args()
    chosen = [s for s in SCENARIOS if not args.scenario or s.name in args.scenario]
    with_seeact = not args.scenario or seeact_offline.NAME in args.scenario
    missing = (missing_prerequisites() if chosen else []) + (seeact_offline.missing_prerequisites() if with_seeact
                                                             else [])
    if missing:
        sys.exit("cannot run the original code; missing:\n- " + "\n- ".join(missing))
    comparisons: list[Comparison] = []
    with tempfile.TemporaryDirectory() as scratch, Sandbox(port=0) as sandbox:
        folder = args.keep or Path(scratch)
        for scenario in chosen:
            comparisons += run_scenario(scenario, sandbox.port, folder / scenario.name)
        if with_seeact:
            offline = seeact_offline.compare_offline(folder / seeact_offline.NAME)
            comparisons.append(offline.requests)
            for line in seeact_offline.prediction_differences(offline) or ["the same predictions and metrics"]:
                print(f"{seeact_offline.NAME}/predictions: {line}")
    print(report(comparisons, load_known()))
    total = sum(c.compared for c in comparisons)
    differing = sum(len(c.differences) for c in comparisons)
    print(f"\ntotal: {total} fields compared, {differing} differ")
    if args.update_known:
        update_known(comparisons)


if __name__ == "__main__":
    main()
