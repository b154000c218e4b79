"""The import graph of `tablerag` follows its layers: model <- parsing, llm <- decomposition <- index <- qa <-
pipeline <- cli / service / integrations. Imports point down only, modules form no cycles, no private (`_name`)
import crosses modules, and tablerag's own modules are imported at the top of a file, not inside functions.

`KNOWN_DEBT` lists what the code does against these rules today, so that nothing new is added unseen; an entry
that no longer holds fails too, so the list only shrinks and always says what is left to mend."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "tablerag"

# Lower number = lower layer; a module may import only from its own layer or below.
LAYERS: dict[str, int] = {
    "tablerag.model": 0,
    "tablerag.errors": 0,
    "tablerag.limits": 0,
    "tablerag._lazy": 0,
    "tablerag.text": 0,
    "tablerag.parsing": 1,
    "tablerag.llm": 1,
    "tablerag.llm.prompts": 1,  # the fences and context lines both LLM sides (describe, answer) share
    "tablerag.llm.describe": 2,  # the LLM's side of decomposition: cell sentences and summaries
    "tablerag.llm.answer": 4,  # the LLM's side of answering: routing and text-to-SQL over the QA's sandbox
    "tablerag.decomposition": 2,
    "tablerag.index": 3,
    "tablerag.schema": 3,
    "tablerag.batch": 5,
    "tablerag.qa": 4,
    "tablerag.pipeline": 5,
    "tablerag.report": 5,
    "tablerag.show": 5,
    "tablerag.eval": 6,
    "tablerag.cli": 6,
    "tablerag.models_install": 6,
    "tablerag.service": 6,
    "tablerag.integrations": 6,
    "tablerag": 7,  # the package's own __init__ re-exports from every layer
}

KNOWN_DEBT: dict[str, set[str]] = {
    "cycles": set(),
    "upward": set(),
    "private": set(),
}


# Imports of tablerag's own modules inside function bodies, per module: they hide cycles and the real shape of the
# graph. The counts may only fall (lazy imports of heavy third-party packages are not counted).
IN_FUNCTION_DEBT: dict[str, int] = {}

# Modules that import by name through importlib (to load a part only when it is used), and the module-level
# registry naming those modules: its names count as imports at the top of the file.
LAZY_REGISTRIES: dict[str, str] = {"tablerag": "_LAZY", "tablerag.cli": "COMMANDS"}


def modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def layer(module: str) -> int:
    best = max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len)
    return LAYERS[best]


class Imports:
    """Every `tablerag` import of every module: (target module, imported name or None, inside a function)."""

    def __init__(self) -> None:
        self.mods = modules()
        self.edges: dict[str, list[tuple[str, str | None, bool]]] = defaultdict(list)
        for name, path in self.mods.items():
            package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
            tree = ast.parse(path.read_text(encoding="utf-8"))
            self._walk(name, package, tree, False)
            self._registry(name, tree)

    def _walk(self, name: str, package: str, node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.startswith("tablerag"):
                        self.edges[name].append((alias.name, None, inner))
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                if base.startswith("tablerag"):
                    for alias in child.names:
                        sub = f"{base}.{alias.name}"
                        target, imported = (sub, None) if sub in self.mods else (base, alias.name)
                        self.edges[name].append((target, imported, inner))
            self._walk(name, package, child, inner)

    def _registry(self, name: str, tree: ast.Module) -> None:
        for stmt in tree.body:
            if not isinstance(stmt, ast.Assign | ast.AnnAssign) or stmt.value is None:
                continue
            target = stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target
            if isinstance(target, ast.Name) and target.id == LAZY_REGISTRIES.get(name):
                for node in ast.walk(stmt.value):
                    if isinstance(node, ast.Constant) and node.value in self.mods:
                        self.edges[name].append((node.value, None, False))

    def graph(self) -> dict[str, set[str]]:
        return {m: {t for t, _, _ in edges if t in self.mods and t != m} for m, edges in self.edges.items()}


def cycles(graph: dict[str, set[str]]) -> set[str]:
    """Strongly connected components of more than one module (Tarjan), each as its sorted members."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[str] = set()

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.add(" <> ".join(sorted(comp)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_new_cycles_and_the_known_ones_still_listed() -> None:
    assert cycles(Imports().graph()) == KNOWN_DEBT["cycles"]


def test_imports_point_down_the_layers() -> None:
    imports = Imports()
    upward = {
        f"{m} -> {t}"
        for m, edges in imports.edges.items()
        for t, _, _ in edges
        if t in imports.mods and layer(t) > layer(m)
    }
    assert upward == KNOWN_DEBT["upward"]


def test_no_private_names_cross_modules() -> None:
    imports = Imports()
    private = {
        f"{m} -> {t}.{n}"
        for m, edges in imports.edges.items()
        for t, n, _ in edges
        if n and n.startswith("_") and not n.startswith("__") and t != m
    }
    assert private == KNOWN_DEBT["private"]


def test_imports_inside_functions_as_listed() -> None:
    counts: dict[str, int] = defaultdict(int)
    for m, edges in Imports().edges.items():
        for _, _, inner in edges:
            counts[m] += inner
    grown = {m: n for m, n in counts.items() if n > IN_FUNCTION_DEBT.get(m, 0)}
    assert not grown, f"tablerag modules imported inside functions (import them at the top): {grown}"
    fallen = {m: counts.get(m, 0) for m, n in IN_FUNCTION_DEBT.items() if counts.get(m, 0) < n}
    assert not fallen, f"less debt than listed: lower IN_FUNCTION_DEBT to {fallen}"


def test_the_lazy_registries_count_as_imports() -> None:
    imports = Imports()
    assert {"tablerag.pipeline", "tablerag.parsing"} <= {t for t, _, _ in imports.edges["tablerag"]}
    assert {"tablerag.cli.ingest", "tablerag.cli.eval"} <= {t for t, _, _ in imports.edges["tablerag.cli"]}


def test_the_checker_sees_a_cycle_and_an_upward_import() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == {"a <> b <> c"}
    assert layer("tablerag.index.core") > layer("tablerag.parsing.pdf")
    assert layer("tablerag.qa.answer") > layer("tablerag.index.search")
    assert layer("tablerag.llm.client") < layer("tablerag.llm.describe") < layer("tablerag.llm.answer")
