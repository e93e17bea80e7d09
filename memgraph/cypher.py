"""The one query loader.

Every Cypher statement memgraph runs lives in ``cypher/<area>/<name>.cypher`` and is
loaded by name (``load("lifecycle/decay_nodes")``). Queries take parameters only. A piece
that several queries share is written once, in ``cypher/fragments/``, and the loader
renders it in at load time, so the text that runs is still one whole query that can be
pasted into Neo4j Browser (``memgraph cypher show NAME`` prints it; ``:param`` the
parameters). Two markers, expanded in this order:

- a line ``{{> fragments/name}}``: the fragment's own rendered text, indented like the
  marker (fragments may include fragments). Arguments name the variables a fragment works
  on: ``{{> fragments/relabel node=s}}`` renders the fragment with ``{{node}}`` read as
  ``s``, before the fragment's own includes (so it can pass ``node={{node}}`` on);
- ``{{name}}`` anywhere: a list from the vocabulary, ``CYPHER_LISTS`` in
  ``memgraph/graph/vocabulary.py`` (``[r:{{semantic_types}}]`` is every semantic
  relationship type).

A schema command cannot take a label as a parameter (``CREATE VECTOR INDEX … FOR
(n:Label)``): its file marks the place with ``{{=name}}``, which ``load`` leaves as it is
and ``with_identifiers`` fills with a checked identifier (letters, digits, ``_``).

Comment-only lines (``//``) are dropped, from fragments too.
"""

from __future__ import annotations

import re
import textwrap
from functools import cache

from memgraph.errors import ConfigurationError
from memgraph.graph.vocabulary import CYPHER_LISTS
from memgraph.shipped import shipped_folder

_NAME = re.compile(r"^[a-z0-9_]+(/[a-z0-9_]+)*$")
_INCLUDE = re.compile(r"^(?P<indent>[ \t]*)\{\{>\s*(?P<name>[^}\s]+)"
                      r"(?P<args>(?:\s+[a-z_]+=[A-Za-z_][A-Za-z0-9_]*)*)\s*\}\}[ \t]*$", re.M)
_ARGUMENT = re.compile(r"([a-z_]+)=([A-Za-z_][A-Za-z0-9_]*)")
_LIST = re.compile(r"\{\{\s*(?P<name>[a-z_]+)\s*\}\}")
_IDENTIFIER_MARKER = re.compile(r"\{\{=(?P<name>[a-z_]+)\}\}")
_IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,63}$")


CYPHER_ROOT = shipped_folder("cypher")


@cache
def load(name: str) -> str:
    """The rendered text of ``cypher/<name>.cypher``: fragments and vocabulary lists
    expanded, comment-only lines dropped."""
    return _render(name, (), {}).strip()


def _render(name: str, including: tuple[str, ...], arguments: dict[str, str]) -> str:
    if name in including:
        raise ConfigurationError("fragments include each other: "
                                 + " -> ".join((*including, name)))
    text = _read(name)
    for argument, variable in arguments.items():
        marker = "{{" + argument + "}}"
        if marker not in text:
            raise ConfigurationError(f"fragment {name!r} takes no argument {argument!r}")
        text = text.replace(marker, variable)

    def fragment(match: re.Match[str]) -> str:
        given = dict(_ARGUMENT.findall(match["args"]))
        body = _render(match["name"], (*including, name), given)
        return "\n".join(match["indent"] + line for line in body.splitlines())

    text = _INCLUDE.sub(fragment, text)
    if not including:   # lists last, once, over the whole text
        text = _LIST.sub(_vocabulary_list, text)
        if "{{" in _IDENTIFIER_MARKER.sub("", text):
            line = next(ln for ln in text.splitlines()
                        if "{{" in _IDENTIFIER_MARKER.sub("", ln))
            raise ConfigurationError(f"query {name!r}: unknown marker in {line.strip()!r}")
    return text


def with_identifiers(name: str, **identifiers: str) -> str:
    """The named query with its ``{{=name}}`` markers filled: each value must be a plain
    identifier (it goes into the text, not into a parameter) and every marker named."""
    for key, value in identifiers.items():
        if not _IDENTIFIER.match(value):
            raise ConfigurationError(f"{key}={value!r} is not a plain identifier")

    def fill(match: re.Match[str]) -> str:
        if match["name"] not in identifiers:
            raise ConfigurationError(f"query {name!r} needs the identifier {match['name']!r}")
        return identifiers[match["name"]]

    return _IDENTIFIER_MARKER.sub(fill, load(name))


def _read(name: str) -> str:
    if not _NAME.match(name):
        raise ConfigurationError(f"invalid query name {name!r}")
    path = CYPHER_ROOT / f"{name}.cypher"
    if not path.is_file():
        raise ConfigurationError(f"no query named {name!r} (looked for {path})")
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines()
             if not ln.lstrip().startswith("//")]
    return textwrap.dedent("\n".join(lines)).strip("\n")


def _vocabulary_list(match: re.Match[str]) -> str:
    try:
        return CYPHER_LISTS[match["name"]]
    except KeyError:
        raise ConfigurationError(f"no vocabulary list {match['name']!r}; known: "
                                 + ", ".join(sorted(CYPHER_LISTS))) from None


def statements(name: str) -> list[str]:
    """Split a multi-statement file (schema migrations) on ``;`` at line ends."""
    text = load(name)
    return [s.strip() for s in re.split(r";\s*(?:\n|$)", text) if s.strip()]


def names(area: str | None = None) -> list[str]:
    """All query names under ``cypher/<area>/`` (every area when None), sorted. Fragments
    are pieces, not queries (some need arguments): listed only when asked for by area."""
    folder = CYPHER_ROOT / area if area else CYPHER_ROOT
    if area is not None and (not _NAME.match(area) or not folder.is_dir()):
        raise ConfigurationError(f"no query area {area!r}; areas: " + ", ".join(
            sorted(p.name for p in CYPHER_ROOT.iterdir() if p.is_dir())))
    found = (p.relative_to(CYPHER_ROOT).with_suffix("").as_posix()
             for p in folder.rglob("*.cypher"))
    return sorted(name for name in found
                  if area == "fragments" or not name.startswith("fragments/"))
