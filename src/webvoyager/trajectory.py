"""Records of a task run (steps, result) and their files in the run directory.

Layout of one task's folder (see docs/DESIGN.md):
`result.json`, `trajectory.json`, `screenshot{i}.png` (marked, i = 1..n without gaps),
`interact_messages.json`, and later `judgement.json`.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from webvoyager.errors import InfraKind, infrastructure_kind
from webvoyager.usage import Usage

if TYPE_CHECKING:
    from webvoyager.tasks import Task

Status = Literal["answered", "step_limit", "stuck", "unusable", "error", "timeout", "done"]
STATUSES: tuple[str, ...] = ("answered", "step_limit", "stuck", "unusable", "error", "timeout", "done")
""""unusable": the model gave replies without a usable action several times in a row (`unusable_after`).
"done": the task's environment ended the episode itself (MiniWoB++; see agent/episode.py). Older
files may say "blocked", a status nothing produced; they still load (statuses are not checked on load)."""
Choice = Literal["approve", "reject", "takeover"]


@dataclass(frozen=True, kw_only=True)
class ElementIdentity:
    """What makes an element the same element on a later visit (`Element.identity`: what a person sees
    of it), declared once for the acted element of a step and the action cache's locator."""

    tag: str = ""
    text: str = ""
    aria_label: str = ""
    role: str = ""
    type: str = ""
    placeholder: str = ""

    def identity(self) -> dict[str, str]:
        """The identity fields, as `Element.identity` gives them."""
        return {f: getattr(self, f) for f in ElementIdentity.__dataclass_fields__}


@dataclass(frozen=True)
class ActedElement(ElementIdentity):
    """The element a step acted on: its label then, its identity, and its position among the elements of
    the observation with the same identity (`nth` of `similar`, document order), for replay and export;
    its box (x, y, width, height in viewport pixels, as on the step's screenshot) for the report's outline
    (None in older files)."""

    label: int
    nth: int = 0
    similar: int = 1
    bbox: tuple[float, float, float, float] | None = None

    def to_dict(self) -> dict[str, Any]:
        # The label first, as earlier files have it; a position only when look-alikes make it say something.
        data: dict[str, Any] = {"label": self.label, **self.identity()}
        if self.similar > 1:
            data.update(nth=self.nth, similar=self.similar)
        if self.bbox is not None:
            data["bbox"] = list(self.bbox)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ActedElement:
        known = _known(cls, data)
        box = known.get("bbox")
        known["bbox"] = tuple(float(v) for v in box) if isinstance(box, (list, tuple)) and len(box) == 4 else None
        return cls(**known)


@dataclass(frozen=True)
class GateVerdict:
    """What the confirm gate (agent/gate.py) decided about one consequential action, and who decided."""

    choice: Choice
    reason: str
    by: Literal["mode", "person"]
    note: str = ""
    action: str = ""

    def to_dict(self) -> dict[str, str]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GateVerdict:
        return cls(**_known(cls, data))


@dataclass
class GroundingDetails:
    """What one SeeAct grounding strategy showed and got, beyond the operation and target. Only the
    strategy's own fields are set (None: not this strategy), and only those are written."""

    batches: list[list[str]] | None = None   # choice: the option texts of each lettered batch
    batch: int | None = None                 # choice: the batch an option was chosen from (None: none)
    labels: dict[str, int] | None = None     # som: each drawn letter's element label
    letter: str | None = None                # choice, som: the letter the model named
    element_type: str | None = None          # attributes: the kind and text the model described
    element_text: str | None = None
    matches: list[int] | None = None         # attributes: labels of the elements that fit the description
    follow_up: list[str] | None = None       # attributes: the options of the follow-up question (several matched)

    def to_dict(self) -> dict[str, Any]:
        # batch and letter are written even when empty by the strategies that have them (as before)
        kept = {"batch"} if self.batches is not None else set()
        if self.labels is not None or self.batch is not None:
            kept.add("letter")
        return {k: v for k, v in asdict(self).items() if v is not None or k in kept}


@dataclass
class SeeActRecord:
    """SeeAct's two stages at one step: the generation (what to do) and the grounding (where)."""

    grounding: str                           # the strategy: choice, som, attributes, coordinates
    generation: str                          # the stage-1 reply
    grounding_replies: list[str] = field(default_factory=list)
    operation: str | None = None
    value: str = ""
    element: int | None = None               # the chosen element's label
    point: list[float] | None = None         # coordinates: the point given
    notes: list[str] = field(default_factory=list)   # the NOTE lines this step's replies wrote (default protocol)
    details: GroundingDetails = field(default_factory=GroundingDetails)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        del data["details"]
        if not self.notes:   # steps without notes keep the keys earlier versions wrote
            del data["notes"]
        return {**data, **self.details.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeeActRecord:
        return cls(**_known(cls, data), details=GroundingDetails(**_known(GroundingDetails, data)))


@dataclass
class ComputerUseRecord:
    """A computer-use model's call at one step: the vendor's tool, the call's id and name, the point as
    the model gave it (in the space of the screenshot it was sent, `image_size`), and whether the call
    came from a reply that asked for several (later ones are performed without a model call)."""

    tool: str                                # e.g. computer_20250124
    call_id: str
    call: str                                # the vendor's name of the action (left_click, ...)
    model_point: list[float] | None = None
    image_size: list[int] | None = None
    batched: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ComputerUseRecord:
        return cls(**_known(cls, data))


@dataclass
class PolicyRecord:
    """A policy's own record of a step (`Step.policy_data`): what WebVoyager sent, SeeAct's stages, a
    computer-use model's call; `cached`: the step came from the action cache (`--cache`), no model call."""

    images_sent: int | None = None           # WebVoyager: screenshots in the request
    seeact: SeeActRecord | None = None
    computer_use: ComputerUseRecord | None = None
    cached: bool = False


    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.images_sent is not None:
            data["images_sent"] = self.images_sent
        if self.seeact is not None:
            data["seeact"] = self.seeact.to_dict()
        if self.computer_use is not None:
            data["computer_use"] = self.computer_use.to_dict()
        if self.cached:   # written only when true: earlier files keep their keys
            data["cached"] = True
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PolicyRecord:
        seeact, used = data.get("seeact"), data.get("computer_use")
        return cls(images_sent=data.get("images_sent"), seeact=SeeActRecord.from_dict(seeact) if seeact else None,
                   computer_use=ComputerUseRecord.from_dict(used) if used else None,
                   cached=bool(data.get("cached", False)))


def _known(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """The entries of `data` that are fields of the dataclass `cls` (newer files may carry more)."""
    return {k: v for k, v in data.items() if k in cls.__dataclass_fields__}


@dataclass
class Step:
    """One model call and the action it led to."""

    index: int
    url: str
    title: str = ""
    thought: str = ""
    action: str | None = None          # canonical text, e.g. "Click [7]"; None when unparseable
    action_data: dict[str, Any] | None = None
    raw_output: str = ""
    error: str | None = None           # parse or execution error, as told to the model
    notes: list[str] = field(default_factory=list)   # what happened (dialog, new tab, PDF, ...)
    screenshot: str | None = None      # file name of the marked screenshot the model saw
    usage: Usage = field(default_factory=Usage)
    timings: dict[str, float] = field(default_factory=dict)  # observe_s, model_s, act_s
    loop_warning: str | None = None    # the loop guard's warning given after this step's action
    outcome_notes: list[str] = field(default_factory=list)   # what executing the action did
    download: str | None = None        # a file the action downloaded
    gate: GateVerdict | None = None    # the confirm gate's verdict on a consequential action
    policy_data: PolicyRecord = field(default_factory=PolicyRecord)  # the policy's own record
    target: ActedElement | None = None  # the acted element, for replay
    elements_text: str = ""            # the element list (or text-only tree) the model was given at this step
    settled_by: str | None = None      # how the page settled after the action (Outcome.settled_by); "cap": it
                                       # did not, the next observation came at the settle cap

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["usage"] = self.usage.to_dict()
        data["policy_data"] = self.policy_data.to_dict()
        if self.target is not None:
            data["target"] = self.target.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Step:
        data = _known(cls, data)
        data["usage"] = Usage.from_dict(data.get("usage") or {})
        data["policy_data"] = PolicyRecord.from_dict(data.get("policy_data") or {})
        for name, record in (("gate", GateVerdict), ("target", ActedElement)):
            if data.get(name) is not None:
                data[name] = record.from_dict(data[name])
        return cls(**data)


@dataclass
class Result:
    """How a task ended."""

    task_id: str
    question: str
    start_url: str
    status: Status
    answer: str | None = None
    success: bool | None = None        # by the task's own check; None when it has none
    steps: int = 0
    final_url: str = ""
    error: str | None = None
    usage: Usage = field(default_factory=Usage)
    timings: dict[str, float] = field(default_factory=dict)  # wall_s, observe_s, model_s, act_s
    site: str = ""
    model: str = ""
    policy: str = "webvoyager"
    loop_warnings: int = 0
    reward: float | None = None        # the environment's reward (MiniWoB++), None for ordinary tasks
    # An error that was the machine's or a service's (disk, browser launch, model unreachable, worker
    # lost; errors.InfraKind), not the task's: `bench --resume` runs such a task again.
    infrastructure: InfraKind | None = None
    # Facts a benchmark adds (bench.runner): the golden answer and whether the answer contains it,
    # the question before --redate moved its dates, which try this is (a rerun after a lost worker or an
    # infrastructure failure counts up), and which of `bench --repeat N`'s independent attempts.
    golden_answer: str | None = None
    golden_match: bool | None = None
    original_question: str | None = None
    attempt: int = 1
    repeat: int = 1
    # The task's value of each grouping its suite declares (runs/summary.Grouping), e.g. {"level": "easy"},
    # and whether the benchmark replaced the task (results on it are not comparable with the old task's).
    groups: dict[str, str] = field(default_factory=dict)
    replaced: bool = False

    @property
    def answered(self) -> bool:
        return self.status == "answered"

    @classmethod
    def failure(cls, task: Task, status: Status, error: str, *, model: str = "", policy: str = "webvoyager",
                steps: int = 0, final_url: str = "", usage: Usage | None = None, wall_s: float = 0.0,
                infrastructure: InfraKind | None = None) -> Result:
        """The result of a task that ended without an answer outside the agent loop (a crash, a timeout)."""
        return cls(task_id=task.id, question=task.question, start_url=task.start_url, status=status, error=error,
                   site=task.site, model=model, policy=policy, steps=steps, final_url=final_url,
                   usage=usage or Usage(), timings={"wall_s": wall_s}, infrastructure=infrastructure)

    @classmethod
    def from_exception(cls, task: Task, exc: BaseException, *, model: str = "", policy: str = "webvoyager",
                       steps: int = 0, wall_s: float = 0.0, infrastructure: InfraKind | None = None) -> Result:
        """The "error" result of a task whose run raised `exc` outside the agent loop (a policy that
        crashed, a browser that could not be relaunched): the message names the exception's type.
        `infrastructure` defaults to what `errors.infrastructure_kind` makes of `exc`."""
        return cls.failure(task, "error", f"{type(exc).__name__}: {exc}", model=model, policy=policy, steps=steps,
                           wall_s=wall_s, infrastructure=infrastructure or infrastructure_kind(exc))

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["usage"] = self.usage.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Result:
        data = _known(cls, data)
        data["usage"] = Usage.from_dict(data.get("usage") or {})
        return cls(**data)


@dataclass(frozen=True)
class TaskDir:
    """Paths of one task's files inside a run directory."""

    path: Path

    @property
    def result(self) -> Path:
        return self.path / "result.json"

    @property
    def trajectory(self) -> Path:
        return self.path / "trajectory.json"

    @property
    def messages(self) -> Path:
        return self.path / "interact_messages.json"

    @property
    def judgement(self) -> Path:
        return self.path / "judgement.json"

    @property
    def trace(self) -> Path:
        """The Playwright trace of the task (`--trace`; open with `playwright show-trace`)."""
        return self.path / "trace.zip"

    def screenshot(self, index: int) -> Path:
        """Marked screenshot of step `index` (1-based)."""
        return self.path / f"screenshot{index}.png"

    def clean_screenshot(self, index: int) -> Path:
        """Unmarked screenshot of step `index` (1-based)."""
        return self.path / f"screenshot{index}_clean.png"

    def load_result(self) -> Result | None:
        if not self.result.is_file():
            return None
        return Result.from_dict(json.loads(self.result.read_text(encoding="utf-8")))

    def load_steps(self) -> list[Step]:
        if not self.trajectory.is_file():
            return []
        data = json.loads(self.trajectory.read_text(encoding="utf-8"))
        return [Step.from_dict(s) for s in data.get("steps", [])]


def safe_dirname(task_id: str) -> str:
    """A folder name for a task id (ids like 'Allrecipes--3' are kept; path separators are not)."""
    cleaned = "".join(c if c.isalnum() or c in "-_.+" else "_" for c in task_id)
    return cleaned.strip(".") or "task"


def run_key(task_id: str, repeat: int = 1) -> str:
    """How a bench run names one attempt of a task (`bench --repeat N`): the task id for the first, as
    runs before repeats did, `<id>@<repeat>` for the others (the store's key)."""
    return task_id if repeat == 1 else f"{task_id}@{repeat}"


def attempt_dirname(task_id: str, repeat: int = 1) -> str:
    """The folder of one attempt of a task: the task's folder for the first (where a run without
    repeats puts it), `<folder>@<repeat>` beside it for the others (`@` never occurs in `safe_dirname`)."""
    return run_key(safe_dirname(task_id), repeat)
