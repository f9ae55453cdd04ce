"""Gitloom: a code-hosting site with repository search, repo pages with tabs, a file viewer in a
scrollable panel, issues with labels and pages, releases (each with its own page), docs that open in a
new tab, and profiles whose repository list can be sorted.
"""

from __future__ import annotations

import re

from webvoyager.sandbox import kit
from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.code.data import (
    LABELS, LANGUAGES, PROFILE_SORTS, REPO_BY_NAME, REPOS, SORTS, USER_BY_LOGIN, Repo, repos_of, search,
)
from webvoyager.sandbox.web import Request, Response, Site

PAGE_SIZE = 10
_BLOB = re.compile(r"^/(?P<owner>[^/]+)/(?P<repo>[^/]+)/blob/(?P<path>.+)$")


def ago(day: object) -> str:
    """'3 days ago' relative to the sandbox's fixed today, like code hosts show dates."""
    days = (TODAY - day).days  # type: ignore[operator]
    if days == 0:
        return "today"
    if days < 31:
        return f"{days} day{'s' if days != 1 else ''} ago"
    if days < 365:
        return f"{days // 30} month{'s' if days // 30 != 1 else ''} ago"
    return f"on {day.strftime('%b %-d, %Y')}"  # type: ignore[attr-defined]


class CodeSite(Site):
    name = "code"
    title = "Gitloom"
    paper_site = "GitHub"

    def setup(self) -> None:
        self.env.globals.update(languages=LANGUAGES, labels=LABELS, ago=ago)
        self.route("/", self.home)
        self.route("/search", self.search)
        self.route("/<owner>", self.profile)
        self.route("/<owner>/<repo>", self.repo_code)
        self.route("/<owner>/<repo>/issues", self.issues)
        self.route("/<owner>/<repo>/issues/<number>", self.issue)
        self.route("/<owner>/<repo>/releases", self.releases)
        self.route("/<owner>/<repo>/releases/tag/<tag>", self.release)
        self.route("/<owner>/<repo>/docs", self.docs)

    def handle(self, request: Request) -> Response:
        # file paths contain slashes, which the segment-based routes cannot capture
        match = _BLOB.match(request.path)
        if match and request.method == "GET" and not request.path.startswith("/static/"):
            return self.blob(request, match.group("owner"), match.group("repo"), match.group("path"))
        return super().handle(request)

    def _repo(self, req: Request) -> Repo | None:
        return REPO_BY_NAME.get(f"{req.params['owner']}/{req.params['repo']}")

    def home(self, req: Request) -> Response:
        trending = sorted(REPOS, key=lambda r: (-r.stars, r.full_name))[:6]
        recent = sorted(REPOS, key=lambda r: (r.updated, r.full_name), reverse=True)[:8]
        return self.render("home.html", trending=trending, recent=recent, total=len(REPOS))

    def search(self, req: Request) -> Response:
        query = req.arg("q").strip()
        lang = req.arg("l") if req.arg("l") in LANGUAGES else ""
        sort = req.arg("s") if req.arg("s") in SORTS else "best"
        everything = search(query, "", sort)
        hits = [r for r in everything if not lang or r.language == lang]
        counts = {name: sum(1 for r in everything if r.language == name) for name in LANGUAGES}
        page = kit.paginate(hits, req.arg("page"), PAGE_SIZE)
        link = kit.query_link("/search", {"q": query, "l": lang, "s": sort}, defaults={"s": "best"}, always_mark=True)
        return self.render("search.html", query=query, lang=lang, sort=sort, sorts=SORTS, counts=counts,
                           hits=page.items, total=len(hits), page=page.number, pages=page.count, link=link)

    def profile(self, req: Request) -> Response:
        user = USER_BY_LOGIN.get(req.params["owner"])
        if user is None:
            return Response.not_found("user")
        sort = req.arg("sort") if req.arg("sort") in PROFILE_SORTS else "updated"
        repos = repos_of(user.login, sort)
        return self.render("profile.html", user=user, repos=repos, stars=sum(r.stars for r in repos), sort=sort,
                           sorts=PROFILE_SORTS)

    def repo_code(self, req: Request) -> Response:
        repo = self._repo(req)
        if repo is None:
            return Response.not_found("repository")
        return self.render("repo_code.html", repo=repo, tab="code", path="", content=None)

    def blob(self, req: Request, owner: str, name: str, path: str) -> Response:
        repo = REPO_BY_NAME.get(f"{owner}/{name}")
        if repo is None or path not in repo.files:
            return Response.not_found("file")
        return self.render("repo_code.html", repo=repo, tab="code", path=path, content=repo.files[path])

    def issues(self, req: Request) -> Response:
        repo = self._repo(req)
        if repo is None:
            return Response.not_found("repository")
        state = "closed" if req.arg("state") == "closed" else "open"
        label = req.arg("label") if req.arg("label") in LABELS else ""
        order = "oldest" if req.arg("sort") == "oldest" else "newest"
        chosen = [i for i in repo.issues if i.open == (state == "open") and (not label or label in i.labels)]
        if order == "oldest":
            chosen = chosen[::-1]
        page = kit.paginate(chosen, req.arg("page"), PAGE_SIZE)
        counts = {s: sum(1 for i in repo.issues if i.open == (s == "open") and (not label or label in i.labels))
                  for s in ("open", "closed")}
        link = kit.query_link(f"/{repo.full_name}/issues", {"state": state, "label": label, "sort": order},
                              defaults={"sort": "newest"}, always_mark=True)
        return self.render("issues.html", repo=repo, tab="issues", issues=page.items, state=state, label=label,
                           order=order, counts=counts, page=page.number, pages=page.count, link=link)

    def issue(self, req: Request) -> Response:
        repo = self._repo(req)
        found = [i for i in repo.issues if str(i.number) == req.params["number"]] if repo else []
        if not found:
            return Response.not_found("issue")
        return self.render("issue.html", repo=repo, tab="issues", issue=found[0])

    def releases(self, req: Request) -> Response:
        repo = self._repo(req)
        if repo is None:
            return Response.not_found("repository")
        return self.render("releases.html", repo=repo, tab="releases", shown=repo.releases, single=False)

    def release(self, req: Request) -> Response:
        repo = self._repo(req)
        found = [r for r in repo.releases if r.tag == req.params["tag"]] if repo else []
        if not found:
            return Response.not_found("release")
        return self.render("releases.html", repo=repo, tab="releases", shown=found, single=True)

    def docs(self, req: Request) -> Response:
        repo = self._repo(req)
        if repo is None:
            return Response.not_found("repository")
        return self.render("docs.html", repo=repo)


SITE = CodeSite
