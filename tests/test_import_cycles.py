"""Issue 38, "No import cycle inside any package": a cycle of imports between the files of one folder,
counted with the imports made inside functions too (import-linter reads only the layers between
folders). There is none: a new one fails this test."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "tiletum_tui"

# The cycles left: none (issue 38 broke the last ten). Never add one: break a new cycle instead (move what
# both files need into a third, lower one), never hide it in an import inside a function.
KNOWN: set[tuple[str, tuple[str, ...]]] = set()


# Imports inside functions that give no reason (a comment on the line or just above it), by module:
# none (issue 38: "imports inside functions only where start-up time needs them, each with its
# reason"). A new one says why it is not at the top ("# start-up: ...", "# cycle: ...", "# optional:
# ..."), or goes to the top.
UNEXPLAINED: dict[str, int] = {}


def _module(path: Path, root: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(root).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if is_package else parts), is_package


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the modules of this program it imports, anywhere in its file (in functions too)."""
    files = {_module(p, root): p for p in (root / PACKAGE).rglob("*.py") if "__pycache__" not in p.parts}
    known = {name for name, _ in files}
    graph: dict[str, set[str]] = {name: set() for name in known}
    for (name, is_package), path in files.items():
        for node in ast.walk(ast.parse(path.read_text())):
            targets = []
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = name.split(".") if is_package else name.split(".")[:-1]
                    base = base[:len(base) - (node.level - 1)]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                targets = [module] + [f"{module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            graph[name] |= {t for t in targets if t in known and t != name}
    return graph


def cycles_inside_packages(graph: dict[str, set[str]]) -> set[tuple[str, tuple[str, ...]]]:
    """The strongly connected groups (of two files or more) of the imports between files of one folder."""
    def folder(m: str) -> str:
        return m.rpartition(".")[0]

    inner = {m: {t for t in ts if folder(t) == folder(m)} for m, ts in graph.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found = set()

    def visit(v: str) -> None:  # Tarjan's algorithm (the folders are small: recursion is fine)
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in inner[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.add((folder(v), tuple(sorted(m.rpartition(".")[2] for m in group))))

    for v in sorted(inner):
        if v not in index:
            visit(v)
    return found


def test_no_new_import_cycle_inside_a_package():
    found = cycles_inside_packages(import_graph())
    new = found - KNOWN
    assert not new, f"new import cycles inside a folder (break them; see docs/layout.md): {sorted(new)}"
    gone = KNOWN - found
    assert not gone, f"cycles broken: take them off KNOWN in this file: {sorted(gone)}"


def test_a_cycle_made_by_an_import_inside_a_function_is_counted(tmp_path):
    """The count reads imports made inside functions, which import-linter cannot."""
    (tmp_path / PACKAGE / "p").mkdir(parents=True)
    (tmp_path / PACKAGE / "__init__.py").write_text("")
    (tmp_path / PACKAGE / "p" / "__init__.py").write_text("")
    (tmp_path / PACKAGE / "p" / "a.py").write_text("from .b import x\n")
    (tmp_path / PACKAGE / "p" / "b.py").write_text("x = 1\n\n\ndef later():\n    from .a import y\n")
    graph = {k: v for k, v in import_graph(tmp_path).items()}
    assert cycles_inside_packages(graph) == {("tiletum_tui.p", ("a", "b"))}


def unexplained_imports(root: Path = ROOT) -> dict[str, int]:
    """Module -> its imports made inside functions with no comment saying why (on the import's lines or
    on the line above it)."""
    out: dict[str, int] = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        source = path.read_text()
        lines, seen = source.splitlines(), set()
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)) and inner.lineno not in seen:
                    seen.add(inner.lineno)
                    said = lines[inner.lineno - 1:inner.end_lineno] + [lines[inner.lineno - 2].strip()[:1]]
                    if not any("#" in line for line in said):
                        name = _module(path, root / PACKAGE)[0]
                        out[name] = out.get(name, 0) + 1
    return out


def test_an_import_inside_a_function_says_why():
    found = unexplained_imports()
    more = {m: n for m, n in found.items() if n > UNEXPLAINED.get(m, 0)}
    assert not more, (f"imports inside functions with no reason (say why on the line, e.g. '# start-up: ...', "
                      f"or import at the top): {sorted(more.items())}")
    fewer = {m: n for m, n in UNEXPLAINED.items() if found.get(m, 0) < n}
    assert not fewer, f"fewer unexplained imports: lower UNEXPLAINED in this file to {sorted(fewer.items())}"


def test_an_unexplained_import_inside_a_function_is_counted(tmp_path):
    (tmp_path / PACKAGE).mkdir()
    (tmp_path / PACKAGE / "__init__.py").write_text("")
    (tmp_path / PACKAGE / "a.py").write_text(
        "def f():\n    import json\n\n\ndef g():\n    import csv  # start-up: only the export needs it\n")
    assert unexplained_imports(tmp_path) == {"a": 1}
