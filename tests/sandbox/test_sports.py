"""Fieldhouse (sandbox site `sports`): data, pages over HTTP, widgets in Chromium, and the tasks' answers."""

from __future__ import annotations

import json
import re
from datetime import date
from typing import Any, Callable

import pytest

from tests.sandbox.site_helpers import fetch
from webvoyager.sandbox.catalog import TODAY, site_tasks
from webvoyager.sandbox.sites.sports import basketball as bb
from webvoyager.sandbox.sites.sports import data as d
from webvoyager.sandbox.sites.sports import football as fb
from webvoyager.tasks import PageState

TASKS = {t.id: t for t in site_tasks("sports")}


def text_of(html: str) -> str:
    flat = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    return re.sub(r" ([,.])", r"\1", flat).replace("&#39;", "'").replace("&amp;", "&").replace("&#34;", '"')


def _unique_top(rows: list[Any], key: Any) -> Any:
    assert len(rows) >= 2 and key(rows[0]) != key(rows[1]), "a task's answer must not be a tie"
    return rows[0]


# ----- what the tasks ask, computed from the site's data --------------------------------------------------

def west_top() -> d.Row:
    return _unique_top(d.group(d.standings("abl", date(2026, 3, 1)), conference="West"), lambda r: r.pct)


def assist_pair() -> tuple[tuple[str, str, str], tuple[str, str, str]]:
    """(player, team, assists per game) of each team's best passer this season."""
    out = []
    for team in ("Bayview Breakers", "Ashport Mariners"):
        key = d.team_by_name(team).key
        top = _unique_top(d.stat_rows("abl", sort="ast", team=key), lambda r: d.value(r, "ast"))
        out.append((top.player.name, team, d.shown(top, "ast")))
    assert out[0][2] != out[1][2]
    return out[0], out[1]


def rebound_case() -> tuple[bb.Game, d.Player, int]:
    """The May 9 game whose home side has a single leading rebounder."""
    for g in d.games_on("abl", date(2026, 5, 9)):
        lines = sorted(g.lines(g.home), key=lambda x: -x.reb)
        if lines[0].reb != lines[1].reb:
            return g, d.player(lines[0].player), lines[0].reb
    raise AssertionError("no game with a single leading rebounder")


BLOCKS_RANK = 22


def blocks_case() -> tuple[d.StatRow, d.Team]:
    row = d.stat_rows("abl", "2024-25", "C", "blk")[BLOCKS_RANK - 1]
    return row, d.TEAMS[row.player.team]


def first_goal_case() -> tuple[fb.Match, fb.Event]:
    """A match on March 14, 2026 with goals whose first goal is alone in its minute."""
    for m in d.games_on("crown", date(2026, 3, 14)):
        goals = [e for e in fb.details(m.id).events if e.kind in ("goal", "pen", "og")]
        if len(goals) >= 2 and goals[0].order != goals[1].order and goals[0].kind == "goal":
            return m, goals[0]
    raise AssertionError("no suitable match")


def away_case() -> d.Row:
    rows = sorted(d.group(d.standings("abl"), conference="East"), key=lambda r: -(r.away[0] - r.away[2]))
    return _unique_top(rows, lambda r: r.away[0] - r.away[2])


def tallest_case() -> d.Player:
    team = d.team_by_name("Northwick Owls")
    rows = sorted(d.roster(team.key), key=lambda p: -round(p.height_cm / 2.54))
    return _unique_top(rows, lambda p: round(p.height_cm / 2.54))


def next_game_case() -> tuple[bb.Game, d.Team]:
    team = d.team_by_name("Granite City Stags")
    g = next(x for x in d.team_games(team.key) if not x.played)
    return g, d.TEAMS[g.away if g.home == team.key else g.home]


def goals_leader() -> d.StatRow:
    return _unique_top(d.leaders("crown", "goals"), lambda r: d.value(r, "goals"))


def midfield_assists_2023() -> d.StatRow:
    return d.stat_rows("crown", "2023-24", "MF", "assists")[0]


def guard_25() -> d.StatRow:
    return d.stat_rows("abl", pos="G", sort="pts")[24]


LOSER_DAY = date(2026, 3, 7)


def loser_top_case() -> tuple[bb.Game, d.Player, int, str]:
    """A game on LOSER_DAY the home side lost, its top scorer (alone at the top), his points and season PPG."""
    for g in d.games_on("abl", LOSER_DAY):
        if g.winner == g.home:
            continue
        lines = sorted(g.lines(g.home), key=lambda x: -x.pts)
        if lines[0].pts != lines[1].pts:
            p = d.player(lines[0].player)
            row = next(r for r in d.season_rows("abl", d.CURRENT) if r.player.id == p.id)
            return g, p, lines[0].pts, d.shown(row, "pts")
    raise AssertionError("no suitable game")


HOME_DAYS = (date(2026, 1, 31), date(2026, 2, 7), date(2026, 2, 14), date(2026, 2, 28))


def home_table_case() -> tuple[date, d.Row]:
    """The first of HOME_DAYS whose home table has a single leader, and that leader."""
    for day in HOME_DAYS:
        rows = d.standings("crown", day, "home")
        if rows[0].pts != rows[1].pts:
            return day, rows[0]
    raise AssertionError("no date with a single leader")


def first_sub_case() -> tuple[fb.Match, d.Player, int]:
    """The first April match (from April 4) whose away side made its first substitution alone in its minute,
    bringing on a player who has scored at least twice this season; that player and his goals."""
    for m in d.games("crown"):
        if m.day < date(2026, 4, 4) or not m.played:
            continue
        subs = [e for e in fb.details(m.id).events if e.kind == "sub" and e.team == m.away]
        if subs[0].minute == subs[1].minute:
            continue
        p = d.player(subs[0].player)
        row = next((r for r in d.season_rows("crown", d.CURRENT) if r.player.id == p.id), None)
        if row and row.get("goals") >= 2:
            return m, p, row.get("goals")
    raise AssertionError("no suitable match")


def clean_sheets_case() -> d.StatRow:
    return _unique_top(d.leaders("crown", "clean"), lambda r: d.value(r, "clean"))


def born(p: d.Player) -> str:
    return f"{p.born.strftime('%B')} {p.born.day}, {p.born.year}"


def others(names: list[str], right: str) -> list[str]:
    return list(dict.fromkeys(n for n in names if n != right))


def ordinal_suffix(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def minute_spellings(n: int) -> list[str]:
    return [f"{n}'", f"{n}{ordinal_suffix(n)} minute", f"minute {n}", f"{n}{ordinal_suffix(n)}-minute", f"{n} minutes",
            f"{n} min"]


def record(w: int, l: int) -> list[str]:
    return [f"{w}-{l}", f"{w} wins and {l} losses", f"{w} wins, {l} losses"]


def tip_spellings(tip: str) -> list[str]:
    """"8:00 PM" and how else one writes it ("8 PM", "8pm", "20:00")."""
    clock, half = tip.split()
    hour, minute = (int(x) for x in clock.split(":"))
    short = f"{hour}" if minute == 0 else clock
    h24 = hour % 12 + (12 if half == "PM" else 0)
    return [tip, f"{short} {half}", f"{short}{half.lower()}", f"{clock}{half.lower()}", f"{h24:02d}:{minute:02d}"]


def day_spellings(day: date) -> list[str]:
    return [f"{day:%B} {day.day}", f"{day.day} {day:%B}", day.isoformat()]


def leaders_in_game(g: bb.Game, team: str, key: str) -> list[d.Player]:
    """A side's players by `key` in a game, best first."""
    return [d.player(x.player) for x in sorted(g.lines(team), key=lambda x: -getattr(x, key))]


def season_row(league: str, p: d.Player) -> d.StatRow:
    return next(r for r in d.season_rows(league, d.CURRENT) if r.player.id == p.id)


def west_case() -> tuple[d.Row, list[str]]:
    """The West leader on March 1 and the wrong teams an answer may name: the next West team, the East
    leader, today's West leader."""
    day = date(2026, 3, 1)
    west, east = d.group(d.standings("abl", day), conference="West"), d.group(d.standings("abl", day), conference="East")
    now = d.group(d.standings("abl"), conference="West")[0]
    top = west_top()
    today = next(r for r in d.standings("abl") if r.team.key == top.team.key)
    wrong = others([west[1].team.name, east[0].team.name, now.team.name], top.team.name)
    return top, wrong + [f"{today.w}-{today.l}"]


def _sports_1() -> list[Any]:
    top, wrong = west_case()
    return [top.team.name, f"{top.w}-{top.l}", *wrong]


def _sports_2() -> list[Any]:
    (p1, _, a1), (p2, _, a2) = assist_pair()
    win, lose = ((p1, a1), (p2, a2)) if float(a1) > float(a2) else ((p2, a2), (p1, a1))
    return [win[0], lose[0], float(win[1])]


def _sports_3() -> list[Any]:
    g, p, rebounds = rebound_case()
    home = leaders_in_game(g, g.home, "reb")
    away = leaders_in_game(g, g.away, "reb")
    return [p.name, *others([home[1].name, away[0].name], p.name), rebounds]


def _sports_4() -> list[Any]:
    row, team = blocks_case()
    rows = d.stat_rows("abl", "2024-25", "C", "blk")
    then = row.team
    wrong = [rows[BLOCKS_RANK - 2].player.name, rows[BLOCKS_RANK].player.name]
    if then.key != team.key:
        wrong += [then.name, then.venue]
    return [row.player.name, team.name, team.venue, *wrong]


def _sports_5() -> list[Any]:
    m, goal = first_goal_case()
    scorers = [d.player(e.player).name for e in fb.details(m.id).events if e.kind in ("goal", "pen", "og")]
    first = d.player(goal.player).name
    return [first, minute_spellings(goal.minute)[0], *others(scorers, first), m.attendance]


def _sports_6() -> list[Any]:
    top = away_case()
    rows = sorted(d.group(d.standings("abl"), conference="East"), key=lambda r: -(r.away[0] - r.away[2]))
    leader = d.group(d.standings("abl"), conference="East")[0]
    return [top.team.name, f"{top.away[0]}-{top.away[2]}", *others([rows[1].team.name, leader.team.name], top.team.name)]


def _sports_7() -> list[Any]:
    tall = tallest_case()
    team = d.team_by_name("Northwick Owls")
    second = sorted(d.roster(team.key), key=lambda p: -round(p.height_cm / 2.54))[1]
    return [tall.name, second.name, tall.number]


def next_games() -> tuple[d.Team, list[bb.Game]]:
    team = d.team_by_name("Granite City Stags")
    return team, [x for x in d.team_games(team.key) if not x.played][:3]


def _sports_8() -> list[Any]:
    team, (nxt, after, third) = next_games()
    opp = {g.id: d.TEAMS[g.away if g.home == team.key else g.home].name for g in (nxt, after, third)}
    assert nxt.tip != after.tip and nxt.day != after.day
    return [opp[nxt.id], nxt.tip, f"{nxt.day:%B} {nxt.day.day}", after.tip, f"{after.day:%B} {after.day.day}",
            *others([opp[after.id], opp[third.id]], opp[nxt.id])]


def _sports_9() -> list[Any]:
    top = goals_leader()
    rows = d.leaders("crown", "goals")
    return [top.player.name, top.player.nation, rows[1].player.name, rows[2].player.name, d.value(top, "goals")]


def _sports_10() -> list[Any]:
    rows = d.stat_rows("crown", "2023-24", "MF", "assists")
    return [rows[0].player.name, rows[1].player.name, rows[2].player.name,
            "sports.localhost", "/crown/stats", "pos=MF", "season=2023-24", "sort=assists"]


def _sports_11() -> list[Any]:
    rows = d.stat_rows("abl", pos="G", sort="pts")
    return [rows[24].player.name, rows[23].player.name, rows[25].player.name]


def _sports_12() -> list[Any]:
    g, p, _, ppg = loser_top_case()
    home = leaders_in_game(g, g.home, "pts")
    away = leaders_in_game(g, g.away, "pts")
    return [p.name, *others([home[1].name, away[0].name], p.name), float(ppg)]


def _sports_13() -> list[Any]:
    day, top = home_table_case()
    rows = d.standings("crown", day, "home")
    overall = d.standings("crown", day)[0]
    return [top.team.name, *others([rows[1].team.name, overall.team.name], top.team.name), top.pts]


def first_subs(m: fb.Match) -> tuple[d.Player, d.Player, d.Player]:
    """The away side's first and second substitutes, and the home side's first."""
    subs = [e for e in fb.details(m.id).events if e.kind == "sub"]
    away = [d.player(e.player) for e in subs if e.team == m.away]
    home = [d.player(e.player) for e in subs if e.team == m.home]
    return away[0], away[1], home[0]


def _sports_14() -> list[Any]:
    m, p, goals = first_sub_case()
    _, second, home_first = first_subs(m)
    return [p.name, *others([second.name, home_first.name], p.name), goals]


def _sports_15() -> list[Any]:
    keeper = clean_sheets_case()
    second = d.leaders("crown", "clean")[1]
    return [keeper.player.name, born(keeper.player), second.player.name]


# what each task's checks must hold (see check_values.py), computed from the site's data
EXPECTED: dict[str, Callable[[], list[Any]]] = {f"sports--{i}": globals()[f"_sports_{i}"] for i in range(1, 16)}


# ----- tasks ---------------------------------------------------------------------------------------------

def test_tasks_are_many_long_and_well_formed() -> None:
    assert len(TASKS) >= 12
    steps = {k: len(t.reference.steps) for k, t in TASKS.items()}
    assert sum(n >= 8 for n in steps.values()) >= 6, steps
    assert min(steps.values()) >= 3, steps
    for task in TASKS.values():
        assert task.site == "Fieldhouse" and task.start_url.startswith("http://sports.localhost/")
        assert len(task.reference.steps) <= (task.max_steps or 15)


def test_state_task_checks_the_stats_url(sandbox: Any) -> None:
    task = TASKS["sports--10"]
    name = midfield_assists_2023().player.name
    good = sandbox.url("sports", "/crown/stats?season=2023-24&pos=MF&sort=assists")
    assert task.check(name, PageState(url=good)) is True
    assert task.check(name, PageState(url=good.replace("pos=MF", "pos=FW"))) is False
    page = text_of(sandbox.fetch("sports", good[good.index("/crown"):]).body.decode())
    assert f"1 {name}" in page


# ----- data ---------------------------------------------------------------------------------------------

def test_generation_is_deterministic_and_big_enough() -> None:
    # how long it takes is printed by benchmarks/sandbox_data.py (no timing in tests)
    before = [(g.id, g.day, g.home, g.away, g.home_score, g.away_score) for g in bb.games() + fb.matches()]
    for cached in (bb._roster, bb.games, bb.game_by_id, fb._squads, fb.matches, fb.match_by_id, d.all_players, d.all_games):
        cached.cache_clear()
    d.warm()
    after = [(g.id, g.day, g.home, g.away, g.home_score, g.away_score) for g in bb.games() + fb.matches()]
    assert after == before
    assert len(bb.players()) == 20 * 13 and len(fb.players()) == 18 * 22
    assert len({p.name for p in d.all_players().values()}) == len(d.all_players()), "player names are unique"
    assert len(bb.games()) == 20 * bb.GAMES_PER_TEAM // 2 and len(fb.matches()) == 18 * 17
    assert all(g.played == (g.day < TODAY) for g in bb.games() + fb.matches())
    assert bb.games()[0].day < TODAY < bb.games()[-1].day and fb.matches()[0].day < TODAY < fb.matches()[-1].day


def test_box_scores_and_match_details_agree_with_scores() -> None:
    for g in bb.games()[::37]:
        if g.played:
            home, away = bb.box_score(g.id)
            assert sum(x.pts for x in home) == g.home_score == sum(g.home_q)
            assert sum(x.pts for x in away) == g.away_score == sum(g.away_q)
            assert sum(x.minutes for x in home) == 240 and all(x.fgm <= x.fga and x.tpm <= x.tpa for x in home + away)
    for m in fb.matches()[::23]:
        info = fb.details(m.id)
        if info is None:
            assert not m.played
            continue
        goals = [e for e in info.events if e.kind in ("goal", "pen", "og")]
        assert sum(e.team == m.home for e in goals) == m.home_score and sum(e.team == m.away for e in goals) == m.away_score
        assert len(info.home_xi) == len(info.away_xi) == 11


def test_standings_and_stats_are_consistent() -> None:
    rows = d.standings("abl")
    assert sum(r.w for r in rows) == sum(r.l for r in rows) == sum(g.played for g in bb.games())
    assert [r.pct for r in rows] == sorted((r.pct for r in rows), reverse=True)
    east = d.group(rows, conference="East")
    assert east[0].gb == 0 and all(r.team.conference == "East" for r in east) and len(east) == 10
    table = d.standings("crown")
    assert [r.pts for r in table] == sorted((r.pts for r in table), reverse=True)
    early = d.standings("crown", date(2025, 9, 1))
    assert sum(r.gp for r in early) < sum(r.gp for r in table)
    home, away = d.standings("crown", split="home"), d.standings("crown", split="away")
    by_key = {r.team.key: r for r in table}
    for r in home:
        other = next(a for a in away if a.team.key == r.team.key)
        assert r.pts + other.pts == by_key[r.team.key].pts
    # season statistics are the sums of the box scores
    rows_bb = d.season_rows("abl", d.CURRENT)
    assert sum(r.get("pts") for r in rows_bb) == sum(g.home_score + g.away_score for g in bb.games() if g.played)
    goals = sum(r.get("goals") for r in d.season_rows("crown", d.CURRENT))
    own = sum(e.kind == "og" for m in fb.matches() if m.played for e in fb.details(m.id).events)
    assert goals + own == sum(m.home_score + m.away_score for m in fb.matches() if m.played)


def test_stats_sorting_filters_and_leaders() -> None:
    centers = d.stat_rows("abl", "2024-25", "C", "blk")
    assert centers and all(r.player.pos == "C" and r.season == "2024-25" for r in centers)
    assert [d.value(r, "blk") for r in centers] == sorted((d.value(r, "blk") for r in centers), reverse=True)
    leaders = d.leaders("abl", "pts")
    assert all(r.gp >= d.MIN_GAMES["abl"] for r in leaders)
    assert d.value(leaders[0], "pts") == max(d.value(r, "pts") for r in d.season_rows("abl", d.CURRENT) if r.gp >= 25)
    teams, players = d.search("granite")
    assert {t.name for t in teams} == {"Granite City Stags", "Granite Athletic"} and players == []


# ----- pages over HTTP ---------------------------------------------------------------------------------

def test_pages_render_and_unknown_items_404(sandbox: Any) -> None:
    g = next(x for x in bb.games() if x.played)
    m = next(x for x in fb.matches() if x.played)
    future = next(x for x in fb.matches() if not x.played)
    p = bb.players()[0]
    for path in ["/", "/abl/scores", "/abl/scores?date=2026-03-14", "/crown/scores?date=2026-03-14", g.url, m.url,
                 future.url, "/abl/standings?date=2026-03-01", "/crown/standings", "/abl/stats?season=2024-25&pos=C&sort=blk",
                 "/crown/stats?page=3", "/abl/leaders", "/crown/leaders?season=2023-24", "/abl/teams", "/crown/teams",
                 f"/abl/team/{p.team}", f"/abl/team/{p.team}/roster", f"/abl/team/{p.team}/schedule",
                 f"/abl/team/{p.team}/stats", p.url, "/search?q=stags", "/api/suggest?q=gran", "/static/site.css"]:
        assert fetch(sandbox, "sports", path)[0] == 200, path
    assert sandbox.fetch("sports", "/abl").status == 302
    for path in ["/nba/scores", "/abl/game/1", f"/crown/game/{g.id}", "/abl/team/nobody", f"/crown/team/{p.team}",
                 f"/abl/team/{p.team}/payroll", "/player/12", "/player/x"]:
        assert fetch(sandbox, "sports", path)[0] == 404, path


def test_box_score_page_shows_venue_attendance_and_lines(sandbox: Any) -> None:
    g, p, rebounds = rebound_case()
    page = text_of(fetch(sandbox, "sports", g.url)[2])
    assert f"Attendance {g.attendance:,}" in page and f"Venue {g.venue}" in page
    line = next(x for x in g.lines(g.home) if x.player == p.id)
    assert f"{p.name} {p.pos} {line.minutes} {line.fgm}-{line.fga}" in page
    assert "DNP - Coach's decision" in page or all(x.minutes for x in g.lines(g.home) + g.lines(g.away))


def test_match_page_shows_goal_timeline_and_lineups(sandbox: Any) -> None:
    m, goal = first_goal_case()
    page = text_of(fetch(sandbox, "sports", m.url)[2])
    scorer = d.player(goal.player)
    assert f"{goal.clock} {scorer.name} ({d.TEAMS[goal.team].abbr})" in page
    assert f"Attendance {m.attendance:,}" in page and f"Referee {m.referee}" in page
    assert all(d.player(pid).name in page for pid in fb.details(m.id).home_xi)


def test_scores_page_lists_the_days_games_and_strip(sandbox: Any) -> None:
    page = fetch(sandbox, "sports", "/abl/scores?date=2026-03-14")[2]
    for g in d.games_on("abl", date(2026, 3, 14)):
        assert f"Box score: {d.TEAMS[g.away].name} at {d.TEAMS[g.home].name}" in page
    for day in ("Wednesday, March 11, 2026", "Saturday, March 14, 2026", "Tuesday, March 17, 2026"):
        assert f'aria-label="{day}"' in page
    empty = fetch(sandbox, "sports", "/crown/scores?date=2026-03-18")[2]
    assert "No games scheduled on this day." in empty


def test_box_score_shows_game_leaders(sandbox: Any) -> None:
    g, p, rebounds = rebound_case()
    page = text_of(fetch(sandbox, "sports", g.url)[2])
    assert f"Rebounds {leaders_in_game(g, g.away, 'reb')[0].name} " in page and f" {p.name} {rebounds} Assists" in page
    game, scorer, points, _ = loser_top_case()
    assert f" {scorer.name} {points} Rebounds" in text_of(fetch(sandbox, "sports", game.url)[2])


def test_line_ups_list_substitutes_after_each_starting_xi(sandbox: Any) -> None:
    m, p, _ = first_sub_case()
    page = text_of(fetch(sandbox, "sports", m.url)[2])
    away = d.TEAMS[m.away].name
    sub = next(e for e in fb.details(m.id).events if e.kind == "sub" and e.team == m.away)
    assert f"{away} substitutions {sub.clock} {p.name} on for {d.player(sub.other).name}" in page


def test_team_overview_lists_next_games_with_times(sandbox: Any) -> None:
    team, (nxt, after, _) = next_games()
    page = text_of(fetch(sandbox, "sports", team.url)[2])
    opp = d.TEAMS[nxt.away if nxt.home == team.key else nxt.home].name
    assert f"Next games {nxt.day:%a}, {nxt.day:%b} {nxt.day.day} " in page and f"{opp} {nxt.tip} {after.day:%a}" in page


def test_suggestions_endpoint(sandbox: Any) -> None:
    payload = json.loads(fetch(sandbox, "sports", "/api/suggest?q=granite")[2])
    labels = [s["label"] for s in payload["suggestions"]]
    assert labels == ["Granite Athletic (Crown League)", "Granite City Stags (ABL)"]


# ----- widgets in Chromium -----------------------------------------------------------------------------

@pytest.mark.browser
async def test_hover_menu_calendar_and_standings_date(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("sports", "/"))
    item = page.get_by_role("menuitem", name="ABL Standings")
    assert not await item.is_visible()
    await page.get_by_role("link", name="ABL", exact=True).hover()
    assert await item.is_visible()
    await item.click()
    await page.wait_for_url("**/abl/standings")
    await page.get_by_role("button", name="Change date").click()
    await page.get_by_role("button", name="Previous month").click()
    await page.get_by_role("button", name="Previous month").click()
    await page.get_by_role("button", name="Sunday, March 1, 2026").click()
    await page.wait_for_url("**date=2026-03-01")
    west = page.locator("#panel-conference table").nth(1)
    first = await west.locator("tbody tr").first.locator("a").inner_text()
    assert first == west_top().team.name


@pytest.mark.browser
async def test_tabs_and_sortable_columns(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("sports", "/abl/standings"))
    division = page.locator("#panel-division")
    assert not await division.is_visible()
    await page.get_by_role("tab", name="Division").click()
    assert await division.is_visible() and not await page.locator("#panel-conference").is_visible()
    await page.get_by_role("tab", name="Conference").click()
    east = page.locator("#panel-conference table").first
    await east.get_by_role("button", name="AWAY").click()
    assert await east.locator("tbody tr").first.locator("a").inner_text() == away_case().team.name
    assert await east.locator("th[aria-sort=descending]").inner_text() == "AWAY"
    g, p, _ = rebound_case()
    await page.goto(sandbox.url("sports", g.url))
    home_box = page.locator(f"#box-{g.home}")
    assert not await home_box.is_visible()
    await page.get_by_role("tab", name=d.TEAMS[g.home].name).click()
    assert await home_box.is_visible() and p.name in await home_box.inner_text()


@pytest.mark.browser
async def test_roster_sorts_by_height(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("sports", "/abl/team/northwick-owls/roster"))
    await page.get_by_role("button", name="HT").click()
    first = page.locator("table.roster tbody tr").first
    tall = tallest_case()
    assert await first.locator("a").inner_text() == tall.name
    assert await first.locator("td").first.inner_text() == str(tall.number)


@pytest.mark.browser
@pytest.mark.slow
async def test_stats_selects_reload_and_suggestions_navigate(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("sports", "/crown/stats"))
    await page.get_by_label("Season").select_option(label="2023-24")
    await page.wait_for_url("**season=2023-24**")
    await page.get_by_label("Position").select_option(label="Midfielders")
    await page.wait_for_url("**pos=MF**")
    await page.get_by_role("link", name="Sort by assists").click()
    await page.wait_for_url("**sort=assists**")
    assert await page.locator("table.stats tbody tr td.name").first.inner_text() == midfield_assists_2023().player.name
    await page.get_by_placeholder("Search players and teams").type("Granite City")
    option = page.get_by_role("option", name="Granite City Stags (ABL)")
    await option.click()
    await page.wait_for_url("**/abl/team/granite-city-stags")
    assert "Granite City Stags" in await page.locator("h1").inner_text()


@pytest.mark.browser
@pytest.mark.slow
async def test_pages_have_no_script_errors(sandbox: Any, session: Any) -> None:
    page = session.page
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"{page.url}: {exc}"))
    page.on("console", lambda msg: problems.append(f"{page.url}: {msg.text}") if msg.type == "error" else None)
    g, _ = first_goal_case()
    p = bb.players()[5]
    for path in ("/", "/abl/scores?date=2026-03-07", "/crown/scores", g.url, "/abl/standings", "/crown/standings",
                 "/abl/stats?pos=G", "/crown/leaders", "/abl/teams", f"/abl/team/{p.team}/schedule", p.url,
                 "/search?q=rovers"):
        await page.goto(sandbox.url("sports", path))
        await page.wait_for_load_state("networkidle")
    assert problems == []
