"""The bag: the line items the configurator and the accessory pages put in it, and its total."""

from __future__ import annotations

from webvoyager.sandbox.sites.brand.accessories import accessories
from webvoyager.sandbox.sites.brand.lineup import family, find_option, option, resolve
from webvoyager.sandbox.sites.brand.service import device, trade_in_value



# ----- the bag ----------------------------------------------------------------------------------------

def bag_item(family_slug: str, choices: dict[str, str], care: str = "",
             trade: tuple[str, str] | None = None) -> dict:
    """The bag entry the Buy page's script stores in localStorage["bag"] for a configuration
    (the same keys, values and order), so state checks can be built from the data."""
    fam = family(family_slug)
    ids = resolve(fam, {k: find_option(fam, k, v) for k, v in choices.items()})
    plan = next((p for p in fam.care if p.id == care or p.label == care), None)
    care_price = plan.price[ids["size"]] if plan else 0
    summary = []
    for g in fam.groups:
        if g.key == "size" and len(g.options) == 1:
            continue
        o = option(fam, g.key, ids[g.key])
        summary.append((o.detail or o.label) if g.key == "size" and fam.groups[0].title == "Model" else o.label)
    credit = trade_in_value(*trade) if trade else 0
    dev = device(trade[0]) if trade else None
    return {
        "id": f"{fam.slug}:{'/'.join(ids[g.key] for g in fam.groups)}:{plan.id if plan else ''}:"
              f"{trade[0] + '/' + trade[1] if credit and trade else ''}",
        "family": fam.slug, "model": fam.model_for(ids["size"]).name,
        "config": {g.key: option(fam, g.key, ids[g.key]).label for g in fam.groups},
        "summary": summary, "care": plan.label if plan else "", "care_price": care_price,
        "trade_in": {"device": dev.name, "condition": trade[1], "credit": credit} if credit and dev and trade else None,
        "unit_price": sum(option(fam, k, v).delta for k, v in ids.items()) + care_price, "credit": credit, "qty": 1,
    }


def accessory_item(name: str) -> dict:
    """The bag entry an accessory's "Add to Bag" button stores."""
    a = next(x for x in accessories() if x.name == name)
    return {"id": a.id, "family": "accessory", "model": a.name, "config": {}, "summary": [], "care": "",
            "care_price": 0, "trade_in": None, "unit_price": a.price, "credit": 0, "qty": 1}


def bag_total(items: list[dict]) -> int:
    """What the bag page shows as Total: every line's price times its quantity, less trade-in credits."""
    return sum(it["unit_price"] * it["qty"] - it["credit"] for it in items)
