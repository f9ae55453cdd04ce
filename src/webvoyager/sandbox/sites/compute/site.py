"""Quotient: a computational answer engine that takes one query in plain words and answers it in pods.

It understands a documented, bounded grammar (the Examples page lists it): arithmetic and
percentages, unit conversions, date spans and date arithmetic, and facts from its own tables of
invented countries and cities (single facts, overviews, "A vs B", arithmetic on facts). Its own
lexer and recursive-descent parser read the input; nothing typed is ever evaluated as code.
Hard widgets: autocomplete on the input box, result pods of which some load late (fetched from a
deliberately slow endpoint), "More digits"/"More units" buttons, a step-by-step solution revealed
one step at a time, "Assuming ... | Use as ... instead" switches for ambiguous words (kept in the
URL), a "Quotient Pro" pop-up on the third result page of a visit, accordions on the Examples page,
and a clear "not understood" page with example queries.
"""

from __future__ import annotations

import threading
from urllib.parse import urlencode

from webvoyager.sandbox.sites.compute import data
from webvoyager.sandbox.web import Request, Response, Site

POD_DELAY_S = 0.8
"""Simulated computation time of the late pods (the page shows them as "Computing…" until then)."""
_never = threading.Event()


def read_assumptions(req: Request) -> dict[str, str]:
    """`a=slot:value` parameters (repeatable) -> {slot: value}."""
    out: dict[str, str] = {}
    for raw in req.args("a"):
        slot, _, value = raw.partition(":")
        if slot and value:
            out[slot] = value
    return out


class ComputeSite(Site):
    name = "compute"
    title = "Quotient"
    paper_site = "Wolfram Alpha"

    def setup(self) -> None:
        data.interpret("1 + 1")   # warm the tables and caches at start-up
        self.env.globals.update(examples=data.EXAMPLES, forms=data.FORMS)
        self.route("/", self.home)
        self.route("/input", self.input)
        self.route("/examples", self.examples)
        self.route("/pro", self.pro)
        self.route("/api/pod", self.api_pod)
        self.route("/api/suggest", self.api_suggest)

    def home(self, req: Request) -> Response:
        return self.render("home.html", q="")

    def examples(self, req: Request) -> Response:
        return self.render("examples.html", q="", open_section=req.arg("section"))

    def pro(self, req: Request) -> Response:
        return self.render("pro.html", q="")

    def input(self, req: Request) -> Response:
        query = req.arg("i").strip()
        if not query:
            return Response.redirect("/")
        assume = read_assumptions(req)
        answer = data.interpret(query, assume)

        def use_as(slot: str, value: str) -> str:
            chosen = {**assume, slot: value}
            return "/input?" + urlencode([("i", query)] + [("a", f"{k}:{v}") for k, v in chosen.items()])

        base = urlencode([("i", query)] + [("a", f"{k}:{v}") for k, v in assume.items()])
        return self.render("result.html", q=query, answer=answer, use_as=use_as, base=base)

    def api_pod(self, req: Request) -> Response:
        _never.wait(POD_DELAY_S)
        answer = data.interpret(req.arg("i"), read_assumptions(req))
        pod = answer.pod(req.arg("id"))
        if pod is None:
            return Response.json({"error": "no such pod"}, status=404)
        html = self.env.get_template("_pod_body.html").render(pod=pod)
        return Response.json({"id": pod.id, "html": html})

    def api_suggest(self, req: Request) -> Response:
        return Response.json({"suggestions": data.suggest(req.arg("q"))})


SITE = ComputeSite
