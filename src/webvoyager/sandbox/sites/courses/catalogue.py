"""The generated catalogue: partners, instructors, courses (with modules and reviews) and specializations,
and their lookups."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from webvoyager.sandbox import kit
from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.courses.vocabulary import (
    COMPANY_TITLES, COUNT, FIRST, LANGUAGES, LANGUAGE_WEIGHTS, LAST, LEVELS, MODULE_PATTERNS, PARTNERS, SEED,
    SUBJECTS, TITLES, TITLE_PATTERNS, TOPICS, slugify,
)

@dataclass(frozen=True)
class Partner:
    name: str
    slug: str
    kind: str              # university | company
    city: str
    subjects: tuple[str, ...]


@dataclass
class Instructor:
    name: str
    slug: str
    title: str
    partner: str
    bio: str


@dataclass(frozen=True)
class Module:
    title: str
    videos: int
    readings: int
    quizzes: int
    hours: int


@dataclass(frozen=True)
class Review:
    author: str
    stars: int
    date: date
    text: str


@dataclass
class Course:
    """One course, with everything its page shows."""

    id: int
    slug: str
    title: str
    subject: str
    topic: str
    level: str
    language: str
    partner: str
    instructors: tuple[str, ...]          # instructor slugs, in the order shown
    modules: tuple[Module, ...]
    skills: tuple[str, ...]
    stars: dict[int, int]                 # star -> number of ratings
    enrolled: int
    launched: date
    free: bool                            # free to audit
    monthly_price: int                    # US$ per month for the certificate subscription
    trial_days: int
    description: str
    hue: int = 0

    @property
    def hours(self) -> int:
        return sum(m.hours for m in self.modules)

    @property
    def ratings(self) -> int:
        return sum(self.stars.values())

    @property
    def rating(self) -> float:
        return kit.mean_stars(self.stars)

    @property
    def duration(self) -> str:
        """The duration-filter key."""
        h = self.hours
        return "short" if h < 10 else "medium" if h <= 20 else "long" if h <= 40 else "xlong"

    @property
    def videos(self) -> int:
        return sum(m.videos for m in self.modules)

    @property
    def readings(self) -> int:
        return sum(m.readings for m in self.modules)

    @property
    def quizzes(self) -> int:
        return sum(m.quizzes for m in self.modules)

    def star_percent(self, star: int) -> int:
        """Share of ratings with `star` stars, in whole percent (what the reviews panel shows)."""
        return round(100 * self.stars[star] / max(1, self.ratings))


@dataclass
class Specialization:
    slug: str
    title: str
    partner: str
    subject: str
    level: str
    courses: tuple[str, ...]              # course slugs in order
    description: str

    @property
    def items(self) -> list[Course]:
        return [course(s) for s in self.courses]  # type: ignore[misc]

    @property
    def hours(self) -> int:
        return sum(c.hours for c in self.items)

    @property
    def rating(self) -> float:
        items = self.items
        total = sum(c.ratings for c in items)
        return round(sum(c.rating * c.ratings for c in items) / max(1, total), 1)

    @property
    def enrolled(self) -> int:
        return max(c.enrolled for c in self.items)

    @property
    def instructors(self) -> list[str]:
        out: list[str] = []
        for c in self.items:
            out += [i for i in c.instructors if i not in out]
        return out


def _stars(rng: random.Random) -> dict[int, int]:
    count = min(int(rng.paretovariate(1.1) * 260) + rng.randint(5, 400), 61000)
    quality = rng.uniform(0.0, 1.0) ** 0.7
    weights = [0.04 - 0.03 * quality, 0.05 - 0.04 * quality, 0.12 - 0.08 * quality, 0.30 - 0.12 * quality,
               0.25 + 0.75 * quality]
    total = sum(weights)
    stars = {s: int(count * w / total) for s, w in zip((1, 2, 3, 4, 5), weights)}
    stars[5] += count - sum(stars.values())
    return stars


@lru_cache(maxsize=1)
def _world() -> tuple[tuple[Partner, ...], dict[str, Instructor], tuple[Course, ...], tuple[Specialization, ...]]:
    rng = random.Random(SEED)
    partners = tuple(Partner(n, slugify(n), k, c, s) for n, k, c, s in PARTNERS)
    instructors: dict[str, Instructor] = {}
    staff: dict[str, list[str]] = {}
    names = [f"{f} {l}" for f in FIRST for l in LAST]
    rng.shuffle(names)
    pos = 0
    for p in partners:
        staff[p.name] = []
        for _ in range(rng.randint(4, 7)):
            name = names[pos]
            pos += 1
            title = rng.choice(COMPANY_TITLES if p.kind == "company" else TITLES)
            field_ = rng.choice(p.subjects)
            years = rng.randint(4, 28)
            where = p.name
            bio = (f"{name} is {'a' if title[0] not in 'AEIOU' else 'an'} {title} at {where}, working in "
                   f"{field_.lower()} for {years} years. {name.split()[0]} has taught thousands of learners online "
                   f"and enjoys turning difficult ideas into practical, hands-on lessons.")
            ins = Instructor(name, slugify(name), title, p.name, bio)
            instructors[ins.slug] = ins
            staff[p.name].append(ins.slug)

    courses: list[Course] = []
    seen: set[str] = set()
    days = rng.sample(range(8, 2600), COUNT)
    while len(courses) < COUNT:
        p = rng.choice(partners)
        subject = rng.choice(p.subjects) if rng.random() < 0.85 else rng.choice(SUBJECTS)
        topic, skills = rng.choice(TOPICS[subject])
        level = rng.choices(LEVELS, (50, 32, 18))[0]
        title = rng.choice(TITLE_PATTERNS[level]).format(t=topic)
        if title in seen:
            continue
        seen.add(title)
        if subject == "Language Learning" and topic in ("Spanish", "French", "German", "Mandarin Chinese"):
            language = "English" if rng.random() < 0.7 else rng.choice(LANGUAGES[1:])
        else:
            language = rng.choices(LANGUAGES, LANGUAGE_WEIGHTS)[0]
        n_mod = rng.randint(3, 7)
        pats = rng.sample(MODULE_PATTERNS[1:-2], n_mod - 2)
        mod_titles = [MODULE_PATTERNS[0]] + pats + [rng.choice(MODULE_PATTERNS[-2:])]
        scale = {"Beginner": 0.7, "Intermediate": 1.0, "Advanced": 1.5}[level] * rng.uniform(0.55, 2.9)
        modules = []
        skill_pool = list(skills)
        for i, mt in enumerate(mod_titles):
            videos, readings, quizzes = rng.randint(2, 12), rng.randint(1, 7), rng.randint(0, 3)
            hours = max(1, round((videos * 0.12 + readings * 0.2 + quizzes * 0.3) * scale + rng.choice((0, 0, 0, 1))))
            modules.append(Module(mt.format(t=topic, s=skill_pool[i % len(skill_pool)]), videos, readings, quizzes, hours))
        stars = _stars(rng)
        ratings = sum(stars.values())
        enrolled = ratings * rng.randint(9, 40) + rng.randint(100, 999)
        n_ins = rng.choices((1, 2, 3), (55, 35, 10))[0]
        ins = tuple(rng.sample(staff[p.name], n_ins))
        free = rng.random() < 0.55
        price = rng.choice((39, 49, 49, 59, 79))
        trial = 14 if p.kind == "company" else 7
        nskills = rng.randint(4, 5)
        c = Course(
            id=len(courses) + 1, slug=slugify(title), title=title, subject=subject, topic=topic, level=level,
            language=language, partner=p.name, instructors=ins, modules=tuple(modules),
            skills=tuple(rng.sample(skills, nskills)), stars=stars, enrolled=enrolled,
            launched=TODAY - timedelta(days=days[len(courses)]), free=free, monthly_price=price, trial_days=trial,
            description=(f"This {level.lower()} course from {p.name} teaches {topic.lower()} step by step, "
                         f"with short videos, readings and graded quizzes. By the end you will be able to apply "
                         f"{skills[0].lower()} and {skills[1].lower()} with confidence."),
            hue=rng.randint(0, 359),
        )
        courses.append(c)

    specs: list[Specialization] = []
    groups: dict[tuple[str, str], list[Course]] = {}
    for c in courses:
        groups.setdefault((c.partner, c.subject), []).append(c)
    used_titles: set[str] = set()
    for (pname, subject), members in sorted(groups.items()):
        if len(members) < 3:
            continue
        members = sorted(members, key=lambda c: (LEVELS.index(c.level), c.id))
        n = min(len(members), rng.randint(3, 5))
        chosen = members[:n]
        topic = chosen[0].topic
        kind = "Professional Certificate" if any(p.name == pname and p.kind == "company" for p in partners) else "Specialization"
        title = f"{topic} {kind}"
        if title in used_titles:
            title = f"{subject} Essentials {kind}"
        if title in used_titles:
            continue
        used_titles.add(title)
        level = chosen[0].level if all(c.level == chosen[0].level for c in chosen) else chosen[0].level
        specs.append(Specialization(
            slug=slugify(title), title=title, partner=pname, subject=subject, level=level,
            courses=tuple(c.slug for c in chosen),
            description=(f"A {n}-course series from {pname} that takes you from the basics of {topic.lower()} "
                         f"to job-ready skills in {subject.lower()}. Earn a shareable certificate when you finish "
                         f"every course."),
        ))
    return partners, instructors, tuple(courses), tuple(specs)


def partners() -> tuple[Partner, ...]:
    return _world()[0]


def instructors() -> dict[str, Instructor]:
    return _world()[1]


def courses() -> tuple[Course, ...]:
    """All courses, in id order."""
    return _world()[2]


def specializations() -> tuple[Specialization, ...]:
    return _world()[3]


@lru_cache(maxsize=1)
def _course_index() -> dict[str, Course]:
    return {c.slug: c for c in courses()}


def course(slug: str) -> Course | None:
    return _course_index().get(slug)


def course_by_title(title: str) -> Course:
    return next(c for c in courses() if c.title == title)


def specialization(slug: str) -> Specialization | None:
    return next((s for s in specializations() if s.slug == slug), None)


def specialization_by_title(title: str) -> Specialization:
    return next(s for s in specializations() if s.title == title)


def specializations_of(course_slug: str) -> list[Specialization]:
    return [s for s in specializations() if course_slug in s.courses]


def partner_by_slug(slug: str) -> Partner | None:
    return next((p for p in partners() if p.slug == slug), None)


def instructor_by_name(name: str) -> Instructor:
    return next(i for i in instructors().values() if i.name == name)


def courses_of(instructor_slug: str) -> list[Course]:
    """The courses an instructor teaches, most popular first (as their page lists them)."""
    return sorted((c for c in courses() if instructor_slug in c.instructors), key=lambda c: (-c.enrolled, c.title))


def instructor_stats(instructor_slug: str) -> tuple[int, int]:
    """(learners, courses) shown on an instructor page: learners is the sum of enrolments."""
    mine = courses_of(instructor_slug)
    return sum(c.enrolled for c in mine), len(mine)


def trial_end(c: Course) -> date:
    """The day a free trial started today ends (shown in the Enroll dialog)."""
    return TODAY + timedelta(days=c.trial_days)
