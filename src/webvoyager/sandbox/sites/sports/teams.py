"""Fixed facts of the sports site: leagues, teams, venues and the name pools players are drawn from.

Everything is invented: cities, clubs, arenas and people. `data.py` builds rosters and seasons on top.
"""

from __future__ import annotations

from dataclasses import dataclass

from webvoyager.sandbox.kit import slugify as slug


@dataclass(frozen=True)
class League:
    key: str          # URL segment: /abl/..., /crown/...
    name: str
    short: str
    sport: str        # "basketball" or "football"


ABL = League("abl", "Apex Basketball League", "ABL", "basketball")
CROWN = League("crown", "Crown League", "Crown League", "football")
LEAGUES = {ABL.key: ABL, CROWN.key: CROWN}

SEASONS = ("2025-26", "2024-25", "2023-24")   # current first
CURRENT = SEASONS[0]


@dataclass(frozen=True)
class Team:
    key: str            # slug, unique across leagues
    league: str
    name: str           # full name, e.g. "Ashport Mariners"
    abbr: str
    venue: str
    capacity: int
    coach: str
    conference: str = ""
    division: str = ""
    rating: float = 0.0  # strength, drives results

    @property
    def url(self) -> str:
        return f"/{self.league}/team/{self.key}"


def _abl(name: str, abbr: str, conf: str, div: str, venue: str, cap: int, coach: str, rating: float) -> Team:
    return Team(slug(name), "abl", name, abbr, venue, cap, coach, conf, div, rating)


ABL_TEAMS: tuple[Team, ...] = (
    _abl("Ashport Mariners", "ASH", "East", "Harbor", "Quayside Arena", 18_200, "Dana Whitcombe", 6.0),
    _abl("Kingsbridge Monarchs", "KNG", "East", "Harbor", "Crown Point Center", 19_000, "Marco Ellery", 3.5),
    _abl("Cedar Falls Comets", "CDF", "East", "Harbor", "Falls Fieldhouse", 17_400, "Rita Okonjo", -2.0),
    _abl("Lakemont Lynx", "LKM", "East", "Harbor", "Lakemont Garden", 16_800, "Howard Pruitt", -5.5),
    _abl("Northwick Owls", "NWK", "East", "Harbor", "The Roost", 15_900, "Sergio Valcourt", 1.0),
    _abl("Granite City Stags", "GRC", "East", "Summit", "Granite Dome", 18_600, "Tess Harlan", 4.5),
    _abl("Halden Herons", "HAL", "East", "Summit", "Heronsgate Arena", 17_000, "Bram Osterhout", -1.0),
    _abl("Millbrook Miners", "MIL", "East", "Summit", "Pithead Pavilion", 16_200, "Lena Castro", -6.5),
    _abl("Riverton Rapids", "RIV", "East", "Summit", "Riverton Center", 17_800, "Owen Maddox", 2.5),
    _abl("Stonebridge Sentinels", "STB", "East", "Summit", "Sentinel Hall", 18_900, "Farrah Idowu", 0.0),
    _abl("Redrock Coyotes", "RDR", "West", "Canyon", "Mesa Bank Arena", 17_500, "Jack Tillman", 5.0),
    _abl("Dustwater Drifters", "DUS", "West", "Canyon", "Dry Creek Arena", 15_500, "Noelle Park", -4.0),
    _abl("Solano Flares", "SOL", "West", "Canyon", "Sunburst Center", 18_100, "Victor Amari", 2.0),
    _abl("Mesa Verde Vipers", "MVV", "West", "Canyon", "Pit of Vipers", 16_400, "Carla Benedek", -3.0),
    _abl("Copper Ridge Condors", "CPR", "West", "Canyon", "Copper Summit Arena", 17_200, "Ian Fairweather", 0.5),
    _abl("Bayview Breakers", "BAY", "West", "Coast", "Breakwater Arena", 19_200, "Maya Lindholm", 7.0),
    _abl("Seacliff Pilots", "SEA", "West", "Coast", "Cliffside Center", 17_900, "Dario Quist", 3.0),
    _abl("Pinecrest Lumberjacks", "PIN", "West", "Coast", "Timberyard", 16_000, "Grant Oyelaran", -2.5),
    _abl("Fairhaven Foxes", "FAI", "West", "Coast", "Den Arena", 16_600, "Ruth Kessling", -0.5),
    _abl("Tidewater Tritons", "TID", "West", "Coast", "Tidewater Pavilion", 17_300, "Paul Anders", 1.5),
)


def _crown(name: str, abbr: str, venue: str, cap: int, coach: str, rating: float) -> Team:
    return Team(slug(name), "crown", name, abbr, venue, cap, coach, rating=rating)


CROWN_TEAMS: tuple[Team, ...] = (
    _crown("Ashport Athletic", "ASA", "Harbourside Park", 41_200, "Gregor Halvorsen", 0.55),
    _crown("Kingsbridge Rovers", "KBR", "Kings Lane", 33_500, "Miguel Sarrat", 0.35),
    _crown("Halden United", "HDU", "The Citadel", 52_000, "Aleksander Brandt", 0.60),
    _crown("Millbrook Town", "MBT", "Millfield", 21_800, "Colin Ruddock", -0.35),
    _crown("Riverton Wanderers", "RVW", "Weir Road", 27_400, "Sven Aaltonen", 0.10),
    _crown("Stonebridge City", "SBC", "Stonebridge Stadium", 44_700, "Pietro Valli", 0.40),
    _crown("Northwick FC", "NWF", "Northgate", 25_300, "Hamish Cairns", -0.10),
    _crown("Bayview Albion", "BVA", "Albion Ground", 30_900, "Jonas Ekdahl", 0.20),
    _crown("Seacliff Harriers", "SCH", "Cliff Top Park", 19_600, "Nuno Lobato", -0.45),
    _crown("Cedar Falls Rangers", "CFR", "Cedar Road", 23_100, "Declan Moyes", -0.20),
    _crown("Lakemont Forest", "LKF", "Forest Bowl", 28_800, "Adrian Kessel", 0.05),
    _crown("Granite Athletic", "GRA", "Quarry Lane", 24_400, "Tomas Ribeiro", -0.30),
    _crown("Redrock Villa", "RRV", "Villa Crescent", 31_600, "Stefan Orlov", 0.25),
    _crown("Fairhaven Borough", "FHB", "Borough Park", 18_200, "Liam Gallacher", -0.55),
    _crown("Copper Ridge Rovers", "CRR", "Copper Field", 22_600, "Henrik Vass", -0.15),
    _crown("Dustwater County", "DWC", "County Ground", 20_400, "Mateo Ferraz", -0.40),
    _crown("Tidewater Town", "TWT", "Tidewater Road", 26_200, "Oscar Lindahl", 0.00),
    _crown("Pinecrest Palace", "PCP", "Pine Grove", 29_500, "Ruben Castelo", 0.15),
)

TEAMS: dict[str, Team] = {t.key: t for t in ABL_TEAMS + CROWN_TEAMS}


def teams_of(league: str) -> tuple[Team, ...]:
    return ABL_TEAMS if league == "abl" else CROWN_TEAMS


FIRST_NAMES = ("Aaron", "Bastien", "Caleb", "Dante", "Elias", "Fabian", "Gideon", "Hugo", "Isaac", "Jalen", "Kofi",
               "Luca", "Malik", "Nico", "Omar", "Pablo", "Quentin", "Rafael", "Silas", "Theo", "Umar", "Viktor",
               "Wesley", "Xavier", "Yannick", "Zane", "Andre", "Bruno", "Cyrus", "Darius", "Emil", "Felix", "Goran",
               "Henrik", "Ivo", "Jonah", "Kai", "Leon", "Marius", "Nils", "Oskar", "Pierre", "Rasmus", "Stefan",
               "Tobias", "Ulysses", "Vasco", "Wilhelm", "Yusuf", "Zoran", "Amadou", "Bernard", "Cormac", "Dmitri",
               "Enzo", "Florin", "Gael", "Hakim", "Idris", "Joaquin")
LAST_NAMES = ("Abara", "Bellweather", "Carrow", "Dunleavy", "Ekwueme", "Fontaine", "Gallardo", "Holloway", "Ibsen",
              "Jankowski", "Kettering", "Lachance", "Mbeki", "Nordahl", "Okoro", "Pellegrini", "Quarles", "Rourke",
              "Sandoval", "Teodor", "Umeh", "Vasquez", "Winslow", "Yelchin", "Zarate", "Achebe", "Brannigan",
              "Castellano", "Delaney", "Eriksen", "Fairclough", "Gustavsson", "Hargreaves", "Iwobi", "Jovanovic",
              "Kowalczyk", "Lindstrom", "Marchand", "Novak", "Ortega", "Petrov", "Quintero", "Rasmussen", "Sorensen",
              "Takahashi", "Uzoma", "Varga", "Whitaker", "Xenakis", "Youngblood", "Zielinski", "Ashworth", "Bakare",
              "Cordero", "Dubois", "Esposito", "Falk", "Grealey", "Haugen", "Ilunga", "Jessup", "Kamara", "Lomax",
              "Moreau", "Nakashima", "Osei", "Pruitt", "Radu", "Stroud", "Thorsen", "Ulloa", "Vukovic", "Wade")
HOMETOWNS = ("Port Halden", "Velmora", "Ashgrove", "Kestrel Bay", "Norhaven", "Estmere", "Caldris", "Pellin", "Saros",
             "Tirva", "Corvell City", "Odun", "Brisk Harbour", "Halvor", "Quen", "Lusa", "Drevmoor", "Marrow Point")
OFFICIALS = ("K. Marlowe", "D. Sefton", "A. Rinaldi", "P. Okafor", "J. Lindqvist", "M. Baptiste", "S. Greer",
             "T. Nakamura", "L. Varga", "R. Osei", "E. Hollis", "B. Dunmore", "C. Ferreira", "N. Haddad")
