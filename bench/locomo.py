"""Retrieval quality on LoCoMo: memgraph vs BM25-over-turns and vector-over-turns.

    python bench/locomo.py --data ../shared/bench/locomo/locomo_dev.json
    python bench/locomo.py --data bench/data/locomo_style/synth-*.json

Several files are asked one after another on one server, as one file's conversations are
(the earlier ones stay in the index until the run ends, as in the held-out measurement).

Protocol (``../shared/bench/locomo/README.md``): each conversation is its own user; one
source per turn (speaker, text, photo caption) ingested in order with the offline defaults
(no LLM, the default local embedder), the session date as event time and the ``dia_id`` as
``external_id``. Then every category 1-4 question is asked read-only (``reinforce=False``,
so earlier questions cannot shape later answers):

- recall@k / hit@k, k = 1, 5, 10, 25: evidence ids found in the provenance of the top-k
  ``explore()`` results;
- context recall at 500/1000/2000 tokens: evidence ids whose words ``context()`` put into
  its text (``ContextResult.quoted_ids``: a message's own, the excerpt quoted under a
  node, the one or two under a fact (session 42); until session 36 every source a chosen
  memory listed counted, about one point more); the baselines fill the same budget with
  their top turns, rendered and counted by the same token counter;
- with ``--answers``, answer words in context (session 42): of a question's answer words
  (LoCoMo's ``answer``, without question and stop words), the share the context's text
  holds, for categories 1, 3 and 4 (a temporal answer is a phrase such as "the week
  before 9 June 2023", which no context writes as such). Context recall counts a
  message an excerpt quotes, whichever of its words are shown; this second measure says
  whether the words an answer needs are there, so a context cannot gain on the first
  by showing less of each message (docs/benchmarks.md, "Session 42").

With ``--jobs storylines`` (or any nightly jobs, comma-separated) each conversation is
also given its night before its questions: the protocol's figures are without it, issue
16's summaries are measured with it (docs/retrieval.md, "Session 54").

With ``--asked-before N`` each conversation's questions are first asked N times the way
an agent asks (the default call: k = 10, with reinforcement), and only then scored
read-only: how the memory answers after it has been used (docs/retrieval.md, "Session
60"). The protocol's figures are without it.

The dataset is read from the path given and never copied anywhere.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

import numpy as np

from memgraph.jobs.runner import JOB_NAMES, NIGHTLY
from memgraph.memory import Memory
from memgraph.providers.base import Embedder
from memgraph.retrieve.config import RetrievalConfig
from memgraph.retrieve.filters import ANALYZER_STOP_WORDS, QUESTION_WORDS
from memgraph.retrieve.tokens import count_tokens
from memgraph.settings import Settings

KS = (1, 5, 10, 25)
REFERENCE_MODEL = "all-MiniLM-L6-v2"   # the baselines' fixed embedder
BUDGETS = (500, 1000, 2000)
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
ANSWER_CATEGORIES = (1, 3, 4)     # a temporal answer is a relative phrase (module doc)
_ANSWER_WORD = re.compile(r"[a-z0-9]+")
_EVIDENCE = re.compile(r"D:?(\d+):(\d+)")


@dataclass
class Turn:
    dia_id: str
    speaker: str
    text: str
    when: datetime
    session: str

    @property
    def content(self) -> str:
        return self.text

    @property
    def document(self) -> str:
        """The baselines' text for a turn: date and speaker prefixed (as in the README)."""
        return f"[{self.when.date().isoformat()}] {self.speaker}: {self.text}"


@dataclass
class Question:
    text: str
    category: int
    evidence: set[str]
    answer: str = ""


@dataclass
class Scores:
    recall: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    hit: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    context: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    answers: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))


def load(path: str) -> list[tuple[str, list[Turn], list[Question]]]:
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    out = []
    for conv in data:
        c = conv["conversation"]
        turns = []
        sessions = sorted(int(k.split("_")[1]) for k in c
                          if re.fullmatch(r"session_\d+", k))
        for n in sessions:
            when = datetime.strptime(c[f"session_{n}_date_time"], "%I:%M %p on %d %B, %Y")
            for t in c[f"session_{n}"]:
                text = t["text"]
                if t.get("blip_caption"):
                    text += f" [shares a photo: {t['blip_caption']}]"
                turns.append(Turn(t["dia_id"], t["speaker"], text, when.replace(tzinfo=UTC),
                                  f"session_{n}"))
        known = {t.dia_id for t in turns}
        questions = []
        for qa in conv["qa"]:
            if qa.get("category") not in CATEGORIES:
                continue
            ids = set()
            for raw in qa.get("evidence", []):
                for s, t in _EVIDENCE.findall(str(raw)):
                    ids.add(f"D{int(s)}:{int(t)}")
            ids &= known
            if ids:
                questions.append(Question(qa["question"], qa["category"], ids,
                                          str(qa.get("answer", ""))))
        out.append((conv["sample_id"], turns, questions))
    return out


def kept_user_questions(path: str, user: str) -> list[str]:
    """The category 1-4 questions of the conversation a user kept by ``--keep`` holds
    (``locomo-<sample>-<run>``), for the speed benches that ask them again."""
    sample = "-".join(user.split("-")[1:3])
    questions = [q.text for sid, _, qs in load(path) if sid == sample for q in qs]
    if not questions:
        raise SystemExit(f"no questions for {sample} in {path}")
    return questions


# -- the system -------------------------------------------------------------------------
def ingest(memory: Memory, user: str, turns: Sequence[Turn]) -> float:
    start = time.perf_counter()
    for t in turns:
        memory.ingest(t.content, user_id=user, session_id=t.session, event_at=t.when,
                      speaker=t.speaker, external_id=t.dia_id)
    return time.perf_counter() - start


def system_ranked(memory: Memory, user: str, config: RetrievalConfig
                  ) -> Callable[[str, int], list[list[str]]]:
    def ranked(question: str, k: int) -> list[list[str]]:
        results = memory.explore(question, user_id=user, k=k, reinforce=False, config=config)
        return [r.external_ids for r in results]
    return ranked


def system_context(memory: Memory, user: str, config: RetrievalConfig
                   ) -> Callable[[str, int], tuple[set[str], str]]:
    def context(question: str, budget: int) -> tuple[set[str], str]:
        built = memory.context(question, user_id=user, max_tokens=budget, reinforce=False,
                               config=config)
        # the evidence whose words the context holds, not every source its memories list
        # (a node quotes one excerpt, a fact two at most; docs/benchmarks.md, session 36)
        return set(built.quoted_ids), built.text
    return context


# -- the baselines -----------------------------------------------------------------------
class BM25:
    def __init__(self, docs: Sequence[str], k1: float = 1.5, b: float = 0.75) -> None:
        self.tokens = [self._tok(d) for d in docs]
        self.avg = sum(map(len, self.tokens)) / max(1, len(self.tokens))
        df = Counter(w for toks in self.tokens for w in set(toks))
        n = len(docs)
        self.idf = {w: math.log(1 + (n - f + 0.5) / (f + 0.5)) for w, f in df.items()}
        self.tf = [Counter(toks) for toks in self.tokens]
        self.k1, self.b = k1, b

    @staticmethod
    def _tok(text: str) -> list[str]:
        return re.findall(r"\w+", text.lower())

    def scores(self, query: str) -> np.ndarray:
        q = self._tok(query)
        out = np.zeros(len(self.tokens))
        for i, (tf, toks) in enumerate(zip(self.tf, self.tokens, strict=True)):
            norm = self.k1 * (1 - self.b + self.b * len(toks) / self.avg)
            out[i] = sum(self.idf.get(w, 0) * tf[w] * (self.k1 + 1) / (tf[w] + norm)
                         for w in q if w in tf)
        return out


def baseline(order: Callable[[str], np.ndarray], turns: Sequence[Turn]
             ) -> tuple[Callable[[str, int], list[list[str]]],
                        Callable[[str, int], tuple[set[str], str]]]:
    def ranked(question: str, k: int) -> list[list[str]]:
        return [[turns[i].dia_id] for i in order(question)[:k]]

    def context(question: str, budget: int) -> tuple[set[str], str]:
        lines, ids = ["## Memory relevant to: " + question], set()
        for i in order(question)[:200]:
            line = f"- {turns[i].document} ({turns[i].dia_id})"
            if count_tokens("\n".join([*lines, line])) <= budget:
                lines.append(line)
                ids.add(turns[i].dia_id)
        return ids, "\n".join(lines)
    return ranked, context


def rrf_order(*orders: Callable[[str], np.ndarray], k: int = 60) -> Callable[[str], np.ndarray]:
    def order(question: str) -> np.ndarray:
        score: dict[int, float] = defaultdict(float)
        for o in orders:
            for rank, i in enumerate(o(question)[:200], start=1):
                score[int(i)] += 1 / (k + rank)
        return np.array(sorted(score, key=lambda i: -score[i]))
    return order


# -- scoring -----------------------------------------------------------------------------
def answer_words(text: str) -> set[str]:
    """The words of ``text`` an answer is made of: lower case, without a possessive or a
    plural's last "s", without question and stop words."""
    words = _ANSWER_WORD.findall(text.lower().replace("'s", ""))
    return {w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words
            if w not in QUESTION_WORDS and w not in ANALYZER_STOP_WORDS}


def evaluate(questions: Sequence[Question], ranked: Callable[[str, int], list[list[str]]],
             context: Callable[[str, int], tuple[set[str], str]],
             scores: dict[int, Scores]) -> None:
    for q in questions:
        lists = ranked(q.text, max(KS))
        s = scores[q.category]
        for k in KS:
            found = {i for ids in lists[:k] for i in ids} & q.evidence
            s.recall[k].append(len(found) / len(q.evidence))
            s.hit[k].append(1.0 if found else 0.0)
        wanted = answer_words(q.answer) if q.category in ANSWER_CATEGORIES else set()
        for budget in BUDGETS:
            ids, text = context(q.text, budget)
            s.context[budget].append(len(ids & q.evidence) / len(q.evidence))
            if wanted:
                s.answers[budget].append(len(wanted & answer_words(text)) / len(wanted))


def merge_scores(into: dict[int, Scores], more: dict[int, Scores]) -> None:
    for cat, s in more.items():
        for attr in ("recall", "hit", "context", "answers"):
            for key, vals in getattr(s, attr).items():
                getattr(into[cat], attr)[key].extend(vals)


def summary(by_cat: dict[int, Scores]) -> str:
    """One line for one conversation: R@k and ctx@B over its categories 1-4."""
    def mean(attr: str, key: int) -> float:
        vals = [v for s in by_cat.values() for v in getattr(s, attr)[key]]
        return 100 * sum(vals) / max(1, len(vals))
    return ("R@" + "/".join(map(str, KS)) + " " + " / ".join(f"{mean('recall', k):.1f}"
                                                            for k in KS)
            + ", ctx " + " / ".join(f"{mean('context', b):.1f}" for b in BUDGETS))


def table(results: dict[str, dict[int, Scores]]) -> str:
    head = ("| method | category | n | " + " | ".join(f"R@{k}" for k in KS) + " | "
            + " | ".join(f"H@{k}" for k in KS) + " | "
            + " | ".join(f"ctx@{b}" for b in BUDGETS) + " |")
    lines = [head, "|" + "---|" * (3 + 2 * len(KS) + len(BUDGETS))]
    for method, by_cat in results.items():
        cats = [*sorted(by_cat), 0]
        for cat in cats:
            group = list(by_cat.values()) if cat == 0 else [by_cat[cat]]
            def mean(attr: str, key: int, group: list[Scores] = group) -> str:
                vals = [v for s in group for v in getattr(s, attr)[key]]
                return f"{100 * sum(vals) / len(vals):.1f}" if vals else "-"
            n = sum(len(s.recall[KS[0]]) for s in group)
            name = "all 1-4" if cat == 0 else f"{cat} {CATEGORIES[cat]}"
            lines.append(f"| {method} | {name} | {n} | "
                         + " | ".join(mean("recall", k) for k in KS) + " | "
                         + " | ".join(mean("hit", k) for k in KS) + " | "
                         + " | ".join(mean("context", b) for b in BUDGETS) + " |")
    return "\n".join(lines)


def answers_table(results: dict[str, dict[int, Scores]]) -> str:
    """Answer words in context (``--answers``), by category and over 1, 3 and 4."""
    lines = ["| method | category | n | " + " | ".join(f"ans@{b}" for b in BUDGETS) + " |",
             "|" + "---|" * (3 + len(BUDGETS))]
    for method, by_cat in results.items():
        cats = [c for c in sorted(by_cat) if by_cat[c].answers[BUDGETS[0]]]
        for cat in [*cats, 0]:
            group = [by_cat[c] for c in cats] if cat == 0 else [by_cat[cat]]
            n = len([v for s in group for v in s.answers[BUDGETS[0]]])
            means = [100 * sum(vals) / n if n else 0.0 for vals in
                     ([v for s in group for v in s.answers[b]] for b in BUDGETS)]
            name = "1, 3, 4" if cat == 0 else f"{cat} {CATEGORIES[cat]}"
            lines.append(f"| {method} | {name} | {n} | "
                         + " | ".join(f"{m:.1f}" for m in means) + " |")
    return "\n".join(lines)


def run_baselines(memory: Memory, turns: Sequence[Turn], questions: Sequence[Question],
                  results: dict[str, dict[int, Scores]]) -> None:
    """BM25, cosine and their RRF over the turns. The cosine is MiniLM's (the harness's
    fixed reference, whatever memgraph embeds with) and, when memgraph's embedder is
    another model, that model's as well: the graph is compared with turn retrieval on the
    same vectors too."""
    bm25 = BM25([t.document for t in turns])

    def by_bm25(q: str) -> np.ndarray:
        return np.argsort(-bm25.scores(q), kind="stable")

    evaluate(questions, *baseline(by_bm25, turns), results["BM25 over turns"])
    for label, embedder in baseline_embedders(memory):
        by_vec = cosine_order(embedder, turns)
        for name, order in ((f"{label} cosine over turns", by_vec),
                            (f"RRF(BM25, {label}) over turns", rrf_order(by_bm25, by_vec))):
            evaluate(questions, *baseline(order, turns), results[name])


def baseline_embedders(memory: Memory) -> list[tuple[str, Embedder]]:
    from memgraph.providers.local_onnx import OnnxEmbedder

    embedders: list[tuple[str, Embedder]] = [("MiniLM", OnnxEmbedder(REFERENCE_MODEL))]
    if memory.embedder.model_name != REFERENCE_MODEL:
        embedders.append((memory.embedder.model_name, memory.embedder))
    return embedders


def cosine_order(embedder: Embedder, turns: Sequence[Turn]) -> Callable[[str], np.ndarray]:
    vecs = np.array(embedder.embed_batch([t.document for t in turns]))
    cache: dict[str, np.ndarray] = {}

    def by_vec(q: str) -> np.ndarray:
        if q not in cache:
            cache[q] = np.argsort(-(vecs @ np.array(embedder.embed_query(q))), kind="stable")
        return cache[q]

    return by_vec


SYSTEMS = ("memgraph explore/context", "BM25 over turns", "MiniLM cosine over turns",
           "RRF(BM25, MiniLM) over turns")


def config_change(text: str) -> tuple[str, object]:
    """``--set KEY=JSON``: checked at parse time, before anything is ingested."""
    key, sep, value = text.partition("=")
    if not sep or key not in RetrievalConfig.model_fields:
        raise argparse.ArgumentTypeError(f"{text!r}: want KEY=JSON with KEY a RetrievalConfig "
                                         "field (memgraph/retrieve/config.py)")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError as e:
        raise argparse.ArgumentTypeError(f"{text!r}: the value is not JSON ({e})") from None


def job_names(text: str) -> list[str]:
    """``--jobs NAMES``: nightly jobs, checked at parse time, before anything is ingested."""
    known = (*JOB_NAMES, NIGHTLY)
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names or any(name not in known for name in names):
        raise argparse.ArgumentTypeError(
            f"{text!r}: want comma-separated jobs among {', '.join(known)}")
    return names


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description="LoCoMo retrieval quality (see module doc)")
    ap.add_argument("--data", required=True, nargs="+", metavar="PATH",
                    help="path to locomo_dev.json (never committed); several paths are "
                         "asked one after another on one server, as one file's "
                         "conversations are")
    ap.add_argument("--keep", action="store_true", help="keep the ingested users afterwards")
    ap.add_argument("--out", default=None, help="also write the raw table here (markdown)")
    ap.add_argument("--conversations", default=None,
                    help="comma-separated sample ids (e.g. conv-26) to run; default all")
    ap.add_argument("--reuse", default=None, metavar="RUN",
                    help="ask the questions of users kept by an earlier --keep run "
                         "(locomo-<sample>-RUN) instead of ingesting again")
    ap.add_argument("--no-baselines", action="store_true", help="score memgraph only")
    ap.add_argument("--jobs", default=[], metavar="NAMES", type=job_names,
                    help="comma-separated nightly jobs (e.g. storylines) to run for each "
                         "conversation after ingesting it, before its questions; default "
                         "none, the protocol's ingest-then-ask")
    ap.add_argument("--asked-before", type=int, default=0, metavar="N",
                    help="before scoring, ask each question N times with reinforcement, as "
                         "an agent does (module doc); default 0, the protocol's unasked "
                         "graph")
    ap.add_argument("--answers", action="store_true",
                    help="also print answer words in context, by category (module doc)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=JSON",
                    type=config_change,
                    help="change one RetrievalConfig field for an ablation, e.g. "
                         "--set use_graph=false --set 'weights={\"relevance\": 1}'")
    return ap


def retrieval_config(settings: Settings, changes: list[tuple[str, object]]) -> RetrievalConfig:
    return RetrievalConfig.model_validate(
        {**RetrievalConfig.from_settings(settings).model_dump(), **dict(changes)})


def score_sample(memory: Memory, args: argparse.Namespace, config: RetrievalConfig,
                 user: str, sample: tuple[str, list[Turn], list[Question]],
                 results: dict[str, dict[int, Scores]]) -> None:
    """Ingest one conversation (unless reused), score memgraph on its questions, then the
    baselines; each step prints its line."""
    sample_id, turns, questions = sample
    if not args.reuse:
        seconds = ingest(memory, user, turns)
        print(f"{sample_id}: {len(turns)} turns ingested in {seconds:.0f} s "
              f"({len(turns) / seconds:.1f}/s), {len(questions)} questions", flush=True)
        for job in args.jobs:
            report = memory.run_job(job, user_id=user)
            counts = ", ".join(f"{k} {v}" for k, v in sorted(report.counts.items()))
            print(f"{sample_id}: {job} job {report.status} ({counts})", flush=True)
    if args.asked_before > 0:
        seconds = ask_as_an_agent(memory, user, questions, config, args.asked_before)
        print(f"{sample_id}: {len(questions)} questions asked {args.asked_before} time(s) "
              f"with reinforcement in {seconds:.0f} s", flush=True)
    start = time.perf_counter()
    own: dict[int, Scores] = defaultdict(Scores)
    evaluate(questions, system_ranked(memory, user, config),
             system_context(memory, user, config), own)
    merge_scores(results[SYSTEMS[0]], own)
    print(f"{sample_id}: questions scored in {time.perf_counter() - start:.0f} s "
          f"(user {user}); {summary(own)}", flush=True)
    if not args.no_baselines:
        run_baselines(memory, turns, questions, results)


def ask_as_an_agent(memory: Memory, user: str, questions: Sequence[Question],
                    config: RetrievalConfig, times: int) -> float:
    """Every question ``times`` times with the default call (k = 10, reinforced), the
    reinforcement written before scoring starts; the seconds it took."""
    start = time.perf_counter()
    for _ in range(times):
        for q in questions:
            memory.explore(q.text, user_id=user, k=10, config=config)
    memory.flush()
    return time.perf_counter() - start


def main() -> None:
    args = parser().parse_args()
    settings = Settings(llm="offline", embedder="local")
    config = retrieval_config(settings, args.set)
    memory = Memory(settings)
    memory.init()
    run = args.reuse or uuid.uuid4().hex[:6]
    wanted = set(args.conversations.split(",")) if args.conversations else None
    # The fixed systems first, in this order; a second embedder's baselines after them.
    results: dict[str, dict[int, Scores]] = defaultdict(lambda: defaultdict(Scores))
    for name in SYSTEMS:
        results[name] = defaultdict(Scores)
    users = []
    try:
        for sample in (sample for path in args.data for sample in load(path)):
            if wanted is not None and sample[0] not in wanted:
                continue
            users.append(f"locomo-{sample[0]}-{run}")
            score_sample(memory, args, config, users[-1], sample, results)
    finally:
        if not args.keep and not args.reuse:
            for user in users:
                memory.graph.run_autocommit("graph/delete_user", user_id=user)
        memory.close()
    text = table({name: by_cat for name, by_cat in results.items() if by_cat})
    if args.answers:
        text += "\n\n" + answers_table({name: by_cat for name, by_cat in results.items()
                                         if by_cat})
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")


if __name__ == "__main__":
    main()
