"""The Crown League (football) season, generated deterministically around TODAY.

18 clubs play each other home and away: 34 rounds from mid-August to late May, most matches on
weekends. Final scores are fixed up front (cheap); a match's details (line-ups, substitutions,
goals with scorers and assists, cards, match statistics) are made on first use from the match's own
seed and always agree with its score. Player season statistics are sums over those details.
Earlier seasons exist only as per-player season lines.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.sports import basketball
from webvoyager.sandbox.sites.sports.basketball import balanced_circle
from webvoyager.sandbox.sites.sports.teams import CROWN_TEAMS, FIRST_NAMES, HOMETOWNS, LAST_NAMES, SEASONS

SEED = 1890
POSITIONS = ("GK", "DF", "MF", "FW")
SQUAD = ("GK", "DF", "DF", "DF", "DF", "MF", "MF", "MF", "MF", "FW", "FW",     # usual starters
         "GK", "DF", "DF", "DF", "MF", "MF", "MF", "MF", "FW", "FW", "FW")
NATIONS = ("Valdoria", "Kestland", "Norvenia", "Estmarra", "Pellandria", "Sarvosa", "Tirvana", "Corvell", "Oduna",
           "Brisland")
REFEREES = ("Martin Keel", "Sofia Brandvold", "Ahmed Rahal", "Julien Ostrova", "Pavel Dranik", "Clara Nyholm",
            "Edwin Sallow", "Yara Benali", "Tobias Wren", "Ilse Marken")
# the first weekend of each round (rounds 1-34); breaks in September, October, November, December-January, March
ROUND_WEEKENDS = tuple(date(2025, 8, 16) + timedelta(weeks=w) for w in
                       (0, 1, 2, 4, 5, 6, 8, 9, 10, 11, 13, 14, 15, 16, 17, 20, 21, 22, 23, 24, 25, 26, 27, 29,
                        30, 31, 32, 34, 35, 36, 37, 38, 38.5, 40))
SLOTS = ((0, "12:30"), (0, "15:00"), (0, "15:00"), (0, "15:00"), (0, "17:30"), (1, "14:00"), (1, "16:30"),
         (1, "19:00"), (2, "20:00"))     # (days after Saturday, kick-off)


@dataclass(frozen=True)
class Player:
    id: int
    league: str
    team: str
    first: str
    last: str
    number: int
    pos: str
    height_cm: int
    weight_kg: int
    born: date
    nation: str
    hometown: str
    rotation: int          # 0-10 usual starters, 11+ squad

    @property
    def name(self) -> str:
        return f"{self.first} {self.last}"

    @property
    def url(self) -> str:
        return f"/player/{self.id}"

    @property
    def height(self) -> str:
        return f"{self.height_cm / 100:.2f} m"

    @property
    def weight(self) -> str:
        return f"{self.weight_kg} kg"

    def age(self, on: date = TODAY) -> int:
        return on.year - self.born.year - ((on.month, on.day) < (self.born.month, self.born.day))


@dataclass(frozen=True)
class Match:
    id: int
    league: str
    round: int
    day: date
    tip: str             # kick-off, 24-hour clock
    home: str
    away: str
    venue: str
    played: bool
    home_score: int = 0
    away_score: int = 0
    attendance: int = 0
    referee: str = ""

    @property
    def url(self) -> str:
        return f"/{self.league}/game/{self.id}"

    @property
    def winner(self) -> str:
        if self.home_score == self.away_score:
            return ""
        return self.home if self.home_score > self.away_score else self.away


@dataclass(frozen=True)
class Event:
    """A goal, card or substitution. `minute` is 1-90 (stoppage time shown as 45+2 / 90+3 via `extra`)."""

    kind: str            # "goal", "pen", "og", "yellow", "red", "sub"
    team: str            # the team the event counts for (an own goal counts for the other side)
    minute: int
    extra: int
    player: int          # scorer / booked player / player coming on
    other: int = 0       # assist / player going off

    @property
    def clock(self) -> str:
        return f"{self.minute}+{self.extra}'" if self.extra else f"{self.minute}'"

    @property
    def order(self) -> tuple[int, int]:
        return (self.minute, self.extra)


@dataclass(frozen=True)
class Details:
    home_xi: tuple[int, ...]
    away_xi: tuple[int, ...]
    events: tuple[Event, ...]            # in match order
    stats: tuple[tuple[str, int, int], ...]   # (label, home, away)
    minutes: tuple[tuple[int, int], ...]      # (player, minutes played) for everyone who played


@dataclass(frozen=True)
class SeasonLine:
    player: int
    season: str
    team: str
    apps: int
    starts: int
    minutes: int
    goals: int
    assists: int
    yellow: int
    red: int
    clean_sheets: int


@lru_cache(maxsize=1)
def _squads() -> tuple[tuple[Player, ...], dict[int, tuple[float, float, float]]]:
    """Every player, and per player (attack, creativity, quality) weights."""
    rng = random.Random(SEED)
    r = rng.random
    out: list[Player] = []
    skill: dict[int, tuple[float, float, float]] = {}
    used: set[tuple[str, str]] = {(p.first, p.last) for p in basketball.players()}   # names unique site-wide
    pid = 7_200_000
    for team in CROWN_TEAMS:
        numbers = [1, 13] + rng.sample(range(2, 40), 20)
        gk = 0
        for slot, pos in enumerate(SQUAD):
            while (name := (rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES))) in used:
                pass
            used.add(name)
            pid += 1 + int(r() * 30)
            number = numbers[gk] if pos == "GK" else numbers[2 + slot - gk]
            gk += pos == "GK"
            height = {"GK": 186, "DF": 182, "MF": 176, "FW": 179}[pos] + int(r() * 12) - 5
            born = date(1992, 1, 1) + timedelta(days=int(r() * 365 * 14))
            out.append(Player(pid, "crown", team.key, name[0], name[1], number, pos, height,
                              int(height * 0.43 - 4 + r() * 9), born, rng.choice(NATIONS), rng.choice(HOMETOWNS), slot))
            attack = {"GK": 0.0, "DF": 0.35, "MF": 1.2, "FW": 3.2}[pos] * (0.4 + 1.2 * r())
            create = {"GK": 0.05, "DF": 0.6, "MF": 1.8, "FW": 1.2}[pos] * (0.4 + 1.2 * r())
            skill[pid] = (attack, create, (1.0 if slot < 11 else 0.55) * (0.8 + 0.4 * r()))
    return tuple(out), skill


def players() -> tuple[Player, ...]:
    return _squads()[0]


def _poisson(r, lam: float) -> int:  # type: ignore[no-untyped-def]
    k, p, limit = 0, 1.0, math.exp(-lam)
    while True:
        p *= r()
        if p < limit:
            return k
        k += 1


def _rounds(rng: random.Random) -> list[list[tuple[str, str]]]:
    """Double round robin by the circle method: 34 rounds of 9 (home, away) pairs. In the first half the
    side with fewer home games so far is at home (then the one away last time); the second half mirrors it."""
    keys = [t.key for t in CROWN_TEAMS]
    rng.shuffle(keys)
    return [[(a, b) for a, b in pairs] for pairs in balanced_circle(keys)] + \
        [[(b, a) for a, b in pairs] for pairs in balanced_circle(keys)]


@lru_cache(maxsize=1)
def matches() -> tuple[Match, ...]:
    """Every match of the current season in date and kick-off order; scores for those before TODAY."""
    rng = random.Random(SEED + 1)
    r = rng.random
    team = {t.key: t for t in CROWN_TEAMS}
    out = []
    for rnd, pairs in enumerate(_rounds(rng), start=1):
        saturday = ROUND_WEEKENDS[rnd - 1]
        if rnd == 34:    # the last round kicks off all at once, on the Sunday
            slots = [(1, "16:00")] * 9
        elif saturday.weekday() != 5:   # a midweek round (Tuesday/Wednesday)
            slots = [(0, "19:45")] * 5 + [(1, "19:45")] * 4
        else:
            slots = list(SLOTS)
        order = list(range(9))
        rng.shuffle(order)
        for slot_index, pair_index in enumerate(order):
            h, a = pairs[pair_index]
            offset, tip = slots[slot_index]
            day = saturday + timedelta(days=offset)
            mid = 700_000 + rnd * 100 + slot_index * 7 + int(r() * 5)
            if day >= TODAY:
                out.append(Match(mid, "crown", rnd, day, tip, h, a, team[h].venue, False))
                continue
            diff = team[h].rating - team[a].rating
            hs = _poisson(r, math.exp(0.36 + 0.55 * diff))
            as_ = _poisson(r, math.exp(0.14 - 0.55 * diff))
            cap = team[h].capacity
            attendance = cap - int(r() * 900) if r() < 0.4 else int(cap * (0.8 + 0.18 * r()))
            out.append(Match(mid, "crown", rnd, day, tip, h, a, team[h].venue, True, hs, as_, attendance,
                             REFEREES[int(r() * len(REFEREES))]))
    out.sort(key=lambda m: (m.day, m.tip, m.id))
    return tuple(out)


@lru_cache(maxsize=1)
def match_by_id() -> dict[int, Match]:
    return {m.id: m for m in matches()}


@lru_cache(maxsize=1)
def _by_team() -> dict[str, list[Player]]:
    out: dict[str, list[Player]] = {}
    for p in players():
        out.setdefault(p.team, []).append(p)
    return out


def _weighted(r, items: list[int], weights: list[float]) -> int:  # type: ignore[no-untyped-def]
    x = r() * sum(weights)
    for item, w in zip(items, weights):
        x -= w
        if x <= 0:
            return item
    return items[-1]


def _side(r, team: str) -> tuple[list[int], list[tuple[int, int, int]]]:  # type: ignore[no-untyped-def]
    """Starting XI and substitutions (minute, on, off) for one side."""
    squad = _by_team()[team]
    xi, bench = [], []
    for pos, count in (("GK", 1), ("DF", 4), ("MF", 4), ("FW", 2)):
        group = [p for p in squad if p.pos == pos]
        group.sort(key=lambda p: p.rotation + (6 * r() if pos != "GK" else 8 * (r() < 0.08)))
        xi += [p.id for p in group[:count]]
        bench += [p.id for p in group[count:]]
    by_id = {p.id: p for p in squad}
    subs = []
    outfield = [pid for pid in xi if by_id[pid].pos != "GK"]
    for minute in sorted(55 + int(r() * 34) for _ in range(3)):
        off = outfield.pop(int(r() * len(outfield)))
        same = [b for b in bench if by_id[b].pos == by_id[off].pos] or [b for b in bench if by_id[b].pos != "GK"]
        on = same[int(r() * len(same))]
        bench.remove(on)
        subs.append((minute, on, off))
    return xi, subs


@lru_cache(maxsize=None)
def details(match_id: int) -> Details | None:
    """Line-ups, events and statistics of a played match (None for a fixture still to come)."""
    m = match_by_id()[match_id]
    if not m.played:
        return None
    rng = random.Random(match_id)
    r = rng.random
    skill = _squads()[1]
    events: list[Event] = []
    sides = {}
    for team in (m.home, m.away):
        xi, subs = _side(r, team)
        sides[team] = (xi, subs)
        events += [Event("sub", team, minute, 0, on, off) for minute, on, off in subs]

    def on_pitch(team: str, minute: int) -> list[int]:
        xi, subs = sides[team]
        now = list(xi)
        for at, on, off in subs:
            if at <= minute:
                now[now.index(off)] = on
        return now

    for team, other, goals in ((m.home, m.away, m.home_score), (m.away, m.home, m.away_score)):
        for _ in range(goals):
            minute = 1 + int(r() * 90)
            extra = 1 + int(r() * 4) if minute in (45, 90) and r() < 0.5 else 0
            kind = "og" if r() < 0.04 else "pen" if r() < 0.09 else "goal"
            if kind == "og":
                field = [p for p in on_pitch(other, minute) if skill[p][0] < 1.0]
                events.append(Event("og", team, minute, extra, field[int(r() * len(field))]))
                continue
            field = on_pitch(team, minute)
            scorer = _weighted(r, field, [skill[p][0] for p in field])
            assist = 0
            if kind == "goal" and r() < 0.72:
                mates = [p for p in field if p != scorer]
                assist = _weighted(r, mates, [skill[p][1] for p in mates])
            events.append(Event(kind, team, minute, extra, scorer, assist))
        for _ in range(_poisson(r, 1.7)):
            minute = 5 + int(r() * 85)
            field = on_pitch(team, minute)
            events.append(Event("red" if r() < 0.03 else "yellow", team, minute, 0, field[int(r() * len(field))]))
    events.sort(key=lambda e: (e.minute, e.extra, e.kind != "goal"))
    played: dict[int, int] = {}
    for team in (m.home, m.away):
        xi, subs = sides[team]
        for p in xi:
            played[p] = 90
        for at, on, off in subs:
            played[off] = at
            played[on] = 90 - at
    diff = [t.rating for t in CROWN_TEAMS if t.key == m.home][0] - [t.rating for t in CROWN_TEAMS if t.key == m.away][0]
    possession = max(30, min(70, int(52 + 18 * diff + 12 * (r() - 0.5))))
    shots_h, shots_a = m.home_score + 5 + int(r() * 12), m.away_score + 4 + int(r() * 10)
    stats = (("Possession (%)", possession, 100 - possession), ("Shots", shots_h, shots_a),
             ("Shots on target", m.home_score + int(r() * 6), m.away_score + int(r() * 5)),
             ("Corners", int(r() * 11), int(r() * 9)), ("Fouls", 7 + int(r() * 10), 7 + int(r() * 10)),
             ("Offsides", int(r() * 5), int(r() * 5)))
    return Details(tuple(sides[m.home][0]), tuple(sides[m.away][0]), tuple(events), stats, tuple(played.items()))


@lru_cache(maxsize=1)
def past_lines() -> tuple[SeasonLine, ...]:
    """Season lines for the earlier seasons (current-season lines come from the match details)."""
    squad, skill = _squads()
    rng = random.Random(SEED + 2)
    r = rng.random
    keys = [t.key for t in CROWN_TEAMS]
    out = []
    for season in SEASONS[1:]:
        if_age = date(int(season[:4]), 8, 1)
        for p in squad:
            if p.age(if_age) < 18:
                continue
            attack, create, quality = skill[p.id]
            team = p.team if r() < 0.7 else keys[int(r() * len(keys))]
            starts = int(34 * min(1.0, quality) * (0.45 + 0.55 * r()))
            apps = min(34, starts + int(r() * 9))
            minutes = starts * (70 + int(r() * 20)) + (apps - starts) * (10 + int(r() * 20))
            share = minutes / 3060
            goals = int(attack * 4.2 * share * (0.5 + r()))
            assists = int(create * 2.6 * share * (0.5 + r()))
            clean = int(starts * (0.2 + 0.2 * r())) if p.pos == "GK" else 0
            out.append(SeasonLine(p.id, season, team, apps, starts, minutes, goals, assists,
                                  int(apps * 0.15 * (0.3 + 1.4 * r())), int(r() < 0.1), clean))
    return tuple(out)
