"""Content of the sports site: two leagues, their teams, players, games, standings and statistics.

The Apex Basketball League (`basketball.py`) and the Crown League of football (`football.py`) are
generated deterministically around TODAY. This module is the one place pages, tasks and tests ask:
`games_on`, `team_games`, `standings`, `stat_rows`, `leaders`, `player_lines`, `search`.
Startup generation (rosters, schedules, final scores) is cheap; box scores and match details are
made on first use, and season statistics are summed from them on first use.
"""

from __future__ import annotations

from datetime import date, timedelta

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.sports import basketball as bb
from webvoyager.sandbox.sites.sports import football as fb
from webvoyager.sandbox.sites.sports.league import (
    Game, Player, all_games, all_players, find_game, find_player, game, games, games_on, player, record_after,
    result_for, roster, team_by_name, team_games,
)
from webvoyager.sandbox.sites.sports.standings import Row, group, standings, with_games_behind
from webvoyager.sandbox.sites.sports.stats import (
    BB_COLUMNS, FB_COLUMNS, LEADER_CATEGORIES, MIN_GAMES, StatRow, game_log, leaders, player_lines, season_rows,
    shown, stat_rows, top_scorer, value,
)
from webvoyager.sandbox.sites.sports.teams import (
    ABL_TEAMS, CROWN_TEAMS, CURRENT, LEAGUES, SEASONS, TEAMS, League, Team, teams_of,
)

PAGE_SIZE = 20
CONFERENCES = ("East", "West")
DIVISIONS = {"East": ("Harbor", "Summit"), "West": ("Canyon", "Coast")}
SEASON_START = {"abl": bb.SEASON_START, "crown": fb.ROUND_WEEKENDS[0]}

__all__ = [  # what pages, tasks and tests use, from this one module
    "ABL_TEAMS", "BB_COLUMNS", "CROWN_TEAMS", "CURRENT", "FB_COLUMNS", "Game", "LEADER_CATEGORIES", "LEAGUES",
    "MIN_GAMES", "Player", "Row", "SEASONS", "StatRow", "TEAMS", "TODAY", "League", "Team", "all_games", "all_players",
    "find_game", "find_player", "game", "game_log", "games", "games_on", "group", "leaders", "player", "player_lines",
    "record_after", "result_for", "roster", "season_rows", "shown", "standings", "stat_rows", "team_by_name",
    "team_games", "teams_of", "top_scorer", "value", "with_games_behind", "bb", "fb",
]


def warm() -> None:
    """Generate what every page needs (rosters, schedules and scores), not the lazy details."""
    all_players()
    all_games()


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
