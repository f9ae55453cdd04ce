"""Player statistics: season lines (summed from box scores and match details for the current season),
the sortable columns the tables show, leaders, careers and game logs."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from webvoyager.sandbox.sites.sports import basketball as bb
from webvoyager.sandbox.sites.sports import football as fb
from webvoyager.sandbox.sites.sports.league import Game, Player, all_players, team_games
from webvoyager.sandbox.sites.sports.teams import CURRENT, SEASONS, TEAMS, Team


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
