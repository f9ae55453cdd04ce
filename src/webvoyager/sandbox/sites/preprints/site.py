"""Prexiv: a preprint archive with category listings, search, abstract pages and PDF papers.

Pages: home (categories), /list/<category> (newest or oldest first, paged), /search (query, field,
sort, paged), /abs/<id> (abstract, submission history, BibTeX accordion), /pdf/<id> (the paper as a
PDF generated on the fly; some answers are only in its Experiments section).
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urlencode

from webvoyager.sandbox import kit
from webvoyager.sandbox.sites.preprints.data import CATEGORIES, PAPER_BY_ID, PAPERS, Paper, in_category, search
from webvoyager.sandbox.sites.preprints.pdf import PdfDocument
from webvoyager.sandbox.web import Request, Response, Site

PAGE_SIZE = 25
SORTS = {"newest": "Newest first", "oldest": "Oldest first"}
SEARCH_SORTS = {"relevance": "Relevance", **SORTS}
FIELDS = {"all": "All fields", "title": "Title", "author": "Author", "abstract": "Abstract"}


@lru_cache(maxsize=64)
def paper_pdf(paper_id: str) -> bytes:
    """The PDF of a paper: title block, Table 1 (setup and results), abstract, then the numbered sections."""
    p = PAPER_BY_ID[paper_id]
    doc = PdfDocument(title=p.title)
    doc.heading(p.title, size=16)
    doc.paragraph(", ".join(p.authors), size=11)
    doc.paragraph(f"Prexiv:{p.id}{p.version} [{p.category}] {p.submitted.strftime('%d %b %Y')}", size=9)
    # Table 1 floats to the top of the first page, as LaTeX places tables: setup and results at a glance
    doc.paragraph("Table 1: Setup and test-set results (details in Section 4).", size=10)
    for label, value in results_table(p):
        doc.row(label, value)
    doc.heading("Abstract", size=12)
    doc.paragraph(p.abstract)
    for number, (name, text) in enumerate(p.sections, start=1):
        doc.heading(f"{number} {name}", size=12)
        doc.paragraph(text)
    doc.heading("References", size=12)
    for i, author in enumerate(p.authors[:3], start=1):
        doc.paragraph(f"[{i}] {author.split()[-1]} et al. An earlier study of {p.category_name.lower()}. 2024.", size=9)
    return doc.to_bytes()


def results_table(p: Paper) -> list[tuple[str, str]]:
    """Table 1 of a paper's PDF: its setup and test-set results, one (label, value) row each."""
    return [("Dataset", p.dataset_name + " " + p.dataset_kind), ("Dataset size", f"{p.dataset_size:,} examples"),
            ("Training", f"{p.epochs} epochs on {p.hardware}"), ("Metric", p.metric),
            ("Our method", f"{p.result}%"), ("Best baseline", f"{p.baseline}%"),
            ("Improvement", f"+{p.improvement} points")]


class PreprintsSite(Site):
    name = "preprints"
    title = "Prexiv"
    paper_site = "ArXiv"

    def setup(self) -> None:
        self.env.globals.update(categories=CATEGORIES, fields=FIELDS, author_link=author_link)
        self.route("/", self.home)
        self.route("/list/<cat>", self.listing)
        self.route("/search", self.search)
        self.route("/abs/<pid>", self.abstract)
        self.route("/pdf/<pid>", self.pdf)

    def home(self, req: Request) -> Response:
        counts = {code: len(in_category(code)) for code in CATEGORIES}
        return self.render("home.html", counts=counts, recent=PAPERS[:5], total=len(PAPERS))

    def listing(self, req: Request) -> Response:
        code = req.params["cat"]
        if code not in CATEGORIES:
            return Response.not_found("category")
        sort = req.arg("sort") if req.arg("sort") in SORTS else "newest"
        papers = in_category(code)
        if sort == "oldest":
            papers = papers[::-1]
        page = kit.paginate(papers, req.arg("page"), PAGE_SIZE)
        base = f"/list/{code}?" + urlencode({"sort": sort})
        return self.render("listing.html", code=code, name=CATEGORIES[code][0], sort=sort, sorts=SORTS,
                           papers=page.items, total=len(papers), page=page.number, pages=page.count, base=base,
                           start=page.first - 1)

    def search(self, req: Request) -> Response:
        query = req.arg("q").strip()
        if query.lower().removeprefix("prexiv:") in PAPER_BY_ID:  # an identifier goes straight to its paper
            return Response.redirect(f"/abs/{query.lower().removeprefix('prexiv:')}")
        field = req.arg("field") if req.arg("field") in FIELDS else "all"
        sort = req.arg("sort") if req.arg("sort") in SEARCH_SORTS else "relevance"
        hits = search(query, field, sort)
        page = kit.paginate(hits, req.arg("page"), PAGE_SIZE)
        base = "/search?" + urlencode({"q": query, "field": field, "sort": sort})
        return self.render("search.html", query=query, field=field, sort=sort, sorts=SEARCH_SORTS,
                           papers=page.items, total=len(hits), page=page.number, pages=page.count, base=base,
                           start=page.first - 1,
                           sort_link=lambda s: "/search?" + urlencode({"q": query, "field": field, "sort": s}))

    def abstract(self, req: Request) -> Response:
        paper = PAPER_BY_ID.get(req.params["pid"])
        if paper is None:
            return Response.not_found("paper")
        return self.render("abstract.html", p=paper)

    def pdf(self, req: Request) -> Response:
        pid = req.params["pid"].removesuffix(".pdf")
        if pid not in PAPER_BY_ID:
            return Response.not_found("paper")
        # Sent to be downloaded: every browser mode then gives the agent the same page and the same PDF
        # note (Chromium's headless shell, the default, downloads even inline PDFs; the full browser
        # would show an inline one in its viewer), as the WebVoyager paper's old headless Chrome did.
        return Response(paper_pdf(pid), content_type="application/pdf",
                        headers={"Content-Disposition": f'attachment; filename="{pid}.pdf"'})


def author_link(author: str) -> str:
    """The search URL listing an author's papers."""
    return "/search?" + urlencode({"q": author, "field": "author", "sort": "newest"})


SITE = PreprintsSite
