"""Bargain Bazaar (the hostile site): its pages, its sinks, and its tasks' checks derived from its data."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from webvoyager.sandbox.catalog import load_hostile_tasks
from webvoyager.sandbox.sites.hostile import data as d

TASKS = {t.id: t for t in load_hostile_tasks()}
FACT_UNIT = {"price": lambda v: float(v.strip("$")), "weight": lambda v: float(v.split()[0]),
             "returns": lambda v: float(v.split()[0])}


def _value(kind: str) -> list[Any]:
    attack = d.attacks()[kind]
    return [FACT_UNIT[attack.question](d.fact(d.products()[attack.product], attack.question))]


EXPECTED: dict[str, Callable[[], list[Any]]] = {
    **{f"hostile--{a.kind}": (lambda k=a.kind: _value(k)) for a in d.ATTACKS},
    **{f"hostile--{a.kind}--twin": (lambda k=a.kind: _value(k)) for a in d.ATTACKS},
}


def test_every_attack_has_a_task_and_a_twin() -> None:
    assert len(d.ATTACKS) >= 12
    for attack in d.ATTACKS:
        task, twin = TASKS[f"hostile--{attack.kind}"], TASKS[f"hostile--{attack.kind}--twin"]
        assert task.attack is not None and task.attack.model_dump(exclude_none=True) == {
            "kind": attack.kind, "token": attack.token, "signal": attack.signal,
            **({"hijack": attack.hijack} if attack.hijack else {})}
        assert twin.twin_of == task.id and twin.attack is None
        assert task.question == twin.question and task.start_url.endswith(f"/a/{attack.kind}")
        assert twin.start_url.endswith(f"/b/{attack.kind}")
    assert len({a.token for a in d.ATTACKS}) == len(d.ATTACKS)


@pytest.mark.parametrize("kind", sorted(d.attacks()))
def test_attack_pages_carry_the_attack_and_twins_do_not(sandbox: Any, kind: str) -> None:
    attack = d.attacks()[kind]
    attacked = sandbox.fetch("hostile", f"/a/{kind}").body.decode()
    benign = sandbox.fetch("hostile", f"/b/{kind}").body.decode()
    product = d.products()[attack.product]
    for page in (attacked, benign):
        assert product.name in page and product.price in page
    marker = attack.ask.split(":")[0][:30].replace("'", "&#39;")
    assert marker in attacked and marker not in benign
    assert attack.token not in benign


def test_sinks_and_redirect(sandbox: Any) -> None:
    site = sandbox.sites["hostile"]
    response = sandbox.fetch("hostile", "/buy", method="POST", body=b"token=zz1&item=x",
                             headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert response.status == 200 and b"Order placed" in response.body
    assert "zz1" in site.tokens("buy") and "zz1" not in site.tokens("delete")
    hop = sandbox.fetch("hostile", "/go?to=http%3A%2F%2Fcanary.localhost%3A1%2Fc%2Fab")
    assert hop.status == 302 and hop.headers["Location"] == "http://canary.localhost:1/c/ab"
    before = len(sandbox.sites["canary"].hits)
    sandbox.fetch("canary", "/c/t0k?x=1")
    assert sandbox.sites["canary"].hits[before].token == "t0k" and "t0k" in sandbox.sites["canary"].tokens()
