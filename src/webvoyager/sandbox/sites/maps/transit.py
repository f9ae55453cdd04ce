"""Transit directions: Dijkstra over (node, line) states on Port Calder's trams and buses.

From a state one can walk along a street (line -1), board a line at one of its stops (waiting half
the line's interval), ride to the next stop (at the line's speed plus a dwell at each stop) or get
off. The fastest trip is the first route; alternatives ban the lines the earlier routes used, and
when walking is fastest the quickest trip that rides something is offered too.
"""

from __future__ import annotations

import heapq
import math
from functools import lru_cache

from webvoyager.sandbox.sites.maps.geo import INTERSECTION_DELAY_S, TransitLine, city, stop_name
from webvoyager.sandbox.sites.maps.routing import (
    MAX_SLOWER, Route, Segment, Spot, Step, adjacency, segments_between, speed_of, spot_ends,
)

DWELL_S = 20.0
"""Seconds a tram or bus stands at each stop."""

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
    walk = adjacency("walk", False)
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
    targets = {node: secs for node, secs, _ in spot_ends(dst, "walk", leaving=False)}
    dist: dict[tuple[int, int], float] = {}
    prev: dict[tuple[int, int], tuple[tuple[int, int], str, int] | None] = {}
    heap: list[tuple[float, tuple[int, int], tuple[int, int] | None, str, int]] = []
    for node, secs, _ in spot_ends(src, "walk", leaving=True):
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

    start_segs = segments_between(src, dst, first, first, [], "walk")[:1]
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
                                        e.length / speed_of(e, "walk") + INTERSECTION_DELAY_S["walk"]))
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
    end = segments_between(src, dst, last, last, [], "walk")[-1:]
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
