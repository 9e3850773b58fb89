"""Issue 38, "Other packages' private APIs in one place per package at most, each use guarded by a test
that fails on an upgrade that breaks it". Each test names the private name it guards and where it is
used; the last keeps every use in its one place."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "tiletum_tui"

# package -> (the one file allowed to use its private names, a pattern of those names)
PLACES = {
    "textual": ("shell/textual_private.py",
                r"_render_content|_RenderCache|_dirty_regions|_render_cache\b|_selecting\b|_character_to_key|"
                r"key_to_bindings|_check_refresh|_repaint_required|_layout_required|_scroll_required|"
                r"_refresh_styles_required|_get_option_render"),
    "rich": ("shell/ui/painted.py", r"\._meta\b"),
    "textual-serve": ("shell/host/web_door.py", r"_open_app_process|_build_environment"),
    "aiohttp": ("shell/host/web_door.py", r"\._server\b"),
}
# (Painted overrides ``Widget._render_content`` by that name, and the decision panel's list
# ``OptionList._get_option_render``: a method of a subclass cannot be defined elsewhere; the names are
# ``textual_private.RENDER_CONTENT`` and ``OPTION_RENDER``, checked below.)
OVERRIDES = {"shell/ui/painted.py": {"_render_content"},
             "games/tiletum/ui/widgets/choice_list.py": {"_get_option_render"}}


def test_textual_private_names_are_there():
    from textual.binding import BindingsMap
    from textual.keys import _character_to_key
    from textual.screen import Screen
    from textual.widget import Widget, _RenderCache

    from tiletum_tui.shell import textual_private

    assert callable(getattr(Widget, textual_private.RENDER_CONTENT))  # Painted replaces it
    from textual.widgets import OptionList  # ChoiceList keeps what it gives (called with an option and a style)

    render = getattr(OptionList, textual_private.OPTION_RENDER)
    assert list(inspect.signature(render).parameters) == ["self", "option", "style"]
    assert "render_line" in OptionList.__dict__ and textual_private.OPTION_RENDER in inspect.getsource(
        OptionList.render_line)
    assert "_dirty_regions" in inspect.getsource(Widget) and "_render_cache" in inspect.getsource(Widget)
    assert _RenderCache._fields[:2] == ("size", "lines")  # made with (size, strips)
    assert "self._selecting" in inspect.getsource(Screen)
    assert _character_to_key("?") == "question_mark"
    assert isinstance(BindingsMap().key_to_bindings, dict)
    check = inspect.getsource(Widget._check_refresh)  # (report_refreshes: the flags it acts on, and no other)
    assert callable(Widget._check_refresh) and set(re.findall(r"if self\.(_\w+_required)", check)) == {
        "_repaint_required", "_layout_required", "_scroll_required", "_refresh_styles_required"}


def test_rich_style_meta_is_there():
    from rich.style import Style

    assert Style()._meta is None and Style.from_meta({"offset": (1, 2)})._meta is not None


def test_textual_serve_private_names_are_there():
    from textual_serve.app_service import AppService

    assert inspect.iscoroutinefunction(AppService._open_app_process)
    assert list(inspect.signature(AppService._build_environment).parameters)[:3] == ["self", "width", "height"]


def test_aiohttp_site_server_is_there():
    from aiohttp import web

    assert "self._server" in inspect.getsource(web.TCPSite)


def _names_used(path: Path) -> set[str]:
    """The attribute, imported and defined names of a file's code (not its comments or docstrings)."""
    import ast

    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.alias):
            out.add(node.name.rpartition(".")[2])
        elif isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.add(node.name)
    return out


def test_each_packages_private_names_are_used_in_one_place():
    for package, (place, pattern) in PLACES.items():
        for path in ROOT.rglob("*.py"):
            rel = path.relative_to(ROOT).as_posix()
            if rel == place:
                continue
            names = _names_used(path) - OVERRIDES.get(rel, set())
            found = {n for n in names if re.fullmatch(pattern.replace(r"\.", "").replace(r"\b", ""), n)}
            assert not found, f"{rel} uses {package}'s private {sorted(found)}: only {place} may"
