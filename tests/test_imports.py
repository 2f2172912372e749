"""The package's modules import one another without cycles, counting the imports made inside functions (a
lazy import that closes a cycle hides it from Python, not from the reader), and skipping those under
TYPE_CHECKING (annotations only)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parent.parent / "simcluster"


def _module(path: Path, package: Path) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """Dotted names `node` may import (for `from a import b`: a and a.b, b being a module or a name)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        pkg = module.split(".") if is_package else module.split(".")[:-1]
        pkg = pkg[: len(pkg) - (node.level - 1)]
        base = ".".join(pkg + ([base] if base else []))
    return [base] + [f"{base}.{a.name}" for a in node.names]


def import_graph(package: Path = PACKAGE) -> nx.DiGraph:
    """module -> module it imports, for every module of `package`."""
    paths = {_module(p, package): p for p in package.rglob("*.py")}
    graph = nx.DiGraph()
    graph.add_nodes_from(paths)

    def visit(node: ast.AST, module: str, is_package: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for name in _imported(child, module, is_package):
                    if name in paths and name != module:
                        graph.add_edge(module, name)
            visit(child, module, is_package)

    for module, path in paths.items():
        visit(ast.parse(path.read_text()), module, path.name == "__init__.py")
    return graph


def test_the_graph_sees_lazy_imports(tmp_path):
    """The check itself: a cycle closed by an import inside a function is found, one under TYPE_CHECKING is
    not, and relative imports resolve."""
    pkg = tmp_path / "simcluster"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "a.py").write_text("from simcluster.sub.b import x\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from . import a\n")
    (pkg / "sub" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from simcluster.sub.a import y\n"
    )
    (pkg / "sub" / "d.py").write_text("from .c import z\n")
    g = import_graph(pkg)
    assert sorted(sorted(c) for c in nx.simple_cycles(g)) == [["simcluster.sub.a", "simcluster.sub.b"]]
    assert not g.has_edge("simcluster.sub.c", "simcluster.sub.a")
    assert g.has_edge("simcluster.sub.d", "simcluster.sub.c")


def test_no_module_imports_itself_back():
    g = import_graph()
    assert len(g) > 100  # the whole package was read
    cycles = sorted(sorted(c) for c in nx.simple_cycles(g))
    assert cycles == [], cycles
