"""Fieldhouse: a multi-sport site with scores by date, box scores and match timelines, standings,
player statistics, team pages and league leaders for a basketball and a football league.

Served at http://sports.localhost:<port>/.

Leagues: the Apex Basketball League (/abl/...) and the Crown League of football (/crown/...).
Pages per league: scores (a date strip and a calendar to move between days), game pages (box score
with team tabs, or a goal timeline with line-ups and match statistics; venue and attendance),
standings (as of any date; conference/division or overall/home/away tabs; sortable columns),
statistics (season and position selectors, sortable columns, pages), leaders, teams and team pages
(roster, schedule with results, team stats); player pages; a search with suggestions.

Widgets that make it hard for an agent: league menus that open on hover, a date strip plus a month
calendar popover, tabs that switch panels in the page, column headers that sort a table in the
page, selects that reload the page on change, pagination, and search suggestions.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from webvoyager.sandbox import kit
from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.sports import data
from webvoyager.sandbox.sites.sports import football as fb
from webvoyager.sandbox.web import Request, Response, Site

TEAM_TABS = ("roster", "schedule", "stats")


GAME_LEADER_STATS = (("Points", "pts"), ("Rebounds", "reb"), ("Assists", "ast"))


def game_leaders(g: Any) -> list[tuple[str, list[tuple[list[Any], int]]]]:
    """Per category (Points, Rebounds, Assists): for the away then the home side, the players with the
    most (all of them when tied) and that number."""
    out = []
    for label, key in GAME_LEADER_STATS:
        sides = []
        for team in (g.away, g.home):
            lines = g.lines(team)
            best = max(getattr(x, key) for x in lines)
            sides.append(([data.player(x.player) for x in lines if getattr(x, key) == best], best))
        out.append((label, sides))
    return out


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def long_date(d: Any) -> str:
    return f"{d.strftime('%A')}, {d.strftime('%B')} {d.day}, {d.year}"


def short_date(d: Any) -> str:
    return f"{d.strftime('%a')}, {d.strftime('%b')} {d.day}"


class SportsSite(Site):
    name = "sports"
    title = "Fieldhouse"
    paper_site = "ESPN"

    def setup(self) -> None:
        data.warm()
        self.env.globals.update(leagues=data.LEAGUES, teams=data.TEAMS, players=data.all_players(),
                                today=TODAY, long_date=long_date, short_date=short_date, ordinal=ordinal,
                                seasons=data.SEASONS, current=data.CURRENT, result_for=data.result_for,
                                record_after=data.record_after, shown=data.shown,
                                one_day=timedelta(days=1))
        self.route("/", self.home)
        self.route("/search", self.search)
        self.route("/api/suggest", self.suggest)
        self.route("/player/<pid>", self.player)
        self.route("/<league>", self.league_home)
        self.route("/<league>/scores", self.scores)
        self.route("/<league>/game/<gid>", self.game)
        self.route("/<league>/standings", self.standings)
        self.route("/<league>/stats", self.stats)
        self.route("/<league>/leaders", self.leaders)
        self.route("/<league>/teams", self.teams)
        self.route("/<league>/team/<key>", self.team)
        self.route("/<league>/team/<key>/<tab>", self.team)

    # ----- helpers ---------------------------------------------------------------------------------

    def _league(self, req: Request) -> data.League | None:
        return data.LEAGUES.get(req.params.get("league", ""))

    def home(self, req: Request) -> Response:
        yesterday = TODAY - timedelta(days=1)
        abl_days = sorted({g.day for g in data.games("abl") if g.played})
        crown_days = sorted({g.day for g in data.games("crown") if g.played})
        abl_recent = data.games_on("abl", abl_days[-1])
        crown_recent = [g for g in data.games("crown") if g.played and g.day >= crown_days[-1] - timedelta(days=2)]
        east = data.group(data.standings("abl"), conference="East")[:4]
        west = data.group(data.standings("abl"), conference="West")[:4]
        table = data.standings("crown")[:6]
        upcoming = [g for g in data.games("abl") + data.games("crown") if g.day == TODAY]
        return self.render("home.html", yesterday=yesterday, abl_recent=abl_recent, crown_recent=crown_recent,
                           east=east, west=west, table=table, upcoming=upcoming, top_scorer=data.top_scorer)

    def league_home(self, req: Request) -> Response:
        league = self._league(req)
        if league is None:
            return Response.not_found("league")
        return Response.redirect(f"/{league.key}/scores", status=302)

    # ----- scores and games -------------------------------------------------------------------------

    def scores(self, req: Request) -> Response:
        league = self._league(req)
        if league is None:
            return Response.not_found("league")
        day = data.clamp_day(league.key, data.parse_day(req.arg("date")))
        strip = [day + timedelta(days=i) for i in range(-3, 4)]
        counts = {d: len(data.games_on(league.key, d)) for d in strip}
        return self.render("scores.html", league=league, day=day, strip=strip, counts=counts,
                           games=data.games_on(league.key, day), prev_week=day - timedelta(days=7),
                           next_week=day + timedelta(days=7), season_start=data.SEASON_START[league.key].isoformat(),
                           top_scorer=data.top_scorer, details=fb.details, active="scores")

    def game(self, req: Request) -> Response:
        league = self._league(req)
        gid = req.params["gid"]
        g = data.game(int(gid)) if gid.isdigit() else None
        if league is None or g is None or g.league != league.key:
            return Response.not_found("game")
        context: dict[str, Any] = {"league": league, "g": g, "active": "scores",
                                   "home": data.TEAMS[g.home], "away": data.TEAMS[g.away]}
        if league.key == "abl":
            return self.render("game_abl.html", leaders=game_leaders(g) if g.played else [], **context)
        info = fb.details(g.id)
        return self.render("game_crown.html", info=info, minutes=dict(info.minutes) if info else {}, **context)

    # ----- standings, stats, leaders -----------------------------------------------------------------

    def standings(self, req: Request) -> Response:
        league = self._league(req)
        if league is None:
            return Response.not_found("league")
        day = data.clamp_day(league.key, data.parse_day(req.arg("date")))
        if league.key == "abl":
            rows = data.standings("abl", day)
            panels = {
                "conference": [(f"{c} Conference", data.group(rows, conference=c)) for c in data.CONFERENCES],
                "division": [(f"{d} Division ({c})", data.group(rows, division=d))
                             for c in data.CONFERENCES for d in data.DIVISIONS[c]],
                "league": [("Apex Basketball League", data.with_games_behind(data.group(rows)))],
            }
        else:
            panels = {split: [("Crown League", data.standings("crown", day, split))]
                      for split in ("overall", "home", "away")}
        return self.render("standings.html", league=league, day=day, panels=panels, active="standings",
                           season_start=data.SEASON_START[league.key].isoformat())

    def stats(self, req: Request) -> Response:
        league = self._league(req)
        if league is None:
            return Response.not_found("league")
        columns = data.BB_COLUMNS if league.key == "abl" else data.FB_COLUMNS
        positions = ("G", "F", "C") if league.key == "abl" else fb.POSITIONS
        season = req.arg("season") if req.arg("season") in data.SEASONS else data.CURRENT
        pos = req.arg("pos") if req.arg("pos") in positions else ""
        sort = req.arg("sort") if req.arg("sort") in columns else ("pts" if league.key == "abl" else "goals")
        rows = data.stat_rows(league.key, season, pos, sort)
        page = kit.paginate(rows, req.arg("page"), data.PAGE_SIZE)
        link = kit.query_link(f"/{league.key}/stats", {"season": season if season != data.CURRENT else "", "pos": pos,
                                                       "sort": sort, "page": ""}, omit=kit.BLANK_OR_FIRST)
        return self.render("stats.html", league=league, columns=columns, positions=positions, season=season, pos=pos,
                           sort=sort, rows=page.items, total=len(rows), page=page.number, pages=page.count,
                           first=page.first, link=link, active="stats")

    def leaders(self, req: Request) -> Response:
        league = self._league(req)
        if league is None:
            return Response.not_found("league")
        season = req.arg("season") if req.arg("season") in data.SEASONS else data.CURRENT
        boards = [(label, key, data.leaders(league.key, key, season)) for key, label in data.LEADER_CATEGORIES[league.key]]
        return self.render("leaders.html", league=league, season=season, boards=boards, active="leaders",
                           min_games=data.MIN_GAMES[league.key], value=data.value)

    # ----- teams and players -------------------------------------------------------------------------

    def teams(self, req: Request) -> Response:
        league = self._league(req)
        if league is None:
            return Response.not_found("league")
        return self.render("teams.html", league=league, all_teams=data.teams_of(league.key), active="teams",
                           divisions=data.DIVISIONS)

    def team(self, req: Request) -> Response:
        league = self._league(req)
        team = data.TEAMS.get(req.params["key"])
        tab = req.params.get("tab", "overview")
        if league is None or team is None or team.league != league.key or tab not in ("overview",) + TEAM_TABS:
            return Response.not_found("team")
        rows = data.standings(league.key)
        if league.key == "abl":
            conf_rows = data.group(rows, conference=team.conference)
            place = f"{ordinal([r.team.key for r in conf_rows].index(team.key) + 1)} in {team.conference} Conference"
        else:
            place = f"{ordinal([r.team.key for r in rows].index(team.key) + 1)} in Crown League"
        schedule = data.team_games(team.key)
        context: dict[str, Any] = {"league": league, "team": team, "tab": tab, "place": place, "active": "teams",
                                   "record": data.record_after(team.key, TODAY), "schedule": schedule}
        if tab == "overview":
            played = [g for g in schedule if g.played]
            context.update(last=played[-5:][::-1], upcoming=[g for g in schedule if not g.played][:3],
                           team_leaders=[(label, key, data.stat_rows(league.key, sort=key, team=team.key)[:1])
                                         for key, label in data.LEADER_CATEGORIES[league.key][:3]])
        elif tab == "roster":
            context.update(roster=data.roster(team.key))
        elif tab == "stats":
            sort = "pts" if league.key == "abl" else "goals"
            context.update(rows=data.stat_rows(league.key, sort=sort, team=team.key),
                           columns=data.BB_COLUMNS if league.key == "abl" else data.FB_COLUMNS)
        else:
            context.update(top_scorer=data.top_scorer)
        return self.render("team.html", **context)

    def player(self, req: Request) -> Response:
        pid = req.params["pid"]
        p = data.player(int(pid)) if pid.isdigit() else None
        if p is None:
            return Response.not_found("player")
        league = data.LEAGUES[p.league]
        columns = data.BB_COLUMNS if p.league == "abl" else data.FB_COLUMNS
        return self.render("player.html", p=p, league=league, team=data.TEAMS[p.team], lines=data.player_lines(p.id),
                           log=data.game_log(p.id), columns=columns, active="stats")

    def search(self, req: Request) -> Response:
        q = req.arg("q").strip()
        found_teams, found_players = data.search(q)
        return self.render("search.html", q=q, found_teams=found_teams, found_players=found_players[:50],
                           more=max(0, len(found_players) - 50))

    def suggest(self, req: Request) -> Response:
        found_teams, found_players = data.search(req.arg("q"))
        items = [{"label": f"{t.name} ({data.LEAGUES[t.league].short})", "url": t.url} for t in found_teams[:4]]
        items += [{"label": f"{p.name}, {data.TEAMS[p.team].abbr} {p.pos}", "url": p.url} for p in found_players[:6]]
        return Response.json({"suggestions": items})


SITE = SportsSite
