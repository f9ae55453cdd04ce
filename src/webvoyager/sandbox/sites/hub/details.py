"""Per-item details, derived lazily from a per-item seed: a model's evaluation, files, commits and card,
an organization's members, and a dataset's rows."""

from __future__ import annotations

import hashlib
from datetime import timedelta

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.hub.catalogue import Commit, Dataset, File, Model, _h, human_params, models, owner, owners
from webvoyager.sandbox.sites.hub.vocabulary import (
    BENCHMARKS, COMMIT_MESSAGES, LABELS, LANGUAGES, NLP_TASKS, OPINIONS, ROWS_PAGE, SUBJECTS,
)

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
