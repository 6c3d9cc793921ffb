"""Finding the app's resource files (the unit icons, the application icon): the bundled build's
folder, the repository's ``resources/`` folder next to the package in a checkout, else
``<sys.prefix>/share/pacific/resources`` where the wheel installs them (pyproject's data-files).
The same places as the maps (`pacific.rules.files.maps.data_roots`).
"""

from __future__ import annotations

from pathlib import Path

from pacific.rules.files.maps import data_roots


def resource_roots() -> list[Path]:
    """Folders that may hold the resources, in the order searched."""
    return data_roots("resources")


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
