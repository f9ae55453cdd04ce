"""Routes over Port Calder's road graph: Dijkstra shortest paths, alternatives, turn-by-turn steps.

A trip goes from a `Spot` (a point part-way along a road edge, where a place's entrance is) to
another. Driving, walking and cycling run Dijkstra on the road graph with the mode's speeds, one-way
rules and an intersection delay; alternatives come from re-running it with the edges of the routes
already found made dearer (the penalty method), keeping routes that are different enough and not much
slower. Transit (trams and buses) is in `transit`.
All times are seconds and all distances metres; `fmt_duration`/`fmt_distance` make the shown text.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from functools import lru_cache

from webvoyager.sandbox.sites.maps.geo import (
    INTERSECTION_DELAY_S, SPEEDS, Edge, bearing, city,
)

MODES = ("drive", "transit", "walk", "cycle")
MODE_LABELS = {"drive": "Driving", "transit": "Transit", "walk": "Walking", "cycle": "Cycling"}
MAX_SLOWER = 1.6        # an alternative may take at most this many times the fastest route
PENALTY = 1.45          # cost factor on edges already used, when looking for an alternative


@dataclass(frozen=True)
class Spot:
    """A point on edge `edge` at fraction `t` of its length from its node `a`."""

    edge: int
    t: float


@dataclass(frozen=True)
class Segment:
    """A piece of a route: part or all of one edge, travelled from (x1, y1) to (x2, y2)."""

    edge: int
    x1: float
    y1: float
    x2: float
    y2: float
    length: float
    seconds: float
    line: str = ""      # transit: the line ridden on this piece ("" = on foot or by road)


@dataclass(frozen=True)
class Step:
    text: str
    distance: float = 0.0
    seconds: float = 0.0
    kind: str = "road"   # road, walk, ride, arrive

    @property
    def distance_text(self) -> str:
        return fmt_distance(self.distance) if self.distance else ""

    @property
    def time_text(self) -> str:
        return fmt_duration(self.seconds) if self.seconds else ""


@dataclass(frozen=True)
class Route:
    mode: str
    segments: tuple[Segment, ...]
    seconds: float
    distance: float
    via: str
    steps: tuple[Step, ...] = ()
    lines: tuple[str, ...] = ()          # transit: names of the lines ridden, in order
    walk_distance: float = 0.0

    @property
    def time_text(self) -> str:
        return fmt_duration(self.seconds)

    @property
    def distance_text(self) -> str:
        return fmt_distance(self.distance)

    @property
    def minutes(self) -> int:
        return minutes(self.seconds)

    def points(self) -> list[tuple[float, float]]:
        pts = [(self.segments[0].x1, self.segments[0].y1)] if self.segments else []
        pts += [(s.x2, s.y2) for s in self.segments]
        return pts


def minutes(seconds: float) -> int:
    """Whole minutes as shown (nearest minute, at least 1)."""
    return max(1, int(math.floor(seconds / 60 + 0.5)))


def fmt_duration(seconds: float) -> str:
    m = minutes(seconds)
    return f"{m} min" if m < 60 else f"{m // 60} hr {m % 60} min" if m % 60 else f"{m // 60} hr"


def fmt_distance(metres: float) -> str:
    if metres < 995:
        return f"{int(math.floor(metres / 10 + 0.5)) * 10} m"
    return f"{metres / 1000:.1f} km"


def round_km(metres: float) -> float:
    """The distance in km as shown with one decimal (for metres >= 995)."""
    return float(f"{metres / 1000:.1f}")


def speed_of(edge: Edge, mode: str) -> float:
    speed = SPEEDS[edge.kind][mode]
    assert speed is not None
    return speed / 3.6


@lru_cache(maxsize=8)
def adjacency(mode: str, avoid_highways: bool) -> dict[int, list[tuple[int, float, int]]]:
    """node -> [(neighbour, seconds, edge id)] for a road mode."""
    c = city()
    adj: dict[int, list[tuple[int, float, int]]] = {n.id: [] for n in c.nodes}
    for e in c.edges:
        if avoid_highways and e.kind in ("motorway", "ramp"):
            continue
        for frm, to in ((e.a, e.b), (e.b, e.a)):
            if e.allows(mode, frm):
                adj[frm].append((to, e.length / speed_of(e, mode) + INTERSECTION_DELAY_S[mode], e.id))
    return adj


def spot_ends(spot: Spot, mode: str, leaving: bool) -> list[tuple[int, float, float]]:
    """(node, seconds, metres) between a spot and the nodes of its edge that `mode` may use."""
    e = city().edges[spot.edge]
    out = []
    # leaving toward b means travelling a->b; arriving from a means travelling a->b too.
    toward_b = (e.b, (1 - spot.t) * e.length) if leaving else (e.a, spot.t * e.length)
    toward_a = (e.a, spot.t * e.length) if leaving else (e.b, (1 - spot.t) * e.length)
    if e.allows(mode, e.a):
        out.append((toward_b[0], toward_b[1] / speed_of(e, mode), toward_b[1]))
    if e.allows(mode, e.b):
        out.append((toward_a[0], toward_a[1] / speed_of(e, mode), toward_a[1]))
    return out


def _spot_xy(spot: Spot) -> tuple[float, float]:
    c = city()
    e = c.edges[spot.edge]
    a, b = c.nodes[e.a], c.nodes[e.b]
    return a.x + (b.x - a.x) * spot.t, a.y + (b.y - a.y) * spot.t


def _road_path(src: Spot, dst: Spot, mode: str, avoid: bool, penalty: dict[int, float]) -> list[Segment] | None:
    adj = adjacency(mode, avoid)
    dist: dict[int, float] = {}
    prev: dict[int, tuple[int, int] | None] = {}
    heap: list[tuple[float, int, int | None, int]] = []
    for node, secs, _ in spot_ends(src, mode, leaving=True):
        heapq.heappush(heap, (secs * penalty.get(src.edge, 1.0), node, None, src.edge))
    targets = {node: secs * penalty.get(dst.edge, 1.0) for node, secs, _ in spot_ends(dst, mode, leaving=False)}
    best_total, best_node = math.inf, None
    while heap:
        d, node, before, via = heapq.heappop(heap)
        if node in dist:
            continue
        dist[node] = d
        prev[node] = None if before is None else (before, via)
        if node in targets and d + targets[node] < best_total:
            best_total, best_node = d + targets[node], node
        if d >= best_total:
            break
        for nxt, secs, eid in adj[node]:
            if nxt not in dist:
                heapq.heappush(heap, (d + secs * penalty.get(eid, 1.0), nxt, node, eid))
    if best_node is None:
        return None
    chain: list[tuple[int, int, int]] = []   # (from, to, edge)
    node = best_node
    while prev[node] is not None:
        before, eid = prev[node]  # type: ignore[misc]
        chain.append((before, node, eid))
        node = before
    chain.reverse()
    first_node, last_node = node, best_node
    return segments_between(src, dst, first_node, last_node, chain, mode)


def segments_between(src: Spot, dst: Spot, first: int, last: int, chain: list[tuple[int, int, int]],
              mode: str) -> list[Segment]:
    c = city()
    out: list[Segment] = []
    sx, sy = _spot_xy(src)
    e = c.edges[src.edge]
    n = c.nodes[first]
    length = math.dist((sx, sy), (n.x, n.y))
    out.append(Segment(e.id, sx, sy, n.x, n.y, length, length / speed_of(e, mode)))
    for a, b, eid in chain:
        e, na, nb = c.edges[eid], c.nodes[a], c.nodes[b]
        out.append(Segment(eid, na.x, na.y, nb.x, nb.y, e.length, e.length / speed_of(e, mode) + INTERSECTION_DELAY_S[mode]))
    dx, dy = _spot_xy(dst)
    e, n = c.edges[dst.edge], c.nodes[last]
    length = math.dist((n.x, n.y), (dx, dy))
    out.append(Segment(e.id, n.x, n.y, dx, dy, length, length / speed_of(e, mode)))
    return [s for s in out if s.length > 0.01]


COMPASS = ("north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest")


def _heading(seg: Segment) -> float:
    return bearing(seg.x1, seg.y1, seg.x2, seg.y2)


def _road_steps(segments: list[Segment], dest_name: str, mode: str) -> tuple[Step, ...]:
    c = city()
    groups: list[list[Segment]] = []
    for seg in segments:
        if groups and c.edges[groups[-1][-1].edge].name == c.edges[seg.edge].name:
            groups[-1].append(seg)
        else:
            groups.append([seg])
    steps: list[Step] = []
    for i, group in enumerate(groups):
        name = c.edges[group[0].edge].name
        dist = sum(s.length for s in group)
        secs = sum(s.seconds for s in group)
        if i == 0:
            verb = "Walk" if mode == "walk" else "Cycle" if mode == "cycle" else "Head"
            text = f"{verb} {COMPASS[int((_heading(group[0]) + 22.5) // 45) % 8]} on {name}"
        else:
            turn = (_heading(group[0]) - _heading(groups[i - 1][-1]) + 540) % 360 - 180
            if abs(turn) < 30:
                text = f"Continue onto {name}"
            elif abs(turn) > 150:
                text = f"Make a U-turn onto {name}"
            else:
                side = "right" if turn > 0 else "left"
                text = f"Turn {side} onto {name}" if c.edges[group[0].edge].kind != "ramp" \
                    else f"Take the ramp on the {side} onto {name}"
        steps.append(Step(text, dist, secs))
    steps.append(Step(f"Arrive at {dest_name}", kind="arrive"))
    return tuple(steps)


def _via(segments: list[Segment]) -> str:
    c = city()
    by_name: dict[str, float] = {}
    for s in segments:
        name = c.edges[s.edge].name
        by_name[name] = by_name.get(name, 0.0) + s.length
    return max(sorted(by_name), key=lambda n: by_name[n])


def _road_route(segments: list[Segment], mode: str, dest_name: str) -> Route:
    return Route(mode=mode, segments=tuple(segments), seconds=sum(s.seconds for s in segments),
                 distance=sum(s.length for s in segments), via=_via(segments),
                 steps=_road_steps(segments, dest_name, mode))


def road_routes(src: Spot, dst: Spot, mode: str, dest_name: str, avoid_highways: bool = False) -> list[Route]:
    """The fastest route and up to two alternatives, fastest first."""
    first = _road_path(src, dst, mode, avoid_highways, {})
    if first is None:
        return []
    found = [first]
    penalty: dict[int, float] = {}
    for _ in range(4):
        if len(found) == 3:
            break
        for seg in found[-1]:
            penalty[seg.edge] = penalty.get(seg.edge, 1.0) * PENALTY
        cand = _road_path(src, dst, mode, avoid_highways, penalty)
        if cand is None:
            break
        cand_time = sum(s.seconds for s in cand)
        if cand_time > MAX_SLOWER * sum(s.seconds for s in first):
            continue
        cand_len = sum(s.length for s in cand)
        if all(_shared(cand, other) / cand_len < 0.75 for other in found):
            found.append(cand)
    routes = [_road_route(segs, mode, dest_name) for segs in found]
    return sorted(routes, key=lambda r: (r.seconds, r.distance))


def _shared(a: list[Segment], b: list[Segment]) -> float:
    edges_b = {s.edge for s in b}
    return sum(s.length for s in a if s.edge in edges_b)
