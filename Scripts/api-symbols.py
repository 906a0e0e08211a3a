#!/usr/bin/env python3
"""Lists the public API of a module from its symbol graphs (swift-symbolgraph-extract), one
line per declaration, sorted: only what the module's own sources declare (not what it
re-exports). Usage: api-symbols.py <symbol-graph-dir> <module> <sources-dir>"""
import glob, json, os, sys

folder, module, sources = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3])
lines = set()
for path in glob.glob(os.path.join(folder, f"{module}*.symbols.json")):
    with open(path) as f:
        graph = json.load(f)
    for symbol in graph.get("symbols", []):
        uri = symbol.get("location", {}).get("uri", "")
        if sources not in uri:
            continue
        kind = symbol["kind"]["identifier"].removeprefix("swift.")
        name = ".".join(symbol.get("pathComponents", []))
        declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
        declaration = " ".join(declaration.split())
        extended = symbol.get("swiftExtension", {}).get("extendedModule")
        where = f" [extends {extended}]" if extended and extended != module else ""
        lines.add(f"{kind} {name}{where}: {declaration}")
print("\n".join(sorted(lines)))
