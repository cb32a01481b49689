"""The layers, checked on the source: what each layer may import (its floors), the shell
(`cli/`) the only place that imports click or the shell itself, and no module taking part in
an import cycle.

Every module of `src/qimen_cli` is parsed with `ast`; every import counts, also one inside a
function (a lazy import that goes round is a cycle the first call would close).  Relative
imports are resolved against the module's package; `from pkg import name` imports the
module `pkg.name` when there is one, else `pkg` itself.  Importing a submodule is not counted
as importing its parent packages: `pkg/__init__.py` importing `pkg.a` and `pkg.a` importing
its sibling `pkg.b` is a cycle only if some module really leads back.

The floors (`FLOORS`): the engine reads the calendar and the base modules only; the views
(`render/`) receive the engine's results and never fetch them (no `arts/`, `find/`, doors or
shell); the arts read the engine and write through the views' JSON writers; `find` reads the
arts and the engine; the doors (options, commands, when, the API, its results, the MCP server)
everything but the shell.  The parts a record names as "module:attribute" (`arts.Art`) are
resolved by the door that uses them and are no import of the record's module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

#: The package's source directory.
ROOT = Path(__file__).resolve().parents[1] / "src" / "qimen_cli"
PACKAGE = "qimen_cli"
#: The shell: the only package that may import click or itself.
SHELL = f"{PACKAGE}.cli"
#: `python -m qimen_cli`: the shell's other door (it runs `cli.main.console`, as the console script does).
ENTRY = f"{PACKAGE}.__main__"


#: Each layer: its packages or modules (the name after `qimen_cli.`).
LAYERS = {
    "base": ("errors", "records", "texts", "artrule", "words"),
    "calendar": ("calendar",),
    "engine": ("qimen", "gods", "gucu", "liuren"),
    "verify": ("verify",),
    "render": ("render",),
    "arts": ("arts",),
    "find": ("find",),
    "doors": ("", "options", "when", "commands", "api", "result", "mcp_server", "web"),
    "shell": ("cli", "__main__"),
}
#: What each layer may import besides itself and the base modules.  `arts` may import `options`:
#: the definitions a record declares its options with (`Option`, `choice` …).
FLOORS = {
    "base": set(),
    "calendar": set(),
    "engine": {"calendar"},
    "verify": {"calendar", "engine"},
    "render": {"calendar", "engine", "verify"},
    "arts": {"calendar", "engine", "render", "options"},
    "find": {"calendar", "engine", "arts"},
    "doors": {"calendar", "engine", "verify", "render", "arts", "find", "doors"},
    "shell": set(LAYERS),
}


def layer_of(module: str, package: str = PACKAGE) -> str | None:
    """The layer of a module of the package (None: not the package's)."""
    if not in_package(module, package):
        return None
    head = module[len(package) + 1:].split(".")[0] if module != package else ""
    for layer, members in LAYERS.items():
        if head in members:
            return layer
    raise AssertionError(f"{module} is in no layer of LAYERS")


def floor_violations(graph: dict[str, dict[str, int]], package: str = PACKAGE) -> list[str]:
    """Imports below a module's floor, as `module:line → target (layer → layer)`: a layer imports
    only itself, the base modules and the layers `FLOORS` gives it ("options" is a door module,
    named alone)."""
    out = []
    for module, edges in graph.items():
        mine = layer_of(module, package)
        allowed = FLOORS[mine] | {mine, "base"}
        for target, line in edges.items():
            theirs = layer_of(target, package)
            if theirs is None or theirs in allowed:
                continue
            if target == f"{package}.options" and "options" in allowed:
                continue
            out.append(f"{module}:{line} → {target} ({mine} → {theirs})")
    return out


def module_name(path: Path, root: Path = ROOT, package: str = PACKAGE) -> str:
    """The dotted name of the module in `path` (a package's `__init__.py` is the package)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts])


def is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def resolve_base(node: ast.ImportFrom, name: str, package: bool) -> str:
    """The absolute module a `from … import` names before its imported names: with `level`
    dots, one is the module's own package, each further one that package's parent."""
    if node.level == 0:
        return node.module or ""
    anchor = name.split(".") if package else name.split(".")[:-1]
    if node.level > 1:
        anchor = anchor[: len(anchor) - (node.level - 1)]
    return ".".join(anchor + ([node.module] if node.module else []))


def imports_of(tree: ast.AST, name: str, package: bool, modules: set[str]) -> list[tuple[str, int]]:
    """Every module the code imports, with its line: `import a.b` → a.b; `from a import b` → a.b
    when that is a module, else a."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = resolve_base(node, name, package)
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                found.append((candidate if candidate in modules else base, node.lineno))
    return found


def import_graph(root: Path = ROOT, package: str = PACKAGE) -> dict[str, dict[str, int]]:
    """Module → {imported module: line of the first such import}, for every module under `root`
    (imports of other packages included, as their names)."""
    paths = {module_name(p, root, package): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, dict[str, int]] = {}
    for name, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        edges: dict[str, int] = {}
        for target, line in imports_of(tree, name, is_package(path), set(paths)):
            edges.setdefault(target, line)
        graph[name] = edges
    return graph


def in_package(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def layer_violations(graph: dict[str, dict[str, int]], shell: str = SHELL) -> list[str]:
    """Imports of the shell or of click from a module outside the shell, as `module:line → target`."""
    out = []
    for module, edges in graph.items():
        if in_package(module, shell) or module == ENTRY:
            continue
        for target, line in edges.items():
            if in_package(target, shell) or in_package(target, "click"):
                out.append(f"{module}:{line} → {target}")
    return out


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of `graph` (iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def cycle_in(component: list[str], graph: dict[str, set[str]]) -> list[str]:
    """One cycle through the first module of a strongly connected component: the shortest path
    back to it (breadth first), as the list of modules with the first repeated at the end."""
    members = set(component)
    start = component[0]
    previous: dict[str, str] = {}
    queue = [start]
    for node in queue:
        for child in sorted(graph[node] & members):
            if child == start:
                path = [node]
                while path[-1] != start:
                    path.append(previous[path[-1]])
                return [*reversed(path), start]
            if child not in previous:
                previous[child] = node
                queue.append(child)
    raise AssertionError(f"{component} is not strongly connected")


def import_cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """One cycle for each group of modules of the package that import one another round."""
    inner = {m: {t for t in edges if t in graph and t != m} | ({m} & set(edges)) for m, edges in graph.items()}
    return [cycle_in(c, inner) for c in strongly_connected(inner) if len(c) > 1 or c[0] in inner[c[0]]]


@pytest.fixture(scope="module")
def graph():
    return import_graph()


def test_the_graph_sees_every_kind_of_import(graph):
    """Lazy imports, relative ones at two levels and `from . import x` are all edges."""
    assert f"{PACKAGE}.cli.run" in graph[f"{PACKAGE}.cli.arts"]          # from .run import run
    assert f"{PACKAGE}.qimen.chart" in graph[f"{PACKAGE}.arts.cast"]     # inside a function, from ..
    assert f"{PACKAGE}.qimen.patterns.hours" in graph[f"{PACKAGE}.qimen.patterns"]  # from . import hours
    assert "click" in graph[f"{PACKAGE}.cli.main"]


def test_only_the_shell_imports_the_shell_or_click(graph):
    assert layer_violations(graph) == []


def test_every_module_is_in_a_layer(graph):
    assert all(layer_of(m) is not None for m in graph)


def test_each_layer_imports_only_above_its_floor(graph):
    found = floor_violations(graph)
    assert found == [], "imports below a floor:\n" + "\n".join(found)


def test_a_view_that_fetches_its_data_is_caught():
    """A view importing `find/` or `arts/` (or a door) fails; the engine importing a view fails; a
    view reading the engine's results does not."""
    made_up = {
        "qimen_cli.render.find": {"qimen_cli.find.arts": 70, "qimen_cli.calendar.ganzhi": 14},
        "qimen_cli.render.gucu": {"qimen_cli.arts.rules": 78, "qimen_cli.gucu.rules": 79},
        "qimen_cli.render.grid": {"qimen_cli.qimen.chart": 3, "qimen_cli.options": 4},
        "qimen_cli.gucu.report": {"qimen_cli.render.json_gucu": 9},
        "qimen_cli.find.search": {"qimen_cli.arts": 1, "qimen_cli.commands": 2},
    }
    assert floor_violations(made_up) == [
        "qimen_cli.render.find:70 → qimen_cli.find.arts (render → find)",
        "qimen_cli.render.gucu:78 → qimen_cli.arts.rules (render → arts)",
        "qimen_cli.render.grid:4 → qimen_cli.options (render → doors)",
        "qimen_cli.gucu.report:9 → qimen_cli.render.json_gucu (engine → render)",
        "qimen_cli.find.search:2 → qimen_cli.commands (find → doors)",
    ]


def test_no_import_cycles(graph):
    cycles = import_cycles(graph)
    assert cycles == [], "import cycles:\n" + "\n".join(" → ".join(c) for c in cycles)


def test_a_cycle_is_found_and_named():
    """The checks can fail: a made-up graph with a lazy cycle and a layer breach."""
    made_up = {
        "p.a": {"p.b": 3},
        "p.b": {"p.c": 5, "click": 1},
        "p.c": {"p.a": 9},
        "p.d": {"p.d": 2},
        "p.cli.x": {"click": 1, "p.a": 2},
    }
    assert import_cycles(made_up) == [["p.a", "p.b", "p.c", "p.a"], ["p.d", "p.d"]]
    assert layer_violations(made_up, shell="p.cli") == ["p.b:1 → click"]


def test_relative_imports_resolve(tmp_path):
    """`from . import x` names pkg.x; `from ..y import z` the module y.z or y; `__init__` is its package."""
    pkg = tmp_path / "p"
    (pkg / "q").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "y.py").write_text("")
    (pkg / "q" / "__init__.py").write_text("from . import x\n")
    (pkg / "q" / "x.py").write_text("def f():\n    from ..y import z\n    from .. import y\n")
    found = import_graph(pkg, "p")
    assert found["p.q"] == {"p.q.x": 1}
    assert found["p.q.x"] == {"p.y": 2}
