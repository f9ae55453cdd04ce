"""Players and games of both leagues: the lookups every other sports module builds on."""

from __future__ import annotations

from datetime import date
from functools import lru_cache
from typing import Union

from webvoyager.sandbox.sites.sports import basketball as bb
from webvoyager.sandbox.sites.sports import football as fb
from webvoyager.sandbox.sites.sports.teams import TEAMS, Team

Player = Union[bb.Player, fb.Player]
Game = Union[bb.Game, fb.Match]


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
