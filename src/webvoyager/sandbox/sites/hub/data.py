"""Models, datasets and organizations of the hub site (Tensorloft), generated deterministically.

About 460 models and 240 datasets from 30 invented organizations and users. Every model has a card
(README text with an evaluation table), a parameter count, tensor type, licence, downloads last month,
likes, tags, files with sizes and a commit history; every dataset has splits with row counts, columns
and rows for the data viewer. Tasks and tests call the same functions the pages use (`search_models`,
`files`, `commits`, `rows`...), so answers never drift. Per-item details (files, commits, rows) are
derived lazily from a per-item seed, so generating the catalogue stays fast.

This module gathers them from `vocabulary` (the fixed word lists), `catalogue` (the generated owners,
models and datasets, search) and `details` (the lazy per-item details).
"""

from __future__ import annotations

from webvoyager.sandbox.sites.hub.vocabulary import (
    SEED, MODEL_COUNT, DATASET_COUNT, MODELS_PAGE, DATASETS_PAGE, COMMITS_PAGE, ROWS_PAGE, TASKS, LIBRARIES,
    LANGUAGES, LICENSES, LICENSE_WEIGHTS, SIZES, MODEL_SORTS, MODALITIES, SIZE_CATEGORIES, NLP_TASKS, TASK_WEIGHTS,
    FAMILIES, SIZE_LABELS, TASK_SIZES, DEFAULT_SIZES, SUFFIXES, BENCHMARKS, ORGS, COMMIT_MESSAGES, DATA_WORDS,
    LABELS, SUBJECTS, OPINIONS,
)
from webvoyager.sandbox.sites.hub.catalogue import (
    human_params, human_bytes, Owner, Model, Split, Dataset, File, Commit, _world, owners, datasets, models,
    _model_index, _dataset_index, model, dataset, owner, models_of, datasets_of, sort_models, search_models,
    search_datasets, suggest,
)
from webvoyager.sandbox.sites.hub.details import (
    evaluation, files, largest_file, commits, members, card_text, rows, row, models_trained_on,
)

__all__ = [
    "SEED", "MODEL_COUNT", "DATASET_COUNT", "MODELS_PAGE", "DATASETS_PAGE", "COMMITS_PAGE", "ROWS_PAGE", "TASKS",
    "LIBRARIES", "LANGUAGES", "LICENSES", "LICENSE_WEIGHTS", "SIZES", "MODEL_SORTS", "MODALITIES",
    "SIZE_CATEGORIES", "NLP_TASKS", "TASK_WEIGHTS", "FAMILIES", "SIZE_LABELS", "TASK_SIZES", "DEFAULT_SIZES",
    "SUFFIXES", "BENCHMARKS", "ORGS", "COMMIT_MESSAGES", "DATA_WORDS", "LABELS", "SUBJECTS", "OPINIONS",
    "human_params", "human_bytes", "Owner", "Model", "Split", "Dataset", "File", "Commit", "_world", "owners",
    "datasets", "models", "_model_index", "_dataset_index", "model", "dataset", "owner", "models_of", "datasets_of",
    "sort_models", "search_models", "search_datasets", "suggest", "evaluation", "files", "largest_file", "commits",
    "members", "card_text", "rows", "row", "models_trained_on",
]
