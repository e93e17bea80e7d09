"""bench/bench_embedders.py's two retrievers in one list (``--fuse A+B``): which pairs it
takes, and how the fused order is scored."""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import numpy as np
import pytest
from bench_embedders import fused_recalls, model_pairs
from locomo import Question, Turn


def test_a_pair_is_two_different_models_of_the_bench():
    assert model_pairs("bge-small-int8+e5-small-int8, minilm+bge-small") == [
        ("bge-small-int8", "e5-small-int8"), ("minilm", "bge-small")]
    for wrong in ("bge-small", "bge-small+bge-small", "bge-small+gte-small"):
        with pytest.raises(argparse.ArgumentTypeError):
            model_pairs(wrong)


def test_the_fused_order_ranks_first_what_both_models_rank_high():
    when = datetime(2023, 5, 8, tzinfo=UTC)
    turns = [Turn(f"D1:{i}", "Ana", f"turn {i}", when, "session_1") for i in range(1, 5)]
    question = Question("What did Ana adopt?", 4, {"D1:3"})
    # one model ranks the evidence (index 2) second, the other third; each puts a
    # different turn first, which the other ranks last
    first = [np.array([0, 2, 1, 3])]
    second = [np.array([3, 1, 2, 0])]
    recalls = fused_recalls([("conv", turns, [question])], first, second)
    assert recalls[1] == [0.0] and recalls[5] == [1.0]
    # the turn both rank second comes before either model's own first
    first = [np.array([0, 2, 1, 3])]
    second = [np.array([3, 2, 1, 0])]
    recalls = fused_recalls([("conv", turns, [question])], first, second)
    assert recalls[1] == [1.0]
