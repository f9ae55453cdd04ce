"""The Apex Basketball League season, generated deterministically around TODAY.

20 teams in two conferences of two divisions; 56 games each (conference rivals four times, the
other conference twice) from late October to late May. Games before TODAY are final and have full
box scores; a player's season statistics are the sums of his box-score lines, so every page agrees.
Earlier seasons exist only as per-player season lines (for the season selector and careers).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from typing import NamedTuple

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.sports.teams import ABL_TEAMS, FIRST_NAMES, HOMETOWNS, LAST_NAMES, OFFICIALS, SEASONS

SEED = 7331
SEASON_START = date(2025, 10, 28)
GAMES_PER_TEAM = 56
POSITIONS = ("G", "F", "C")
TIPS_WEEKDAY = ("7:00 PM", "7:30 PM", "8:00 PM", "9:00 PM")
TIPS_WEEKEND = ("1:00 PM", "3:30 PM", "6:00 PM", "8:30 PM")


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
    hometown: str
    rotation: int           # 0-4 starters, 5-9 bench, 10+ end of the bench

    @property
    def name(self) -> str:
        return f"{self.first} {self.last}"

    @property
    def url(self) -> str:
        return f"/player/{self.id}"

    @property
    def height(self) -> str:
        inches = round(self.height_cm / 2.54)
        return f"{inches // 12}' {inches % 12}\""

    @property
    def weight(self) -> str:
        return f"{round(self.weight_kg * 2.2046)} lbs"

    def age(self, on: date = TODAY) -> int:
        return on.year - self.born.year - ((on.month, on.day) < (self.born.month, self.born.day))


class Line(NamedTuple):
    """One player's box-score line in one game (minutes 0 = did not play)."""

    player: int
    starter: bool
    minutes: int
    fgm: int
    fga: int
    tpm: int
    tpa: int
    ftm: int
    fta: int
    oreb: int
    dreb: int
    ast: int
    stl: int
    blk: int
    tov: int
    pf: int

    @property
    def pts(self) -> int:
        return 2 * self.fgm + self.tpm + self.ftm

    @property
    def reb(self) -> int:
        return self.oreb + self.dreb


@dataclass(frozen=True)
class Game:
    id: int
    league: str
    day: date
    tip: str
    home: str
    away: str
    venue: str
    played: bool
    home_q: tuple[int, ...] = ()
    away_q: tuple[int, ...] = ()
    attendance: int = 0
    officials: tuple[str, ...] = ()

    @property
    def home_score(self) -> int:
        return sum(self.home_q)

    @property
    def away_score(self) -> int:
        return sum(self.away_q)

    @property
    def winner(self) -> str:
        return self.home if self.home_score > self.away_score else self.away

    @property
    def url(self) -> str:
        return f"/{self.league}/game/{self.id}"

    def lines(self, team: str) -> tuple[Line, ...]:
        """The team's box-score lines (generated on first use, see `box_score`)."""
        home, away = box_score(self.id)
        return home if team == self.home else away


@dataclass(frozen=True)
class SeasonLine:
    """A player's totals for one season with one team."""

    player: int
    season: str
    team: str
    gp: int
    gs: int
    minutes: int
    pts: int
    reb: int
    ast: int
    stl: int
    blk: int
    tov: int
    fgm: int
    fga: int
    tpm: int
    tpa: int
    ftm: int
    fta: int


@dataclass(frozen=True)
class _Skill:
    pts: float; ast: float; reb: float; stl: float; blk: float      # per minute  # noqa: E702
    three: float; ft_share: float; fg2: float; fg3: float; ftp: float; minutes: float  # noqa: E702
    miss2: float = 0.0; miss3: float = 0.0; missft: float = 0.0     # misses per make  # noqa: E702


ROSTER = ("G", "G", "F", "F", "C", "G", "F", "G", "F", "C", "G", "F", "C")   # rotation order


def _skill(r, pos: str, slot: int) -> _Skill:  # type: ignore[no-untyped-def]
    s = _raw_skill(r, pos, slot)
    return _Skill(s.pts, s.ast, s.reb, s.stl, s.blk, s.three, s.ft_share, s.fg2, s.fg3, s.ftp, s.minutes,
                  1 / s.fg2 - 1, 1 / s.fg3 - 1, 1 / s.ftp - 1)


def _raw_skill(r, pos: str, slot: int) -> _Skill:  # type: ignore[no-untyped-def]
    star = 1.0 if slot < 5 else 0.75 if slot < 10 else 0.55
    u = lambda lo, hi: lo + (hi - lo) * r()  # noqa: E731
    minutes = u(30, 36) if slot < 5 else u(17, 24) if slot < 8 else u(10, 17) if slot < 10 else 0.0
    if pos == "G":
        return _Skill(u(0.42, 0.82) * star, u(0.12, 0.30), u(0.09, 0.15), u(0.03, 0.05), u(0.004, 0.012),
                      u(0.30, 0.48), u(0.12, 0.2), u(0.45, 0.53), u(0.32, 0.42), u(0.74, 0.92), minutes)
    if pos == "F":
        return _Skill(u(0.40, 0.78) * star, u(0.05, 0.13), u(0.16, 0.26), u(0.02, 0.04), u(0.01, 0.03),
                      u(0.18, 0.38), u(0.12, 0.22), u(0.47, 0.56), u(0.30, 0.39), u(0.68, 0.86), minutes)
    return _Skill(u(0.36, 0.70) * star, u(0.03, 0.09), u(0.26, 0.38), u(0.01, 0.03), u(0.03, 0.07),
                  u(0.0, 0.10), u(0.15, 0.25), u(0.53, 0.65), u(0.28, 0.36), u(0.58, 0.78), minutes)


@lru_cache(maxsize=1)
def _roster() -> tuple[tuple[Player, ...], dict[int, _Skill]]:
    rng = random.Random(SEED)
    r = rng.random
    players: list[Player] = []
    skills: dict[int, _Skill] = {}
    used: set[tuple[str, str]] = set()
    pid = 3_100_000
    for team in ABL_TEAMS:
        numbers = rng.sample(range(0, 56), len(ROSTER))
        for slot, pos in enumerate(ROSTER):
            while (name := (rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES))) in used:
                pass
            used.add(name)
            pid += 1 + int(r() * 40)
            lo, hi = {"G": (183, 198), "F": (198, 209), "C": (206, 221)}[pos]
            height = lo + int(r() * (hi - lo + 1))
            weight = int(height * 0.52 - 8 + r() * 14)
            born = date(1994, 1, 1) + timedelta(days=int(r() * 365 * 12))
            players.append(Player(pid, "abl", team.key, name[0], name[1], numbers[slot], pos, height, weight, born,
                                  rng.choice(HOMETOWNS), slot))
            skills[pid] = _skill(r, pos, slot)
    return tuple(players), skills


def players() -> tuple[Player, ...]:
    return _roster()[0]


def balanced_circle(keys: list[str]) -> list[list[tuple[str, str]]]:
    """Single round robin by the circle method: len(keys) - 1 rounds of (home, away) pairs in which
    everyone plays once; the side with fewer home games so far is at home (ties: the one away last time)."""
    n, rot, rounds = len(keys), keys[:], []
    homes = dict.fromkeys(keys, 0)
    was_home = dict.fromkeys(keys, False)
    for _ in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = rot[i], rot[n - 1 - i]
            if (homes[a], was_home[a]) > (homes[b], was_home[b]):
                a, b = b, a
            homes[a] += 1
            was_home[a], was_home[b] = True, False
            pairs.append((a, b))
        rounds.append(pairs)
        rot = [rot[0], rot[-1]] + rot[1:-1]
    return rounds


def _schedule(rng: random.Random) -> list[tuple[date, str, str, str]]:
    """(day, tip time, home, away) for every game, in rounds where every team plays once: a league-wide
    round robin twice (home and away), then each conference's round robin twice more. Rounds are
    spread evenly from SEASON_START, each over up to three days."""
    keys = [t.key for t in ABL_TEAMS]
    rng.shuffle(keys)
    league = balanced_circle(keys)
    rounds = league + [[(a, h) for h, a in r] for r in league]
    east = [k for k in keys if next(t for t in ABL_TEAMS if t.key == k).conference == "East"]
    west = [k for k in keys if k not in east]
    conf = [e + w for e, w in zip(balanced_circle(east), balanced_circle(west))]
    rounds += conf + [[(a, h) for h, a in r] for r in conf]
    rng.shuffle(rounds)
    out = []
    for k, games in enumerate(rounds):
        first = SEASON_START + timedelta(days=int(k * 3.7))
        by_day: dict[date, list[tuple[str, str]]] = {}
        for pair in games:
            by_day.setdefault(first + timedelta(days=int(rng.random() * 3)), []).append(pair)
        for day in sorted(by_day):
            tips = TIPS_WEEKEND if day.weekday() >= 5 else TIPS_WEEKDAY
            for i, (h, a) in enumerate(by_day[day]):
                out.append((day, tips[i % len(tips)], h, a))
    out.sort(key=lambda x: (x[0], TIPS_WEEKDAY.index(x[1]) if x[1] in TIPS_WEEKDAY else TIPS_WEEKEND.index(x[1])))
    return out


def _box(r, roster: list[Player], skills: dict[int, _Skill], target: float) -> tuple[list[Line], int]:  # type: ignore[no-untyped-def]
    """One team's lines in one game and its points (about `target`)."""
    rot = [(p, skills[p.id]) for p in roster if p.rotation < 10]
    mins = [s.minutes * (0.85 + 0.3 * r()) for _, s in rot]
    extra = [(p, 2 + int(6 * r())) for p in roster if p.rotation >= 10 and r() < 0.3]
    scale = (240 - sum(m for _, m in extra)) / sum(mins)
    mins = [int(m * scale + 0.5) for m in mins]
    mins[0] += 240 - sum(mins) - sum(m for _, m in extra)
    players = rot + [(p, skills[p.id]) for p, _ in extra]
    mins += [m for _, m in extra]
    factor = target / sum(s.pts * m for (_, s), m in zip(players, mins))
    lines = []
    total = 0
    for (p, s), m in zip(players, mins):
        pts = int(s.pts * m * factor * (0.55 + 0.9 * r()) + 0.5)
        x = r()
        tpm = int(pts * s.three * (0.4 + 1.2 * x) / 3)
        ftm = min(pts - 3 * tpm, int(pts * s.ft_share * (1.6 - 1.2 * x) + 0.5))
        rest = pts - 3 * tpm - ftm
        ftm += rest % 2
        fg2m = rest // 2
        total += 2 * fg2m + 3 * tpm + ftm
        y = r()
        reb = int(s.reb * m * (0.5 + y) + 0.5)
        oreb = int(reb * 0.45 * x)
        z = r()
        lines.append(Line(p.id, p.rotation < 5, m, fg2m + tpm,
                          fg2m + tpm + int(fg2m * s.miss2 * (0.7 + 0.6 * y) + x) + int(tpm * s.miss3 * (0.7 + 0.6 * z) + 1.6 * y),
                          tpm, tpm + int(tpm * s.miss3 * (0.7 + 0.6 * z) + 1.6 * y), ftm, ftm + int(ftm * s.missft * (0.5 + z) + 0.8 * x),
                          oreb, reb - oreb, int(s.ast * m * (0.5 + z) + 0.5), int(s.stl * m * 2 * x + 0.3),
                          int(s.blk * m * 2 * y + 0.3), int(m * 0.12 * z + 0.3), int(m * 0.08 * (0.4 + x))))
    for p in roster:
        if p.rotation >= 10 and all(p is not q for q, _ in extra):
            lines.append(Line(p.id, False, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    return lines, total


def _quarters(r, total: int) -> tuple[int, ...]:  # type: ignore[no-untyped-def]
    weights = [0.85 + 0.3 * r() for _ in range(4)]
    parts = [int(total * w / sum(weights)) for w in weights]
    parts[int(r() * 4)] += total - sum(parts)
    return tuple(parts)


@lru_cache(maxsize=1)
def games() -> tuple[Game, ...]:
    """Every game of the current season, by date and tip-off time, with final scores for past days.

    Box scores are not made here (that would be slow): `box_score` makes a game's lines on first use,
    from the game's own seed, adding up exactly to the score fixed here.
    """
    rng = random.Random(SEED + 1)
    r = rng.random
    rating = {t.key: t.rating for t in ABL_TEAMS}
    venue = {t.key: (t.venue, t.capacity) for t in ABL_TEAMS}
    out = []
    for n, (day, tip, h, a) in enumerate(_schedule(rng)):
        gid = 401_580_000 + 7 * n + int(r() * 5)
        if day >= TODAY:
            out.append(Game(gid, "abl", day, tip, h, a, venue[h][0], False))
            continue
        hs = int(110 + 0.55 * (rating[h] - rating[a]) + 1.5 + 28 * (r() - 0.5))
        as_ = int(110 + 0.55 * (rating[a] - rating[h]) + 28 * (r() - 0.5))
        if hs == as_:
            hs += 1 + int(r() * 4)
        cap = venue[h][1]
        attendance = cap if r() < 0.25 else int(cap * (0.78 + 0.21 * r()))
        out.append(Game(gid, "abl", day, tip, h, a, venue[h][0], True, _quarters(r, hs), _quarters(r, as_),
                        attendance, tuple(rng.sample(OFFICIALS, 3))))
    return tuple(out)


@lru_cache(maxsize=1)
def game_by_id() -> dict[int, Game]:
    return {g.id: g for g in games()}


@lru_cache(maxsize=1)
def _team_rosters() -> dict[str, list[Player]]:
    by_team: dict[str, list[Player]] = {}
    for p in players():
        by_team.setdefault(p.team, []).append(p)
    return by_team


def _fit(lines: list[Line], total: int, want: int) -> list[Line]:
    """Add or remove baskets and free throws (rotation players first) until the points are `want`."""
    diff, i = want - total, 0
    order = sorted(range(len(lines)), key=lambda k: -lines[k].minutes)
    while diff:
        k = order[i % 7]
        x = lines[k]
        if diff >= 2:
            lines[k] = x._replace(fgm=x.fgm + 1, fga=x.fga + 1)
            diff -= 2
        elif diff == 1:
            lines[k] = x._replace(ftm=x.ftm + 1, fta=x.fta + 1)
            diff -= 1
        elif diff <= -2 and x.fgm > x.tpm:
            lines[k] = x._replace(fgm=x.fgm - 1)
            diff += 2
        elif diff == -1 and x.ftm > 0:
            lines[k] = x._replace(ftm=x.ftm - 1)
            diff += 1
        i += 1
    return lines


@lru_cache(maxsize=None)
def box_score(game_id: int) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
    """(home lines, away lines) of a played game; their points add up to the final score."""
    game = game_by_id()[game_id]
    if not game.played:
        return (), ()
    rng = random.Random(game_id)
    r = rng.random
    skills = _roster()[1]
    rosters = _team_rosters()
    out = []
    for team, score in ((game.home, game.home_score), (game.away, game.away_score)):
        lines, total = _box(r, rosters[team], skills, score)
        out.append(tuple(_fit(lines, total, score)))
    return out[0], out[1]


@lru_cache(maxsize=1)
def past_lines() -> tuple[SeasonLine, ...]:
    """Season lines for the earlier seasons (current-season lines come from the box scores)."""
    team_players, skills = _roster()
    rng = random.Random(SEED + 2)
    r = rng.random
    keys = [t.key for t in ABL_TEAMS]
    out = []
    for season in SEASONS[1:]:
        start_year = int(season[:4])
        for p in team_players:
            if p.age(date(start_year, 10, 1)) < 19:
                continue
            s = skills[p.id]
            team = p.team if r() < 0.75 else keys[int(r() * len(keys))]
            gp = 30 + int(r() * 27)
            mpg = max(6.0, (s.minutes or 8.0) * (0.8 + 0.35 * r()))
            m = int(gp * mpg)
            pts = int(s.pts * m * (0.8 + 0.35 * r()))
            tpm = int(pts * s.three * (0.8 + 0.4 * r()) / 3)
            ftm = int(pts * s.ft_share)
            fg2m = max(0, (pts - 3 * tpm - ftm) // 2)
            pts = 2 * fg2m + 3 * tpm + ftm
            out.append(SeasonLine(
                p.id, season, team, gp, gp if p.rotation < 5 else int(gp * 0.1 * r()), m, pts,
                int(s.reb * m * (0.85 + 0.3 * r())), int(s.ast * m * (0.85 + 0.3 * r())), int(s.stl * m * (0.8 + 0.4 * r())),
                int(s.blk * m * (0.8 + 0.4 * r())), int(m * 0.06 * (0.8 + 0.4 * r())),
                fg2m + tpm, int(fg2m / s.fg2 * (0.95 + 0.1 * r())) + int(tpm / s.fg3 * (0.95 + 0.1 * r())),
                tpm, int(tpm / s.fg3 * (0.95 + 0.1 * r())), ftm, int(ftm / s.ftp * (0.95 + 0.1 * r()))))
    return tuple(out)
