"""Course catalogue of the courses site (Quillbright), generated deterministically (fixed seed).

About 420 courses from 24 invented partner universities and companies, each with instructors,
modules (videos, readings, quizzes, hours), skills, ratings with a star breakdown and reviews; about
40 multi-course specializations; instructor pages. Tasks and tests call the same functions the
pages use (`search`, `course`, `instructor_stats`, `trial_end`...), so answers never drift.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from webvoyager.sandbox import kit
from webvoyager.sandbox.catalog import TODAY

SEED = 7319
COUNT = 420
PAGE_SIZE = 12

SUBJECTS = ("Data Science", "Computer Science", "Business", "Information Technology", "Health",
            "Arts and Humanities", "Language Learning", "Math and Logic", "Social Sciences",
            "Physical Science and Engineering", "Personal Development")
LEVELS = ("Beginner", "Intermediate", "Advanced")
LANGUAGES = ("English", "Spanish", "French", "Portuguese", "German", "Chinese", "Hindi", "Arabic", "Japanese")
LANGUAGE_WEIGHTS = (62, 9, 7, 5, 4, 4, 4, 3, 2)
DURATIONS = {"short": "Less than 10 hours", "medium": "10 to 20 hours", "long": "20 to 40 hours",
             "xlong": "More than 40 hours"}
PRICES = {"free": "Free to audit", "paid": "Paid only"}
SORTS = {"relevance": "Best match", "popular": "Most popular", "rating": "Highest rated", "newest": "Newest"}

# name, kind, city, primary subjects
PARTNERS = (
    ("Northvale University", "university", "Northvale", ("Data Science", "Computer Science", "Math and Logic")),
    ("University of Ardenmoor", "university", "Ardenmoor", ("Arts and Humanities", "Social Sciences", "Language Learning")),
    ("Coastline Institute of Technology", "university", "Port Calder", ("Computer Science", "Physical Science and Engineering", "Information Technology")),
    ("Keswick School of Economics", "university", "Keswick", ("Business", "Social Sciences", "Math and Logic")),
    ("Marrowgate Medical College", "university", "Marrowgate", ("Health", "Data Science", "Social Sciences")),
    ("University of Saint Elowen", "university", "Saint Elowen", ("Arts and Humanities", "Personal Development", "Health")),
    ("Hollins Bay University", "university", "Hollins Bay", ("Business", "Personal Development", "Data Science")),
    ("Tarrow Polytechnic", "university", "Tarrow", ("Physical Science and Engineering", "Information Technology", "Math and Logic")),
    ("Universidad de Valdemora", "university", "Valdemora", ("Language Learning", "Business", "Social Sciences")),
    ("Ostrava Lane University", "university", "Ostrava Lane", ("Computer Science", "Data Science", "Information Technology")),
    ("Redcliff College of Arts", "university", "Redcliff", ("Arts and Humanities", "Personal Development", "Language Learning")),
    ("University of Kellan Ridge", "university", "Kellan Ridge", ("Health", "Physical Science and Engineering", "Math and Logic")),
    ("Blackmere Business School", "university", "Blackmere", ("Business", "Data Science", "Personal Development")),
    ("Ashgrove State University", "university", "Ashgrove", ("Social Sciences", "Health", "Arts and Humanities")),
    ("Lindqvist Technical University", "university", "Lindqvist", ("Physical Science and Engineering", "Computer Science", "Data Science")),
    ("Université de Montclair", "university", "Montclair", ("Language Learning", "Arts and Humanities", "Business")),
    ("Datalume", "company", "", ("Data Science", "Information Technology", "Computer Science")),
    ("Cloudward", "company", "", ("Information Technology", "Computer Science", "Business")),
    ("Brightmark Analytics", "company", "", ("Data Science", "Business", "Math and Logic")),
    ("Pinecrest Health Network", "company", "", ("Health", "Personal Development", "Business")),
    ("Quillbright Studio", "company", "", ("Personal Development", "Business", "Language Learning")),
    ("Ferrovia Systems", "company", "", ("Information Technology", "Physical Science and Engineering", "Computer Science")),
    ("Orbitline Games", "company", "", ("Computer Science", "Arts and Humanities", "Information Technology")),
    ("Saltmarsh Finance", "company", "", ("Business", "Math and Logic", "Data Science")),
)

# subject -> (topic, skills)
TOPICS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "Data Science": [
        ("Machine Learning", ("Regression", "Classification", "Model Evaluation", "Feature Engineering", "scikit-learn")),
        ("Data Visualization", ("Charts and Graphs", "Dashboards", "Storytelling with Data", "Matplotlib", "Color Theory")),
        ("Statistical Inference", ("Hypothesis Testing", "Confidence Intervals", "Probability", "Sampling", "R Programming")),
        ("SQL for Data Analysis", ("SQL", "Joins", "Aggregation", "Database Queries", "Data Wrangling")),
        ("Data Cleaning", ("Data Quality", "Missing Data", "pandas", "Data Wrangling", "Regular Expressions")),
        ("Time Series Forecasting", ("Forecasting", "ARIMA", "Seasonality", "Trend Analysis", "Python Programming")),
        ("Deep Learning", ("Neural Networks", "Backpropagation", "Convolutional Networks", "PyTorch", "Optimization")),
        ("Natural Language Processing", ("Text Mining", "Tokenization", "Sentiment Analysis", "Word Embeddings", "Transformers")),
        ("A/B Testing", ("Experiment Design", "Statistical Power", "Product Analytics", "Hypothesis Testing", "Metrics")),
        ("Bayesian Statistics", ("Bayesian Inference", "Priors", "Markov Chain Monte Carlo", "Probability", "R Programming")),
    ],
    "Computer Science": [
        ("Python Programming", ("Python Programming", "Functions", "Loops", "Debugging", "Data Structures")),
        ("Algorithms", ("Sorting", "Graph Algorithms", "Dynamic Programming", "Complexity Analysis", "Recursion")),
        ("Java Programming", ("Java", "Object-Oriented Programming", "Classes", "Exceptions", "Unit Testing")),
        ("C++ Programming", ("C++", "Pointers", "Memory Management", "Templates", "Object-Oriented Programming")),
        ("Web Development", ("HTML", "CSS", "JavaScript", "Responsive Design", "Accessibility")),
        ("Software Testing", ("Unit Testing", "Test Automation", "Debugging", "Continuous Integration", "Quality Assurance")),
        ("Game Development", ("Game Design", "Physics Engines", "C#", "Level Design", "Prototyping")),
        ("Mobile App Development", ("Android", "iOS", "User Interface Design", "APIs", "App Publishing")),
        ("Compilers", ("Parsing", "Lexical Analysis", "Code Generation", "Type Systems", "Optimization")),
        ("Operating Systems", ("Processes", "Concurrency", "File Systems", "Memory Management", "Scheduling")),
    ],
    "Business": [
        ("Project Management", ("Agile", "Scrum", "Risk Management", "Stakeholder Management", "Scheduling")),
        ("Digital Marketing", ("SEO", "Social Media Marketing", "Content Strategy", "Email Marketing", "Analytics")),
        ("Financial Accounting", ("Balance Sheets", "Income Statements", "Bookkeeping", "Financial Analysis", "Excel")),
        ("Corporate Finance", ("Valuation", "Capital Budgeting", "Discounted Cash Flow", "Risk and Return", "Excel")),
        ("Business Strategy", ("Competitive Analysis", "Strategic Planning", "Business Models", "Innovation", "Leadership")),
        ("Supply Chain Management", ("Logistics", "Inventory Management", "Procurement", "Operations", "Forecasting")),
        ("Entrepreneurship", ("Business Planning", "Pitching", "Fundraising", "Customer Discovery", "Innovation")),
        ("Negotiation", ("Persuasion", "Conflict Resolution", "Deal Making", "Communication", "Leadership")),
        ("Business Process Management", ("Process Modeling", "Lean", "Six Sigma", "Operations", "Workflow Automation")),
    ],
    "Information Technology": [
        ("Cloud Computing", ("Cloud Architecture", "Virtual Machines", "Storage", "Networking", "Cost Management")),
        ("Cybersecurity", ("Network Security", "Threat Modeling", "Cryptography", "Incident Response", "Risk Management")),
        ("Linux System Administration", ("Linux", "Shell Scripting", "Permissions", "Package Management", "Troubleshooting")),
        ("Computer Networking", ("TCP/IP", "Routing", "DNS", "Network Security", "Troubleshooting")),
        ("DevOps", ("Continuous Integration", "Containers", "Infrastructure as Code", "Monitoring", "Git")),
        ("IT Support", ("Troubleshooting", "Customer Service", "Operating Systems", "Hardware", "Networking")),
        ("Database Administration", ("SQL", "Backups", "Performance Tuning", "Indexing", "Security")),
    ],
    "Health": [
        ("Public Health", ("Epidemiology", "Health Policy", "Biostatistics", "Disease Prevention", "Community Health")),
        ("Nutrition Science", ("Nutrition", "Metabolism", "Diet Planning", "Food Safety", "Health Promotion")),
        ("Anatomy", ("Human Anatomy", "Physiology", "Medical Terminology", "Musculoskeletal System", "Cardiology")),
        ("Mental Health", ("Psychology", "Well-being", "Stress Management", "Counseling", "Resilience")),
        ("Artificial Intelligence for Healthcare", ("Machine Learning", "Medical Imaging", "Clinical Data", "Ethics", "Diagnostics")),
        ("Global Health", ("Health Systems", "Epidemiology", "Health Equity", "Policy Analysis", "Infectious Disease")),
        ("First Aid", ("Emergency Response", "CPR", "Wound Care", "Safety", "Triage")),
    ],
    "Arts and Humanities": [
        ("Music Theory", ("Harmony", "Rhythm", "Ear Training", "Composition", "Notation")),
        ("Creative Writing", ("Storytelling", "Fiction Writing", "Poetry", "Editing", "Character Development")),
        ("Art History", ("Renaissance Art", "Modern Art", "Visual Analysis", "Museums", "Iconography")),
        ("Philosophy", ("Ethics", "Logic", "Critical Thinking", "Metaphysics", "Argumentation")),
        ("Photography", ("Composition", "Lighting", "Photo Editing", "Camera Settings", "Portraits")),
        ("Graphic Design", ("Typography", "Color Theory", "Layout", "Branding", "Adobe Illustrator")),
        ("World History", ("Ancient Civilizations", "Historiography", "Trade Routes", "Empires", "Primary Sources")),
    ],
    "Language Learning": [
        ("Spanish", ("Spanish Grammar", "Conversation", "Vocabulary", "Listening", "Pronunciation")),
        ("English for Business", ("Business Writing", "Presentations", "Email Etiquette", "Negotiation", "Vocabulary")),
        ("French", ("French Grammar", "Conversation", "Vocabulary", "Reading", "Pronunciation")),
        ("Mandarin Chinese", ("Pinyin", "Characters", "Tones", "Conversation", "Listening")),
        ("German", ("German Grammar", "Conversation", "Vocabulary", "Listening", "Writing")),
        ("Academic English", ("Academic Writing", "Essay Structure", "Citations", "Reading", "Critical Thinking")),
    ],
    "Math and Logic": [
        ("Linear Algebra", ("Matrices", "Vectors", "Eigenvalues", "Linear Transformations", "Python Programming")),
        ("Calculus", ("Derivatives", "Integrals", "Limits", "Series", "Optimization")),
        ("Probability", ("Random Variables", "Distributions", "Combinatorics", "Expectation", "Bayes' Rule")),
        ("Discrete Mathematics", ("Logic", "Set Theory", "Graph Theory", "Proofs", "Combinatorics")),
        ("Mathematical Thinking", ("Proofs", "Logic", "Problem Solving", "Number Theory", "Critical Thinking")),
        ("Game Theory", ("Nash Equilibrium", "Strategic Thinking", "Auctions", "Decision Making", "Economics")),
    ],
    "Social Sciences": [
        ("Psychology", ("Cognitive Psychology", "Behavior", "Research Methods", "Memory", "Social Psychology")),
        ("Economics", ("Microeconomics", "Macroeconomics", "Supply and Demand", "Market Structures", "Policy Analysis")),
        ("Sociology", ("Social Theory", "Research Methods", "Inequality", "Culture", "Institutions")),
        ("Political Science", ("Comparative Politics", "Elections", "Public Policy", "International Relations", "Governance")),
        ("Urban Planning", ("Land Use", "Transportation", "Housing Policy", "Sustainability", "GIS")),
        ("Behavioral Economics", ("Decision Making", "Nudges", "Biases", "Experiments", "Policy Design")),
    ],
    "Physical Science and Engineering": [
        ("Renewable Energy", ("Solar Power", "Wind Energy", "Energy Storage", "Grid Systems", "Sustainability")),
        ("3D Printing", ("Additive Manufacturing", "CAD", "Materials", "Prototyping", "Slicing")),
        ("Electrical Engineering", ("Circuits", "Signals", "Electronics", "Power Systems", "Measurement")),
        ("Robotics", ("Kinematics", "Control Systems", "Sensors", "Path Planning", "ROS")),
        ("Climate Science", ("Climate Models", "Carbon Cycle", "Data Analysis", "Policy", "Sustainability")),
        ("Materials Science", ("Crystal Structures", "Polymers", "Metals", "Testing", "Thermodynamics")),
        ("Astronomy", ("Stars", "Planets", "Telescopes", "Cosmology", "Orbital Mechanics")),
    ],
    "Personal Development": [
        ("Public Speaking", ("Presentations", "Storytelling", "Confidence", "Voice", "Persuasion")),
        ("Productivity", ("Time Management", "Goal Setting", "Habits", "Focus", "Planning")),
        ("Leadership", ("Team Building", "Coaching", "Feedback", "Decision Making", "Communication")),
        ("Career Development", ("Resume Writing", "Interviewing", "Networking", "Personal Branding", "Job Search")),
        ("Emotional Intelligence", ("Self-awareness", "Empathy", "Relationships", "Resilience", "Communication")),
        ("Critical Thinking", ("Reasoning", "Argumentation", "Problem Solving", "Decision Making", "Logic")),
    ],
}

TITLE_PATTERNS = {
    "Beginner": ["Introduction to {t}", "{t} for Everyone", "Foundations of {t}", "Getting Started with {t}",
                 "{t} Basics", "First Steps in {t}"],
    "Intermediate": ["Applied {t}", "{t} in Practice", "Practical {t}", "{t}: Tools and Techniques",
                     "Hands-on {t}", "{t} Projects"],
    "Advanced": ["Advanced {t}", "Mastering {t}", "{t}: Advanced Methods", "Frontiers of {t}",
                 "{t} Capstone", "Expert Topics in {t}"],
}
MODULE_PATTERNS = ["Welcome and Overview of {t}", "Core Ideas of {t}", "Working with {s}", "Getting Hands-on with {s}",
                   "Case Study: {s} in the Real World", "Common Pitfalls in {t}", "Going Further with {s}",
                   "Tools of the Trade", "Putting {s} into Practice", "Ethical Considerations", "Final Project",
                   "Review and Next Steps"]
FIRST = ["Amara", "Ben", "Chiara", "Daniel", "Elif", "Farid", "Grace", "Hiro", "Ingrid", "Jonas", "Kavya", "Luis",
         "Mei", "Nikolai", "Olga", "Pedro", "Qing", "Rosa", "Samir", "Tessa", "Umar", "Valentina", "Wen", "Yusuf",
         "Zara", "Anton", "Beatriz", "Colin", "Dalia", "Emeka", "Freya", "Gustavo", "Hana", "Ivan", "Julia", "Kofi",
         "Leona", "Mateo", "Nadia", "Oskar", "Priya", "Rafael", "Sofia", "Tobias", "Uma", "Victor", "Wanda", "Ximena"]
LAST = ["Abernathy", "Baptiste", "Castellano", "Dimitrov", "Eriksen", "Fairweather", "Galloway", "Hartono", "Ibarra",
        "Jovanovic", "Kowalczyk", "Lindgren", "Marchetti", "Nakamura", "Okonkwo", "Petrakis", "Quintero", "Rahimi",
        "Sandoval", "Takahashi", "Underhill", "Varga", "Whitfield", "Xu", "Yilmaz", "Zielinski", "Achterberg",
        "Brannigan", "Coelho", "Delacroix", "Esposito", "Fitzgerald", "Gunawardena", "Halvorsen", "Iwata", "Kerrigan"]
TITLES = ["Professor", "Associate Professor", "Assistant Professor", "Senior Lecturer", "Lecturer", "Teaching Fellow"]
COMPANY_TITLES = ["Principal Engineer", "Lead Instructor", "Senior Data Scientist", "Head of Learning", "Staff Engineer",
                  "Senior Consultant"]
REVIEW_LINES = {
    5: ["Clear explanations and well-paced videos. Highly recommended.", "The assignments were challenging but fair.",
        "One of the best online courses I have taken.", "Great instructor, practical examples throughout."],
    4: ["Very good content, a few videos felt long.", "Solid course; the quizzes could be harder.",
        "Good introduction, I would have liked more exercises.", "Useful and well organised."],
    3: ["Decent, but some readings were outdated.", "OK overall; the pace was uneven."],
    2: ["Too theoretical for my taste.", "The audio quality in some videos was poor."],
    1: ["Not what I expected from the description.", "Assignments did not match the lectures."],
}
REVIEWERS = ["Alex", "Bianca", "Chen", "Dmitri", "Esra", "Femi", "Gabriel", "Helga", "Isabel", "Jae", "Kemal", "Lucia",
             "Marek", "Noor", "Owen", "Paula", "Ruben", "Sana", "Tariq", "Ulla", "Vera", "William", "Yara", "Zoltan"]


def slugify(text: str) -> str:
    return kit.slugify(text, spell={**kit.APOSTROPHES, "++": "pp"})


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
        return round(sum(s * n for s, n in self.stars.items()) / max(1, self.ratings), 1)

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
