"""Routes over Port Calder's road graph: Dijkstra shortest paths, alternatives, turn-by-turn steps.

A trip goes from a `Spot` (a point part-way along a road edge, where a place's entrance is) to
another. Driving, walking and cycling run Dijkstra on the road graph with the mode's speeds, one-way
rules and an intersection delay; alternatives come from re-running it with the edges of the routes
already found made dearer (the penalty method), keeping routes that are different enough and not much
slower. Transit runs Dijkstra over (node, line) states: walk on streets, board a line at a stop
(waiting half its interval), ride stop to stop, get off; alternatives ban the lines already used.
All times are seconds and all distances metres; `fmt_duration`/`fmt_distance` make the shown text.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from functools import lru_cache

from webvoyager.sandbox.sites.maps.geo import (
    INTERSECTION_DELAY_S, SPEEDS, Edge, TransitLine, bearing, city, stop_name,
)

MODES = ("drive", "transit", "walk", "cycle")
MODE_LABELS = {"drive": "Driving", "transit": "Transit", "walk": "Walking", "cycle": "Cycling"}
DWELL_S = 20.0          # seconds a tram or bus stands at each stop
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
    extra: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

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


def _speed(edge: Edge, mode: str) -> float:
    speed = SPEEDS[edge.kind][mode]
    assert speed is not None
    return speed / 3.6


@lru_cache(maxsize=8)
def _adjacency(mode: str, avoid_highways: bool) -> dict[int, list[tuple[int, float, int]]]:
    """node -> [(neighbour, seconds, edge id)] for a road mode."""
    c = city()
    adj: dict[int, list[tuple[int, float, int]]] = {n.id: [] for n in c.nodes}
    for e in c.edges:
        if avoid_highways and e.kind in ("motorway", "ramp"):
            continue
        for frm, to in ((e.a, e.b), (e.b, e.a)):
            if e.allows(mode, frm):
                adj[frm].append((to, e.length / _speed(e, mode) + INTERSECTION_DELAY_S[mode], e.id))
    return adj


def _ends(spot: Spot, mode: str, leaving: bool) -> list[tuple[int, float, float]]:
    """(node, seconds, metres) between a spot and the nodes of its edge that `mode` may use."""
    e = city().edges[spot.edge]
    out = []
    # leaving toward b means travelling a->b; arriving from a means travelling a->b too.
    toward_b = (e.b, (1 - spot.t) * e.length) if leaving else (e.a, spot.t * e.length)
    toward_a = (e.a, spot.t * e.length) if leaving else (e.b, (1 - spot.t) * e.length)
    if e.allows(mode, e.a):
        out.append((toward_b[0], toward_b[1] / _speed(e, mode), toward_b[1]))
    if e.allows(mode, e.b):
        out.append((toward_a[0], toward_a[1] / _speed(e, mode), toward_a[1]))
    return out


def _spot_xy(spot: Spot) -> tuple[float, float]:
    c = city()
    e = c.edges[spot.edge]
    a, b = c.nodes[e.a], c.nodes[e.b]
    return a.x + (b.x - a.x) * spot.t, a.y + (b.y - a.y) * spot.t


def _road_path(src: Spot, dst: Spot, mode: str, avoid: bool, penalty: dict[int, float]) -> list[Segment] | None:
    adj = _adjacency(mode, avoid)
    dist: dict[int, float] = {}
    prev: dict[int, tuple[int, int] | None] = {}
    heap: list[tuple[float, int, int | None, int]] = []
    for node, secs, _ in _ends(src, mode, leaving=True):
        heapq.heappush(heap, (secs * penalty.get(src.edge, 1.0), node, None, src.edge))
    targets = {node: secs * penalty.get(dst.edge, 1.0) for node, secs, _ in _ends(dst, mode, leaving=False)}
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
    return _segments(src, dst, first_node, last_node, chain, mode)


def _segments(src: Spot, dst: Spot, first: int, last: int, chain: list[tuple[int, int, int]],
              mode: str) -> list[Segment]:
    c = city()
    out: list[Segment] = []
    sx, sy = _spot_xy(src)
    e = c.edges[src.edge]
    n = c.nodes[first]
    length = math.dist((sx, sy), (n.x, n.y))
    out.append(Segment(e.id, sx, sy, n.x, n.y, length, length / _speed(e, mode)))
    for a, b, eid in chain:
        e, na, nb = c.edges[eid], c.nodes[a], c.nodes[b]
        out.append(Segment(eid, na.x, na.y, nb.x, nb.y, e.length, e.length / _speed(e, mode) + INTERSECTION_DELAY_S[mode]))
    dx, dy = _spot_xy(dst)
    e, n = c.edges[dst.edge], c.nodes[last]
    length = math.dist((n.x, n.y), (dx, dy))
    out.append(Segment(e.id, n.x, n.y, dx, dy, length, length / _speed(e, mode)))
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


# ----- transit --------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _line_hops() -> dict[int, list[tuple[int, int, float, float]]]:
    """line index -> [(stop node, next stop node, metres, seconds)] in both directions."""
    c = city()
    edge_at = {frozenset((e.a, e.b)): e for e in c.edges}
    hops: dict[int, list[tuple[int, int, float, float]]] = {}
    for li, line in enumerate(c.lines):
        path = _line_path(line)
        out = []
        idx = {n: i for i, n in enumerate(path)}
        for s1, s2 in zip(line.stops, line.stops[1:]):
            part = path[idx[s1]: idx[s2] + 1]
            metres = sum(edge_at[frozenset((p, q))].length for p, q in zip(part, part[1:]))
            secs = metres / (line.speed_kmh / 3.6) + DWELL_S
            out += [(s1, s2, metres, secs), (s2, s1, metres, secs)]
        hops[li] = out
    return hops


def _line_path(line: TransitLine) -> list[int]:
    """Every grid node the line passes, from its first stop to its last (a straight grid line)."""
    c = city()
    a, b = c.nodes[line.stops[0]], c.nodes[line.stops[-1]]
    if a.row == b.row:
        return [c.grid[(col, a.row)] for col in range(a.col, b.col + 1)]
    return [c.grid[(a.col, row)] for row in range(a.row, b.row + 1)]


def _transit_path(src: Spot, dst: Spot, banned: frozenset[int], walk_factor: float = 1.0):  # type: ignore[no-untyped-def]
    """Dijkstra over (node, line) states; returns the list of moves or None."""
    c = city()
    walk = _adjacency("walk", False)
    hops = _line_hops()
    stop_lines: dict[int, list[int]] = {}
    for li, line in enumerate(c.lines):
        if li not in banned:
            for s in line.stops:
                stop_lines.setdefault(s, []).append(li)
    ride: dict[tuple[int, int], list[tuple[int, float, float]]] = {}
    for li, hs in hops.items():
        if li not in banned:
            for s1, s2, metres, secs in hs:
                ride.setdefault((s1, li), []).append((s2, secs, metres))
    targets = {node: secs for node, secs, _ in _ends(dst, "walk", leaving=False)}
    dist: dict[tuple[int, int], float] = {}
    prev: dict[tuple[int, int], tuple[tuple[int, int], str, int] | None] = {}
    heap: list[tuple[float, tuple[int, int], tuple[int, int] | None, str, int]] = []
    for node, secs, _ in _ends(src, "walk", leaving=True):
        heapq.heappush(heap, (secs * walk_factor, (node, -1), None, "start", src.edge))
    best, best_state = math.inf, None
    while heap:
        d, state, before, how, ref = heapq.heappop(heap)
        if state in dist:
            continue
        dist[state] = d
        prev[state] = None if before is None else (before, how, ref)
        node, line = state
        if line == -1 and node in targets and d + targets[node] * walk_factor < best:
            best, best_state = d + targets[node] * walk_factor, state
        if d >= best:
            break
        if line == -1:
            for nxt, secs, eid in walk[node]:
                heapq.heappush(heap, (d + secs * walk_factor, (nxt, -1), state, "walk", eid))
            for li in stop_lines.get(node, []):
                heapq.heappush(heap, (d + c.lines[li].wait_s, (node, li), state, "board", li))
        else:
            heapq.heappush(heap, (d, (node, -1), state, "alight", line))
            for nxt, secs, _ in ride.get((node, line), []):
                heapq.heappush(heap, (d + secs, (nxt, line), state, "ride", line))
    if best_state is None:
        return None
    moves = []
    state = best_state
    while prev[state] is not None:
        before, how, ref = prev[state]  # type: ignore[misc]
        moves.append((before, state, how, ref))
        state = before
    moves.reverse()
    return state[0], best_state[0], moves


def _transit_route(src: Spot, dst: Spot, found, dest_name: str) -> Route:  # type: ignore[no-untyped-def]
    c = city()
    first, last, moves = found
    hops = {(s1, s2, li): (m, s) for li, hs in _line_hops().items() for s1, s2, m, s in hs}
    walk_chain = []
    segments: list[Segment] = []
    steps: list[Step] = []
    lines: list[str] = []
    walk_dist = 0.0
    pending_walk: list[Segment] = []
    wait = 0.0

    def flush_walk(to_text: str) -> None:
        nonlocal walk_dist
        if pending_walk:
            metres = sum(s.length for s in pending_walk)
            secs = sum(s.seconds for s in pending_walk)
            walk_dist += metres
            steps.append(Step(f"Walk to {to_text}", metres, secs, kind="walk"))
            segments.extend(pending_walk)
            pending_walk.clear()

    start_segs = _segments(src, dst, first, first, [], "walk")[:1]
    pending_walk.extend(start_segs)
    ride_from: int | None = None
    ride_stops = 0
    ride_secs = ride_metres = 0.0
    ride_pts: list[Segment] = []
    for before, state, how, ref in moves:
        if how == "walk":
            e = c.edges[ref]
            na, nb = c.nodes[before[0]], c.nodes[state[0]]
            pending_walk.append(Segment(ref, na.x, na.y, nb.x, nb.y, e.length,
                                        e.length / _speed(e, "walk") + INTERSECTION_DELAY_S["walk"]))
            walk_chain.append(ref)
        elif how == "board":
            line = c.lines[ref]
            flush_walk(f"{stop_name(c.nodes[state[0]])} stop")
            wait = line.wait_s
            ride_from, ride_stops, ride_secs, ride_metres, ride_pts = state[0], 0, 0.0, 0.0, []
        elif how == "ride":
            metres, secs = hops[(before[0], state[0], ref)]
            ride_stops += 1
            ride_secs += secs
            ride_metres += metres
            na, nb = c.nodes[before[0]], c.nodes[state[0]]
            ride_pts.append(Segment(-1, na.x, na.y, nb.x, nb.y, metres, secs, line=c.lines[ref].id))
        elif how == "alight":
            line = c.lines[ref]
            assert ride_from is not None
            # which terminus the vehicle heads for: the end of the line in the direction ridden
            pos = {n: i for i, n in enumerate(line.stops)}
            toward = line.stops[-1] if pos[before[0]] > pos[ride_from] else line.stops[0]
            stops_word = "stop" if ride_stops == 1 else "stops"
            steps.append(Step(f"Wait for {line.name} (every {line.headway_min} min)", 0.0, wait, kind="wait"))
            steps.append(Step(f"Take {line.name} toward {stop_name(c.nodes[toward])} · {ride_stops} {stops_word}",
                              ride_metres, ride_secs, kind="ride"))
            steps.append(Step(f"Get off at {stop_name(c.nodes[state[0]])}", kind="alight"))
            segments.extend(ride_pts)
            lines.append(line.name)
    end = _segments(src, dst, last, last, [], "walk")[-1:]
    pending_walk.extend(end)
    flush_walk(dest_name)
    steps.append(Step(f"Arrive at {dest_name}", kind="arrive"))
    seconds = sum(s.seconds for s in segments) + sum(st.seconds for st in steps if st.kind == "wait")
    distance = sum(s.length for s in segments)
    via = " › ".join(lines) if lines else "Walking only"
    return Route(mode="transit", segments=tuple(segments), seconds=seconds, distance=distance, via=via,
                 steps=tuple(steps), lines=tuple(lines), walk_distance=walk_dist)


def transit_routes(src: Spot, dst: Spot, dest_name: str) -> list[Route]:
    """The fastest transit trip and up to two alternatives that avoid the lines already used."""
    c = city()
    name_to_index = {line.name: i for i, line in enumerate(c.lines)}
    routes: list[Route] = []
    banned: frozenset[int] = frozenset()
    for attempt in range(3):
        found = _transit_path(src, dst, banned)
        if found is None:
            break
        route = _transit_route(src, dst, found, dest_name)
        if not route.lines and attempt == 0:
            # walking is fastest; still offer the quickest trip that rides something
            routes.append(route)
            found = _transit_path(src, dst, banned, walk_factor=2.5)
            if found is None:
                break
            route = _transit_route(src, dst, found, dest_name)
            if not route.lines:
                break
        if route.lines and route.lines not in [r.lines for r in routes]:
            if route.seconds <= MAX_SLOWER * min([r.seconds for r in routes] + [route.seconds]):
                routes.append(route)
        banned = banned | {name_to_index[n] for n in route.lines}
        if not route.lines:
            break
    return sorted(routes, key=lambda r: (r.seconds, r.distance))
