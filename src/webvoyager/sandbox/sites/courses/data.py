"""Course catalogue of the courses site (Quillbright), generated deterministically (fixed seed).

About 420 courses from 24 invented partner universities and companies, each with instructors,
modules (videos, readings, quizzes, hours), skills, ratings with a star breakdown and reviews; about
40 multi-course specializations; instructor pages. Tasks and tests call the same functions the
pages use (`search`, `course`, `instructor_stats`, `trial_end`...), so answers never drift.

This module gathers them from `vocabulary` (the fixed word lists), `catalogue` (the generated
partners, instructors, courses and specializations) and `queries` (reviews, search, suggestions).
"""

from __future__ import annotations

from webvoyager.sandbox.sites.courses.vocabulary import (
    SEED, COUNT, PAGE_SIZE, SUBJECTS, LEVELS, LANGUAGES, LANGUAGE_WEIGHTS, DURATIONS, PRICES, SORTS, PARTNERS,
    TOPICS, TITLE_PATTERNS, MODULE_PATTERNS, FIRST, LAST, TITLES, COMPANY_TITLES, REVIEW_LINES, REVIEWERS, slugify,
)
from webvoyager.sandbox.sites.courses.catalogue import (
    Partner, Instructor, Module, Review, Course, Specialization, _world, partners, instructors, courses,
    specializations, _course_index, course, course_by_title, specialization, specialization_by_title,
    specializations_of, partner_by_slug, instructor_by_name, courses_of, instructor_stats, trial_end,
)
from webvoyager.sandbox.sites.courses.queries import reviews, _haystack, search, suggest, facet_counts

__all__ = [
    "SEED", "COUNT", "PAGE_SIZE", "SUBJECTS", "LEVELS", "LANGUAGES", "LANGUAGE_WEIGHTS", "DURATIONS", "PRICES",
    "SORTS", "PARTNERS", "TOPICS", "TITLE_PATTERNS", "MODULE_PATTERNS", "FIRST", "LAST", "TITLES", "COMPANY_TITLES",
    "REVIEW_LINES", "REVIEWERS", "slugify", "Partner", "Instructor", "Module", "Review", "Course", "Specialization",
    "_world", "partners", "instructors", "courses", "specializations", "_course_index", "course", "course_by_title",
    "specialization", "specialization_by_title", "specializations_of", "partner_by_slug", "instructor_by_name",
    "courses_of", "instructor_stats", "trial_end", "reviews", "_haystack", "search", "suggest", "facet_counts",
]
