"""Where the .tcss style sheets live: resolved in this one place.

The style sheets are kept in the top-level ``styles/`` folder of the repository and shipped inside
the package as ``tiletum_tui/shell/styles`` (a symlink in the repository, real files in a built wheel,
see ``[tool.setuptools.package-data]``). Looking them up through the package works in both cases;
the repository folder is the fallback for a source tree without the link.
"""

from __future__ import annotations

from pathlib import Path

STYLE_FILES = ("base.tcss", "title.tcss", "inks.tcss", "game.tcss", "widgets.tcss", "dialogs.tcss")
FIRST_PAINT = 2  # the sheets the title screen needs (base, title): read at start, the rest on first use


def styles_dir() -> Path:
    # The package's own folder, without importlib.resources (and zipfile) at start-up: Tiletum runs
    # from files on disk, never from a zip (the screens read their style sheets as files anyway).
    packaged = Path(__file__).resolve().parents[1] / "styles"
    if (packaged / STYLE_FILES[0]).is_file():
        return packaged
    repo = Path(__file__).resolve().parents[3] / "styles"
    if (repo / STYLE_FILES[0]).is_file():
        return repo
    raise FileNotFoundError(f"Tiletum style sheets not found in {packaged} or {repo}")


def css_paths() -> list[Path]:
    """Absolute paths of every style sheet, in cascade order (later files win)."""
    base = styles_dir()
    return [base / name for name in STYLE_FILES]


def title_css_paths() -> list[Path]:
    """The first sheets of ``css_paths``, all the title screen needs."""
    return css_paths()[:FIRST_PAINT]


def later_css_paths() -> list[Path]:
    """The rest, in order: read after the title, they cascade as if read with it."""
    return css_paths()[FIRST_PAINT:]
