"""Tiletum's own command-line options (its registry entry's ``cli_options``): a flag for each module
(``--silver``) and for each module's option without the module's prefix (``--a-sides`` for
``silver.a-sides``), from the modules' registry (``games/tiletum/registry.py``)."""

from __future__ import annotations


def module_flags() -> list[tuple[str, str, str]]:
    """(flag, module, option or "") of every module and option this program knows."""
    from .engine import known_modules  # start-up: tiletum --help does not load the engine

    out = [(name, name, "") for name in known_modules()]
    for name, module in known_modules().items():
        out += [(option.split(".", 1)[-1], name, option) for option in module.options]
    return out


def add_options(group, with_modules: bool) -> list[str]:
    """Add the modules' flags (they need the engine: only when ``with_modules``); their dests."""
    if not with_modules:
        return []
    from .engine import known_modules  # start-up: tiletum --help does not load the engine

    modules = known_modules()
    dests = []
    for flag, module, option in module_flags():
        m = modules[module]
        what = m.help or m.title or module
        help_text = f"{m.title or module}: {m.options[option]}" if option else what
        dests.append(group.add_argument(f"--{flag}", action="store_true", help=help_text).dest)
    return dests
