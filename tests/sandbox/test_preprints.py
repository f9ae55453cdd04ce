"""Prexiv (sandbox site `preprints`): listings, search, abstract pages, generated PDFs, and tasks."""

from __future__ import annotations

import io
import re
from typing import Any, Callable

import pytest
from pypdf import PdfReader

from tests.sandbox.site_helpers import chromium_page, fetch
from webvoyager.sandbox.catalog import site_tasks
from webvoyager.sandbox.sites.preprints.data import (
    CATEGORIES, HARDWARE, PAPER_BY_ID, PAPERS, Paper, in_category, search,
)
from webvoyager.sandbox.sites.preprints.pdf import PdfDocument
from webvoyager.sandbox.sites.preprints.site import PAGE_SIZE, paper_pdf, results_table
from webvoyager.tasks import PageState

TASKS = {t.id: t for t in site_tasks("preprints")}


def _titled(title: str) -> Paper:
    (paper,) = [p for p in PAPERS if p.title == title]
    return paper


def _pdf_text(data: bytes) -> str:
    reader = PdfReader(io.BytesIO(data), strict=True)
    return re.sub(r"\s+", " ", "\n".join(page.extract_text() for page in reader.pages))


def _first(found: list[Paper], key: Callable[[Paper], object] = lambda p: p.submitted) -> list[Paper]:
    """`found`, checked to have a unique first entry (the task's answer must not be a tie)."""
    assert len(found) >= 2 and key(found[0]) != key(found[1]), "the task's answer must not be a tie"
    return found


def _page_titles(found: list[Paper]) -> list[str]:
    """The first paper's title, then the other titles of the first page (what a wrong answer names)."""
    return [p.title for p in _first(found)[:PAGE_SIZE]]


def _cross_lists(title: str) -> list[str]:
    paper = _titled(title)
    return [*paper.cross_lists, *(c for c in CATEGORIES if c != paper.category and c not in paper.cross_lists)]


def _key_and_namesakes(paper_id: str) -> list[str]:
    """The paper's BibTeX key, then the other keys with the same surname and year (other papers' keys)."""
    paper = PAPER_BY_ID[paper_id]
    prefix = re.match(r"[a-z]+\d{4}", paper.bibtex_key).group(0)  # type: ignore[union-attr]
    keys = dict.fromkeys(p.bibtex_key for p in PAPERS)
    return [paper.bibtex_key, *(k for k in keys if k.startswith(prefix) and k != paper.bibtex_key)]


def _eriksen() -> list[Any]:
    paper = _first(search("Qing Eriksen", field="author", sort="oldest"))[0]
    return [paper.epochs, paper.hardware, *(h for h in HARDWARE if h != paper.hardware)]


def _second_author_newest_key() -> list[str]:
    first_on_page_2 = in_category("econ.EM")[::-1][PAGE_SIZE]
    theirs = _first(search(first_on_page_2.authors[1], field="author", sort="newest"))
    return list(dict.fromkeys(p.bibtex_key for p in theirs))


def _more(papers: list[Paper], key: Callable[[Paper], int]) -> list[Any]:
    assert key(papers[0]) != key(papers[1])
    winner, loser = sorted(papers, key=key, reverse=True)
    return [winner.title, loser.title, key(winner)]


# what each task's checks must hold (see check_values.py), computed from the site's data
EXPECTED: dict[str, Callable[[], list[Any]]] = {
    "preprints--1": lambda: [len(in_category("cs.RO"))],
    "preprints--2": lambda: [_titled("Mistral-X: Efficient Kernel Embeddings for Legged Locomotion").dataset_size],
    "preprints--3": lambda: [_titled("Scalable Graph Networks for Model Predictive Control").result],
    "preprints--4": lambda: _page_titles(in_category("cs.CV")[::-1]),
    "preprints--5": lambda: [p.title for p in _first(search("Sami Fujimoto", field="author", sort="oldest"))],
    "preprints--6": lambda: _key_and_namesakes("2605.00676"),
    "preprints--7": lambda: _cross_lists("Contrastive Attention Distillation for Automated Planning"),
    "preprints--8": lambda: [p.id for p in _first(search("conformal prediction", sort="newest"))[:PAGE_SIZE]],
    "preprints--9": lambda: ["preprints.localhost", "/list/econ.EM", "page=2", "sort=oldest"],
    # two papers came in today: identifiers grow with submission time, and the home page lists them so
    "preprints--10": lambda: [_first(list(PAPERS), lambda p: (p.submitted, p.id))[0].improvement],
    "preprints--11": _eriksen,
    "preprints--12": _second_author_newest_key,
    "preprints--13": lambda: _more(search("Dara Petrov", field="author", sort="newest")[:2], lambda p: p.epochs),
    "preprints--14": lambda: _more([_titled("ORCA: Efficient Mixture Models for Legged Locomotion"),
                                    _titled("Scalable Token Pruning for Legged Locomotion")], lambda p: p.dataset_size),
}


def test_tasks_have_references_and_long_ones() -> None:
    assert len(TASKS) >= 14
    for task in TASKS.values():
        assert task.site == "Prexiv" and task.id.startswith("preprints--")
        assert task.start_url.startswith("http://preprints.localhost/")
        assert task.reference is not None and task.checkable
        assert len(task.reference.steps) <= (task.max_steps or 15)
    assert sum(len(t.reference.steps) >= 7 for t in TASKS.values() if t.reference) >= 3


def test_state_task_checks_the_url(sandbox) -> None:
    task = TASKS["preprints--9"]
    good = sandbox.url("preprints", "/list/econ.EM?sort=oldest&page=2")
    assert task.check("done", PageState(url=good)) is True
    assert task.check("done", PageState(url=good.replace("oldest", "newest"))) is False
    assert fetch(sandbox, "preprints", "/list/econ.EM?sort=oldest&page=2")[0] == 200


def test_pdf_only_facts_are_in_the_pdf_and_not_on_the_abstract_page(sandbox) -> None:
    paper = _titled("Mistral-X: Efficient Kernel Embeddings for Legged Locomotion")
    status, ctype, _ = fetch(sandbox, "preprints", f"/pdf/{paper.id}")
    assert status == 200 and ctype == "application/pdf"
    text = _pdf_text(paper_pdf(paper.id))
    assert paper.title in text and "4 Experiments" in text
    assert f"contains {paper.dataset_size:,} examples" in text and f"{paper.result}%" in text
    for label, value in results_table(paper):  # Table 1 at the top of page 1 repeats the setup and results
        assert f"{label} {value}" in text
    assert ("Dataset size", f"{paper.dataset_size:,} examples") in results_table(paper)
    assert ("Improvement", f"+{paper.improvement} points") in results_table(paper)
    first_page = PdfReader(io.BytesIO(paper_pdf(paper.id))).pages[0].extract_text()
    assert text.index("Improvement") < text.index("Abstract") and "Improvement" in first_page
    _, _, page = fetch(sandbox, "preprints", f"/abs/{paper.id}")
    assert f"{paper.dataset_size:,}" not in page and f"{paper.result}" not in page


def test_pdf_writer_pages_and_escaping() -> None:
    doc = PdfDocument(title="A (test)")
    doc.heading("Back\\slash (parens)")
    for i in range(120):
        doc.paragraph(f"Line {i} with café and 50% (roughly).")
    reader = PdfReader(io.BytesIO(doc.to_bytes()), strict=True)
    assert len(reader.pages) > 1
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert "Back\\slash (parens)" in text and "Line 119 with café and 50% (roughly)." in text


def test_search_fields_and_orders() -> None:
    by_author = search("Sami Fujimoto", field="author")
    assert by_author and all("Sami Fujimoto" in p.authors for p in by_author)
    newest = search("graph networks", sort="newest")
    assert [p.submitted for p in newest] == sorted((p.submitted for p in newest), reverse=True)
    relevance = search("graph networks")
    assert set(relevance) == set(newest) and "graph networks" in relevance[0].title.lower()
    assert search("") == [] and len(PAPERS) == 400 and len(CATEGORIES) == 10


@pytest.mark.parametrize("path", [
    "/", "/list/cs.LG", "/list/cs.LG?sort=oldest&page=3", "/search?q=diffusion+priors",
    "/search?q=Okafor&field=author&sort=newest&page=1", "/abs/2605.00676", "/static/site.css",
])
def test_pages_render(sandbox, path: str) -> None:
    status, _, body = fetch(sandbox, "preprints", path)
    assert status == 200 and ("Prexiv" in body or path.endswith(".css"))


def test_listing_paging_and_id_lookup(sandbox) -> None:
    _, _, html = fetch(sandbox, "preprints", "/list/econ.EM?sort=oldest&page=2")
    papers = in_category("econ.EM")[::-1]
    ids = re.findall(r'aria-label="Abstract of ([\d.]+)"', html)
    assert ids == [p.id for p in papers[25:50]] and f"Showing 26–50 of {len(papers)} entries" in html
    status, _, page = fetch(sandbox, "preprints", "/search?q=2605.00676")  # redirects to the abstract
    assert status == 200 and "bergstrom2026contrastive" in page
    assert fetch(sandbox, "preprints", "/abs/9999.99999")[0] == 404


def test_abstract_page_links_cross_lists_and_shows_the_bibtex_entry(sandbox) -> None:
    paper = _titled("Contrastive Attention Distillation for Automated Planning")
    _, _, html = fetch(sandbox, "preprints", f"/abs/{paper.id}")
    links = re.findall(r'<a href="/list/([^"]+)" aria-label="Cross-listed in ([^"]+)">', html)
    assert [code for code, _ in links] == list(paper.cross_lists)
    assert [name for _, name in links] == [f"{CATEGORIES[c][0]} ({c})" for c in paper.cross_lists]
    assert f'<pre tabindex="0" aria-label="BibTeX entry">@article{{{paper.bibtex_key},' in html


@pytest.mark.browser
@pytest.mark.slow
async def test_search_sort_and_bibtex_accordion(sandbox) -> None:
    async with chromium_page(sandbox.url("preprints", "/")) as page:
        await page.fill("input[placeholder='Search...']", "conformal prediction")
        await page.press("input[placeholder='Search...']", "Enter")
        await page.wait_for_url(re.compile(r"/search\?"))
        await page.click("text=Newest first")
        await page.wait_for_url(re.compile(r"sort=newest"))
        first = await page.locator(".title-link").first.inner_text()
        assert first == search("conformal prediction", sort="newest")[0].title
        await page.click(".title-link >> nth=0")
        pre = page.locator(".bib pre")
        assert not await pre.is_visible()
        await page.click("text=Export BibTeX citation")
        assert await pre.is_visible() and "@article{" in await pre.inner_text()
