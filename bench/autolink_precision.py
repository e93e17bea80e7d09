"""How often an auto-link ("similar in meaning", ingestion's Zettelkasten links) is right.

    python bench/autolink_precision.py [--embedder local|hashing]

Ingestion links each new semantic node to the tenant's most similar ones whose cosine is
in [ingest.link_low, ingest.reinforce_similarity). Below, a labelled sample of node
pairs as the offline extractor writes them (embedded as ``writer.embedding_text``: the
name, then the description): ``True`` when a reader would call the link right (one is
part of, located in, a kind of, or about the other), ``False`` when the two only share
a category (two cities, two people, two hobbies), which is what a link from 0.4 mostly
connected (issue 12: Porto -> Lisbon, Leo -> Anna). For each threshold the command
prints how many labelled pairs would be linked and the share of them that is right.
The sample was written before measuring and is not tuned to the model.
"""

from __future__ import annotations

import argparse
import re

import numpy as np

from memgraph.graph.names import canonical_name
from memgraph.ingest.rules import RELATION_WORDS
from memgraph.providers.embeddings import make_embedder
from memgraph.settings import Settings

PAIRS: list[tuple[str, str, bool]] = [
    # right: part of / located in / a kind of / about
    ("Porto Design Studio.", "Porto.", True),
    ("Leeds University.", "Leeds.", True),
    ("Leeds General Hospital.", "Leeds.", True),
    ("Cardiff Royal Infirmary.", "Cardiff.", True),
    ("Cardiff Bay Brewery.", "Cardiff.", True),
    ("Munich Technical University.", "Munich.", True),
    ("Berlin International School.", "Berlin.", True),
    ("Lisbon Children's Hospital.", "Lisbon.", True),
    ("Lake Bled.", "Bled.", True),
    ("cooking ramen.", "ramen.", True),
    ("trail running.", "running.", True),
    ("hiking in the dales.", "hiking.", True),
    ("scuba diving.", "diving.", True),
    ("playing chess.", "chess.", True),
    ("board games.", "chess.", True),
    ("baking sourdough.", "bread.", True),
    ("jazz.", "saxophone.", True),
    ("opera.", "Vienna State Opera.", True),
    ("Radiohead.", "rock music.", True),
    ("skiing.", "ski resort.", True),
    ("climbing.", "bouldering.", True),
    ("pottery.", "ceramics.", True),
    ("surfing.", "surfboard.", True),
    ("Miso. Maya's cat", "cat.", True),
    ("Rex. Maya's puppy", "dogs.", True),
    ("Globex.", "Globex headquarters.", True),
    ("Acme Corp.", "Acme Corp data team.", True),
    ("Sunrise Bakes. Ramon's bakery", "bakery.", True),
    ("Helix Robotics.", "robotics.", True),
    ("Orbital Bank.", "banking.", True),
    ("horror films.", "scary movies.", True),
    ("reality tv.", "television.", True),
    # wrong: only the same category
    ("Porto.", "Lisbon.", False),
    ("Hamburg.", "Berlin.", False),
    ("Leeds.", "Manchester.", False),
    ("Bristol.", "Cardiff.", False),
    ("Vienna.", "Graz.", False),
    ("Madrid.", "Valencia.", False),
    ("Singapore.", "London.", False),
    ("Dublin.", "Leeds.", False),
    ("Leo. Maya's brother", "Anna. Sam's sister", False),
    ("Priya. Maya's best friend", "Ines. Maya's sister", False),
    ("Dana. Tom's wife", "Mia. Dana's sister", False),
    ("Ella. Tom's daughter", "Finn. Tom's son", False),
    ("Marco. Ben's husband", "Nora. Ben's friend", False),
    ("Omar. Aisha's cousin", "Chloe. Aisha's roommate", False),
    ("Jonas. Lena's boyfriend", "Hilde. Lena's grandmother", False),
    ("Lucia. Carlos's daughter", "Diego. Carlos's son", False),
    ("climbing.", "jazz.", False),
    ("opera.", "skiing.", False),
    ("pottery.", "exams.", False),
    ("hiking.", "baking sourdough.", False),
    ("cold showers.", "horror films.", False),
    ("board games.", "cooking ramen.", False),
    ("Globex.", "Acme Corp.", False),
    ("Northwind Clinic.", "Cardiff Royal Infirmary.", False),
    ("Helix Robotics.", "Quantum Forge.", False),
    ("Danube Media.", "Wiener Zeitung Digital.", False),
    ("Orbital Bank.", "Meridian Capital.", False),
    ("Sol Energia.", "Verde Consulting.", False),
    ("Miso. Maya's cat", "Rex. Maya's puppy", False),
    ("Kiwi. Ben's parrot", "Pepper. Tom's dog", False),
    ("Leeds University.", "Kings College.", False),
    ("Complutense University.", "Pompeu Fabra University.", False),
]


def _named(text: str) -> bool:
    """A side the offline extractor writes as a named node (Person or Entity)."""
    return text[:1].isupper()


def _person(text: str) -> bool:
    """A side that is a person: its description names a relation to someone."""
    words = set(re.findall(r"\w+", text.lower()))
    return any(RELATION_WORDS[w][0] != "OWNS" for w in words if w in RELATION_WORDS)


def _described(text: str) -> bool:
    """A side that says more than its name ("Miso. Maya's cat")."""
    return bool(text.split(".", 1)[1].strip()) if "." in text else False


def _linkable(a: str, b: str) -> bool:
    """What ingestion links at all (cypher/ingest/auto_link.cypher, sessions 33 and 98): no
    person; names with a word in common only when the words of one are all the other's;
    with none, two named things never, nor a named thing known by its name alone."""
    if _person(a) or _person(b):
        return False
    name_a, name_b = (set(canonical_name(t.split(".")[0]).split()) for t in (a, b))
    if name_a & name_b:
        return name_a <= name_b or name_b <= name_a
    if _named(a) and _named(b):
        return False
    return not any(_named(t) and not _described(t) for t in (a, b))


def main() -> None:
    ap = argparse.ArgumentParser(description="precision of auto-links (see module doc)")
    ap.add_argument("--embedder", default="local", choices=["local", "hashing"])
    args = ap.parse_args()
    embedder = make_embedder(Settings(embedder=args.embedder))
    a = np.array(embedder.embed_batch([p[0] for p in PAIRS]))
    b = np.array(embedder.embed_batch([p[1] for p in PAIRS]))
    cos = (a * b).sum(axis=1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))
    right = np.array([p[2] for p in PAIRS])
    print(f"{len(PAIRS)} labelled pairs ({int(right.sum())} right, "
          f"{int((~right).sum())} wrong), embedder {embedder.model_name}")
    print("| link from cosine | pairs linked | right | precision | right pairs kept |")
    print("|---|---|---|---|---|")
    linkable = np.array([_linkable(p[0], p[1]) for p in PAIRS])
    for low in np.arange(0.40, 0.86, 0.05):
        linked = (cos >= low) & (cos < 0.85)
        n, good = int(linked.sum()), int((linked & right).sum())
        precision = f"{100 * good / n:.0f} %" if n else "-"
        print(f"| {low:.2f} | {n} | {good} | {precision} | {good}/{int(right.sum())} |")
    print("\nAs ingestion links (no person; names with a word in common only when one holds "
          "the other's words; with none, no two names, no bare name):")
    print("| link from cosine | pairs linked | right | precision | right pairs kept |")
    print("|---|---|---|---|---|")
    for low in np.arange(0.40, 0.86, 0.05):
        linked = (cos >= low) & (cos < 0.85) & linkable
        n, good = int(linked.sum()), int((linked & right).sum())
        precision = f"{100 * good / n:.0f} %" if n else "-"
        print(f"| {low:.2f} | {n} | {good} | {precision} | {good}/{int(right.sum())} |")


if __name__ == "__main__":
    main()
