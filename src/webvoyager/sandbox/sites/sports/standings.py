"""Standings of both leagues as of any date: overall, home or away; groups with games behind."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.sports.league import games
from webvoyager.sandbox.sites.sports.teams import TEAMS, Team, teams_of


@dataclass
class Row:
    team: Team
    w: int = 0
    d: int = 0
    l: int = 0   # noqa: E741
    pf: int = 0
    pa: int = 0
    home: list[int] = field(default_factory=lambda: [0, 0, 0])   # W, D, L
    away: list[int] = field(default_factory=lambda: [0, 0, 0])
    conf: list[int] = field(default_factory=lambda: [0, 0])
    div: list[int] = field(default_factory=lambda: [0, 0])
    results: list[str] = field(default_factory=list)
    gb: float = 0.0

    @property
    def gp(self) -> int:
        return self.w + self.d + self.l

    @property
    def pct(self) -> float:
        return self.w / self.gp if self.gp else 0.0

    @property
    def pts(self) -> int:
        return 3 * self.w + self.d

    @property
    def diff(self) -> int:
        return self.pf - self.pa

    @property
    def pct_text(self) -> str:
        return f"{self.pct:.3f}".lstrip("0") if self.pct < 1 else "1.000"

    @property
    def gb_text(self) -> str:
        return "-" if self.gb == 0 else f"{self.gb:.1f}"

    @property
    def streak(self) -> str:
        if not self.results:
            return "-"
        last = self.results[-1]
        n = 0
        for x in reversed(self.results):
            if x != last:
                break
            n += 1
        return f"{last}{n}"

    @property
    def last10(self) -> str:
        tail = self.results[-10:]
        return f"{tail.count('W')}-{tail.count('L')}"

    @property
    def form(self) -> str:
        return "".join(self.results[-5:])

    def ppg(self) -> str:
        return f"{self.pf / self.gp:.1f}" if self.gp else "0.0"

    def oppg(self) -> str:
        return f"{self.pa / self.gp:.1f}" if self.gp else "0.0"


def standings(league: str, as_of: date = TODAY, split: str = "overall") -> list[Row]:
    """Every team's row from games played on or before `as_of`, best first.

    Basketball: by win percentage, then point difference. Football: by points, goal difference,
    goals scored. `split` ("home"/"away") counts only those games (football tables).
    """
    rows = {t.key: Row(t) for t in teams_of(league)}
    for g in games(league):
        if not g.played or g.day > as_of:
            continue
        for side, opp, mine, theirs, where in ((g.home, g.away, g.home_score, g.away_score, "home"),
                                               (g.away, g.home, g.away_score, g.home_score, "away")):
            if split != "overall" and split != where:
                continue
            row = rows[side]
            outcome = 0 if mine > theirs else 1 if mine == theirs else 2
            row.w, row.d, row.l = row.w + (outcome == 0), row.d + (outcome == 1), row.l + (outcome == 2)
            row.pf, row.pa = row.pf + mine, row.pa + theirs
            getattr(row, where)[outcome] += 1
            row.results.append("WDL"[outcome])
            if league == "abl":
                other = TEAMS[opp]
                if other.conference == row.team.conference:
                    row.conf[outcome // 2] += 1
                if other.division == row.team.division:
                    row.div[outcome // 2] += 1
    if league == "abl":
        ordered = sorted(rows.values(), key=lambda r: (-r.pct, -r.diff, r.team.name))
    else:
        ordered = sorted(rows.values(), key=lambda r: (-r.pts, -r.diff, -r.pf, r.team.name))
    return ordered


def with_games_behind(rows: list[Row]) -> list[Row]:
    """The rows with `gb` set against the first row (basketball)."""
    if rows:
        lead = rows[0]
        for r in rows:
            r.gb = ((lead.w - r.w) + (r.l - lead.l)) / 2
    return rows


def group(rows: list[Row], conference: str = "", division: str = "") -> list[Row]:
    """The rows of one conference or division, in standings order, with games behind its leader."""
    picked = [r for r in rows if (not conference or r.team.conference == conference)
              and (not division or r.team.division == division)]
    return with_games_behind([Row(**{k: getattr(r, k) for k in r.__dataclass_fields__}) for r in picked])
