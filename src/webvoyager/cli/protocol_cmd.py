"""CLI group `webvoyager protocol`: `import webvoyager|seeact|online-mind2web PATH` makes a prompt pack from the
user's clone of the original repository (parsed, never executed), for `--protocol paper --prompts PACK` (an
Online-Mind2Web pack: `judge --method webjudge --prompts PACK`)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape

from webvoyager.cli.common import console, friendly_errors
from webvoyager.errors import ConfigError

protocol_app = typer.Typer(help="Protocol packs: the papers' own prompts, imported from your clone of their code.",
                           no_args_is_help=True)

PAPERS = ("webvoyager", "seeact", "online-mind2web")


@protocol_app.command("import")
@friendly_errors
def import_pack(
    paper: str = typer.Argument(..., help="Which paper's code: webvoyager, seeact or online-mind2web."),
    path: Path = typer.Argument(..., help="Your clone of the original repository (MinorJerry/WebVoyager, "
                                "OSU-NLP-Group/SeeAct or OSU-NLP-Group/Online-Mind2Web)."),
    out: Optional[Path] = typer.Option(None, "--out", help="The pack folder to write [default: ./PAPER-pack]."),
) -> None:
    """Read the paper's prompts and message templates from PATH's source and write them into a pack."""
    if paper not in PAPERS:
        raise ConfigError(f"unknown paper {paper!r}; use one of {', '.join(PAPERS)}")
    from webvoyager import __version__
    from webvoyager.packs.online_mind2web_import import import_online_mind2web
    from webvoyager.packs.seeact_import import import_seeact
    from webvoyager.packs.webvoyager_import import import_webvoyager

    importer = {"seeact": import_seeact, "online-mind2web": import_online_mind2web}.get(paper, import_webvoyager)
    pack = importer(path, out or Path(f"{paper}-pack"), version=__version__)
    use = "judge RUN_DIR --method webjudge --prompts" if paper == "online-mind2web" else "--protocol paper --prompts"
    console.print(f"Wrote {len(pack.templates)} templates to [bold]{escape(str(pack.folder))}[/] "
                  f"(commit {pack.commit or 'unknown'}). Use it with `{use} {escape(str(pack.folder))}`.")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.add_typer(protocol_app, name="protocol")
