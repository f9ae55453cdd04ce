"""The hub's catalogue: owners, models and datasets generated from the vocabulary, their lookups, search
and suggestions."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.hub.vocabulary import (
    DATASET_COUNT, DATA_WORDS, DEFAULT_SIZES, FAMILIES, LANGUAGES, LICENSES, LICENSE_WEIGHTS, MODEL_COUNT, ORGS,
    SEED, SIZE_LABELS, SUFFIXES, TASKS, TASK_SIZES, TASK_WEIGHTS,
)

def _h(*parts: object) -> random.Random:
    return random.Random(int(hashlib.sha1("|".join(map(str, parts)).encode()).hexdigest()[:12], 16))


def human_params(n: int) -> str:
    """Parameter count as the hub shows it: 125M, 7.24B."""
    if n >= 1_000_000_000:
        return f"{n / 1e9:.3g}B"
    return f"{n / 1e6:.3g}M"


def human_bytes(n: int) -> str:
    """File size as the hub shows it (decimal units): 1.52 kB, 498 MB, 4.98 GB."""
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= size:
            value = n / size
            return f"{value:.3g} {unit}" if value < 100 else f"{value:.0f} {unit}"
    return f"{n} Bytes"


@dataclass(frozen=True)
class Owner:
    slug: str
    name: str
    kind: str           # org | user
    about: str
    followers: int


@dataclass(frozen=True)
class Model:
    id: str             # owner/name
    owner: str
    name: str
    task: str
    libraries: tuple[str, ...]
    languages: tuple[str, ...]
    license: str
    params: int
    tensor_type: str
    downloads: int      # last month
    likes: int
    trending: int       # trend score: likes gained in the last week
    created: date
    updated: date
    base_model: str     # "" or the id of the model it was fine-tuned from
    dataset: str        # "" or the id of a dataset it was trained on

    @property
    def size(self) -> str:
        p = self.params
        return "lt100m" if p < 100_000_000 else "100m-1b" if p < 1_000_000_000 else "1b-10b" if p < 10_000_000_000 else "gt10b"

    @property
    def task_label(self) -> str:
        return TASKS[self.task]


@dataclass(frozen=True)
class Split:
    name: str
    rows: int


@dataclass(frozen=True)
class Dataset:
    id: str
    owner: str
    name: str
    task: str
    modality: str
    languages: tuple[str, ...]
    license: str
    splits: tuple[Split, ...]
    columns: tuple[tuple[str, str], ...]    # (name, type)
    downloads: int
    likes: int
    trending: int
    updated: date

    @property
    def rows_total(self) -> int:
        return sum(s.rows for s in self.splits)

    @property
    def size_category(self) -> str:
        n = self.rows_total
        return ("n<1K" if n < 1000 else "1K<n<10K" if n < 10_000 else "10K<n<100K" if n < 100_000
                else "100K<n<1M" if n < 1_000_000 else "1M<n<10M")

    def split(self, name: str) -> Split | None:
        return next((s for s in self.splits if s.name == name), None)


@dataclass(frozen=True)
class File:
    path: str
    size: int
    lfs: bool
    message: str        # last commit touching it


@dataclass(frozen=True)
class Commit:
    hash: str
    message: str
    author: str
    date: date


def _modality(task: str) -> str:
    if task in ("image-classification", "object-detection", "text-to-image"):
        return "Image"
    if task == "automatic-speech-recognition":
        return "Audio"
    return "Text"


def _libraries(task: str, params: int, rng: random.Random) -> tuple[str, ...]:
    libs = ["PyTorch", "Safetensors"]
    if task == "text-to-image":
        libs.insert(0, "Diffusers")
    elif task == "image-classification" and rng.random() < 0.5:
        libs.insert(0, "timm")
    elif task == "sentence-similarity":
        libs[:0] = ["sentence-transformers", "Transformers"]
    else:
        libs.insert(0, "Transformers")
    if params < 1_000_000_000 and rng.random() < 0.3:
        libs.append("TensorFlow")
    if params < 1_000_000_000 and rng.random() < 0.15:
        libs.append("JAX")
    if params < 2_000_000_000 and rng.random() < 0.2:   # big models are not exported as one ONNX file
        libs.append("ONNX")
    if task == "text-generation" and rng.random() < 0.35:
        libs.append("GGUF")
    return tuple(libs)


def _languages(task: str, suffix: str, rng: random.Random) -> tuple[str, ...]:
    if task == "translation":
        return tuple(suffix.split("-"))
    if _modality(task) == "Image" and task != "text-to-image":
        return ()
    if rng.random() < 0.55:
        return ("en",)
    if rng.random() < 0.3:
        return tuple(sorted(rng.sample(list(LANGUAGES), rng.randint(3, 6))))
    return (rng.choice(list(LANGUAGES)),)


@lru_cache(maxsize=1)
def _world() -> tuple[tuple[Owner, ...], tuple[Dataset, ...], tuple[Model, ...]]:
    rng = random.Random(SEED)
    owners = tuple(Owner(s, n, k, a, int(rng.paretovariate(1.2) * 120)) for s, n, k, a in ORGS)
    weights_owner = [6 if o.kind == "org" else 2 for o in owners]

    datasets: list[Dataset] = []
    seen: set[str] = set()
    tasks = list(TASK_WEIGHTS)
    while len(datasets) < DATASET_COUNT:
        owner = rng.choices(owners, weights_owner)[0]
        task = rng.choices(tasks, list(TASK_WEIGHTS.values()))[0]
        base = rng.choice(DATA_WORDS[task])
        name = base if rng.random() < 0.4 else f"{base}-{rng.choice(('v2', 'mini', 'large', '2025', 'clean', 'xl', 'lite'))}"
        did = f"{owner.slug}/{name}"
        if did in seen:
            continue
        seen.add(did)
        train = int(rng.paretovariate(0.5) * 700) + rng.randint(120, 4000)
        train = min(train, 4_800_000)
        splits = [Split("train", train)]
        if rng.random() < 0.85:
            splits.append(Split("validation", max(50, train // rng.randint(8, 20))))
        splits.append(Split("test", max(50, train // rng.randint(6, 15))))
        modality = _modality(task)
        if task in ("text-classification",) and rng.random() < 0.12:
            modality = "Tabular"
        langs = _languages(task, base.split("parallel-")[-1] if task == "translation" else "", rng)
        if task == "translation" and "-" not in base.split("parallel-")[-1]:
            langs = ("es", "en")
        if task == "translation":
            pair = base.split("-")[-2:]
            langs = tuple(pair)
        downloads = min(int(rng.paretovariate(0.6) * 90) + rng.randint(5, 300), 9_000_000)
        likes = max(0, int(downloads ** 0.5 * rng.uniform(0.05, 0.9)))
        datasets.append(Dataset(
            id=did, owner=owner.slug, name=name, task=task, modality=modality, languages=langs,
            license=rng.choices(LICENSES, LICENSE_WEIGHTS)[0], splits=tuple(splits), columns=_columns(task),
            downloads=downloads, likes=likes, trending=int(likes * rng.uniform(0.0, 0.4)),
            updated=TODAY - timedelta(days=rng.randint(0, 900)),
        ))

    models: list[Model] = []
    seen = set()
    by_family: dict[tuple[str, str], list[str]] = {}
    by_task: dict[str, list[Dataset]] = {}
    for d in datasets:
        by_task.setdefault(d.task, []).append(d)
    while len(models) < MODEL_COUNT:
        owner = rng.choices(owners, weights_owner)[0]
        task = rng.choices(tasks, list(TASK_WEIGHTS.values()))[0]
        family = rng.choice(FAMILIES)
        size = rng.choice(TASK_SIZES.get(task, DEFAULT_SIZES))
        suffix = rng.choice(SUFFIXES[task])
        name = f"{family}-{size}-{suffix}"
        mid = f"{owner.slug}/{name}"
        if mid in seen:
            continue
        seen.add(mid)
        params = int(SIZE_LABELS[size] * rng.uniform(0.93, 1.07))
        created = TODAY - timedelta(days=rng.randint(20, 1300))
        updated = TODAY - timedelta(days=rng.randint(0, (TODAY - created).days))
        downloads = min(int(rng.paretovariate(0.55) * 300) + rng.randint(10, 900), 38_000_000)
        likes = max(0, int(downloads ** 0.55 * rng.uniform(0.05, 0.8)))
        bases = by_family.setdefault((family, task), [])
        base_model = rng.choice(bases) if bases and rng.random() < 0.5 else ""
        bases.append(mid)
        ds = by_task.get(task, [])
        models.append(Model(
            id=mid, owner=owner.slug, name=name, task=task, libraries=_libraries(task, params, rng),
            languages=_languages(task, suffix, rng), license=rng.choices(LICENSES, LICENSE_WEIGHTS)[0],
            params=params, tensor_type=rng.choice(("F32", "BF16", "F16")) if params < 1e9 else rng.choice(("BF16", "BF16", "F16")),
            downloads=downloads, likes=likes, trending=int(likes * rng.uniform(0.0, 0.5) * (1.5 if (TODAY - updated).days < 60 else 0.6)),
            created=created, updated=updated, base_model=base_model,
            dataset=rng.choice(ds).id if ds and rng.random() < 0.8 else "",
        ))
    return owners, tuple(datasets), tuple(models)


def _columns(task: str) -> tuple[tuple[str, str], ...]:
    if task in ("text-classification",):
        return (("idx", "int64"), ("text", "string"), ("label", "class label"))
    if task == "token-classification":
        return (("idx", "int64"), ("tokens", "sequence"), ("ner_tags", "sequence"))
    if task == "question-answering":
        return (("idx", "int64"), ("question", "string"), ("answer", "string"))
    if task == "summarization":
        return (("idx", "int64"), ("document", "string"), ("summary", "string"))
    if task == "translation":
        return (("idx", "int64"), ("source", "string"), ("target", "string"))
    if task in ("image-classification",):
        return (("idx", "int64"), ("image", "image"), ("label", "class label"))
    if task == "object-detection":
        return (("idx", "int64"), ("image", "image"), ("objects", "int64"), ("main_label", "string"))
    if task == "automatic-speech-recognition":
        return (("idx", "int64"), ("audio", "audio"), ("transcription", "string"), ("duration_s", "float32"))
    if task == "text-to-image":
        return (("idx", "int64"), ("image", "image"), ("caption", "string"))
    return (("idx", "int64"), ("prompt", "string"), ("response", "string"))


def owners() -> tuple[Owner, ...]:
    return _world()[0]


def datasets() -> tuple[Dataset, ...]:
    return _world()[1]


def models() -> tuple[Model, ...]:
    return _world()[2]


@lru_cache(maxsize=1)
def _model_index() -> dict[str, Model]:
    return {m.id: m for m in models()}


@lru_cache(maxsize=1)
def _dataset_index() -> dict[str, Dataset]:
    return {d.id: d for d in datasets()}


def model(mid: str) -> Model | None:
    return _model_index().get(mid)


def dataset(did: str) -> Dataset | None:
    return _dataset_index().get(did)


def owner(slug: str) -> Owner | None:
    return next((o for o in owners() if o.slug == slug), None)


def models_of(slug: str, sort: str = "downloads") -> list[Model]:
    """An owner's models in the order its page lists them for `sort`."""
    return sort_models([m for m in models() if m.owner == slug], sort)


def datasets_of(slug: str) -> list[Dataset]:
    return sorted((d for d in datasets() if d.owner == slug), key=lambda d: (-d.downloads, d.id))


def sort_models(found: list[Model], sort: str) -> list[Model]:
    keys = {"trending": lambda m: (-m.trending, -m.likes, m.id), "downloads": lambda m: (-m.downloads, m.id),
            "likes": lambda m: (-m.likes, m.id), "updated": lambda m: (-m.updated.toordinal(), m.id),
            "name": lambda m: m.id}
    return sorted(found, key=keys.get(sort, keys["trending"]))


def search_models(search: str = "", task: str = "", library: str = "", language: str = "", license: str = "",
                  size: str = "", sort: str = "trending") -> list[Model]:
    """The models the listing shows, in order. One value per facet (like the real hub's pills)."""
    words = search.lower().split()
    found = [m for m in models()
             if all(w in m.id.lower() for w in words)
             and (not task or m.task == task) and (not library or library in m.libraries)
             and (not language or language in m.languages) and (not license or m.license == license)
             and (not size or m.size == size)]
    return sort_models(found, sort)


def search_datasets(search: str = "", task: str = "", modality: str = "", language: str = "", license: str = "",
                    size: str = "", sort: str = "trending") -> list[Dataset]:
    words = search.lower().split()
    found = [d for d in datasets()
             if all(w in d.id.lower() for w in words)
             and (not task or d.task == task) and (not modality or d.modality == modality)
             and (not language or language in d.languages) and (not license or d.license == license)
             and (not size or d.size_category == size)]
    keys = {"trending": lambda d: (-d.trending, -d.likes, d.id), "downloads": lambda d: (-d.downloads, d.id),
            "likes": lambda d: (-d.likes, d.id), "updated": lambda d: (-d.updated.toordinal(), d.id)}
    return sorted(found, key=keys.get(sort, keys["trending"]))


def suggest(q: str, limit: int = 9) -> list[tuple[str, str, str]]:
    """Autocomplete: (kind, label, url) for models, datasets and organizations/users matching `q`."""
    q = q.strip().lower()
    if len(q) < 2:
        return []
    out: list[tuple[str, str, str]] = []
    for m in sorted(models(), key=lambda m: -m.downloads):
        if q in m.id.lower():
            out.append(("Model", m.id, f"/{m.id}"))
    out = out[:5]
    for d in sorted(datasets(), key=lambda d: -d.downloads):
        if q in d.id.lower() and len(out) < 7:
            out.append(("Dataset", d.id, f"/datasets/{d.id}"))
    for o in owners():
        if q in o.slug or q in o.name.lower():
            out.insert(0, ("Organization" if o.kind == "org" else "User", o.slug, f"/{o.slug}"))
    return out[:limit]
