"""What the SVG map draws: roads by class, the river, parks, street and district labels, pins, routes.

The base layers are the same on every page and built once; pins, routes and a radius circle are
added per page. Coordinates are the city's metres; the page script sets the view box (zoom and pan).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from webvoyager.sandbox.sites.maps.geo import DISTRICTS, city
from webvoyager.sandbox.sites.maps.places import Place
from webvoyager.sandbox.sites.maps.routing import Route


@dataclass
class Pin:
    x: float
    y: float
    label: str          # the number or letter drawn in the pin
    name: str
    href: str
    kind: str = "result"    # result, origin, start, end


@dataclass
class MapLayers:
    fit: tuple[float, float, float, float]
    pins: list[Pin] = field(default_factory=list)
    routes: list[tuple[str, bool]] = field(default_factory=list)   # (points "x,y x,y", selected)
    circle: tuple[float, float, float] | None = None
    show_transit: bool = False


@lru_cache(maxsize=1)
def base_layers() -> dict[str, object]:
    """Road paths by class, river, parks, street labels and district labels (built once)."""
    c = city()
    paths: dict[str, list[str]] = {}
    for e in c.edges:
        a, b = c.nodes[e.a], c.nodes[e.b]
        cls = {"ramp": "motorway", "footbridge": "path"}.get(e.kind, e.kind)
        paths.setdefault(cls, []).append(f"M{a.x:.0f} {a.y:.0f}L{b.x:.0f} {b.y:.0f}")
    by_street: dict[str, list] = {}  # type: ignore[type-arg]
    for e in c.edges:
        if e.kind in ("street", "avenue", "motorway"):
            by_street.setdefault(e.name, []).append(e)
    labels = []
    for name, edges in sorted(by_street.items()):
        edges = sorted(edges, key=lambda e: (c.nodes[e.a].x + c.nodes[e.a].y))
        e = edges[len(edges) // 2]
        a, b = c.nodes[e.a], c.nodes[e.b]
        vertical = abs(b.y - a.y) > abs(b.x - a.x)
        labels.append({"x": round((a.x + b.x) / 2), "y": round((a.y + b.y) / 2), "text": name,
                       "rot": -90 if vertical else 0, "major": e.kind != "street"})
    districts = []
    for name, (c1, c2), (r1, r2) in DISTRICTS:
        x = (c.node(c1, r1).x + c.node(c2, r1).x) / 2
        y = (c.node(c1, r1).y + c.node(c1, r2).y) / 2
        districts.append({"x": round(x), "y": round(y), "text": name})
    river = "M" + "L".join(f"{x:.0f} {y:.0f}" for x, y in c.river) + "Z"
    lines = []
    for line in c.lines:
        pts = " ".join(f"{c.nodes[n].x:.0f},{c.nodes[n].y:.0f}" for n in line.stops)
        lines.append({"name": line.name, "color": line.color, "points": pts})
    x1, y1, x2, y2 = c.bounds
    return {"paths": {k: "".join(v) for k, v in paths.items()}, "labels": labels, "districts": districts,
            "river": river, "parks": [{"name": n, "x": r[0], "y": r[1], "w": r[2] - r[0], "h": r[3] - r[1]}
                                      for n, r in c.parks],
            "bounds": (x1, y1, x2 - x1, y2 - y1), "lines": lines}


def route_points(route: Route) -> str:
    return " ".join(f"{x:.0f},{y:.0f}" for x, y in route.points())


def place_pins(found: list[Place], href) -> list[Pin]:  # type: ignore[no-untyped-def]
    return [Pin(p.x, p.y, str(i + 1), p.name, href(p)) for i, p in enumerate(found)]
