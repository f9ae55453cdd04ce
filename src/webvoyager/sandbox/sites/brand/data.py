"""Content of the brand site (Lumen, an invented consumer-electronics maker), fixed and deterministic.

Product lines (phones, laptops, tablets, watches, audio) with their models and tech specs; buy
families with option groups (size, chip, memory, storage, connectivity, glass, colour, band) whose
prices and compatibility rules the configurator applies in JavaScript from the same data; care plans;
trade-in values; repair prices (current and older models); accessories; and stores with hours.
Tasks and tests call the functions here (`config_price`, `trade_in_value`, `repair_price`,
`stores_near`, `accessories_search`, ...), so answers never drift from what the pages show.

This module gathers them from one module per topic: `lineup` (lines, models and specs, and the
configurator's families and prices), `service` (trade-in and repair), `accessories`, `stores` (and
support articles) and `bag`.
"""

from __future__ import annotations

from webvoyager.sandbox.sites.brand.lineup import (
    SEED, LINES, LINE_TITLES, LINE_NAMES, PAGE_SIZE, slugify, money, Model, PHONE8_COLOURS, PRO_COLOURS,
    PHONE7_COLOURS, AIR_COLOURS, BOOKPRO_COLOURS, TAB_COLOURS, TABAIR_COLOURS, MODELS, models_by_slug, line_models,
    model, Option, Group, CarePlan, Family, FAMILIES, families_by_slug, family, resolve, option, find_option,
    config_price, from_price, family_json,
)
from webvoyager.sandbox.sites.brand.service import (
    Device, devices, device, devices_of, CONDITIONS, CONDITION_SHARE, trade_in_value, trade_in_lines, REPAIRS,
    repair_prices, repair_price,
)
from webvoyager.sandbox.sites.brand.accessories import (
    ACC_CATEGORIES, Accessory, accessories, accessories_by_slug, ACC_SORTS, accessories_search,
)
from webvoyager.sandbox.sites.brand.stores import (
    Place, PLACES, STORE_SPECS, WEEKDAYS, SPECIAL_DAY, Store, stores, store, find_place, stores_near,
    SUPPORT_TOPICS,
)
from webvoyager.sandbox.sites.brand.bag import bag_item, accessory_item, bag_total

__all__ = [
    "SEED", "LINES", "LINE_TITLES", "LINE_NAMES", "PAGE_SIZE", "slugify", "money", "Model", "PHONE8_COLOURS",
    "PRO_COLOURS", "PHONE7_COLOURS", "AIR_COLOURS", "BOOKPRO_COLOURS", "TAB_COLOURS", "TABAIR_COLOURS", "MODELS",
    "models_by_slug", "line_models", "model", "Option", "Group", "CarePlan", "Family", "FAMILIES",
    "families_by_slug", "family", "resolve", "option", "find_option", "config_price", "from_price", "family_json",
    "Device", "devices", "device", "devices_of", "CONDITIONS", "CONDITION_SHARE", "trade_in_value",
    "trade_in_lines", "REPAIRS", "repair_prices", "repair_price", "ACC_CATEGORIES", "Accessory", "accessories",
    "accessories_by_slug", "ACC_SORTS", "accessories_search", "Place", "PLACES", "STORE_SPECS", "WEEKDAYS",
    "SPECIAL_DAY", "Store", "stores", "store", "find_place", "stores_near", "SUPPORT_TOPICS", "bag_item",
    "accessory_item", "bag_total",
]
