"""Prexiv (sandbox site `preprints`): listings, search, abstract pages, generated PDFs, and tasks."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tests.sandbox.site_helpers import assert_task_checks, chromium_page, fetch
from webvoyager.sandbox.catalog import SITES_DIR
from webvoyager.sandbox.sites.preprints.data import CATEGORIES, PAPER_BY_ID, PAPERS, Paper, in_category, search
from webvoyager.sandbox.sites.preprints.pdf import PdfDocument
from webvoyager.sandbox.sites.preprints.site import paper_pdf
from webvoyager.tasks import load_tasks

TASKS = load_tasks(SITES_DIR / "preprints" / "tasks.jsonl")


def _titled(title: str) -> Paper:
    (paper,) = [p for p in PAPERS if p.title == title]
    return paper


def _pdf_text(data: bytes) -> str:
    reader = PdfReader(io.BytesIO(data), strict=True)
    return re.sub(r"\s+", " ", "\n".join(page.extract_text() for page in reader.pages))


def _expected() -> dict[str, object]:
    mistral = _titled("Mistral-X: Efficient Kernel Embeddings for Legged Locomotion")
    graph = _titled("Scalable Graph Networks for Model Predictive Control")
    newest = PAPERS[0]
    contrastive = _titled("Contrastive Attention Distillation for Automated Planning")
    fujimoto = search("Sami Fujimoto", field="author", sort="oldest")
    eriksen = search("Qing Eriksen", field="author", sort="oldest")[0]
    assert eriksen.title == "On the Limits of State-Space Models in Kernel Two-Sample Testing"  # clicked by title
    return {
        "preprints--1": lambda: str(len(in_category("cs.RO"))),
        "preprints--2": lambda: f"{mistral.dataset_size:,} examples",
        "preprints--3": lambda: f"{graph.result}%",
        "preprints--4": lambda: in_category("cs.CV")[-1].title,
        "preprints--5": lambda: fujimoto[0].title,
        "preprints--6": lambda: PAPER_BY_ID["2605.00676"].bibtex_key,
        "preprints--7": lambda: " and ".join(contrastive.cross_lists),
        "preprints--8": lambda: search("conformal prediction", sort="newest")[0].id,
        "preprints--9": lambda: "done",
        "preprints--10": lambda: f"{round(newest.result - newest.baseline, 1)} points",
        "preprints--11": lambda: f"{eriksen.epochs} epochs on {eriksen.hardware}",
    }


def test_tasks_answers_match_site_data() -> None:
    assert_task_checks(TASKS, _expected())  # type: ignore[arg-type]
    assert PAPERS[0].title == "Contrastive Attention Distillation for Automated Planning"  # preprints--10 clicks it
    assert "Sami Fujimoto" in PAPER_BY_ID["2603.01163"].authors


def test_pdf_only_facts_are_in_the_pdf_and_not_on_the_abstract_page(sandbox) -> None:
    paper = _titled("Mistral-X: Efficient Kernel Embeddings for Legged Locomotion")
    status, ctype, _ = fetch(sandbox, "preprints", f"/pdf/{paper.id}")
    assert status == 200 and ctype == "application/pdf"
    text = _pdf_text(paper_pdf(paper.id))
    assert paper.title in text and "4 Experiments" in text
    assert f"contains {paper.dataset_size:,} examples" in text and f"{paper.result}%" in text
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
