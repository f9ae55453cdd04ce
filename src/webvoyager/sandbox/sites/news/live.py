"""Live pages of the news site: running coverage made of timestamped updates, newest first.

The page itself only has the title and key points; the updates arrive late, fetched by the page's
script from a slow JSON endpoint, LIVE_PAGE_SIZE at a time ("Show older updates" fetches more).
Times are deterministic: each event's updates are spread from its start time with fixed gaps.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache

from webvoyager.sandbox.catalog import TODAY

LIVE_PAGE_SIZE = 8


@dataclass(frozen=True)
class Update:
    at: datetime
    title: str
    text: str
    author: str


@dataclass(frozen=True)
class LiveEvent:
    slug: str
    section: str
    title: str
    day: date
    ended: bool
    key_points: tuple[str, ...]
    updates: tuple[Update, ...]     # newest first

    @property
    def url(self) -> str:
        return f"/live/{self.slug}"


# (title, text) of each update in the order they were posted, the gap in minutes before each one
_STORM = (
    (0, "Good morning", "Welcome to our live coverage of Storm Brenna, which reached the north coast overnight. Gusts of up to 140 km/h have been recorded at Kestrel Bay."),
    (18, "Red warning in place", "The weather service has issued a red warning for wind across the coastal districts of Kestland until 21:00."),
    (22, "Ferries cancelled", "All ferry crossings from Brisk Harbour have been cancelled for the rest of the day, the operator says."),
    (31, "Trees down on the coast road", "Police say several trees have fallen across the coast road between Ashgrove and Kestrel Bay. Drivers are urged to avoid the area."),
    (27, "Schools close early", "Forty-two schools in the Ashgrove district will close at midday, the regional council says."),
    (24, "Power cuts", "About 18,500 homes are without power, the grid operator Lumen Grid says. Engineers are on standby but cannot climb pylons in these winds."),
    (35, "Harbour wall damaged", "Pictures from Kestrel Bay show waves breaking over the harbour wall, part of which has collapsed."),
    (21, "Rail services suspended", "Crestline Rail has suspended all trains north of Ashgrove until at least 18:00."),
    (29, "Bridge closed", "The Halvor Bridge has been closed to all traffic after gusts of 151 km/h were measured on the main span."),
    (26, "Airport update", "Flights at Kestrel Bay airport are delayed by up to three hours. Passengers should check with their airline."),
    (33, "Rescue at sea", "The coastguard says it has rescued the crew of a fishing boat that lost power off Brisk Harbour. All six are safe."),
    (19, "Power cuts rise", "The number of homes without power has risen to 31,200, Lumen Grid says."),
    (28, "Prime minister speaks", "Prime Minister Rosalind Dervish says emergency funds will be released to councils on the coast."),
    (24, "Strongest gust so far", "The weather service says the strongest gust so far was 163 km/h, recorded at Cape Orrin at 11:25."),
    (30, "Worst has passed in the west", "Forecasters say the worst of the wind has now passed in western areas, but the east remains under the red warning."),
    (17, "Power restored to some homes", "Lumen Grid says power has been restored to 9,800 homes. It expects most customers to be reconnected by the morning."),
)
_ELECTION = (
    (0, "Polls close", "Polls have closed in Norvenia's parliamentary election. Counting is under way in all 120 constituencies."),
    (25, "Exit poll", "An exit poll suggests the Unity Party will win the most seats but fall short of a majority."),
    (32, "Turnout", "The electoral commission says turnout was 71.4%, the highest in twenty years."),
    (28, "First result", "The first constituency to declare, Tallin Cross North, has been won by the Green Alliance."),
    (36, "Early lead", "With 30 of 120 seats declared, the Unity Party has 13, the People's Front 9 and the Green Alliance 6."),
    (41, "Leader votes", "Unity Party leader Jovan Kovacs has cast his vote in Norhaven and says he is \"quietly confident\"."),
    (33, "Halfway", "With 60 seats declared, the Unity Party has 27, the People's Front 19, the Green Alliance 10 and others 4."),
    (38, "Concession", "People's Front leader Greta Fairbanks concedes that her party will not lead the next government."),
    (29, "Unity short of majority", "With 108 seats declared the Unity Party cannot reach the 61 seats it needs for a majority on its own."),
    (35, "Final result", "All 120 seats have now declared: Unity Party 55, People's Front 38, Green Alliance 19, others 8."),
    (22, "Coalition talks", "Jovan Kovacs says he will open coalition talks with the Green Alliance tomorrow morning."),
    (18, "That's all from us", "We are ending our live coverage here. Thank you for following the election night with us."),
)
_KEYNOTE = (
    (0, "Welcome", "We are live at the Tessellate AI developer conference in Port Halden, where the company is expected to show its next assistant."),
    (14, "Doors open", "About 6,000 developers are filing into the hall. The keynote starts at 10:00."),
    (20, "Keynote begins", "Chief executive Talia Brennick takes the stage and says the company now has 48 million weekly users."),
    (17, "New assistant", "Tessellate shows Atlas 3, an assistant it says can plan a week of meetings from a single message."),
    (15, "Pricing", "Atlas 3 will cost £12 a month for individuals. A free version with daily limits stays available."),
    (22, "Glasses", "A surprise: the company shows smart glasses with a built-in assistant, on sale in October for £349."),
    (19, "Privacy questions", "Brennick says recordings made by the glasses never leave the device unless the wearer shares them."),
    (24, "Developer tools", "Developers will be able to build their own tools for Atlas 3 from June, the company says."),
    (28, "Shares rise", "Shares in Tessellate AI are up 6.2% since the keynote started."),
    (31, "Analysis", "Our technology editor says the glasses stole the show, but the company still has to prove people want to wear them."),
    (26, "Keynote ends", "The keynote has ended after two hours and ten minutes."),
    (20, "Wrap-up", "That is the end of our live coverage. Our full report is on the Technology page."),
)
_BUDGET = (
    (0, "Budget day", "Finance minister Celeste Whitlock will deliver her budget in Velmora at 12:30. Here is what we expect."),
    (35, "Whitlock leaves ministry", "The finance minister has left her ministry holding the traditional red folder."),
    (45, "Statement begins", "Celeste Whitlock is on her feet in parliament. She says the economy will grow by 1.6% this year."),
    (9, "Income tax", "The basic rate of income tax will fall from 21% to 20% from next April."),
    (8, "Fuel duty", "Fuel duty is frozen for another year."),
    (11, "Housing", "A fund of £2.4bn will help build 40,000 affordable homes over five years."),
    (10, "Railways", "The minister announces £900m for rail lines in the north, including the new Ashgrove link."),
    (12, "Childcare", "Free childcare will be extended to two-year-olds from September."),
    (14, "Borrowing", "Borrowing will fall to 3.1% of national income next year, the independent forecaster says."),
    (16, "Opposition responds", "Opposition leader Piers Jessop calls the budget \"a sticking plaster on a broken economy\"."),
    (27, "Markets react", "The currency is little changed, and shares in housebuilders rose after the statement."),
    (25, "What it means for you", "Our economics correspondent explains how the budget will affect households on different incomes."),
)

_EVENTS = (
    ("storm-brenna", "world", "Storm Brenna: red warning as gusts hit the north coast", TODAY, time(6, 4), False, _STORM,
     ("Roads, rail lines and ferries are closed across the north coast", "Tens of thousands of homes have lost power",
      "A red warning for wind is in place until 21:00"), ("Helena Marsh", "Grace Whitford")),
    ("norvenia-election", "world", "Norvenia election: results as they come in", TODAY - timedelta(days=3), time(20, 2), True, _ELECTION,
     ("The Unity Party won the most seats but no majority", "Turnout was the highest in twenty years",
      "Coalition talks begin tomorrow"), ("Tomasz Reyes", "Priya Castellane")),
    ("tessellate-keynote", "technology", "Tessellate AI developer conference: all the announcements", TODAY - timedelta(days=14), time(9, 30), True, _KEYNOTE,
     ("Tessellate showed its Atlas 3 assistant", "Surprise smart glasses go on sale in October",
      "Developer tools arrive in June"), ("Sasha Lindgren", "Mei Tanaka-Ross")),
    ("budget-2026", "business", "Budget 2026: finance minister sets out tax and spending plans", TODAY - timedelta(days=27), time(10, 15), True, _BUDGET,
     ("The basic rate of income tax falls to 20%", "£2.4bn for affordable homes",
      "Free childcare extended to two-year-olds"), ("Owen Achterberg", "Lucia Fenwick")),
)


@lru_cache(maxsize=1)
def events() -> tuple[LiveEvent, ...]:
    """Every live event, newest first."""
    out = []
    for slug, section, title, day, start, ended, script, points, writers in _EVENTS:
        at = datetime.combine(day, start)
        posted = []
        for i, (gap, head, text) in enumerate(script):
            at += timedelta(minutes=gap)
            posted.append(Update(at=at, title=head, text=text, author=writers[i % len(writers)]))
        out.append(LiveEvent(slug=slug, section=section, title=title, day=day, ended=ended, key_points=points,
                             updates=tuple(reversed(posted))))
    return tuple(out)


def event(slug: str) -> LiveEvent | None:
    return next((e for e in events() if e.slug == slug), None)


def update_titled(slug: str, title: str) -> Update:
    """The update of an event with this title (for tasks and tests)."""
    found = event(slug)
    assert found is not None
    return next(u for u in found.updates if u.title == title)


def page_of(e: LiveEvent, page: int) -> tuple[tuple[Update, ...], bool]:
    """Updates on page `page` (1 = newest) and whether older ones remain."""
    lo = (page - 1) * LIVE_PAGE_SIZE
    return e.updates[lo:lo + LIVE_PAGE_SIZE], lo + LIVE_PAGE_SIZE < len(e.updates)
