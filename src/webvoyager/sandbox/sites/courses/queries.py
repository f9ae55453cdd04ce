"""What the pages ask of the catalogue: reviews in page order, search with facets, and suggestions."""

from __future__ import annotations

import random
from datetime import timedelta

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.courses.catalogue import Course, Review, courses, instructors, specializations
from webvoyager.sandbox.sites.courses.vocabulary import REVIEWERS, REVIEW_LINES, SEED

def reviews(c: Course) -> list[Review]:
    """The written reviews of a course, newest first (loaded late by the page)."""
    rng = random.Random(SEED * 1000 + c.id)
    pool = [s for s in (5, 4, 3, 2, 1) for _ in range(min(c.stars[s], 4))]
    rng.shuffle(pool)
    span = max(2, (TODAY - c.launched).days)
    picks = pool[:6]
    back = sorted(rng.sample(range(1, span), min(len(picks), span - 1)))
    out = [Review(f"{rng.choice(REVIEWERS)} {rng.choice('ABCDEFGHKLMNPRSTW')}.", s, TODAY - timedelta(days=b),
                  rng.choice(REVIEW_LINES[s])) for s, b in zip(picks, back)]
    return sorted(out, key=lambda r: r.date, reverse=True)


def _haystack(c: Course) -> str:
    names = " ".join(instructors()[i].name for i in c.instructors)
    return " ".join([c.title, c.subject, c.partner, c.topic, names] + list(c.skills)).lower()


def search(q: str = "", subjects: list[str] | None = None, levels: list[str] | None = None,
           durations: list[str] | None = None, languages: list[str] | None = None, price: str = "",
           partners_: list[str] | None = None, sort: str = "relevance") -> list[Course]:
    """The courses the catalogue lists, in display order.

    Every word must occur (title, subject, partner, instructors or skills); within one facet any
    checked value may match; across facets all must; `price` is "free" (free to audit), "paid" or "".
    """
    words = q.lower().split()
    found = [c for c in courses()
             if all(w in _haystack(c) for w in words)
             and (not subjects or c.subject in subjects)
             and (not levels or c.level in levels)
             and (not durations or c.duration in durations)
             and (not languages or c.language in languages)
             and (not partners_ or c.partner in partners_)
             and (price != "free" or c.free) and (price != "paid" or not c.free)]
    if sort == "popular":
        found.sort(key=lambda c: (-c.enrolled, c.title))
    elif sort == "rating":
        found.sort(key=lambda c: (-c.rating, -c.ratings, c.title))
    elif sort == "newest":
        found.sort(key=lambda c: (c.launched, c.title), reverse=True)
    else:
        found.sort(key=lambda c: (not all(w in c.title.lower() for w in words), -c.enrolled, c.title))
    return found


def suggest(q: str, limit: int = 8) -> list[tuple[str, str, str]]:
    """Autocomplete: (kind, label, url) for specializations and courses whose title contains `q`."""
    q = q.strip().lower()
    if len(q) < 2:
        return []
    out: list[tuple[str, str, str]] = []
    for s in specializations():
        if q in s.title.lower():
            out.append(("Specialization", s.title, f"/specialization/{s.slug}"))
    for c in sorted(courses(), key=lambda c: -c.enrolled):
        if q in c.title.lower():
            out.append(("Course", c.title, f"/course/{c.slug}"))
    return out[:limit]


def facet_counts(found: list[Course]) -> dict[str, dict[str, int]]:
    """How many of `found` fall under each facet value (shown beside the filters)."""
    counts: dict[str, dict[str, int]] = {"subject": {}, "level": {}, "duration": {}, "language": {}, "partner": {}, "price": {}}
    for c in found:
        for key, value in (("subject", c.subject), ("level", c.level), ("duration", c.duration),
                           ("language", c.language), ("partner", c.partner), ("price", "free" if c.free else "paid")):
            counts[key][value] = counts[key].get(value, 0) + 1
    return counts
