"""Word lists for Port Calder's places: name parts per category, named museums, parks and cinemas,
amenities, and the phrases and first names that written reviews are made from (all invented)."""

from __future__ import annotations

CUISINES: dict[str, tuple[str, ...]] = {
    "Italian": ("Trattoria {p}", "{p} Osteria", "Casa {p}"),
    "Thai": ("{p} Thai Kitchen", "Baan {p}"),
    "Indian": ("{p} Tandoor", "{p} Spice House"),
    "Japanese": ("{p} Sushi", "{p} Ramen Bar", "Izakaya {p}"),
    "Mexican": ("{p} Cantina", "Taqueria {p}"),
    "Greek": ("{p} Taverna",),
    "Lebanese": ("{p} Mezze House",),
    "Vietnamese": ("{p} Pho House",),
    "French": ("Bistro {p}", "Brasserie {p}"),
    "Korean": ("{p} Korean BBQ",),
    "Seafood": ("{p} Oyster Bar", "{p} Fish House"),
    "Pizza": ("{p} Pizzeria", "{p} Pizza Co."),
    "Burger": ("{p} Burger Co.", "{p} Burgers"),
    "Vegan": ("{p} Greens", "{p} Plant Kitchen"),
}

PREFIXES = (
    "Copper", "Juniper", "Saffron", "Willow", "Blue Door", "Red Fern", "Golden Hour", "Little Owl", "Old Mill",
    "Silver Birch", "Brass Lamp", "Ember", "Olive Grove", "Marigold", "Fig Tree", "Cinder", "Pebble", "Wren",
    "Otter", "Maple", "Linden", "Clover", "Hazel", "Amber", "Indigo", "Velvet", "Paper Kite", "Tin Whistle",
    "Stonehouse", "Seven Bells", "Lighthouse", "Anchor", "Driftwood", "Tidepool", "Rosemary", "Bramble",
    "Foxglove", "Nightjar", "Skylark", "Larkspur", "Peppercorn", "Cardamom", "Lemon Tree", "Pomegranate",
    "Bluebell", "Harvest Moon", "Sundial", "Compass Rose", "Quill", "Yellow Gate", "Green Door",
    "Crooked Chimney", "Twin Oaks", "Black Cat", "White Horse", "Moonrise", "Sparrow", "Thornbury", "Wildflower",
    "Rusty Key", "Fern Hollow", "Lantern Light", "Cobalt", "Saltmarsh", "Ironbridge", "Honeycomb", "Orchard Gate",
    "Blackberry", "Starling", "Puffin", "Dandelion", "Mulberry", "Snowdrop", "Clementine", "Bayleaf", "Tamarind",
    "Sesame", "Cedarwood", "Oakhurst", "Mossgrove", "Riverstone", "Kingfisher", "Goldcrest", "Nutmeg", "Galley",
    "Beacon Hill", "Windmill", "Lodestar", "Sandpiper", "Gingerbread", "Bellflower", "Juno", "Marble Arch",
)
SUFFIXES: dict[str, tuple[str, ...]] = {
    "cafe": ("{p} Coffee", "{p} Café", "{p} Roasters", "Café {p}", "{p} Espresso Bar"),
    "bakery": ("{p} Bakery", "{p} Bakehouse", "Boulangerie {p}"),
    "bar": ("The {p} Tavern", "{p} Bar", "The {p} Arms", "{p} Taproom", "{p} Wine Bar"),
    "gallery": ("{p} Gallery", "Gallery {p}", "{p} Art Space"),
    "pharmacy": ("{p} Pharmacy", "{p} Chemist", "{p} Apothecary"),
    "hotel": ("Hotel {p}", "The {p} Hotel", "{p} Inn", "{p} Suites", "{p} House Hotel"),
    "bookstore": ("{p} Books", "{p} Booksellers", "The {p} Bookshop"),
    "gym": ("{p} Fitness", "{p} Gym", "{p} Athletic Club"),
}
# Named places and the district they belong in ("" = anywhere).
MUSEUMS = (
    ("Port Calder Maritime Museum", "Old Harbour"), ("Museum of Clocks and Time", ""),
    ("Calder Natural History Museum", "Lantern Quarter"), ("Tram Depot Museum", ""), ("Glassworks Museum", "Southbank"),
    ("Lantern Quarter Museum of Art", "Lantern Quarter"), ("Museum of the River", "Tidewater"),
    ("Kestrel Hill Observatory Museum", "Kestrel Hill"), ("Customs House Museum", "Old Harbour"),
    ("Museum of Printing", ""), ("Toy & Puppet Museum", ""), ("Millbrook Textile Museum", "Millbrook"),
)
SMALL_PARKS = (("Lantern Square", "Lantern Quarter"), ("Kingsway Green", "Kestrel Hill"),
               ("Tidewater Common", "Tidewater"), ("Quarry Gardens", "Eastwick"))
CINEMAS = (("Reelhouse Cinema", ""), ("The Projector Rooms", ""), ("Northgate Picture Palace", "Northgate"),
           ("Starlight Cinema", ""), ("Harbour Screen", "Old Harbour"))
FUEL_BRANDS = ("Fuelway", "Petrolux", "Kestrel Fuel", "Voltline")
GROCERS = ("FreshCart", "DailyBasket", "Grocer & Co.", "Marlow's Market")

AMENITIES: dict[str, tuple[str, ...]] = {
    "restaurant": ("Outdoor seating", "Takeaway", "Delivery", "Reservations", "Vegetarian options",
                   "Wheelchair-accessible entrance", "Good for kids", "Serves alcohol"),
    "cafe": ("Free Wi-Fi", "Outdoor seating", "Takeaway", "Vegan options", "Wheelchair-accessible entrance",
             "Dogs allowed", "Laptop friendly"),
    "bakery": ("Takeaway", "Gluten-free options", "Seating", "Wheelchair-accessible entrance"),
    "bar": ("Live music", "Outdoor seating", "Sports on TV", "Happy hour", "Cocktails", "Wheelchair-accessible entrance"),
    "museum": ("Wheelchair-accessible entrance", "Guided tours", "Gift shop", "Café on site", "Audio guide"),
    "gallery": ("Free entry", "Wheelchair-accessible entrance", "Gift shop"),
    "park": ("Playground", "Dogs allowed", "Restrooms", "Picnic tables", "Cycle paths"),
    "pharmacy": ("Prescription pickup", "Vaccinations", "Wheelchair-accessible entrance", "Home delivery"),
    "hotel": ("Free Wi-Fi", "Breakfast", "Parking", "Gym", "Pool", "Restaurant", "Pet friendly"),
    "gas": ("Convenience store", "EV charging", "Car wash", "Air pump", "Restrooms"),
    "supermarket": ("Parking", "Home delivery", "Self-checkout", "Wheelchair-accessible entrance"),
    "library": ("Free Wi-Fi", "Study rooms", "Children's corner", "Wheelchair-accessible entrance"),
    "cinema": ("Wheelchair-accessible entrance", "Snack bar", "3D screenings", "Parking"),
    "bookstore": ("Café", "Children's books", "Second-hand section", "Wheelchair-accessible entrance"),
    "gym": ("Showers", "Personal training", "Classes", "Sauna", "Parking"),
    "post": ("Parcel lockers", "Wheelchair-accessible entrance", "Passport photos"),
}

REVIEW_LINES: dict[str, tuple[str, ...]] = {
    "good": (
        "Friendly staff and quick service. We will be back.", "Exactly what I hoped for, and fairly priced.",
        "Lovely spot, clean and calm even on a busy day.", "One of the best in the neighbourhood.",
        "Helpful people who clearly know what they are doing.", "Great atmosphere and easy to reach by tram.",
        "Consistently good every time I have visited.", "Small place with a big heart. Recommended.",
    ),
    "mixed": (
        "Good overall, but it was crowded and a bit slow.", "Decent, though parking nearby is hard to find.",
        "Nice enough. Prices have gone up since last year.", "Fine for a quick visit, nothing special.",
        "The staff were kind but the wait was long.",
    ),
    "bad": (
        "Disappointing visit. The place was closed earlier than the posted hours.",
        "Service was slow and nobody seemed to care.", "Not worth the trip across town, sadly.",
    ),
}
FIRST_NAMES = ("Amira", "Ben", "Chloe", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Keiko",
               "Liam", "Maya", "Nikolai", "Olive", "Priya", "Quentin", "Rosa", "Sami", "Tess", "Umar", "Vera",
               "Wes", "Xenia", "Yusuf", "Zoe")
LAST_INITIALS = "ABCDEFGHJKLMNPRSTVW"
