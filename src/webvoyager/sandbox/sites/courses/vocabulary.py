"""The courses site's fixed vocabulary: subjects, levels, languages, partners, topics, title and module
patterns, names and review lines the catalogue is generated from."""

from __future__ import annotations

from webvoyager.sandbox import kit

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
