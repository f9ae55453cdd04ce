"""A small local page for SeeAct end-to-end tests: a search form, a size list, two cart buttons."""

from __future__ import annotations

from pathlib import Path

from webvoyager.tasks import Task

HTML = """<!doctype html><html><head><title>Shoe shop</title><style>
body { margin: 0; font: 16px sans-serif; }
#home { position: absolute; left: 20px; top: 20px; }
#q { position: absolute; left: 20px; top: 80px; width: 220px; }
#size { position: absolute; left: 280px; top: 80px; }
#go { position: absolute; left: 300px; top: 400px; width: 100px; height: 40px; }
.cart { position: absolute; left: 20px; width: 140px; height: 30px; }
#status { position: absolute; left: 20px; top: 600px; }
</style></head><body>
<a id="home" href="#home">Home</a>
<input id="q" placeholder="Search products">
<select id="size" aria-label="Size"><option>Small</option><option>Medium</option><option>Large</option></select>
<button id="go" onclick="document.getElementById('status').textContent =
  'Searched ' + document.getElementById('q').value + ' size ' + document.getElementById('size').value">Search</button>
<button class="cart" style="top: 480px" onclick="document.getElementById('status').textContent='Added boots'">Add to cart</button>
<button class="cart" style="top: 530px" onclick="document.getElementById('status').textContent='Added sandals'">Add to cart</button>
<p id="status">Nothing yet</p>
</body></html>"""

# Labels in reading order: Home (0), search box (1), size list (2), Search (3), cart 1 (4), cart 2 (5).
LETTERS = {"home": "A", "q": "B", "size": "C", "go": "D", "cart1": "E", "cart2": "F", "none": "G"}
GO_CENTER = (350, 420)


def shop_task(tmp_path: Path, question: str = "Search for red shoes in size large") -> Task:
    """A task starting on the shop page written into tmp_path."""
    page = tmp_path / "shop.html"
    page.write_text(HTML, encoding="utf-8")
    return Task(id="shop", question=question, start_url=page.as_uri(), site="shop")


async def status_text(session: object) -> str:
    """The page's status line."""
    return await session.page.inner_text("#status")  # type: ignore[attr-defined]
