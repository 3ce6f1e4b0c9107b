#!/usr/bin/env python3
"""The layering check: every #include in src/, include/, tools/ and python/ obeys the layer order
of docs/layers.md. Run by CTest (test `layers`); exits 1 naming each forbidden include.

Layers, lowest first. A file may include its own layer and the layers its row lists, nothing
else. The public headers (include/kvdtype/) are two layers of their own: the core API
(`kvdtype/*.hpp`) and the input/output API (`kvdtype/io/*.hpp`). The faces (tools/, python/) use
the public headers and one internal header, src/bindings/face.hpp.
"""
import re
import sys
from pathlib import Path

ALLOWED = {
    "common":   set(),
    "tables":   {"common", "api_core"},
    "api_core": set(),
    "core":     {"common", "tables", "api_core"},
    "api_io":   {"api_core"},
    "sources":  {"common", "tables", "core", "api_core", "api_io"},
    "platform": {"common", "tables", "core", "sources", "api_core", "api_io"},
    "pipeline": {"common", "tables", "core", "sources", "platform", "api_core", "api_io"},
    "render":   {"common", "tables", "core", "pipeline", "api_core", "api_io"},
    "bindings": {"common", "tables", "core", "sources", "platform", "pipeline", "render",
                 "api_core", "api_io"},
    "face":     {"api_core", "api_io", "face_api"},
}
# System headers that say a layer does something it must not: the facts and the core read no
# files and touch no process state; readers never format output for people.
FORBIDDEN_SYSTEM = {
    "tables": {"fstream", "filesystem", "cstdio", "iostream", "unistd.h", "fcntl.h"},
    "core":   {"fstream", "filesystem", "iostream", "unistd.h", "fcntl.h", "dlfcn.h"},
    "sources": {"fmt/format.h", "fmt/core.h"},
}
# The judge of a check (src/pipeline/judge.cpp, pipeline/layers.hpp) works on what the readers
# read: it includes no I/O header, no reader (sources) and nothing that probes this machine
# (platform), so judging can never read a file or the environment.
PURE_FILES = {"src/pipeline/judge.cpp"}
PURE_FORBIDDEN_SYSTEM = FORBIDDEN_SYSTEM["core"] | {"cstdio", "cstdlib"}
PURE_FORBIDDEN_LAYERS = {"sources", "platform"}
PURE_FORBIDDEN_HEADERS = {"kvdtype/io/probe.hpp"}
# The facts may name the vocabulary of the core API (engines, formats, backends, cache dtypes,
# releases, rules, targets, request flags) and nothing of the request or report model, so that
# the data floor never depends on the logic built on it.
VOCABULARY = {"kvdtype/vocabulary.hpp", "kvdtype/engine.hpp", "kvdtype/format.hpp",
              "kvdtype/backend.hpp", "kvdtype/cache_dtype.hpp", "kvdtype/release.hpp",
              "kvdtype/rule.hpp", "kvdtype/target.hpp", "kvdtype/result.hpp",
              "kvdtype/engine_list.def"}
# The reader folders of `sources` (docs/layers.md names each): a new folder is registered here
# and there, so that the layer table keeps saying what every folder of src/sources/ reads.
SOURCES_FOLDERS = {"launch", "shell", "model", "k8s", "files", "installed"}
GENERATED = {"kvdtype_rule_codes.hpp": "tables", "kvdtype/version.hpp": "api_core"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def layer_of_file(root: Path, path: Path) -> str | None:
    rel = path.relative_to(root).parts
    # An engine's own launch code, launch_<engine>.cpp, sits in its folder beside its rows (an
    # engine is one folder, docs/adding-an-engine.md) but is reading, not facts: layer `sources`.
    # The rows never include it; they point at its hooks by name.
    if rel[:3] == ("src", "tables", "engines") and len(rel) == 5 and rel[4] == f"launch_{rel[3]}.cpp":
        return "sources"
    if rel[0] == "src" and len(rel) > 2:
        return rel[1]
    if rel[0] == "include":
        return "api_io" if rel[1:3] == ("kvdtype", "io") else "api_core"
    if rel[0] in ("tools", "python"):
        return "face"
    return None


def layer_of_include(root: Path, name: str, includer: Path) -> str | None:
    """The layer an include resolves to; None for the includer's own folder or a face's own."""
    if name in GENERATED:
        return GENERATED[name]
    if name == "bindings/face.hpp":
        return "face_api"
    if name.startswith("kvdtype/io/"):
        return "api_io"
    if name.startswith("kvdtype/"):
        return "api_core"
    if (root / "src" / name).exists():
        return name.split("/", 1)[0]
    if (includer.parent / name).exists():
        return None
    # The CLI library's headers (tools/kvdtype/cli.hpp) are on the include path of the CLI, its
    # generator and the Python module, which runs the same command line.
    if (root / "tools" / "kvdtype" / name).exists() and includer.is_relative_to(root / "python"):
        return "face_own"
    if (root / "tools" / "kvdtype" / name).exists() and includer.is_relative_to(root / "tools"):
        return "face_own"
    return "unresolved"


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
    errors = []
    files = [p for top in ("src", "include", "tools", "python")
             for p in (root / top).rglob("*") if p.suffix in (".cpp", ".hpp", ".h", ".c")]
    for path in sorted(files):
        layer = layer_of_file(root, path)
        if layer is None:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in INCLUDE.finditer(text):
            kind, name = m.group(1), m.group(2)
            line = text.count("\n", 0, m.start()) + 1
            where = f"{path.relative_to(root)}:{line}"
            pure = path.relative_to(root).as_posix() in PURE_FILES
            if pure and (name in (PURE_FORBIDDEN_SYSTEM if kind == "<" else PURE_FORBIDDEN_HEADERS) or
                         (kind == '"' and layer_of_include(root, name, path) in PURE_FORBIDDEN_LAYERS)):
                errors.append(f"{where}: the judge reads nothing and may not include {'<' + name + '>' if kind == '<' else chr(34) + name + chr(34)}")
                continue
            if kind == "<":
                if name in FORBIDDEN_SYSTEM.get(layer, ()):
                    errors.append(f"{where}: layer '{layer}' may not include <{name}>")
                continue
            target = layer_of_include(root, name, path)
            if target is None or target == layer:
                continue
            if target in ("face_api", "face_own") and layer == "face":
                continue
            if target == "unresolved":
                errors.append(f"{where}: \"{name}\" resolves to no file under src/ or beside it")
            elif layer == "tables" and target == "api_core" and name not in VOCABULARY:
                errors.append(f"{where}: layer 'tables' may include only the core API's vocabulary "
                              f"headers, not \"{name}\" ({', '.join(sorted(VOCABULARY))})")
            elif target not in ALLOWED.get(layer, set()):
                allowed = ", ".join(sorted(ALLOWED.get(layer, ()))) or "nothing"
                errors.append(f"{where}: layer '{layer}' may not include \"{name}\" "
                              f"(layer '{target}'); it may include: {allowed}")
    sources = root / "src" / "sources"
    for folder in sorted(p for p in (sources.iterdir() if sources.is_dir() else ()) if p.is_dir()):
        if folder.name not in SOURCES_FOLDERS:
            errors.append(f"src/sources/{folder.name}/: a reader folder not registered in SOURCES_FOLDERS "
                          f"(scripts/check_layers.py) and docs/layers.md")
    for e in errors:
        print(e)
    if errors:
        print(f"check_layers: {len(errors)} forbidden include(s) (docs/layers.md)")
        return 1
    print(f"check_layers: {len(files)} files, every include follows the layer order")
    return 0


if __name__ == "__main__":
    sys.exit(main())
