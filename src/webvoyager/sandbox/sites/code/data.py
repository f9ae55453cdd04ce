"""Deterministic content of the code-hosting site: ~60 users, ~300 repositories, files, issues, releases.

Repositories are generated once from a fixed seed; a repository's files, issues and releases come
from a generator seeded with its id, so they are identical on every page and in every test.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from webvoyager.sandbox.catalog import TODAY

LANGUAGES: dict[str, tuple[str, str]] = {  # language: (colour, main file extension)
    "Python": ("#3572A5", "py"), "Rust": ("#dea584", "rs"), "Go": ("#00ADD8", "go"),
    "TypeScript": ("#3178c6", "ts"), "JavaScript": ("#f1e05a", "js"), "C++": ("#f34b7d", "cpp"),
    "Java": ("#b07219", "java"), "Ruby": ("#701516", "rb"), "Kotlin": ("#A97BFF", "kt"), "Haskell": ("#5e5086", "hs"),
}
_LANG_W = (30, 16, 14, 14, 8, 6, 5, 3, 2, 2)
_FIRST = ("ada", "bram", "cleo", "dmitri", "esme", "felix", "gaia", "hamid", "iris", "joaquin", "kira", "leon",
          "mina", "noor", "otto", "paz", "quinn", "ravi", "sina", "teo", "uma", "vik", "wren", "yara", "zeno")
_LAST = ("okoye", "lind", "moreau", "sato", "reyes", "novak", "haas", "castro", "ferro", "kahn", "vance", "ueda")
_CITIES = ("Lisbon", "Berlin", "Toronto", "Nairobi", "Osaka", "Austin", "Kraków", "Montevideo", "Bangalore",
           "Melbourne", "Tallinn", "Oslo", "Seoul", "Lyon", "Bogotá")
_ADJ = ("tiny", "swift", "async", "lazy", "strict", "fast", "simple", "micro", "robust", "quiet", "zero", "hyper")
_NOUN = ("parser", "cache", "router", "queue", "logger", "scheduler", "http-client", "orm", "validator", "config",
         "bundler", "linter", "tracer", "mailer", "store", "graph", "cli", "diff", "auth", "metrics")
_TOPICS = ("performance", "developer-tools", "web", "database", "cli", "testing", "observability", "security",
           "networking", "parsing", "async", "embedded")
LABELS: dict[str, str] = {"bug": "#d73a4a", "enhancement": "#a2eeef", "documentation": "#0075ca",
                          "good first issue": "#7057ff", "question": "#d876e3", "performance": "#fbca04"}
_ISSUE_TITLES = {
    "bug": ("Crash when the input is empty", "Wrong result on Windows paths", "Memory leak after many reloads",
            "Timeout ignored when retrying", "Unicode names are truncated"),
    "enhancement": ("Support configuration from environment variables", "Add a dry-run mode",
                    "Expose metrics for the worker pool", "Allow custom serializers"),
    "documentation": ("Document the plugin API", "README example does not compile", "Add a migration guide"),
    "good first issue": ("Improve the error message for missing files", "Add type hints to the public API"),
    "question": ("How do I use this behind a proxy?", "Is thread safety guaranteed?"),
    "performance": ("Startup is slow with large configs", "Reduce allocations in the hot loop"),
}


@dataclass(frozen=True)
class User:
    login: str
    name: str
    bio: str
    location: str
    joined: date
    followers: int


@dataclass(frozen=True)
class Issue:
    number: int
    title: str
    labels: tuple[str, ...]
    open: bool
    author: str
    opened: date
    comments: int


@dataclass(frozen=True)
class Release:
    tag: str
    published: date
    notes: tuple[str, ...]
    latest: bool


@dataclass(frozen=True)
class Repo:
    owner: str
    name: str
    description: str
    language: str
    stars: int
    forks: int
    updated: date
    topics: tuple[str, ...]
    license: str
    default_port: int
    seed: int

    @property
    def full_name(self) -> str:
        return f"{self.owner}/{self.name}"

    @property
    def files(self) -> dict[str, str]:
        return _files(self)

    @property
    def issues(self) -> tuple[Issue, ...]:
        return _issues(self)

    @property
    def releases(self) -> tuple[Release, ...]:
        return _releases(self)


def _make() -> tuple[tuple[User, ...], tuple[Repo, ...]]:
    rng = random.Random(4242)
    users: list[User] = []
    seen: set[str] = set()
    while len(users) < 60:
        first, last = rng.choice(_FIRST), rng.choice(_LAST)
        login = rng.choice((f"{first}{last}", f"{first}-{last}", f"{first[0]}{last}", f"{first}dev"))
        if login in seen:
            continue
        seen.add(login)
        users.append(User(login, f"{first.title()} {last.title()}",
                          rng.choice(("Open source maintainer.", "Backend engineer who likes small tools.",
                                      "Compilers, caches and coffee.", "I build developer tools.",
                                      "Systems programmer. Tea enthusiast.")),
                          rng.choice(_CITIES), TODAY - timedelta(days=rng.randint(200, 4000)), rng.randint(3, 4800)))
    repos: list[Repo] = []
    names: set[str] = set()
    while len(repos) < 300:
        owner = rng.choice(users).login
        lang = rng.choices(list(LANGUAGES), weights=_LANG_W)[0]
        adj, noun = rng.choice(_ADJ), rng.choice(_NOUN)
        name = f"{adj}-{noun}"
        if rng.random() < 0.3:  # ecosystem suffixes only where they make sense
            name += rng.choice(({"Rust": "-rs", "Python": "-py", "JavaScript": "-js", "Go": "-go"}.get(lang, "2"),
                                "-lite", "-kit"))
        if (owner, name) in names:
            continue
        names.add((owner, name))
        stars = int(rng.paretovariate(1.1) * 12) + rng.randint(0, 9)
        repos.append(Repo(
            owner=owner, name=name,
            description=f"A {adj} {re.sub(r'^(http|cli|orm)', lambda m: m.group(1).upper(), noun).replace('-', ' ')} for {lang} "
                        f"{rng.choice(('services', 'projects', 'command-line tools', 'web apps', 'data pipelines'))}",
            language=lang, stars=min(stars, 48000), forks=int(stars * rng.uniform(0.05, 0.3)),
            updated=TODAY - timedelta(days=rng.randint(0, 700)), topics=tuple(rng.sample(_TOPICS, rng.randint(1, 4))),
            license=rng.choice(("MIT", "Apache-2.0", "BSD-3-Clause", "GPL-3.0", "MPL-2.0")),
            default_port=rng.choice((3000, 4000, 5000, 7070, 8000, 8080, 8443, 9000, 9090)) + rng.randint(0, 9),
            seed=rng.randint(0, 10**9)))
    return tuple(users), tuple(repos)


USERS, REPOS = _make()
USER_BY_LOGIN = {u.login: u for u in USERS}
REPO_BY_NAME = {r.full_name: r for r in REPOS}


PROFILE_SORTS = {"updated": "Last updated", "name": "Name", "stars": "Stars"}


def repos_of(login: str, sort: str = "updated") -> list[Repo]:
    """A user's repositories: most recently updated first, by name, or most stars first."""
    mine = [r for r in REPOS if r.owner == login]
    if sort == "name":
        return sorted(mine, key=lambda r: r.name)
    if sort == "stars":
        return sorted(mine, key=lambda r: (-r.stars, r.name))
    return sorted(mine, key=lambda r: (r.updated, r.name), reverse=True)


SORTS = {"best": "Best match", "stars": "Most stars", "updated": "Recently updated"}


def search(query: str, language: str = "", sort: str = "best") -> list[Repo]:
    """Repositories whose name, description or topics contain every word of `query`."""
    words = query.lower().split()
    hits = []
    for r in REPOS:
        hay = f"{r.full_name} {r.description} {' '.join(r.topics)}".lower()
        if all(w in hay for w in words) and (not language or r.language == language):
            score = sum(3 if w in r.name else 1 for w in words)
            hits.append((score, r))
    if sort == "stars":
        return [r for _, r in sorted(hits, key=lambda sr: (-sr[1].stars, sr[1].full_name))]
    if sort == "updated":
        return [r for _, r in sorted(hits, key=lambda sr: (-sr[1].updated.toordinal(), sr[1].full_name))]
    return [r for _, r in sorted(hits, key=lambda sr: (-sr[0], -sr[1].stars, sr[1].full_name))]


@lru_cache(maxsize=256)
def _files(repo: Repo) -> dict[str, str]:
    rng = random.Random(repo.seed)
    ext = LANGUAGES[repo.language][1]
    mod = repo.name.split("-", 1)[1].split("-")[0] if "-" in repo.name else repo.name
    if mod == "config":  # keep the implementation file from replacing src/config.*
        mod = "loader"
    comment = "#" if ext in ("py", "rb") else "--" if ext == "hs" else "//"
    timeout = rng.choice((5, 10, 15, 20, 30, 45, 60, 90))
    retries = rng.randint(2, 7)
    lines = [f"{comment} Configuration defaults for {repo.name}.", f"{comment} Values can be overridden by the environment.", ""]
    for i in range(34):  # filler settings push the interesting constants below the first screen
        lines.append(f"{'' if ext in ('py', 'rb') else 'const '}OPTION_{i:02d} = {rng.randint(0, 999)}"
                     f"{';' if ext not in ('py', 'rb', 'hs', 'go', 'kt') else ''}  {comment} reserved")
    lines += ["", f"{comment} Network", f"{'' if ext in ('py', 'rb') else 'const '}DEFAULT_PORT = {repo.default_port}",
              f"{'' if ext in ('py', 'rb') else 'const '}REQUEST_TIMEOUT_SECONDS = {timeout}",
              f"{'' if ext in ('py', 'rb') else 'const '}MAX_RETRIES = {retries}", ""]
    files = {
        "README.md": f"# {repo.name}\n\n{repo.description}.\n\n## Install\n\nSee the documentation for installation.\n",
        "LICENSE": f"{repo.license} License\n\nCopyright (c) {repo.updated.year} {repo.owner}\n",
        f"src/config.{ext}": "\n".join(lines),
        f"src/{mod.replace('-', '_')}.{ext}": f"{comment} {mod} implementation\n" + "\n".join(
            f"{comment} step {i}: {rng.choice(('parse', 'validate', 'dispatch', 'flush', 'retry'))}" for i in range(20)),
        f"tests/test_{mod.replace('-', '_')}.{ext}": f"{comment} tests for {mod}\n",
        "docs/index.md": f"# {repo.name} documentation\n",
    }
    return dict(sorted(files.items()))


@lru_cache(maxsize=256)
def _issues(repo: Repo) -> tuple[Issue, ...]:
    rng = random.Random(repo.seed + 7)
    out = []
    count = rng.randint(4, 36)
    day = repo.updated - timedelta(days=rng.randint(300, 600))
    for number in range(1, count + 1):
        day += timedelta(days=rng.randint(1, 25))
        label = rng.choice(list(_ISSUE_TITLES))
        labels = (label,) + ((rng.choice(list(LABELS)),) if rng.random() < 0.25 else ())
        labels = tuple(dict.fromkeys(labels))
        out.append(Issue(number, rng.choice(_ISSUE_TITLES[label]), labels, rng.random() < 0.55,
                         rng.choice(USERS).login, min(day, TODAY), rng.randint(0, 24)))
    return tuple(reversed(out))  # newest first


@lru_cache(maxsize=256)
def _releases(repo: Repo) -> tuple[Release, ...]:
    rng = random.Random(repo.seed + 13)
    n = rng.randint(0, 7)
    major, minor, patch = 0, rng.randint(1, 4), 0
    day = repo.updated - timedelta(days=rng.randint(0, 20) + 45 * n)
    out = []
    for _ in range(n):
        if rng.random() < 0.3:
            minor, patch = minor + 1, 0
        elif rng.random() < 0.1:
            major, minor, patch = major + 1, 0, 0
        else:
            patch += 1
        day += timedelta(days=rng.randint(10, 45))
        notes = tuple(rng.sample(("Fix a crash on empty input", "Faster startup", "New --quiet flag",
                                  "Drop support for old runtimes", "Better error messages", "Windows fixes",
                                  "Plugin API", "Security fix for path handling"), 2))
        out.append(Release(f"v{major}.{minor}.{patch}", min(day, TODAY), notes, False))
    out.reverse()
    if out:
        out[0] = Release(out[0].tag, out[0].published, out[0].notes, True)
    return tuple(out)
