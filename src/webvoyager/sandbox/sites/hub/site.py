"""Tensorloft: a hub of machine-learning models and datasets with model cards, file listings, commit
histories, a dataset viewer and organization pages.

Served at http://hub.localhost:<port>/.

Widgets that make it hard for an agent: a global search with autocomplete, filter sidebars split into
tabs (tasks, libraries, languages, licences) of toggling pills, a custom sort dropdown
(role=combobox/listbox), pagination for models and an infinite "Load more" for datasets (fetched by
JS), tabs on model pages (card / files and versions), paged commit histories, a dataset viewer whose
split tabs and pages are fetched by JS into an inner scrolling table, a native sort select on
organization pages, and a Like button that keeps its state in localStorage.
"""

from __future__ import annotations

from urllib.parse import urlencode

from webvoyager.sandbox import kit
from webvoyager.sandbox.sites.hub import data
from webvoyager.sandbox.web import Request, Response, Site


def _fmt_date(d: object) -> str:
    return d.strftime("%B %-d, %Y")  # type: ignore[attr-defined]


def _short(n: int) -> str:
    """Compact counts for listing cards: 950, 12.3k, 4.1M."""
    if n >= 1_000_000:
        return f"{n / 1e6:.1f}M"
    if n >= 1000:
        return f"{n / 1e3:.1f}k"
    return str(n)


class HubSite(Site):
    name = "hub"
    title = "Tensorloft"
    paper_site = "Huggingface"

    def setup(self) -> None:
        data.models()   # generate at startup, not on the first request
        self.env.globals.update(tasks=data.TASKS, languages=data.LANGUAGES, fmt_date=_fmt_date,
                                human_params=data.human_params, human_bytes=data.human_bytes, short=_short)
        self.env.filters["num"] = lambda n: f"{n:,}"
        self.route("/", self.home)
        self.route("/models", self.models)
        self.route("/datasets", self.datasets)
        self.route("/api/suggest", self.api_suggest)
        self.route("/api/datasets", self.api_datasets)
        self.route("/api/rows/<owner>/<name>", self.api_rows)
        self.route("/datasets/<owner>/<name>", self.dataset)
        self.route("/<owner>/<name>/commits", self.commits)
        self.route("/<owner>/<name>", self.model)
        self.route("/<owner>", self.owner)

    # ----- listings ------------------------------------------------------------------------------

    def home(self, request: Request) -> Response:
        return self.render("home.html", trending=data.search_models(sort="trending")[:8],
                           trending_ds=data.search_datasets(sort="trending")[:6],
                           model_count=len(data.models()), dataset_count=len(data.datasets()))

    def _facets(self, request: Request, kind: str) -> dict[str, str]:
        if kind == "models":
            allowed = {"task": data.TASKS, "library": data.LIBRARIES, "language": data.LANGUAGES,
                       "license": data.LICENSES, "size": data.SIZES}
        else:
            allowed = {"task": data.TASKS, "modality": data.MODALITIES, "language": data.LANGUAGES,
                       "license": data.LICENSES, "size": data.SIZE_CATEGORIES}
        return {k: request.arg(k) for k, values in allowed.items() if request.arg(k) in values}

    def models(self, request: Request) -> Response:
        facets = self._facets(request, "models")
        search = request.arg("search").strip()
        sort = request.arg("sort") if request.arg("sort") in data.MODEL_SORTS else "trending"
        found = data.search_models(search, sort=sort, **facets)
        page = kit.paginate(found, request.arg("p"), data.MODELS_PAGE)
        link = kit.query_link("/models", dict(facets, search=search, sort=sort if sort != "trending" else "", p=""))

        def toggle(key: str, value: str) -> str:
            return link(**{key: "" if facets.get(key) == value else value})

        groups = [("Tasks", "task", list(data.TASKS.items())),
                  ("Libraries", "library", [(x, x) for x in data.LIBRARIES]),
                  ("Languages", "language", list(data.LANGUAGES.items())),
                  ("Licenses", "license", [(x, x) for x in data.LICENSES])]
        return self.render("models.html", found=found, shown=page.items, page=page.number, pages=page.count, facets=facets,
                           search=search, sort=sort, sorts=data.MODEL_SORTS, link=link, toggle=toggle, groups=groups,
                           sizes=data.SIZES)

    def _dataset_query(self, request: Request) -> tuple[dict[str, str], str, str]:
        facets = self._facets(request, "datasets")
        search = request.arg("search").strip()
        sort = request.arg("sort") if request.arg("sort") in data.MODEL_SORTS else "trending"
        return facets, search, sort

    def datasets(self, request: Request) -> Response:
        facets, search, sort = self._dataset_query(request)
        found = data.search_datasets(search, sort=sort, **facets)
        link = kit.query_link("/datasets", dict(facets, search=search, sort=sort if sort != "trending" else ""))

        def toggle(key: str, value: str) -> str:
            return link(**{key: "" if facets.get(key) == value else value})

        groups = [("Tasks", "task", list(data.TASKS.items())),
                  ("Modalities", "modality", [(x, x) for x in data.MODALITIES]),
                  ("Languages", "language", list(data.LANGUAGES.items())),
                  ("Licenses", "license", [(x, x) for x in data.LICENSES])]
        query = urlencode([(k, v) for k, v in dict(facets, search=search, sort=sort).items() if v])
        return self.render("datasets.html", found=found, shown=found[:data.DATASETS_PAGE], facets=facets,
                           search=search, sort=sort, sorts=data.MODEL_SORTS, link=link, toggle=toggle, groups=groups,
                           size_categories=data.SIZE_CATEGORIES, query=query)

    def api_datasets(self, request: Request) -> Response:
        facets, search, sort = self._dataset_query(request)
        found = data.search_datasets(search, sort=sort, **facets)
        offset = int(request.arg("offset")) if request.arg("offset").isdigit() else 0
        chunk = found[offset: offset + data.DATASETS_PAGE]
        return Response.json({"total": len(found), "next": offset + len(chunk), "items": [
            {"id": d.id, "task": data.TASKS[d.task], "modality": d.modality, "rows": _short(d.rows_total),
             "updated": d.updated.strftime("%b %-d, %Y"), "downloads": _short(d.downloads), "likes": d.likes}
            for d in chunk]})

    def api_suggest(self, request: Request) -> Response:
        return Response.json({"suggestions": [{"label": f"{kind} · {label}", "url": url}
                                              for kind, label, url in data.suggest(request.arg("q"))]})

    # ----- detail pages --------------------------------------------------------------------------

    def model(self, request: Request) -> Response:
        m = data.model(f"{request.params['owner']}/{request.params['name']}")
        if m is None:
            return Response.not_found("model")
        files = data.files(m)
        return self.render("model.html", m=m, files=files, card=data.card_text(m), evaluation=data.evaluation(m),
                           commit_count=len(data.commits(m)), last_commit=data.commits(m)[0],
                           tab="files" if request.arg("tab") == "files" else "card")

    def commits(self, request: Request) -> Response:
        m = data.model(f"{request.params['owner']}/{request.params['name']}")
        if m is None:
            return Response.not_found("model")
        history = data.commits(m)
        page = kit.paginate(history, request.arg("p"), data.COMMITS_PAGE)
        return self.render("commits.html", m=m, shown=page.items, page=page.number, pages=page.count,
                           total=len(history), first=page.first)

    def dataset(self, request: Request) -> Response:
        d = data.dataset(f"{request.params['owner']}/{request.params['name']}")
        if d is None:
            return Response.not_found("dataset")
        return self.render("dataset.html", d=d, first_rows=data.rows(d, "train", 0),
                           trained=data.models_trained_on(d.id), page_size=data.ROWS_PAGE)

    def api_rows(self, request: Request) -> Response:
        d = data.dataset(f"{request.params['owner']}/{request.params['name']}")
        if d is None:
            return Response.json({"error": "no such dataset"}, status=404)
        split = d.split(request.arg("split", "train"))
        if split is None:
            return Response.json({"error": "no such split"}, status=404)
        offset = int(request.arg("offset")) if request.arg("offset").isdigit() else 0
        offset = min(offset, max(0, (split.rows - 1) // data.ROWS_PAGE * data.ROWS_PAGE))
        return Response.json({"split": split.name, "rows_total": split.rows, "offset": offset,
                              "columns": [c for c, _ in d.columns], "rows": data.rows(d, split.name, offset)})

    def owner(self, request: Request) -> Response:
        o = data.owner(request.params["owner"])
        if o is None:
            return Response.not_found("user or organization")
        sort = request.arg("sort") if request.arg("sort") in ("downloads", "likes", "updated", "name") else "downloads"
        return self.render("owner.html", o=o, owned=data.models_of(o.slug, sort), owned_ds=data.datasets_of(o.slug),
                           members=data.members(o.slug) if o.kind == "org" else [], sort=sort)


SITE = HubSite
