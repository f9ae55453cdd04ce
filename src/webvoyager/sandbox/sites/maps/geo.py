"""The invented city of Port Calder: its road network, river, parks, districts and transit lines.

Coordinates are metres, x to the east and y to the south (the SVG convention), so compass north is
-y. The network is a jittered grid of named streets with avenues every fourth line, a river crossed
by four road bridges and one footbridge, park paths (walking and cycling only), one-way streets
(driving only), and the Calder Expressway north of the grid (driving only, joined by ramps).
Everything is generated from a fixed seed, so every page and test sees the same city.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

COLS, ROWS = 24, 18
RIVER_ROW = 11                 # the river flows between grid rows 11 and 12
AVENUE_COLS = (4, 8, 12, 16, 20)
AVENUE_ROWS = (2, 6, 10, 14)

COL_NAMES = (
    "Wharf Street", "Alder Street", "Beacon Street", "Cobble Lane", "Harbour Avenue", "Dunmore Street",
    "Elm Row", "Fenwick Street", "Lantern Avenue", "Gable Street", "Hollis Street", "Ivy Lane",
    "Central Avenue", "Juniper Street", "Kiln Street", "Larch Street", "Market Avenue", "Nettle Lane",
    "Orchard Street", "Pike Street", "Quarry Avenue", "Rook Street", "Sorrel Lane", "Thistle Street",
)
ROW_NAMES = (
    "North Terrace", "Aster Road", "Kingsway", "Brook Road", "Chapel Road", "Dale Road",
    "Crescent Boulevard", "Ferry Road", "Garnet Road", "Heron Road", "Riverside Drive", "Quayside Road",
    "Tidewater Road", "Upton Road", "Vale Boulevard", "Willow Road", "Yarrow Road", "Zinnia Road",
)
BRIDGES = {4: "Harbour Bridge", 8: "Lantern Bridge", 12: "Central Bridge", 20: "Quarry Bridge"}
FOOTBRIDGES = {16: "Market Footbridge"}
ONE_WAY_ROWS = {3: +1, 5: -1, 8: +1, 13: -1, 16: +1}   # +1: driving only eastward, -1: only westward
ONE_WAY_COLS = {2: +1, 10: -1, 18: +1}                  # +1: driving only southward, -1: only northward
EXPRESSWAY = "Calder Expressway"
RAMP_COLS = (0, 5, 11, 17, 23)

# name, first col, last col, first row, last row (the park covers the grid cells between them)
PARKS = (
    ("Ashgrove Park", 5, 8, 3, 5),
    ("Heron Fields", 13, 15, 7, 9),
    ("Southbank Gardens", 5, 7, 15, 17),
)
# name, cols, rows (inclusive ranges of grid lines)
DISTRICTS = (
    ("Northgate", (0, 7), (0, 5)),
    ("Kestrel Hill", (8, 15), (0, 5)),
    ("Eastwick", (16, 23), (0, 5)),
    ("Millbrook", (0, 7), (6, 11)),
    ("Lantern Quarter", (8, 15), (6, 11)),
    ("Old Harbour", (16, 23), (6, 11)),
    ("Southbank", (0, 11), (12, 17)),
    ("Tidewater", (12, 23), (12, 17)),
)

# Road classes: speeds in km/h per mode (None: not allowed).
SPEEDS: dict[str, dict[str, float | None]] = {
    "motorway": {"drive": 88.0, "walk": None, "cycle": None},
    "ramp": {"drive": 55.0, "walk": None, "cycle": None},
    "avenue": {"drive": 44.0, "walk": 4.8, "cycle": 17.0},
    "street": {"drive": 30.0, "walk": 4.8, "cycle": 15.0},
    "bridge": {"drive": 40.0, "walk": 4.8, "cycle": 16.0},
    "footbridge": {"drive": None, "walk": 4.8, "cycle": 14.0},
    "path": {"drive": None, "walk": 4.8, "cycle": 13.0},
}
INTERSECTION_DELAY_S = {"drive": 9.0, "walk": 4.0, "cycle": 5.0}
"""Extra seconds per intersection passed (lights, crossings): what makes a short cut through many
side streets slower than the avenue."""


@dataclass(frozen=True)
class Node:
    id: int
    x: float
    y: float
    col: int            # grid column, or -1 for expressway nodes
    row: int


@dataclass(frozen=True)
class Edge:
    id: int
    a: int
    b: int
    name: str
    kind: str           # a key of SPEEDS
    length: float       # metres
    oneway: int = 0     # 0: both ways; 1: driving only from a to b

    def allows(self, mode: str, frm: int) -> bool:
        """Whether `mode` may travel this edge starting at node `frm`."""
        if SPEEDS[self.kind][mode] is None:
            return False
        return not (mode == "drive" and self.oneway and frm != self.a)


@dataclass(frozen=True)
class TransitLine:
    id: str             # "T1", "7"
    name: str           # "Tram T1", "Bus 7"
    kind: str           # "tram" or "bus"
    color: str
    stops: tuple[int, ...]      # node ids in order
    speed_kmh: float
    headway_min: int

    @property
    def wait_s(self) -> float:
        """Expected wait at a stop: half the interval between departures."""
        return self.headway_min * 60 / 2


@dataclass(frozen=True)
class City:
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    grid: dict[tuple[int, int], int]            # (col, row) -> node id
    lines: tuple[TransitLine, ...]
    river: tuple[tuple[float, float], ...]      # polygon
    parks: tuple[tuple[str, tuple[float, float, float, float]], ...]   # name, (x1, y1, x2, y2)
    bounds: tuple[float, float, float, float]   # x1, y1, x2, y2 of everything drawn

    def node(self, col: int, row: int) -> Node:
        return self.nodes[self.grid[(col, row)]]


def district_of(col: float, row: float) -> str:
    """The district of a point given in (fractional) grid coordinates."""
    for name, (c1, c2), (r1, r2) in DISTRICTS:
        if c1 <= col <= c2 + 0.999 and r1 <= row <= r2 + 0.999:
            return name
    return DISTRICTS[-1][0]


def bearing(x1: float, y1: float, x2: float, y2: float) -> float:
    """Compass bearing in degrees from point 1 to point 2 (0 = north, 90 = east)."""
    return math.degrees(math.atan2(x2 - x1, -(y2 - y1))) % 360


def _park_of_edge(ca: int, ra: int, cb: int, rb: int) -> str | None:
    """The park whose interior this grid edge lies in (its boundary streets stay streets)."""
    for name, c1, c2, r1, r2 in PARKS:
        if ra == rb and r1 < ra < r2 and c1 <= min(ca, cb) and max(ca, cb) <= c2:
            return name
        if ca == cb and c1 < ca < c2 and r1 <= min(ra, rb) and max(ra, rb) <= r2:
            return name
    return None


@lru_cache(maxsize=1)
def city() -> City:
    """Generate Port Calder (deterministic, cached)."""
    rng = random.Random("port-calder-roads-v1")
    xs = [0.0]
    for _ in range(COLS - 1):
        xs.append(xs[-1] + rng.randint(17, 24) * 10)
    ys = [0.0]
    for r in range(ROWS - 1):
        ys.append(ys[-1] + (300 if r == RIVER_ROW else rng.randint(15, 21) * 10))
    nodes: list[Node] = []
    grid: dict[tuple[int, int], int] = {}
    for r in range(ROWS):
        for c in range(COLS):
            jx = 0 if c in AVENUE_COLS else rng.randint(-12, 12)
            jy = 0 if r in AVENUE_ROWS else rng.randint(-10, 10)
            grid[(c, r)] = len(nodes)
            nodes.append(Node(len(nodes), xs[c] + jx, ys[r] + jy, c, r))

    raw: list[tuple[int, int, str, str, int]] = []   # a, b, name, kind, oneway

    def add(a: int, b: int, name: str, kind: str, oneway: int = 0) -> None:
        raw.append((a, b, name, kind, oneway))

    for r in range(ROWS):
        for c in range(COLS - 1):
            park = _park_of_edge(c, r, c + 1, r)
            a, b = grid[(c, r)], grid[(c + 1, r)]
            if park:
                add(a, b, f"{park} path", "path")
            elif r in ONE_WAY_ROWS:
                add(a, b, ROW_NAMES[r], "street", 1) if ONE_WAY_ROWS[r] > 0 else add(b, a, ROW_NAMES[r], "street", 1)
            else:
                add(a, b, ROW_NAMES[r], "avenue" if r in AVENUE_ROWS else "street")
    for c in range(COLS):
        for r in range(ROWS - 1):
            a, b = grid[(c, r)], grid[(c, r + 1)]
            if r == RIVER_ROW:
                if c in BRIDGES:
                    add(a, b, BRIDGES[c], "bridge")
                elif c in FOOTBRIDGES:
                    add(a, b, FOOTBRIDGES[c], "footbridge")
                continue
            park = _park_of_edge(c, r, c, r + 1)
            if park:
                add(a, b, f"{park} path", "path")
            elif c in ONE_WAY_COLS:
                add(a, b, COL_NAMES[c], "street", 1) if ONE_WAY_COLS[c] > 0 else add(b, a, COL_NAMES[c], "street", 1)
            else:
                add(a, b, COL_NAMES[c], "avenue" if c in AVENUE_COLS else "street")

    # A few side-street blocks are missing (dead ends, buildings across the grid), as in a real city.
    removable = [i for i, e in enumerate(raw) if e[3] == "street" and not e[4]]
    rng.shuffle(removable)
    adj: dict[int, set[int]] = {n.id: set() for n in nodes}
    for a, b, *_ in raw:
        adj[a].add(b)
        adj[b].add(a)
    removed: set[int] = set()
    for i in removable[:70]:
        a, b = raw[i][0], raw[i][1]
        if len(adj[a]) <= 2 or len(adj[b]) <= 2:
            continue
        adj[a].discard(b)
        adj[b].discard(a)
        if _reachable(adj, a, b):
            removed.add(i)
        else:
            adj[a].add(b)
            adj[b].add(a)
    raw = [e for j, e in enumerate(raw) if j not in removed]

    # The expressway runs north of the grid; ramps join it at a few columns.
    top = -330.0
    prev: int | None = None
    for c in RAMP_COLS:
        m = len(nodes)
        nodes.append(Node(m, xs[c], top, -1, -1))
        add(m, grid[(c, 0)], EXPRESSWAY, "ramp")
        if prev is not None:
            add(prev, m, EXPRESSWAY, "motorway")
        prev = m

    edges = tuple(Edge(i, a, b, name, kind, math.dist((nodes[a].x, nodes[a].y), (nodes[b].x, nodes[b].y)), ow)
                  for i, (a, b, name, kind, ow) in enumerate(raw))

    lines = (
        _line("T1", "Tram T1", "tram", "#b5179e", [grid[(c, 6)] for c in range(COLS)], 20, 8),
        _line("T2", "Tram T2", "tram", "#7b2cbf", [grid[(12, r)] for r in range(ROWS)], 20, 10),
        _line("4", "Bus 4", "bus", "#d97706", [grid[(c, 14)] for c in range(COLS)], 16, 12),
        _line("7", "Bus 7", "bus", "#0f766e", [grid[(4, r)] for r in range(ROWS)], 16, 15),
        _line("12", "Bus 12", "bus", "#2563eb", [grid[(c, 2)] for c in range(COLS)], 16, 12),
        _line("21", "Bus 21", "bus", "#dc2626", [grid[(20, r)] for r in range(ROWS)], 16, 15),
        _line("30", "Bus 30", "bus", "#4d7c0f", [grid[(c, 10)] for c in range(COLS)], 16, 20),
    )
    y1, y2 = ys[RIVER_ROW] + 60, ys[RIVER_ROW + 1] - 60
    river = ((-200.0, y1 + 20), (xs[-1] * 0.35, y1 - 10), (xs[-1] * 0.7, y1 + 25), (xs[-1] + 200, y1),
             (xs[-1] + 200, y2), (xs[-1] * 0.7, y2 + 15), (xs[-1] * 0.35, y2 - 20), (-200.0, y2))
    parks = tuple((name, (xs[c1] + 8, ys[r1] + 8, xs[c2] - 8, ys[r2] - 8)) for name, c1, c2, r1, r2 in PARKS)
    return City(nodes=tuple(nodes), edges=edges, grid=grid, lines=lines, river=river, parks=parks,
                bounds=(-150.0, top - 120, xs[-1] + 150, ys[-1] + 150))


def _line(lid: str, name: str, kind: str, color: str, path: list[int], speed: float, headway: int) -> TransitLine:
    """A line along `path` stopping at every second node and at both ends."""
    stops = [n for i, n in enumerate(path) if i % 2 == 0 or i == len(path) - 1]
    return TransitLine(lid, name, kind, color, tuple(stops), speed, headway)


def _reachable(adj: dict[int, set[int]], a: int, b: int) -> bool:
    """Whether `b` can still be reached from `a` on foot (so the network stays connected)."""
    seen, todo = {a}, [a]
    while todo:
        nxt = []
        for n in todo:
            for m in adj[n]:
                if m == b:
                    return True
                if m not in seen:
                    seen.add(m)
                    nxt.append(m)
        todo = nxt
    return False


def stop_name(node: Node) -> str:
    """A stop is named after the crossing it stands at, e.g. "Crescent Blvd / Lantern Ave"."""
    return f"{_short(ROW_NAMES[node.row])} / {_short(COL_NAMES[node.col])}"


def _short(name: str) -> str:
    for long, short in ((" Street", " St"), (" Avenue", " Ave"), (" Boulevard", " Blvd"), (" Road", " Rd"),
                        (" Lane", " Ln"), (" Drive", " Dr")):
        if name.endswith(long):
            return name[: -len(long)] + short
    return name
