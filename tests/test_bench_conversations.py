"""The conversations the retrieval benchmark is also run on (bench/data/locomo_style) are in
LoCoMo's exact format, so that `bench/locomo.py` asks every question they hold: sessions
dated in order, turns numbered in order, every question's evidence a turn that exists."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parent.parent / "bench" / "data" / "locomo_style"
CONVERSATIONS = sorted(FOLDER.glob("synth-*.json"))
DATE_FORMAT = "%I:%M %p on %d %B, %Y"


def test_the_folder_holds_the_conversations_its_readme_lists():
    readme = (FOLDER / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| (synth-\d+) \|", readme, flags=re.MULTILINE))
    assert listed == {path.stem for path in CONVERSATIONS}
    assert len(CONVERSATIONS) >= 6


@pytest.mark.parametrize("path", CONVERSATIONS, ids=lambda p: p.stem)
def test_a_conversation_is_in_locomo_format_and_its_evidence_exists(path: Path):
    [conversation] = json.loads(path.read_text(encoding="utf-8"))
    assert conversation["sample_id"] == path.stem
    chat = conversation["conversation"]
    speakers = {chat["speaker_a"], chat["speaker_b"]}
    sessions = sorted(int(key.split("_")[1]) for key in chat
                      if re.fullmatch(r"session_\d+", key))
    assert sessions == list(range(1, len(sessions) + 1))
    dates = [datetime.strptime(chat[f"session_{n}_date_time"], DATE_FORMAT) for n in sessions]
    assert dates == sorted(dates) and len(set(dates)) == len(dates)
    turns: set[str] = set()
    for n in sessions:
        ids = [turn["dia_id"] for turn in chat[f"session_{n}"]]
        assert ids == [f"D{n}:{i}" for i in range(1, len(ids) + 1)]
        assert {turn["speaker"] for turn in chat[f"session_{n}"]} <= speakers
        turns.update(ids)
    assert conversation["qa"]
    for qa in conversation["qa"]:
        assert qa["category"] in (1, 2, 3, 4), qa["question"]
        assert qa["evidence"] and set(qa["evidence"]) <= turns, qa["question"]
