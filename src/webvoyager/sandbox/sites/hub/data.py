"""Models, datasets and organizations of the hub site (Tensorloft), generated deterministically.

About 460 models and 240 datasets from 30 invented organizations and users. Every model has a card
(README text with an evaluation table), a parameter count, tensor type, licence, downloads last month,
likes, tags, files with sizes and a commit history; every dataset has splits with row counts, columns
and rows for the data viewer. Tasks and tests call the same functions the pages use (`search_models`,
`files`, `commits`, `rows`...), so answers never drift. Per-item details (files, commits, rows) are
derived lazily from a per-item seed, so generating the catalogue stays fast.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from webvoyager.sandbox.catalog import TODAY

SEED = 90210
MODEL_COUNT = 460
DATASET_COUNT = 240
MODELS_PAGE = 20
DATASETS_PAGE = 20
COMMITS_PAGE = 10
ROWS_PAGE = 20

TASKS = {
    "text-classification": "Text Classification", "token-classification": "Token Classification",
    "question-answering": "Question Answering", "summarization": "Summarization", "translation": "Translation",
    "text-generation": "Text Generation", "fill-mask": "Fill-Mask", "sentence-similarity": "Sentence Similarity",
    "image-classification": "Image Classification", "object-detection": "Object Detection",
    "automatic-speech-recognition": "Automatic Speech Recognition", "text-to-image": "Text-to-Image",
}
LIBRARIES = ("Transformers", "PyTorch", "TensorFlow", "JAX", "ONNX", "Safetensors", "sentence-transformers",
             "Diffusers", "timm", "GGUF")
LANGUAGES = {"en": "English", "fr": "French", "de": "German", "es": "Spanish", "zh": "Chinese", "ja": "Japanese",
             "ar": "Arabic", "hi": "Hindi", "pt": "Portuguese", "ko": "Korean"}
LICENSES = ("apache-2.0", "mit", "cc-by-4.0", "cc-by-sa-4.0", "cc-by-nc-4.0", "openrail", "bsd-3-clause",
            "gpl-3.0", "other")
LICENSE_WEIGHTS = (34, 20, 10, 6, 8, 6, 4, 3, 9)
SIZES = {"lt100m": "< 100M", "100m-1b": "100M – 1B", "1b-10b": "1B – 10B", "gt10b": "> 10B"}
MODEL_SORTS = {"trending": "Trending", "downloads": "Most downloads", "likes": "Most likes", "updated": "Recently updated"}
MODALITIES = ("Text", "Image", "Audio", "Tabular")
SIZE_CATEGORIES = ("n<1K", "1K<n<10K", "10K<n<100K", "100K<n<1M", "1M<n<10M")

NLP_TASKS = ("text-classification", "token-classification", "question-answering", "summarization", "translation",
             "text-generation", "fill-mask", "sentence-similarity")
TASK_WEIGHTS = {"text-classification": 16, "token-classification": 7, "question-answering": 7, "summarization": 7,
                "translation": 9, "text-generation": 18, "fill-mask": 5, "sentence-similarity": 7,
                "image-classification": 8, "object-detection": 5, "automatic-speech-recognition": 7,
                "text-to-image": 5}
FAMILIES = ("lexa", "tessera", "morrow", "quillon", "embera", "kitewing", "larkspur", "fennec", "brindle", "sorrel",
            "vireo", "talonet", "marram", "cobbler", "nettle", "wrenlet")
# size label -> parameters
SIZE_LABELS = {"tiny": 14_500_000, "mini": 33_000_000, "small": 66_000_000, "base": 125_000_000,
               "medium": 350_000_000, "large": 780_000_000, "xl": 1_500_000_000, "3b": 3_200_000_000,
               "7b": 7_240_000_000, "13b": 13_000_000_000, "34b": 34_400_000_000, "70b": 70_600_000_000}
TASK_SIZES = {
    "text-generation": ("small", "base", "medium", "xl", "3b", "7b", "7b", "13b", "34b", "70b"),
    "text-to-image": ("large", "xl", "3b"),
    "translation": ("small", "base", "medium", "large", "xl"),
    "summarization": ("small", "base", "medium", "large", "xl"),
}
DEFAULT_SIZES = ("tiny", "mini", "small", "base", "base", "medium", "large")
SUFFIXES = {
    "text-classification": ("sentiment", "topic", "emotion", "toxicity", "intent", "spam"),
    "token-classification": ("ner", "pos", "chunking"),
    "question-answering": ("qa", "extractive-qa", "faq"),
    "summarization": ("sum-news", "sum-dialogue", "sum-legal"),
    "translation": ("en-ja", "en-fr", "de-en", "en-zh", "es-en", "en-de", "ja-en", "en-ko"),
    "text-generation": ("instruct", "chat", "base", "code", "story"),
    "fill-mask": ("mlm", "cased", "uncased"),
    "sentence-similarity": ("embed", "sts", "retrieval"),
    "image-classification": ("in1k", "food", "plants", "xray"),
    "object-detection": ("det", "street", "retail"),
    "automatic-speech-recognition": ("asr", "speech", "dictation"),
    "text-to-image": ("diffusion", "art", "sketch"),
}
BENCHMARKS = {
    "text-classification": [("PolarityBench", "accuracy"), ("PolarityBench", "F1"), ("NewsTopics-20", "accuracy")],
    "token-classification": [("EntityWatch", "F1"), ("EntityWatch", "precision"), ("TagSet-Universal", "accuracy")],
    "question-answering": [("ReadQA", "exact match"), ("ReadQA", "F1")],
    "summarization": [("BriefNews", "ROUGE-1"), ("BriefNews", "ROUGE-L"), ("ChatDigest", "ROUGE-L")],
    "translation": [("ParaCorpus-test", "BLEU"), ("ParaCorpus-test", "chrF")],
    "text-generation": [("ReasonSet", "accuracy"), ("TruthProbe", "accuracy"), ("CodeTrials", "pass@1")],
    "fill-mask": [("ClozeEval", "accuracy"), ("GlueLite", "average")],
    "sentence-similarity": [("PairScore", "Spearman"), ("RetrieveIt", "nDCG@10")],
    "image-classification": [("PictoNet-1k", "top-1 accuracy"), ("PictoNet-1k", "top-5 accuracy")],
    "object-detection": [("StreetScenes", "mAP"), ("StreetScenes", "mAP@50")],
    "automatic-speech-recognition": [("VoxRead-clean", "WER"), ("VoxRead-noisy", "WER")],
    "text-to-image": [("PromptFidelity", "CLIP score"), ("PromptFidelity", "FID")],
}
ORGS = (
    ("northwind-ai", "Northwind AI", "org", "An applied research lab building compact language models."),
    ("lumen-labs", "Lumen Labs", "org", "Open models for search, ranking and retrieval."),
    ("quasar-research", "Quasar Research", "org", "Large-scale generative models and evaluation suites."),
    ("kestrel-nlp", "Kestrel NLP", "org", "Multilingual NLP for under-served languages."),
    ("bluefin-ml", "Bluefin ML", "org", "Efficient vision and speech models for edge devices."),
    ("tidepool-ai", "Tidepool AI", "org", "Healthcare and scientific text models."),
    ("ironbark", "Ironbark", "org", "Translation systems and parallel corpora."),
    ("sable-speech", "Sable Speech", "org", "Speech recognition for real-world audio."),
    ("opaline-vision", "Opaline Vision", "org", "Image understanding and generation."),
    ("marigold-research", "Marigold Research", "org", "A university group studying robust classifiers."),
    ("deepcove", "DeepCove", "org", "Open chat models and instruction data."),
    ("fernhill-lab", "Fernhill Lab", "org", "Small models, careful benchmarks."),
    ("polaris-ml", "Polaris ML", "org", "Document AI and information extraction."),
    ("cinder-ai", "Cinder AI", "org", "Code generation and developer tools."),
    ("orchid-data", "Orchid Data", "org", "Curated datasets for training and evaluation."),
    ("harbor-analytics", "Harbor Analytics", "org", "Tabular and time-series datasets from public sources."),
    ("mira-okafor", "Mira Okafor", "user", "PhD student working on summarization."),
    ("tomas-lund", "Tomas Lund", "user", "I fine-tune small models for Nordic languages and beyond."),
    ("ayla-chen", "Ayla Chen", "user", "Vision researcher. Diffusion and detection."),
    ("dev-raghav", "Raghav Dev", "user", "Hobbyist; mostly sentiment and intent models."),
    ("kasia-nowak", "Kasia Nowak", "user", "Speech and audio enthusiast."),
    ("jules-martin", "Jules Martin", "user", "French NLP, question answering."),
    ("noor-hassan", "Noor Hassan", "user", "Arabic NLP and translation."),
    ("felix-brandt", "Felix Brandt", "user", "Embeddings and retrieval experiments."),
    ("sora-ito", "Sora Ito", "user", "Japanese language models."),
    ("lena-vogel", "Lena Vogel", "user", "Evaluation nerd; German models."),
    ("pablo-reyes", "Pablo Reyes", "user", "Spanish-language datasets and classifiers."),
    ("hana-kim", "Hana Kim", "user", "Korean NLP and speech."),
    ("omar-said", "Omar Said", "user", "Data engineering and dataset cards."),
    ("ines-costa", "Ines Costa", "user", "Portuguese NLP."),
)
COMMIT_MESSAGES = ("Upload model weights", "Update README.md", "Add evaluation results", "Fix tokenizer config",
                   "Update config.json", "Add ONNX export", "Upload safetensors weights", "Add model card metadata",
                   "Fix typo in README", "Update license", "Add training details", "Upload tokenizer files",
                   "Add citation", "Update generation config", "Improve usage example", "Add limitations section")
DATA_WORDS = {
    "text-classification": ("reviews-sentiment", "news-topics", "tweet-emotions", "support-intents", "spam-messages", "product-reviews"),
    "token-classification": ("entities-news", "clinical-ner", "pos-treebank", "resume-entities"),
    "question-answering": ("reading-qa", "faq-pairs", "trivia-questions", "open-book-qa"),
    "summarization": ("news-summaries", "meeting-digests", "legal-briefs", "paper-abstracts"),
    "translation": ("parallel-en-ja", "parallel-en-fr", "parallel-de-en", "parallel-en-zh", "subtitles-es-en"),
    "text-generation": ("instructions", "chat-dialogues", "code-snippets", "short-stories", "math-word-problems"),
    "fill-mask": ("wiki-sentences", "web-text-clean"),
    "sentence-similarity": ("paraphrase-pairs", "query-passage-pairs"),
    "image-classification": ("food-photos", "plant-leaves", "chest-xrays", "street-signs"),
    "object-detection": ("street-scenes", "shelf-products", "drone-views"),
    "automatic-speech-recognition": ("read-speech", "call-center-audio", "podcast-clips", "accented-english"),
    "text-to-image": ("caption-image-pairs", "sketch-prompts"),
}
LABELS = {
    "text-classification": ("positive", "negative", "neutral"),
    "token-classification": ("PER", "ORG", "LOC", "MISC", "O"),
    "image-classification": ("apple", "bread", "curry", "dumpling", "salad", "soup"),
    "object-detection": ("car", "bicycle", "person", "traffic light", "bus"),
}
SUBJECTS = ("the delivery", "the new phone", "this hotel", "the service", "the update", "the film", "the battery",
            "our order", "the staff", "the app", "the meal", "the concert")
OPINIONS = ("arrived late and cold", "works better than expected", "was fine, nothing special", "is a total letdown",
            "made my week", "could be improved", "exceeded every promise", "is okay for the price",
            "stopped working after a day", "was quick and friendly")


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


# ----- per-model details (lazy) ---------------------------------------------------------------------

def evaluation(m: Model) -> list[tuple[str, str, float]]:
    """(benchmark, metric, value) rows of the card's evaluation table."""
    rng = _h("eval", m.id)
    rows = []
    boost = min(1.0, 0.55 + 0.06 * (len(str(m.params)) - 7))
    for bench, metric in BENCHMARKS[m.task]:
        if metric in ("WER",):
            value = round(rng.uniform(3.0, 18.0) / boost, 1)
        elif metric == "FID":
            value = round(rng.uniform(8.0, 30.0), 1)
        elif metric in ("BLEU", "ROUGE-1", "ROUGE-L"):
            value = round(rng.uniform(18.0, 48.0) * boost, 1)
        elif metric == "CLIP score":
            value = round(rng.uniform(0.24, 0.34), 3)
        else:
            value = round(rng.uniform(55.0, 96.0) * (0.85 + 0.15 * boost), 1)
        rows.append((bench, metric, value))
    return rows


def files(m: Model) -> list[File]:
    """The files of a model repository (main branch), in the order the Files tab lists them."""
    rng = _h("files", m.id)
    bpp = 4 if m.tensor_type == "F32" else 2
    weights = m.params * bpp
    out = [File(".gitattributes", 1519, False, "initial commit"),
           File("README.md", rng.randint(2400, 14000), False, "Update README.md"),
           File("config.json", rng.randint(580, 2200), False, "Update config.json")]
    nlp = m.task in NLP_TASKS or m.task == "automatic-speech-recognition"
    if m.task == "text-generation":
        out.append(File("generation_config.json", rng.randint(110, 260), False, "Update generation config"))
    if weights > 5_000_000_000:
        shards = -(-weights // 4_950_000_000)
        left = weights
        for i in range(1, shards + 1):
            size = min(left, 4_950_000_000 - rng.randint(0, 40_000_000)) if i < shards else left
            left -= size
            out.append(File(f"model-{i:05d}-of-{shards:05d}.safetensors", size, True, "Upload safetensors weights"))
        out.append(File("model.safetensors.index.json", rng.randint(20_000, 90_000), False, "Upload safetensors weights"))
    else:
        out.append(File("model.safetensors", weights + rng.randint(1000, 90_000), True, "Upload safetensors weights"))
        if "TensorFlow" in m.libraries:
            out.append(File("tf_model.h5", weights + rng.randint(100_000, 900_000), True, "Add TensorFlow weights"))
        if "JAX" in m.libraries:
            out.append(File("flax_model.msgpack", weights + rng.randint(1000, 50_000), True, "Add Flax weights"))
        if m.created < TODAY - timedelta(days=500):
            out.append(File("pytorch_model.bin", weights + rng.randint(50_000, 400_000), True, "Upload model weights"))
    if "ONNX" in m.libraries:
        out.append(File("onnx/model.onnx", int(weights * rng.uniform(1.0, 1.04)), True, "Add ONNX export"))
    if "GGUF" in m.libraries:
        out.append(File(f"{m.name}.Q4_K_M.gguf", int(m.params * 0.57), True, "Add GGUF quantization"))
    if nlp:
        out.append(File("tokenizer.json", rng.randint(400_000, 3_600_000), False, "Upload tokenizer files"))
        out.append(File("tokenizer_config.json", rng.randint(300, 2600), False, "Fix tokenizer config"))
        out.append(File("special_tokens_map.json", rng.randint(90, 600), False, "Upload tokenizer files"))
    if m.task in ("image-classification", "object-detection"):
        out.append(File("preprocessor_config.json", rng.randint(250, 700), False, "Update config.json"))
    if m.task == "text-to-image":
        out.append(File("scheduler/scheduler_config.json", rng.randint(300, 700), False, "Upload model weights"))
    return sorted(out, key=lambda f: (("/" not in f.path), f.path.lower()))


def largest_file(m: Model) -> File:
    fs = files(m)
    return max(fs, key=lambda f: f.size)


def commits(m: Model) -> list[Commit]:
    """The commit history of a model, newest first."""
    rng = _h("commits", m.id)
    n = rng.randint(3, 27)
    owner_ = owner(m.owner)
    assert owner_ is not None
    people = [m.owner] if owner_.kind == "user" else members(m.owner)
    span = (m.updated - m.created).days   # the first commit is the creation, the last one the update
    offsets = sorted(rng.sample(range(0, span + 1), min(n, span + 1)))
    if offsets:
        offsets[0], offsets[-1] = 0, span
    msgs = [c for c in COMMIT_MESSAGES if "ONNX" not in c or "ONNX" in m.libraries]
    out = []
    for i, off in enumerate(offsets):
        msg = "initial commit" if i == 0 else rng.choice(msgs)
        out.append(Commit(hashlib.sha1(f"{m.id}#{i}".encode()).hexdigest()[:7], msg, rng.choice(people),
                          m.created + timedelta(days=off)))
    return list(reversed(out))


def members(org_slug: str) -> list[str]:
    """Member user names of an organization (shown on its page; they author its commits)."""
    rng = _h("members", org_slug)
    users = [o.slug for o in owners() if o.kind == "user"]
    return sorted(rng.sample(users, rng.randint(2, 5)))


def card_text(m: Model) -> dict[str, str]:
    """The prose parts of a model card."""
    rng = _h("card", m.id)
    purpose = {
        "text-classification": "classifies short texts into categories", "token-classification": "tags every token of a sentence",
        "question-answering": "extracts answers to questions from a passage", "summarization": "writes short summaries of long documents",
        "translation": "translates text between the languages listed below", "text-generation": "generates text from a prompt",
        "fill-mask": "predicts masked words in a sentence", "sentence-similarity": "maps sentences to vectors for semantic search",
        "image-classification": "labels images with one of its classes", "object-detection": "finds and labels objects in images",
        "automatic-speech-recognition": "transcribes spoken audio to text", "text-to-image": "creates images from a text prompt",
    }[m.task]
    return {
        "summary": f"{m.name} is a {human_params(m.params)}-parameter model that {purpose}. It was released by "
                   f"{m.owner} and is distributed under the {m.license} licence.",
        "uses": rng.choice(["Intended for research and prototyping; evaluate carefully before production use.",
                            "Suitable for production use after domain-specific evaluation.",
                            "Best used as a starting point for fine-tuning on your own data."]),
        "limitations": rng.choice(["It may reflect biases present in its training data.",
                                   "Quality drops on inputs much longer than those seen in training.",
                                   "It has not been evaluated on languages other than those listed."]),
        "epochs": str(rng.randint(1, 12)),
        "hardware": rng.choice(["8 × A-class accelerators", "a single workstation GPU", "64 accelerator cores", "4 cloud GPUs"]),
    }


# ----- datasets ------------------------------------------------------------------------------------

def rows(d: Dataset, split: str, offset: int, limit: int = ROWS_PAGE) -> list[dict[str, object]]:
    """Rows `offset`..`offset+limit` of a split, as the data viewer shows them."""
    sp = d.split(split)
    if sp is None:
        return []
    out = []
    for i in range(max(0, offset), min(sp.rows, offset + limit)):
        out.append(row(d, split, i))
    return out


def row(d: Dataset, split: str, i: int) -> dict[str, object]:
    """Row `i` of a split (deterministic from the dataset, split and index)."""
    rng = _h("row", d.id, split, i)
    t = d.task
    r: dict[str, object] = {"idx": i}
    if t == "text-classification":
        r["text"] = f"{rng.choice(SUBJECTS).capitalize()} {rng.choice(OPINIONS)}."
        r["label"] = rng.choice(LABELS[t])
    elif t == "token-classification":
        words = [rng.choice(("Ana", "Oslo", "Tarrow", "Bank", "visited", "met", "the", "in", "Lumen", "today"))
                 for _ in range(rng.randint(4, 7))]
        r["tokens"] = " ".join(words)
        r["ner_tags"] = " ".join(rng.choice(LABELS[t]) for _ in words)
    elif t == "question-answering":
        n = rng.randint(2, 90)
        r["question"] = f"How many {rng.choice(('bridges', 'towers', 'lakes', 'museums'))} are described in passage {n}?"
        r["answer"] = str(rng.randint(1, 40))
    elif t == "summarization":
        r["document"] = f"Report {rng.randint(100, 999)}: {rng.choice(SUBJECTS)} {rng.choice(OPINIONS)}, according to officials."
        r["summary"] = f"{rng.choice(SUBJECTS).capitalize()} {rng.choice(OPINIONS)}."
    elif t == "translation":
        r["source"] = f"Sentence {rng.randint(1, 99999)} in {LANGUAGES.get(d.languages[0], 'source')}"
        r["target"] = f"Sentence {rng.randint(1, 99999)} in {LANGUAGES.get(d.languages[-1], 'target')}"
    elif t in ("image-classification",):
        r["image"] = f"img_{i:06d}.jpg"
        r["label"] = rng.choice(LABELS[t])
    elif t == "object-detection":
        r["image"] = f"frame_{i:06d}.png"
        r["objects"] = rng.randint(1, 14)
        r["main_label"] = rng.choice(LABELS[t])
    elif t == "automatic-speech-recognition":
        r["audio"] = f"clip_{i:06d}.wav"
        r["transcription"] = f"{rng.choice(SUBJECTS)} {rng.choice(OPINIONS)}"
        r["duration_s"] = round(rng.uniform(1.2, 19.9), 1)
    elif t == "text-to-image":
        r["image"] = f"gen_{i:06d}.png"
        r["caption"] = f"A watercolor of {rng.choice(SUBJECTS)[4:]} at dusk"
    else:
        r["prompt"] = f"Write about {rng.choice(SUBJECTS)} that {rng.choice(OPINIONS)}."
        r["response"] = f"Here is a short text about {rng.choice(SUBJECTS)}."
    return r


def models_trained_on(did: str) -> list[Model]:
    return sorted((m for m in models() if m.dataset == did), key=lambda m: (-m.downloads, m.id))
