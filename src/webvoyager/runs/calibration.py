"""`calibration.json`: how each judge of a run agrees with the code checks (written by `judge calibrate`,
judge/calibration.py), read back as typed rows for summary.json and the report."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CALIBRATION_NAME = "calibration.json"


@dataclass(frozen=True)
class ProbeKindRow:
    """A judge's verdicts on the synthetic trajectories of one probe kind."""

    kind: str
    probes: int
    judged_success: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "probes": self.probes, "judged_success": self.judged_success}


@dataclass(frozen=True)
class CalibrationRow:
    """One judge against the checks: on the run's attempts, and per probe kind."""

    judge: str
    tasks: int
    agreement: float | None
    kappa: float | None
    false_positive_rate: float | None
    false_negative_rate: float | None
    gap_points: float | None
    probe_kinds: tuple[ProbeKindRow, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"judge": self.judge, "tasks": self.tasks, "agreement": self.agreement, "kappa": self.kappa,
                "false_positive_rate": self.false_positive_rate, "false_negative_rate": self.false_negative_rate,
                "gap_points": self.gap_points, "probe_kinds": [k.to_dict() for k in self.probe_kinds]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CalibrationRow:
        """A row as `to_dict` writes it (summary.json's `calibration`)."""
        return cls(judge=str(data["judge"]), tasks=int(data["tasks"]), agreement=data.get("agreement"),
                   kappa=data.get("kappa"), false_positive_rate=data.get("false_positive_rate"),
                   false_negative_rate=data.get("false_negative_rate"), gap_points=data.get("gap_points"),
                   probe_kinds=tuple(ProbeKindRow(str(k["kind"]), int(k["probes"]), int(k["judged_success"]))
                                     for k in data.get("probe_kinds") or ()))


def read_calibration(run_dir: Path) -> tuple[CalibrationRow, ...]:
    """The run's calibration rows; none when `judge calibrate` has not written calibration.json (or it is
    unreadable)."""
    try:
        data = json.loads((run_dir / CALIBRATION_NAME).read_text(encoding="utf-8"))
        return tuple(CalibrationRow.from_dict({**j, **{k: j["run"][k] for k in ("tasks", "agreement", "kappa",
                                                                                "gap_points")}})
                     for j in data["judges"])
    except (OSError, ValueError, KeyError, TypeError):
        return ()
