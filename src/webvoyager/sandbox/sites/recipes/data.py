"""Recipe content for the recipes site, generated deterministically (fixed seed, fixed TODAY).

About 400 recipes with cuisines, categories, diets, times, ingredients, steps, nutrition and
reviews. Tasks and tests query the same functions the pages use (`search`), so answers never drift.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache

from webvoyager.sandbox import kit
from webvoyager.sandbox.catalog import TODAY

SEED = 4242
COUNT = 400
PAGE_SIZE = 12

CUISINES = ("Italian", "Mexican", "Indian", "Thai", "Japanese", "Chinese", "French", "Greek",
            "American", "Middle Eastern", "Korean", "Spanish")
CATEGORIES = ("Breakfast", "Soups", "Salads", "Mains", "Pasta & Noodles", "Sides", "Snacks",
              "Desserts", "Baking", "Drinks")
DIETS = ("Vegetarian", "Vegan", "Gluten-free", "Dairy-free", "Low-carb")
MAX_TIMES = (15, 30, 45, 60)
SORTS = {"relevance": "Best match", "rating": "Top rated", "reviews": "Most reviewed",
         "newest": "Newest", "quickest": "Quickest"}

# flavour words per cuisine, each with the ingredients it brings
FLAVOURS: dict[str, list[tuple[str, list[tuple[str, str]]]]] = {
    "Italian": [("Tuscan", [("sun-dried tomatoes", "60 g"), ("dried oregano", "1 tsp")]),
                ("Lemon-Basil", [("lemon, zested and juiced", "1"), ("fresh basil", "1 bunch")]),
                ("Pesto", [("basil pesto", "3 tbsp")]), ("Roman", [("garlic cloves", "3"), ("chilli flakes", "1/2 tsp")])],
    "Mexican": [("Chipotle", [("chipotle paste", "2 tbsp")]), ("Lime-Cilantro", [("limes", "2"), ("fresh cilantro", "1 bunch")]),
                ("Ancho", [("ancho chilli powder", "2 tsp"), ("ground cumin", "1 tsp")]), ("Salsa Verde", [("tomatillo salsa", "200 ml")])],
    "Indian": [("Tikka", [("tikka spice blend", "2 tbsp"), ("ginger", "1 thumb")]), ("Masala", [("garam masala", "2 tsp"), ("chopped tomatoes", "400 g")]),
               ("Tandoori", [("tandoori paste", "3 tbsp")]), ("Saag", [("baby spinach", "200 g"), ("cumin seeds", "1 tsp")])],
    "Thai": [("Lemongrass", [("lemongrass stalks", "2"), ("fish-free sauce", "1 tbsp")]), ("Green Curry", [("green curry paste", "2 tbsp"), ("coconut milk", "400 ml")]),
             ("Peanut", [("smooth peanut butter", "3 tbsp"), ("lime", "1")]), ("Thai Basil", [("Thai basil", "1 bunch"), ("bird's eye chilli", "1")])],
    "Japanese": [("Miso", [("white miso", "2 tbsp")]), ("Teriyaki", [("teriyaki sauce", "4 tbsp")]),
                 ("Sesame", [("toasted sesame oil", "1 tbsp"), ("sesame seeds", "1 tbsp")]), ("Ginger-Soy", [("ginger", "1 thumb"), ("tamari", "3 tbsp")])],
    "Chinese": [("Kung Pao", [("dried chillies", "6"), ("roasted peanuts", "50 g")]), ("Five-Spice", [("five-spice powder", "1 tsp")]),
                ("Szechuan", [("Szechuan peppercorns", "1 tsp"), ("chilli oil", "1 tbsp")]), ("Black Bean", [("black bean sauce", "3 tbsp")])],
    "French": [("Provençal", [("herbes de Provence", "2 tsp"), ("black olives", "50 g")]), ("Dijon", [("Dijon mustard", "2 tbsp")]),
               ("Tarragon", [("fresh tarragon", "1 small bunch")]), ("Brown Butter", [("butter", "60 g")])],
    "Greek": [("Lemon-Oregano", [("lemon", "1"), ("dried oregano", "2 tsp")]), ("Feta", [("feta cheese", "120 g")]),
              ("Souvlaki-Style", [("smoked paprika", "1 tsp"), ("garlic cloves", "2")]), ("Kalamata Olive", [("Kalamata olives", "80 g")])],
    "American": [("Smoky BBQ", [("barbecue sauce", "5 tbsp")]), ("Maple", [("maple syrup", "3 tbsp")]),
                 ("Cajun", [("Cajun seasoning", "1 tbsp")]), ("Honey Mustard", [("honey", "2 tbsp"), ("wholegrain mustard", "1 tbsp")])],
    "Middle Eastern": [("Za'atar", [("za'atar", "2 tbsp")]), ("Harissa", [("rose harissa", "2 tbsp")]),
                       ("Sumac", [("ground sumac", "2 tsp"), ("red onion", "1")]), ("Tahini", [("tahini", "4 tbsp"), ("lemon", "1")])],
    "Korean": [("Gochujang", [("gochujang paste", "2 tbsp")]), ("Bulgogi-Style", [("soy sauce", "3 tbsp"), ("grated pear", "1/2")]),
               ("Kimchi", [("kimchi", "150 g")]), ("Sesame-Garlic", [("garlic cloves", "4"), ("sesame oil", "1 tbsp")])],
    "Spanish": [("Smoked Paprika", [("smoked paprika", "2 tsp")]), ("Saffron", [("saffron threads", "1 pinch")]),
                ("Romesco", [("roasted red peppers", "150 g"), ("almonds", "40 g")]), ("Chorizo-Spiced", [("sweet paprika", "1 tbsp"), ("fennel seeds", "1 tsp")])],
}

# main ingredients: name, amount per 4 servings, kind (meat/fish/veg/dairy/egg), carb-heavy
MAINS = [("Chicken", "chicken thighs", 600, "meat", False), ("Beef", "beef sirloin", 500, "meat", False),
         ("Pork", "pork tenderloin", 500, "meat", False), ("Salmon", "salmon fillets", 480, "fish", False),
         ("Shrimp", "raw king prawns", 400, "fish", False), ("Tofu", "firm tofu", 400, "veg", False),
         ("Chickpea", "cooked chickpeas", 480, "veg", True), ("Lentil", "red lentils", 250, "veg", True),
         ("Mushroom", "chestnut mushrooms", 450, "veg", False), ("Eggplant", "eggplants", 600, "veg", False),
         ("Cauliflower", "cauliflower", 800, "veg", False), ("Sweet Potato", "sweet potatoes", 700, "veg", True),
         ("Halloumi", "halloumi", 250, "dairy", False), ("Egg", "eggs", 6, "egg", False),
         ("Black Bean", "cooked black beans", 480, "veg", True), ("Zucchini", "zucchini", 600, "veg", False)]

# dish types per savoury category: name, method, contains (gluten/dairy/egg), carb-heavy, extra ingredients
DISHES: dict[str, list[tuple[str, str, set[str], bool, list[tuple[str, str]]]]] = {
    "Mains": [("Skillet", "pan", set(), False, [("red bell pepper", "1"), ("onion", "1")]),
              ("Stir-Fry", "wok", set(), False, [("broccoli florets", "250 g"), ("spring onions", "4")]),
              ("Traybake", "oven", set(), False, [("cherry tomatoes", "250 g"), ("red onions", "2")]),
              ("Skewers", "grill", set(), False, [("red onion", "1"), ("bell peppers", "2")]),
              ("Curry", "pot", set(), False, [("onion", "1"), ("vegetable stock", "300 ml")]),
              ("Tacos", "pan", {"gluten"}, True, [("small flour tortillas", "8"), ("shredded lettuce", "1/2 head")]),
              ("Burgers", "grill", {"gluten", "egg"}, True, [("brioche buns", "4"), ("egg", "1")]),
              ("Rice Bowls", "pan", set(), True, [("jasmine rice", "300 g"), ("cucumber", "1")])],
    "Soups": [("Soup", "pot", set(), False, [("vegetable stock", "1.2 l"), ("carrots", "2")]),
              ("Chowder", "pot", {"dairy"}, True, [("potatoes", "400 g"), ("whole milk", "500 ml")]),
              ("Noodle Soup", "pot", {"gluten"}, True, [("wheat noodles", "200 g"), ("vegetable stock", "1.5 l")])],
    "Salads": [("Salad", "raw", set(), False, [("mixed leaves", "150 g"), ("cucumber", "1")]),
               ("Grain Salad", "raw", {"gluten"}, True, [("cooked bulgur wheat", "300 g"), ("parsley", "1 bunch")]),
               ("Slaw", "raw", set(), False, [("red cabbage", "1/2"), ("carrots", "2")])],
    "Pasta & Noodles": [("Pasta", "pot", {"gluten"}, True, [("penne", "400 g"), ("parmesan", "40 g")]),
                        ("Linguine", "pot", {"gluten"}, True, [("linguine", "400 g"), ("garlic cloves", "2")]),
                        ("Noodles", "wok", {"gluten"}, True, [("egg noodles", "300 g"), ("pak choi", "2 heads")]),
                        ("Rice Noodles", "wok", set(), True, [("flat rice noodles", "250 g"), ("bean sprouts", "150 g")])],
    "Breakfast": [("Frittata", "oven", {"egg", "dairy"}, False, [("eggs", "8"), ("milk", "50 ml")]),
                  ("Breakfast Hash", "pan", set(), True, [("potatoes", "500 g"), ("onion", "1")]),
                  ("Breakfast Burritos", "pan", {"gluten", "egg"}, True, [("large tortillas", "4"), ("eggs", "6")]),
                  ("Shakshuka", "pan", {"egg"}, False, [("chopped tomatoes", "800 g"), ("eggs", "4")])],
    "Sides": [("Roast", "oven", set(), False, [("olive oil", "3 tbsp"), ("garlic cloves", "3")]),
              ("Gratin", "oven", {"dairy"}, True, [("double cream", "300 ml"), ("gruyère", "80 g")]),
              ("Fried Rice", "wok", set(), True, [("cooked rice", "500 g"), ("peas", "100 g")])],
    "Snacks": [("Fritters", "pan", {"gluten", "egg"}, True, [("plain flour", "80 g"), ("egg", "1")]),
               ("Dip", "raw", set(), False, [("Greek-style plant yogurt", "200 g"), ("lemon", "1")]),
               ("Flatbreads", "oven", {"gluten"}, True, [("flatbreads", "4"), ("rocket", "50 g")]),
               ("Lettuce Cups", "pan", set(), False, [("little gem lettuces", "2"), ("carrot", "1")])],
}

SWEET_FLAVOURS = [("Salted Caramel", [("caramel sauce", "120 ml"), ("sea salt flakes", "1 tsp")]),
                  ("Vanilla", [("vanilla extract", "2 tsp")]), ("Cardamom", [("ground cardamom", "1 tsp")]),
                  ("Honey", [("honey", "4 tbsp")]), ("Cinnamon", [("ground cinnamon", "2 tsp")]),
                  ("Brown Sugar", [("light brown sugar", "100 g")]), ("Coconut", [("desiccated coconut", "50 g")]),
                  ("Ginger", [("ground ginger", "1 tsp")])]
FRUITS = [("Apple", "apples", "4"), ("Blueberry", "blueberries", "250 g"), ("Chocolate", "dark chocolate", "150 g"),
          ("Lemon", "lemons", "3"), ("Mango", "ripe mangoes", "2"), ("Strawberry", "strawberries", "400 g"),
          ("Banana", "ripe bananas", "3"), ("Pumpkin", "pumpkin purée", "400 g"), ("Cherry", "pitted cherries", "300 g"),
          ("Peach", "peaches", "4"), ("Raspberry", "raspberries", "250 g"), ("Pistachio", "shelled pistachios", "100 g")]
SWEET_DISHES: dict[str, list[tuple[str, str, set[str], list[tuple[str, str]]]]] = {
    "Desserts": [("Tart", "oven", {"gluten", "dairy", "egg"}, [("shortcrust pastry", "320 g"), ("eggs", "2")]),
                 ("Cheesecake", "chill", {"gluten", "dairy"}, [("cream cheese", "500 g"), ("digestive biscuits", "200 g")]),
                 ("Crumble", "oven", {"gluten", "dairy"}, [("plain flour", "150 g"), ("butter", "100 g")]),
                 ("Sorbet", "chill", set(), [("caster sugar", "120 g"), ("water", "200 ml")]),
                 ("Rice Pudding", "pot", {"dairy"}, [("pudding rice", "120 g"), ("whole milk", "900 ml")])],
    "Baking": [("Muffins", "bake", {"gluten", "dairy", "egg"}, [("self-raising flour", "300 g"), ("eggs", "2")]),
               ("Loaf Cake", "bake", {"gluten", "dairy", "egg"}, [("plain flour", "225 g"), ("butter", "175 g")]),
               ("Scones", "bake", {"gluten", "dairy"}, [("self-raising flour", "350 g"), ("milk", "175 ml")]),
               ("Cookies", "bake", {"gluten", "dairy", "egg"}, [("plain flour", "250 g"), ("butter", "125 g")]),
               ("Oat Bars", "bake", set(), [("rolled oats", "250 g"), ("coconut oil", "100 g")])],
    "Drinks": [("Smoothie", "blend", set(), [("oat milk", "400 ml"), ("ice", "1 handful")]),
               ("Lassi", "blend", {"dairy"}, [("natural yogurt", "400 g"), ("milk", "100 ml")]),
               ("Iced Tea", "chill", set(), [("black tea bags", "4"), ("water", "1 l")]),
               ("Lemonade", "chill", set(), [("sugar", "100 g"), ("sparkling water", "1 l")])],
}
SWEET_CUISINES = ("French", "American", "Italian", "Indian", "Middle Eastern", "Spanish", "Greek", "Japanese")

METHOD_TIMES = {"pan": (15, 30), "wok": (8, 15), "oven": (25, 55), "grill": (12, 25), "pot": (20, 60),
                "raw": (0, 0), "chill": (0, 0), "bake": (20, 50), "blend": (0, 0)}
FIRST = ["Maya", "Tom", "Priya", "Luca", "Sofia", "Ben", "Aiko", "Omar", "Grace", "Diego", "Hannah", "Kenji",
         "Leila", "Marcus", "Nora", "Ravi", "Elena", "Sam", "Ines", "Jonah", "Chloe", "Felix", "Amara", "Theo"]
LAST = "ABCDEFGHJKLMNPRSTVW"
REVIEW_LINES = {
    5: ["Absolutely delicious, the whole family asked for seconds.", "This is now in our weekly rotation.",
        "Perfect as written, I would not change a thing.", "Restaurant quality at home. Loved it."],
    4: ["Really good. I added a little more seasoning.", "Tasty and easy, took a bit longer than stated.",
        "Great weeknight dinner, will make again.", "Lovely flavours; I halved the recipe for two."],
    3: ["Good but a bit bland for us.", "Fine, though the timings were off in my oven.",
        "Decent. I would add more of the main flavour next time."],
    2: ["Not for us, too salty.", "Came out watery; maybe my pan was too small."],
    1: ["Did not work for me at all.", "Very disappointing, the texture was wrong."],
}


@dataclass(frozen=True)
class Review:
    author: str
    stars: int
    date: date
    text: str


@dataclass
class Recipe:
    """One recipe, with everything its page shows."""

    id: int
    slug: str
    title: str
    category: str
    cuisine: str
    diets: tuple[str, ...]
    prep: int
    cook: int
    servings: int
    author: str
    published: date
    ingredients: list[tuple[str, str]]
    steps: list[str]
    nutrition: dict[str, str]
    stars: dict[int, int]          # star -> number of ratings
    reviews: list[Review] = field(default_factory=list)
    description: str = ""
    hue: int = 0

    @property
    def total(self) -> int:
        return self.prep + self.cook

    @property
    def review_count(self) -> int:
        return sum(self.stars.values())

    @property
    def rating(self) -> float:
        return kit.mean_stars(self.stars)

    @property
    def calories(self) -> int:
        return int(self.nutrition["Calories"].split()[0])


def slugify(text: str) -> str:
    return kit.slugify(text, spell=kit.APOSTROPHES)


def _steps(method: str, main: str, dish: str, flavour_ings: list[tuple[str, str]], extra: list[tuple[str, str]],
           cook: int, rng: random.Random) -> list[str]:
    fl = " and ".join(n for n, _ in flavour_ings)
    ex = extra[0][0]
    temp = rng.choice((180, 190, 200, 220))
    first = {"oven": f"Heat the oven to {temp}°C (fan {temp - 20}°C) and line a large roasting tray.",
             "bake": f"Heat the oven to {temp}°C and grease or line your tin.",
             "grill": "Heat a griddle pan or barbecue until very hot.",
             "chill": "Clear a space in the fridge or freezer and chill your serving dish.",
             "blend": "Chill the glasses while you prepare the ingredients."}.get(method, "Get all your ingredients prepared and measured before you start.")
    steps = [first, f"Prepare the {main.lower()}: trim, rinse and cut into even, bite-sized pieces so it cooks evenly."]
    steps.append(f"Mix the {fl} with a pinch of salt in a bowl, then toss the {main.lower()} through it.")
    if method in ("pan", "wok", "grill"):
        steps.append(f"Cook the {main.lower()} over a high heat for {max(3, cook // 2)} minutes, turning once, until golden.")
        steps.append(f"Add the {ex} and cook for {max(2, cook - cook // 2)} minutes more.")
    elif method in ("oven", "bake"):
        steps.append(f"Combine everything with the {ex}, spread out and bake for {cook} minutes until golden.")
    elif method == "pot":
        steps.append(f"Soften the aromatics in a large pot, add the {main.lower()} and the {ex}, then simmer for {cook} minutes.")
    elif method == "chill":
        steps.append(f"Stir in the {ex}, pour into the dish and chill for at least 2 hours.")
    else:
        steps.append(f"Combine with the {ex} until smooth or evenly mixed.")
    steps.append("Taste and adjust the seasoning with salt, pepper or a squeeze of citrus.")
    finish = rng.choice([f"Serve the {dish.lower()} straight away, scattered with fresh herbs.",
                         f"Let the {dish.lower()} rest for 5 minutes, then serve.",
                         f"Divide between plates or bowls and enjoy the {dish.lower()} warm.",
                         f"Leftover {dish.lower()} keeps in an airtight container in the fridge for up to 3 days."])
    steps.append(finish)
    return steps


def _stars(rng: random.Random) -> dict[int, int]:
    count = int(rng.paretovariate(1.1) * 6) + rng.randint(0, 8)
    count = min(count, 2400)
    quality = rng.uniform(0.2, 1.0)   # how well-liked the recipe is
    weights = [0.02 + (1 - quality) * 0.1, 0.03 + (1 - quality) * 0.15, 0.08 + (1 - quality) * 0.2, 0.3, 0.3 + quality]
    stars = {s: 0 for s in (1, 2, 3, 4, 5)}
    for _ in range(count):
        stars[rng.choices((1, 2, 3, 4, 5), weights)[0]] += 1
    return stars


def _reviews(stars: dict[int, int], published: date, rng: random.Random) -> list[Review]:
    pool = [s for s, n in stars.items() for _ in range(min(n, 3))]
    rng.shuffle(pool)
    span = max(1, (TODAY - published).days)
    days = sorted(rng.sample(range(0, span), min(len(pool[:6]), span)))
    out = []
    for star, back in zip(pool[:6], days):
        author = f"{rng.choice(FIRST)} {rng.choice(LAST)}."
        out.append(Review(author, star, TODAY - timedelta(days=back), rng.choice(REVIEW_LINES[star])))
    return sorted(out, key=lambda r: r.date, reverse=True)


def _nutrition(kind: str, carb_heavy: bool, sweet: bool, rng: random.Random, drink: bool = False) -> dict[str, str]:
    protein = rng.randint(22, 45) if kind in ("meat", "fish") else rng.randint(4, 24)
    carbs = rng.randint(40, 85) if (carb_heavy or sweet) else rng.randint(6, 28)
    fat = rng.randint(6, 32)
    sugar = rng.randint(18, 48) if sweet else rng.randint(2, 12)
    extra, fibre, salt = rng.randint(0, 9), rng.randint(1, 12), rng.randint(2, 28)
    if drink:   # a glass is lighter than a plate (same random draws, so other recipes do not change)
        protein, carbs, fat, fibre, salt = protein // 4, carbs // 2, fat // 8, fibre // 4, salt // 8
    calories = protein * 4 + carbs * 4 + fat * 9 + extra
    return {"Calories": f"{calories} kcal", "Protein": f"{protein} g", "Carbohydrates": f"{carbs} g",
            "Sugars": f"{min(sugar, carbs)} g", "Fat": f"{fat} g", "Fibre": f"{fibre} g",
            "Salt": f"{salt / 10:.1f} g"}


def _diets(kind: str, contains: set[str], carb_heavy: bool) -> tuple[str, ...]:
    out = []
    if kind not in ("meat", "fish"):
        out.append("Vegetarian")
        if kind == "veg" and not contains & {"dairy", "egg"}:
            out.append("Vegan")
    if "gluten" not in contains:
        out.append("Gluten-free")
    if kind != "dairy" and "dairy" not in contains:
        out.append("Dairy-free")
    if not carb_heavy:
        out.append("Low-carb")
    return tuple(out)


@lru_cache(maxsize=1)
def recipes() -> tuple[Recipe, ...]:
    """All recipes, in id order (generated once per process)."""
    rng = random.Random(SEED)
    seen: set[str] = set()
    out: list[Recipe] = []
    day_offsets = rng.sample(range(3, 1900), COUNT)
    savoury_cats = list(DISHES)
    while len(out) < COUNT:
        sweet = rng.random() < 0.25
        if sweet:
            category = rng.choice(list(SWEET_DISHES))
            dish, method, contains, extra = rng.choice(SWEET_DISHES[category])
            flavour, fl_ings = rng.choice(SWEET_FLAVOURS)
            fruit, fruit_ing, amount = rng.choice(FRUITS)
            title = f"{flavour} {fruit} {dish}"
            cuisine = rng.choice(SWEET_CUISINES)
            kind, carb_heavy, main = "veg", True, fruit
            ingredients = [(fruit_ing, amount)] + fl_ings + extra
            if contains & {"dairy", "egg"}:
                kind = "dairy"
        else:
            category = rng.choice(savoury_cats)
            dish, method, contains, dish_carbs, extra = rng.choice(DISHES[category])
            cuisine = rng.choice(CUISINES)
            flavour, fl_ings = rng.choice(FLAVOURS[cuisine])
            main, main_ing, grams, kind, main_carbs = rng.choice(MAINS)
            if category == "Breakfast" and kind in ("fish",):
                continue
            title = f"{flavour} {main} {dish}"
            carb_heavy = dish_carbs or main_carbs
            unit = "" if main_ing == "eggs" else " g"
            ingredients = [(main_ing, f"{grams}{unit}")] + fl_ings + extra + [("olive oil", "2 tbsp"), ("salt and black pepper", "to taste")]
        if title in seen:
            continue
        seen.add(title)
        lo, hi = METHOD_TIMES[method]
        cook = rng.randint(lo, hi) if hi else 0
        prep = rng.choice((5, 10, 10, 15, 15, 20, 25, 30))
        if method == "chill":
            prep += 10
        published = TODAY - timedelta(days=day_offsets[len(out)])
        stars = _stars(rng)
        rid = len(out) + 1
        recipe = Recipe(
            id=rid, slug=slugify(title), title=title, category=category, cuisine=cuisine,
            diets=_diets(kind, set(contains), carb_heavy), prep=prep, cook=cook,
            servings=rng.choice((2, 4, 4, 4, 6, 6, 8, 12)) if not sweet else rng.choice((4, 6, 8, 10, 12)),
            author=f"{rng.choice(FIRST)} {rng.choice(LAST)}.", published=published, ingredients=ingredients,
            steps=_steps(method, main, dish, fl_ings, extra, cook, rng),
            nutrition=_nutrition(kind, carb_heavy, sweet, rng, drink=category == "Drinks"), stars=stars,
            description=f"{'A sweet' if sweet else 'A'} {cuisine.lower()}-inspired {dish.lower()} with "
                        f"{flavour.lower()} flavours, ready in {prep + cook} minutes.",
            hue=rng.randint(0, 359),
        )
        recipe.reviews = _reviews(stars, published, rng)
        out.append(recipe)
    return tuple(out)


@lru_cache(maxsize=1)
def by_slug() -> dict[str, Recipe]:
    return {r.slug: r for r in recipes()}


def _matches(recipe: Recipe, words: list[str]) -> bool:
    hay = " ".join([recipe.title, recipe.cuisine, recipe.category] + [n for n, _ in recipe.ingredients]).lower()
    return all(w in hay for w in words)


def search(q: str = "", diets: list[str] | None = None, cuisines: list[str] | None = None,
           max_time: int | None = None, category: str | None = None, sort: str = "relevance") -> list[Recipe]:
    """The recipes a search page lists, in display order.

    Words must all occur (title, cuisine, category or an ingredient); every checked diet must apply;
    any checked cuisine may match; `max_time` bounds the total time.
    """
    words = q.lower().split()
    found = [r for r in recipes()
             if _matches(r, words)
             and all(d in r.diets for d in (diets or []))
             and (not cuisines or r.cuisine in cuisines)
             and (max_time is None or r.total <= max_time)
             and (category is None or r.category == category)]
    if sort == "rating":
        found.sort(key=lambda r: (-r.rating, -r.review_count, r.title))
    elif sort == "reviews":
        found.sort(key=lambda r: (-r.review_count, r.title))
    elif sort == "newest":
        found.sort(key=lambda r: r.published, reverse=True)
    elif sort == "quickest":
        found.sort(key=lambda r: (r.total, r.title))
    else:   # best match: title hits first, then popular
        found.sort(key=lambda r: (not all(w in r.title.lower() for w in words), -r.review_count, r.title))
    return found
