"""Finding the app's resource files (the unit icons): the repository's ``resources/`` folder next
to the package in a checkout, else ``<sys.prefix>/share/pacific/resources`` where the wheel
installs them (pyproject's data-files). The same two places as the maps (pacific.rules.maps).
"""

from __future__ import annotations

import sys
from pathlib import Path


def resource_roots() -> list[Path]:
    """Folders that may hold the resources, in the order searched."""
    package = Path(__file__).resolve().parent.parent
    return [package.parent / "resources", Path(sys.prefix) / "share" / "pacific" / "resources"]


def resource_path(*parts: str) -> Path:
    """The first existing ``<root>/<parts...>`` among `resource_roots`.

    Raises:
        FileNotFoundError: no root holds it (the program was installed without its resources);
            the message names the folders searched.
    """
    for root in resource_roots():
        candidate = root.joinpath(*parts)
        if candidate.is_file():
            return candidate
    searched = ", ".join(str(r) for r in resource_roots())
    raise FileNotFoundError(f"resource {'/'.join(parts)} not found (looked in {searched})")
