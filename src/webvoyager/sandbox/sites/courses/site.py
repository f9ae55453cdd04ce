"""Quillbright: an online-course platform with a searchable catalogue of university and industry courses,
specializations and instructor pages.

Served at http://courses.localhost:<port>/.

Widgets that make it hard for an agent: a cookie banner, a subject menu that opens on hover, a search
box with autocomplete, catalogue facets that apply on change (with "Show all" buttons hiding most
languages and partners), a custom sort dropdown (role=combobox/listbox), pagination, a syllabus
accordion, learner reviews that load late from a deliberately slow JSON endpoint, and an "Enroll"
modal with a free-trial notice that records the enrollment in localStorage.
"""

from __future__ import annotations

import threading

from webvoyager.sandbox import kit
from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.courses import data
from webvoyager.sandbox.web import Request, Response, Site

CONSENT = kit.Consent("qb_consent")
REVIEWS_DELAY_S = 0.7
"""Simulated latency of the reviews endpoint: the reviews appear well after the page's load event."""
_never = threading.Event()   # waiting on an Event nobody sets: an interruptible delay in one thread


def _fmt_date(d: object) -> str:
    return d.strftime("%B %-d, %Y")  # type: ignore[attr-defined]


class CoursesSite(Site):
    name = "courses"
    title = "Quillbright"
    paper_site = "Coursera"

    def setup(self) -> None:
        data.courses()   # generate at startup, not on the first request
        self.env.globals.update(subjects=data.SUBJECTS, slugify=data.slugify, fmt_date=_fmt_date,
                                instructors=data.instructors(), durations=data.DURATIONS, today=TODAY)
        self.env.filters["num"] = lambda n: f"{n:,}"
        self.route("/", self.home)
        self.route("/search", self.search)
        self.route("/course/<slug>", self.course)
        self.route("/specializations", self.specializations)
        self.route("/specialization/<slug>", self.specialization)
        self.route("/instructor/<slug>", self.instructor)
        self.route("/api/suggest", self.api_suggest)
        self.route("/api/reviews/<slug>", self.api_reviews)

    def page(self, request: Request, template: str, **context: object) -> Response:
        """Render with the cookie banner shown until the visitor answers it."""
        return self.render(template, show_cookie_banner=CONSENT.pending(request), **context)

    def home(self, request: Request) -> Response:
        popular = data.search(sort="popular")[:6]
        newest = data.search(sort="newest")[:3]
        specs = sorted(data.specializations(), key=lambda s: -s.enrolled)[:4]
        counts = {s: len(data.search(subjects=[s])) for s in data.SUBJECTS}
        return self.page(request, "home.html", popular=popular, newest=newest, specs=specs, counts=counts,
                         total=len(data.courses()), partner_count=len(data.partners()))

    def search(self, request: Request) -> Response:
        q = request.arg("q").strip()
        subjects = [s for s in request.args("subject") if s in data.SUBJECTS]
        levels = [s for s in request.args("level") if s in data.LEVELS]
        durations = [s for s in request.args("duration") if s in data.DURATIONS]
        languages = [s for s in request.args("language") if s in data.LANGUAGES]
        partner_names = {p.name for p in data.partners()}
        sel_partners = [s for s in request.args("partner") if s in partner_names]
        price = request.arg("price") if request.arg("price") in data.PRICES else ""
        sort = request.arg("sort") if request.arg("sort") in data.SORTS else "relevance"
        found = data.search(q, subjects, levels, durations, languages, price, sel_partners, sort)
        page = kit.paginate(found, request.arg("page"), data.PAGE_SIZE)
        # facet counts ignore the facet's own selection, so the other values of that facet stay visible
        def others(**drop: object) -> list[data.Course]:
            args = dict(q=q, subjects=subjects, levels=levels, durations=durations, languages=languages,
                        price=price, partners_=sel_partners)
            args.update(drop)  # type: ignore[arg-type]
            return data.search(**args)  # type: ignore[arg-type]
        counts = {
            "subject": data.facet_counts(others(subjects=[]))["subject"],
            "level": data.facet_counts(others(levels=[]))["level"],
            "duration": data.facet_counts(others(durations=[]))["duration"],
            "language": data.facet_counts(others(languages=[]))["language"],
            "partner": data.facet_counts(others(partners_=[]))["partner"],
            "price": data.facet_counts(others(price=""))["price"],
        }
        partner_order = sorted(partner_names, key=lambda n: (-counts["partner"].get(n, 0), n))
        language_order = list(data.LANGUAGES)

        link = kit.query_link("/search", {"q": q, "subject": subjects, "level": levels, "duration": durations,
                                          "language": languages, "partner": sel_partners, "price": price,
                                          "sort": sort if sort != "relevance" else "", "page": ""},
                              omit=kit.BLANK_OR_FIRST)

        active = bool(subjects or levels or durations or languages or sel_partners or price)
        return self.page(request, "search.html", q=q, subjects_sel=subjects, levels_sel=levels,
                         durations_sel=durations, languages_sel=languages, partners_sel=sel_partners, price=price,
                         sort=sort, sorts=data.SORTS, found=found, shown=page.items, page=page.number,
                         pages=page.count, first=page.first, link=link, counts=counts, levels=data.LEVELS,
                         languages=language_order, partner_order=partner_order, prices=data.PRICES, active=active)

    def course(self, request: Request) -> Response:
        c = data.course(request.params["slug"])
        if c is None:
            return Response.not_found("course")
        specs = data.specializations_of(c.slug)
        return self.page(request, "course.html", c=c, specs=specs, trial_end=data.trial_end(c),
                         partner=next(p for p in data.partners() if p.name == c.partner))

    def specializations(self, request: Request) -> Response:
        subject = request.arg("subject") if request.arg("subject") in data.SUBJECTS else ""
        specs = sorted((s for s in data.specializations() if not subject or s.subject == subject),
                       key=lambda s: (-s.enrolled, s.title))
        return self.page(request, "specializations.html", specs=specs, subject=subject)

    def specialization(self, request: Request) -> Response:
        s = data.specialization(request.params["slug"])
        if s is None:
            return Response.not_found("specialization")
        return self.page(request, "specialization.html", s=s)

    def instructor(self, request: Request) -> Response:
        ins = data.instructors().get(request.params["slug"])
        if ins is None:
            return Response.not_found("instructor")
        learners, count = data.instructor_stats(ins.slug)
        return self.page(request, "instructor.html", ins=ins, learners=learners, count=count,
                         taught=data.courses_of(ins.slug))

    def api_suggest(self, request: Request) -> Response:
        return Response.json({"suggestions": [{"label": f"{label} · {kind}", "url": url}
                                              for kind, label, url in data.suggest(request.arg("q"))]})

    def api_reviews(self, request: Request) -> Response:
        c = data.course(request.params["slug"])
        if c is None:
            return Response.json({"error": "no such course"}, status=404)
        _never.wait(REVIEWS_DELAY_S)   # deliberate latency, like a real review widget
        return Response.json({
            "rating": c.rating, "count": c.ratings,
            "percent": {str(s): c.star_percent(s) for s in (5, 4, 3, 2, 1)},
            "reviews": [{"author": r.author, "stars": r.stars, "date": _fmt_date(r.date), "text": r.text}
                        for r in data.reviews(c)],
        })


SITE = CoursesSite
