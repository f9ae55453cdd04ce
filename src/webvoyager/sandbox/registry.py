"""Finding the sandbox's sites: every sub-package of a sites package whose `site.py` defines SITE.

Kept apart from the server so that the catalogue (which reads the sites' `paper_site`) and the server
(which serves them) both build on it without importing each other.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Sequence

from webvoyager.sandbox.web import Site

SITES_PACKAGE = "webvoyager.sandbox.sites"
"""The package of the sandbox's own sites."""


def site_classes(packages: Sequence[str] = (SITES_PACKAGE,)) -> dict[str, type[Site]]:
    """The Site subclass of every site package (a sub-package whose `site.py` defines SITE) under each of
    `packages`, by site name, without instantiating them (which builds their data)."""
    classes: dict[str, type[Site]] = {}
    for package_name in packages:
        package = importlib.import_module(package_name)
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
            if not info.ispkg:
                continue
            if not (Path(package.__path__[0]) / info.name / "site.py").is_file():
                continue   # a site package still being written (no site.py yet) must not break the others
            site_cls = getattr(importlib.import_module(f"{package_name}.{info.name}.site"), "SITE")
            if site_cls.name in classes:
                raise ValueError(f"two sandbox sites are named {site_cls.name!r} ({classes[site_cls.name].__module__} "
                                 f"and {site_cls.__module__}); give each site its own `name`")
            classes[site_cls.name] = site_cls
    return classes


def discover_sites(packages: Sequence[str] = (SITES_PACKAGE,)) -> dict[str, Site]:
    """Instantiate every site package under `packages` (by default `sandbox/sites/`; each module
    `site.py` defines SITE), and give each the whole set as its `registry`."""
    sites: dict[str, Site] = {}
    for name, site_cls in site_classes(packages).items():
        root = Path(importlib.import_module(site_cls.__module__).__file__).parent  # type: ignore[arg-type]
        sites[name] = site_cls(root)
    for site in sites.values():
        site.registry = sites   # every site can reach the others in-process (the search site crawls them)
    return sites
