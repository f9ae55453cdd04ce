"""Quotient's own reference tables: twelve invented countries and their cities.

Every figure is made up for the sandbox (no real place is described). Two names are deliberately
ambiguous, as in real data: "Estrel" is a country and also a city in Caldora, and there is a
"Halvik" in Veloria and another in Norvaine; the engine asks which one is meant.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Country:
    name: str
    capital: str
    population: int
    area_km2: int
    highest_point: str
    highest_m: int
    currency: str
    language: str
    independence: int
    region: str

    @property
    def key(self) -> str:
        return f"country:{self.name.lower()}"


@dataclass(frozen=True)
class City:
    name: str
    country: str
    population: int
    area_km2: float
    elevation_m: int
    founded: int

    @property
    def key(self) -> str:
        return f"city:{self.name.lower()}:{self.country.lower()}"

    @property
    def label(self) -> str:
        return f"{self.name}, {self.country}"


COUNTRIES: tuple[Country, ...] = (
    Country("Veloria", "Aurent", 8_412_300, 92_450, "Mount Sarrow", 2_941, "Velorian crown", "Velorian", 1821, "Western Reach"),
    Country("Kestland", "Harwick", 5_106_750, 61_230, "Kesten Peak", 2_208, "Kest mark", "Kestish", 1907, "Northern Reach"),
    Country("Ombrica", "Porto Ombra", 23_880_400, 301_560, "Monte Vellano", 3_412, "Ombrican lira", "Ombrican", 1866, "Southern Shore"),
    Country("Tarsenn", "Dunmarrow", 2_034_900, 28_870, "Ben Tarrach", 1_344, "Tarsenn pound", "Tarsic", 1948, "Northern Reach"),
    Country("Pellucia", "Lirene", 11_205_600, 143_900, "Pic Aurelle", 3_005, "Pellucian franc", "Pellucian", 1830, "Western Reach"),
    Country("Drovania", "Vostrak", 17_650_200, 255_400, "Mount Drava", 4_118, "Drovan", "Drovanian", 1991, "Eastern Steppe"),
    Country("Norvaine", "Skellby", 3_978_100, 187_300, "Hvitkam", 2_467, "Norvaine krone", "Norvish", 1905, "Northern Reach"),
    Country("Estrel", "Mirabel", 6_745_500, 48_120, "Pico Alvar", 1_987, "Estrel real", "Estrelian", 1822, "Southern Shore"),
    Country("Caldora", "Santa Ivena", 31_420_800, 512_700, "Cerro Ilvan", 5_122, "Caldoran peso", "Caldoran", 1810, "Southern Shore"),
    Country("Lunmark", "Tovik", 1_204_300, 19_650, "Lunfell", 1_102, "Lun mark", "Lunish", 1918, "Northern Reach"),
    Country("Serovia", "Zarevo", 9_876_400, 88_360, "Mount Kestrava", 2_654, "Serovian dinar", "Serovian", 1878, "Eastern Steppe"),
    Country("Quessa", "Qadira", 14_332_000, 204_850, "Jebel Soura", 3_277, "Quessan dirham", "Quessan", 1956, "Southern Shore"),
)

CITIES: tuple[City, ...] = (
    City("Aurent", "Veloria", 1_284_600, 214.5, 118, 1204),
    City("Port Sable", "Veloria", 612_300, 96.2, 4, 1388),
    City("Halvik", "Veloria", 238_900, 54.7, 612, 1540),
    City("Merrowgate", "Veloria", 174_200, 41.3, 87, 1611),
    City("Harwick", "Kestland", 884_100, 167.9, 412, 1122),
    City("Brenholm", "Kestland", 356_700, 88.4, 35, 1290),
    City("Tallow Cross", "Kestland", 129_800, 32.6, 268, 1702),
    City("Porto Ombra", "Ombrica", 3_912_500, 602.3, 21, 845),
    City("Valdessa", "Ombrica", 1_406_800, 290.1, 634, 1096),
    City("Castrano", "Ombrica", 752_400, 143.8, 1_212, 1250),
    City("Lucerna Alta", "Ombrica", 318_600, 71.9, 1_874, 1433),
    City("Dunmarrow", "Tarsenn", 402_700, 98.6, 57, 1167),
    City("Kilbrae", "Tarsenn", 148_300, 39.2, 341, 1394),
    City("Lirene", "Pellucia", 2_145_900, 318.4, 76, 960),
    City("Saint-Orvel", "Pellucia", 684_200, 120.7, 455, 1182),
    City("Beaumarais", "Pellucia", 297_500, 62.1, 9, 1476),
    City("Vostrak", "Drovania", 2_912_300, 488.2, 163, 1031),
    City("Kolvensk", "Drovania", 1_118_400, 251.6, 1_048, 1347),
    City("Drava Falls", "Drovania", 342_900, 77.8, 1_566, 1712),
    City("Skellby", "Norvaine", 701_600, 188.3, 23, 1060),
    City("Halvik", "Norvaine", 184_500, 61.4, 8, 1302),
    City("Fjordstad", "Norvaine", 95_700, 28.9, 146, 1599),
    City("Mirabel", "Estrel", 1_032_800, 176.5, 389, 1147),
    City("Costa Lume", "Estrel", 287_100, 58.4, 12, 1421),
    City("Santa Ivena", "Caldora", 6_204_700, 1_184.9, 2_246, 1545),
    City("Estrel", "Caldora", 412_300, 83.1, 1_730, 1587),
    City("Puerto Calima", "Caldora", 1_876_400, 372.6, 6, 1536),
    City("Tovik", "Lunmark", 296_400, 67.2, 44, 1273),
    City("Nordvik", "Lunmark", 88_900, 24.1, 189, 1480),
    City("Zarevo", "Serovia", 1_672_900, 359.7, 117, 1098),
    City("Drenica", "Serovia", 423_600, 96.4, 502, 1353),
    City("Qadira", "Quessa", 3_104_200, 412.8, 690, 1021),
    City("Marsa Lina", "Quessa", 872_600, 158.3, 3, 1264),
)


@lru_cache(maxsize=1)
def entity_names() -> dict[tuple[str, ...], list[Country | City]]:
    """Lower-cased word tuple of a name -> every country or city with that name (countries first)."""
    from webvoyager.sandbox.sites.compute.lexer import word_tuple

    out: dict[tuple[str, ...], list[Country | City]] = {}
    for c in COUNTRIES:
        out.setdefault(word_tuple(c.name), []).append(c)
    for city in CITIES:
        out.setdefault(word_tuple(city.name), []).append(city)
    return out


def country(name: str) -> Country:
    return next(c for c in COUNTRIES if c.name.lower() == name.lower())


def city(name: str, country_name: str | None = None) -> City:
    return next(c for c in CITIES if c.name.lower() == name.lower()
                and (country_name is None or c.country.lower() == country_name.lower()))


def cities_of(country_name: str) -> list[City]:
    return sorted((c for c in CITIES if c.country == country_name), key=lambda c: -c.population)


def density(entity: Country | City) -> float:
    area = entity.area_km2
    return entity.population / area
