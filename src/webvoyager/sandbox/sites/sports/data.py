"""Content of the sports site: two leagues, their teams, players, games, standings and statistics.

The Apex Basketball League (`basketball.py`) and the Crown League of football (`football.py`) are
generated deterministically around TODAY. This module is the one place pages, tasks and tests ask:
`games_on`, `team_games`, `standings`, `stat_rows`, `leaders`, `player_lines`, `search`.
Startup generation (rosters, schedules, final scores) is cheap; box scores and match details are
made on first use, and season statistics are summed from them on first use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache
from typing import Union

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.sports import basketball as bb
from webvoyager.sandbox.sites.sports import football as fb
from webvoyager.sandbox.sites.sports.teams import (
    ABL_TEAMS, CROWN_TEAMS, CURRENT, LEAGUES, SEASONS, TEAMS, League, Team, teams_of,
)

Player = Union[bb.Player, fb.Player]
Game = Union[bb.Game, fb.Match]
PAGE_SIZE = 20
CONFERENCES = ("East", "West")
DIVISIONS = {"East": ("Harbor", "Summit"), "West": ("Canyon", "Coast")}
SEASON_START = {"abl": bb.SEASON_START, "crown": fb.ROUND_WEEKENDS[0]}

__all__ = ["ABL_TEAMS", "CROWN_TEAMS", "CURRENT", "LEAGUES", "SEASONS", "TEAMS", "League", "Team", "teams_of"]


def warm() -> None:
    """Generate what every page needs (rosters, schedules and scores), not the lazy details."""
    all_players()
    all_games()


# ----- players and games -------------------------------------------------------------------------

@lru_cache(maxsize=1)
def all_players() -> dict[int, Player]:
    return {p.id: p for p in bb.players() + fb.players()}


def player(pid: int) -> Player | None:
    return all_players().get(pid)


def roster(team: str) -> list[Player]:
    """A team's players by jersey number."""
    return sorted((p for p in all_players().values() if p.team == team), key=lambda p: p.number)


def find_player(name: str) -> Player:
    """The player with exactly this name (for tasks and tests)."""
    hits = [p for p in all_players().values() if p.name == name]
    if len(hits) != 1:
        raise KeyError(name)
    return hits[0]


def team_by_name(name: str) -> Team:
    return next(t for t in TEAMS.values() if t.name == name)


@lru_cache(maxsize=1)
def all_games() -> dict[int, Game]:
    return {g.id: g for g in bb.games() + fb.matches()}


def games(league: str) -> tuple[Game, ...]:
    return bb.games() if league == "abl" else fb.matches()


def game(gid: int) -> Game | None:
    return all_games().get(gid)


def games_on(league: str, day: date) -> list[Game]:
    return [g for g in games(league) if g.day == day]


def team_games(team: str) -> list[Game]:
    return [g for g in games(TEAMS[team].league) if team in (g.home, g.away)]


def find_game(league: str, day: date, team: str) -> Game:
    """The game a team played on a day (for tasks and tests)."""
    return next(g for g in games_on(league, day) if team in (g.home, g.away))


def result_for(g: Game, team: str) -> str:
    """`W 112-104` / `L 1-2` / `D 1-1` from the team's side (its score first)."""
    mine, theirs = (g.home_score, g.away_score) if g.home == team else (g.away_score, g.home_score)
    letter = "W" if mine > theirs else "L" if mine < theirs else "D"
    return f"{letter} {mine}-{theirs}"


def record_after(team: str, upto: date) -> str:
    """A team's record through `upto` (W-L for basketball, W-D-L for football)."""
    w = d = l_ = 0
    for g in team_games(team):
        if g.played and g.day <= upto:
            mine, theirs = (g.home_score, g.away_score) if g.home == team else (g.away_score, g.home_score)
            w, d, l_ = w + (mine > theirs), d + (mine == theirs), l_ + (mine < theirs)
    return f"{w}-{l_}" if TEAMS[team].league == "abl" else f"{w}-{d}-{l_}"


# ----- standings -------------------------------------------------------------------------------------

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


# ----- statistics ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class StatRow:
    """One player's season: totals plus what the tables show."""

    player: Player
    team: Team
    season: str
    gp: int
    totals: tuple[tuple[str, int], ...]

    def get(self, key: str) -> int:
        return dict(self.totals)[key]

    def per_game(self, key: str) -> float:
        return self.get(key) / self.gp if self.gp else 0.0

    def pct(self, made: str, tried: str) -> float:
        return self.get(made) / self.get(tried) if self.get(tried) else 0.0


BB_STATS = ("gs", "min", "pts", "reb", "ast", "stl", "blk", "tov", "fgm", "fga", "tpm", "tpa", "ftm", "fta")
FB_STATS = ("starts", "min", "goals", "assists", "yellow", "red", "clean")


@lru_cache(maxsize=1)
def _current_bb() -> tuple[StatRow, ...]:
    sums: dict[int, list[int]] = {}
    for g in bb.games():
        if not g.played:
            continue
        home, away = bb.box_score(g.id)
        for line in home + away:
            if line.minutes == 0:
                continue
            s = sums.setdefault(line.player, [0] * (len(BB_STATS) + 1))
            values = (1, int(line.starter), line.minutes, line.pts, line.reb, line.ast, line.stl, line.blk, line.tov,
                      line.fgm, line.fga, line.tpm, line.tpa, line.ftm, line.fta)
            for i, v in enumerate(values):
                s[i] += v
    players = all_players()
    return tuple(StatRow(players[pid], TEAMS[players[pid].team], CURRENT, s[0], tuple(zip(BB_STATS, s[1:])))
                 for pid, s in sums.items())


@lru_cache(maxsize=1)
def _current_fb() -> tuple[StatRow, ...]:
    sums: dict[int, dict[str, int]] = {}
    for m in fb.matches():
        info = fb.details(m.id)
        if info is None:
            continue
        xi = set(info.home_xi + info.away_xi)
        for pid, minutes in info.minutes:
            s = sums.setdefault(pid, dict.fromkeys(("gp",) + FB_STATS, 0))
            s["gp"] += 1
            s["min"] += minutes
            s["starts"] += pid in xi
        for side, conceded in ((info.home_xi, m.away_score), (info.away_xi, m.home_score)):
            keeper = side[0]
            if conceded == 0 and dict(info.minutes).get(keeper) == 90:
                sums[keeper]["clean"] += 1
        for e in info.events:
            if e.kind in ("goal", "pen"):
                sums[e.player]["goals"] += 1
                if e.other:
                    sums[e.other]["assists"] += 1
            elif e.kind in ("yellow", "red"):
                sums[e.player][e.kind] += 1
    players = all_players()
    return tuple(StatRow(players[pid], TEAMS[players[pid].team], CURRENT, s["gp"], tuple((k, s[k]) for k in FB_STATS))
                 for pid, s in sums.items())


def _past(league: str, season: str) -> tuple[StatRow, ...]:
    players = all_players()
    if league == "abl":
        return tuple(StatRow(players[x.player], TEAMS[x.team], season, x.gp,
                             (("gs", x.gs), ("min", x.minutes), ("pts", x.pts), ("reb", x.reb), ("ast", x.ast),
                              ("stl", x.stl), ("blk", x.blk), ("tov", x.tov), ("fgm", x.fgm), ("fga", x.fga),
                              ("tpm", x.tpm), ("tpa", x.tpa), ("ftm", x.ftm), ("fta", x.fta)))
                     for x in bb.past_lines() if x.season == season)
    return tuple(StatRow(players[x.player], TEAMS[x.team], season, x.apps,
                         (("starts", x.starts), ("min", x.minutes), ("goals", x.goals), ("assists", x.assists),
                          ("yellow", x.yellow), ("red", x.red), ("clean", x.clean_sheets)))
                 for x in fb.past_lines() if x.season == season)


def season_rows(league: str, season: str) -> tuple[StatRow, ...]:
    if season == CURRENT:
        return _current_bb() if league == "abl" else _current_fb()
    return _past(league, season)


# Sortable columns: key -> (header, value function, shown as). Basketball values are per game.
BB_COLUMNS: dict[str, tuple[str, str]] = {
    "gp": ("GP", "Games played"), "min": ("MIN", "Minutes per game"), "pts": ("PTS", "Points per game"),
    "reb": ("REB", "Rebounds per game"), "ast": ("AST", "Assists per game"), "stl": ("STL", "Steals per game"),
    "blk": ("BLK", "Blocks per game"), "fg": ("FG%", "Field goal percentage"), "tp": ("3P%", "Three-point percentage"),
    "ft": ("FT%", "Free throw percentage"),
}
FB_COLUMNS: dict[str, tuple[str, str]] = {
    "gp": ("APP", "Appearances"), "starts": ("ST", "Starts"), "min": ("MIN", "Minutes"), "goals": ("G", "Goals"),
    "assists": ("A", "Assists"), "yellow": ("YC", "Yellow cards"), "red": ("RC", "Red cards"),
    "clean": ("CS", "Clean sheets"),
}


def value(row: StatRow, key: str) -> float:
    """The value a stats table shows in column `key` (per game for basketball, totals for football)."""
    if key == "gp":
        return row.gp
    if row.player.league == "abl":
        if key == "fg":
            return 100 * row.pct("fgm", "fga")
        if key == "tp":
            return 100 * row.pct("tpm", "tpa")
        if key == "ft":
            return 100 * row.pct("ftm", "fta")
        return round(row.per_game(key), 1)
    return row.get(key)


def shown(row: StatRow, key: str) -> str:
    v = value(row, key)
    if row.player.league == "abl" and key in ("fg", "tp", "ft"):
        return f"{v:.1f}"
    if row.player.league == "abl" and key != "gp":
        return f"{v:.1f}"
    return str(int(v))


def stat_rows(league: str, season: str = CURRENT, pos: str = "", sort: str = "", team: str = "") -> list[StatRow]:
    """The rows of the stats table: filtered by position and team, sorted by `sort` (biggest first,
    ties by name). Basketball percentages need 2 attempts per game to rank above zero."""
    sort = sort or ("pts" if league == "abl" else "goals")
    rows = [r for r in season_rows(league, season) if (not pos or r.player.pos == pos) and (not team or r.team.key == team)]
    return sorted(rows, key=lambda r: (-value(r, sort), r.player.last, r.player.first))


LEADER_CATEGORIES = {
    "abl": (("pts", "Points per game"), ("reb", "Rebounds per game"), ("ast", "Assists per game"),
            ("stl", "Steals per game"), ("blk", "Blocks per game"), ("fg", "Field goal %")),
    "crown": (("goals", "Goals"), ("assists", "Assists"), ("clean", "Clean sheets"), ("yellow", "Yellow cards")),
}
MIN_GAMES = {"abl": 25, "crown": 10}


def leaders(league: str, key: str, season: str = CURRENT, count: int = 5) -> list[StatRow]:
    """The top `count` players in a category among those who played at least MIN_GAMES games
    (field goal % also needs 5 attempts a game)."""
    rows = [r for r in season_rows(league, season) if r.gp >= MIN_GAMES[league]]
    if key == "fg":
        rows = [r for r in rows if r.get("fga") >= 5 * r.gp]
    return sorted(rows, key=lambda r: (-value(r, key), r.player.last, r.player.first))[:count]


def player_lines(pid: int) -> list[StatRow]:
    """A player's season lines, newest season first."""
    p = all_players()[pid]
    out = []
    for season in SEASONS:
        out += [r for r in season_rows(p.league, season) if r.player.id == pid]
    return out


def game_log(pid: int, count: int = 5) -> list[tuple[Game, object]]:
    """The player's last `count` games: (game, his line or minutes)."""
    p = all_players()[pid]
    out: list[tuple[Game, object]] = []
    for g in reversed(team_games(p.team)):
        if not g.played:
            continue
        if p.league == "abl":
            line = next((x for x in g.lines(p.team) if x.player == pid and x.minutes), None)
            if line:
                out.append((g, line))
        else:
            info = fb.details(g.id)
            minutes = dict(info.minutes).get(pid) if info else None
            if minutes:
                goals = sum(1 for e in info.events if e.player == pid and e.kind in ("goal", "pen"))
                assists = sum(1 for e in info.events if e.other == pid and e.kind == "goal")
                out.append((g, (minutes, goals, assists)))
        if len(out) == count:
            break
    return out


def top_scorer(g: bb.Game, team: str) -> tuple[Player, int]:
    """The team's top scorer in a basketball game (ties: more rebounds, then name)."""
    players = all_players()
    best = max(g.lines(team), key=lambda x: (x.pts, x.reb, players[x.player].name))
    return players[best.player], best.pts


# ----- search ------------------------------------------------------------------------------------------

def search(q: str) -> tuple[list[Team], list[Player]]:
    """Teams and players whose name contains every word of `q` (case-insensitive)."""
    words = q.lower().split()
    if not words:
        return [], []
    teams = [t for t in TEAMS.values() if all(w in t.name.lower() for w in words)]
    found = [p for p in all_players().values() if all(w in p.name.lower() for w in words)]
    return sorted(teams, key=lambda t: t.name), sorted(found, key=lambda p: (p.last, p.first))


def parse_day(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def clamp_day(league: str, day: date | None) -> date:
    """A date inside the season (default TODAY)."""
    last = games(league)[-1].day
    day = day or TODAY
    return max(SEASON_START[league], min(last + timedelta(days=3), day))
