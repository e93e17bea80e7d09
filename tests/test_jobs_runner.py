"""Running jobs: the lock, run records, crash and resume, nightly, and the CLI."""

from __future__ import annotations

import json
import math
import threading
from datetime import UTC, datetime, timedelta

import pytest
from apscheduler.events import EVENT_JOB_ERROR, EVENT_JOB_EXECUTED
from click.testing import CliRunner
from jobs_support import T0, make_node, make_rel, node, rel

from memgraph.cli.main import cli
from memgraph.errors import InvalidInputError, JobLockedError
from memgraph.graph.connection import Graph
from memgraph.jobs.runner import parse_as_of
from memgraph.jobs.schedule import build_scheduler, cron_trigger
from memgraph.memory import Memory


def hold_lock(graph: Graph, job: str, scope: str, expires_at: datetime) -> None:
    graph.write("jobs/acquire_lock", job=job, scope=scope, lock_name=f"{job}:{scope}",
                holder="someone-else", now=datetime.now(UTC), expires_at=expires_at)


class TestLock:
    def test_second_concurrent_run_fails(self, memory: Memory, graph: Graph,
                                         user_id: str) -> None:
        make_node(graph, user_id, "Concept", state="active")
        inside, release = threading.Event(), threading.Event()
        errors: list[BaseException] = []

        def slow(unit: str) -> None:
            inside.set()
            release.wait(10)

        def first() -> None:
            try:
                memory.run_job("decay", user_id=user_id, as_of=T0 + timedelta(days=1),
                               fault=slow)
            except BaseException as e:
                errors.append(e)

        thread = threading.Thread(target=first)
        thread.start()
        assert inside.wait(10)
        try:
            with pytest.raises(JobLockedError, match="already running"):
                memory.run_job("decay", user_id=user_id, as_of=T0 + timedelta(days=2))
            with pytest.raises(JobLockedError):   # an all-users run conflicts too
                memory.run_job("decay", all_users=True, as_of=T0 + timedelta(days=2))
        finally:
            release.set()
            thread.join()
        assert errors == []
        memory.run_job("decay", user_id=user_id, as_of=T0 + timedelta(days=3))  # free again

    def test_expired_lock_is_taken_over(self, memory: Memory, graph: Graph,
                                        user_id: str) -> None:
        hold_lock(graph, "cleanup", user_id, datetime.now(UTC) - timedelta(seconds=1))
        report = memory.run_job("cleanup", user_id=user_id)
        assert report.status == "ok"

    def test_live_lock_of_another_holder_blocks(self, memory: Memory, graph: Graph,
                                                user_id: str) -> None:
        hold_lock(graph, "cleanup", user_id, datetime.now(UTC) + timedelta(minutes=5))
        try:
            with pytest.raises(JobLockedError, match="someone-else"):
                memory.run_job("cleanup", user_id=user_id)
        finally:
            graph.write("jobs/release_lock", lock_name=f"cleanup:{user_id}",
                        holder="someone-else")


class TestRunRecords:
    def test_each_run_is_recorded(self, memory: Memory, graph: Graph, user_id: str) -> None:
        make_node(graph, user_id, "Concept", state="active")
        memory.run_job("decay", user_id=user_id, as_of=T0 + timedelta(days=10))
        [run] = memory.job_history(user_id=user_id)
        assert run["job"] == "decay" and run["status"] == "ok"
        assert run["counts"]["nodes_decayed"] == 1
        assert run["as_of"] == T0 + timedelta(days=10)
        assert run["finished_at"] >= run["started_at"]

    def test_nightly_runs_every_job_in_order(self, memory: Memory, graph: Graph,
                                             user_id: str) -> None:
        make_node(graph, user_id, "Concept", state="active")
        report = memory.run_job("nightly", user_id=user_id, as_of=T0 + timedelta(days=1))
        assert [s.job for s in report.steps] == ["decay", "consolidate", "cleanup",
                                                  "episodic", "dedupe", "storylines",
                                                  "vector_indexes"]
        assert report.status == "ok" and report.counts["decay.nodes_decayed"] == 1
        assert report.counts["vector_indexes.due"] == 0     # one node: no index of its own
        assert len(memory.job_history(user_id=user_id)) == 8

    def test_unknown_job_and_bad_time_are_refused(self, memory: Memory) -> None:
        with pytest.raises(InvalidInputError, match="unknown job"):
            memory.run_job("defrag")
        with pytest.raises(InvalidInputError, match="ISO"):
            parse_as_of("next tuesday")


class TestCrashAndResume:
    def test_decay_interrupted_between_units_finishes_without_double_applying(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        a, b = (make_node(graph, user_id, "Person", state="active") for _ in range(2))
        r = make_rel(graph, user_id, a, b, state="active")

        def crash(unit: str) -> None:
            if unit == "relationships":
                raise RuntimeError("power cut")

        with pytest.raises(RuntimeError, match="power cut"):
            memory.run_job("decay", user_id=user_id, as_of=T0 + timedelta(days=35),
                           fault=crash)
        assert node(graph, a)["last_decayed_at"] == T0 + timedelta(days=35)
        assert rel(graph, r)["salience"] == 0.5          # not reached
        [failed] = memory.job_history(user_id=user_id)
        assert failed["status"] == "failed" and "power cut" in failed["errors"][0]
        memory.run_job("decay", user_id=user_id, as_of=T0 + timedelta(days=35))
        expected = 0.5 * 2.718281828459045 ** -0.7
        assert node(graph, a)["salience"] == pytest.approx(expected)    # once, not twice
        assert rel(graph, r)["salience"] == pytest.approx(expected)


    @staticmethod
    def crash_at(prefix: str, nth: int):  # type: ignore[no-untyped-def]
        """A fault that cuts the power at the ``nth`` unit whose name starts with prefix."""
        seen: list[str] = []

        def crash(unit: str) -> None:
            if unit.startswith(prefix):
                seen.append(unit)
                if len(seen) == nth:
                    raise RuntimeError("power cut")
        return crash

    def test_episodic_interrupted_between_clusters_never_adds_an_insight_twice(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        people = [make_node(graph, user_id, "Person", name) for name in ("Ada", "Grace")]
        sources = []
        for person, text in zip(people, ("Ada plays chess.", "Grace sails."), strict=True):
            src = make_node(graph, user_id, "Source", raw_content=text, description=text,
                            created_at=T0 + timedelta(days=1), salience=0.1, state="active")
            make_rel(graph, user_id, src, person, "MENTIONS", lifecycle_props=False)
            sources.append(src)
        as_of = T0 + timedelta(days=30)
        # One insight per LLM batch, so each cluster is written before the next begins
        # (with larger batches the insights of several clusters are asked together).
        settings = memory.settings.model_copy(update={"lifecycle": memory.settings.lifecycle
                                                      .model_copy(update={
                                                          "consolidate_llm_batch": 1})})
        one_by_one = Memory(settings, graph=graph, embedder=memory.embedder)
        with pytest.raises(RuntimeError, match="power cut"):
            one_by_one.run_job("episodic", user_id=user_id, as_of=as_of,
                               fault=self.crash_at("cluster:", 2))
        states = sorted(node(graph, s)["state"] for s in sources)
        assert states == ["active", "archived"]          # one cluster done, all of it
        report = memory.run_job("episodic", user_id=user_id, as_of=as_of)
        assert report.counts["clusters_consolidated"] == 1
        assert all(node(graph, s)["state"] == "archived" for s in sources)
        assert [len(node(graph, p)["notes"]) for p in people] == [1, 1]

    def test_consolidation_interrupted_between_pages_resumes_where_it_stopped(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        settings = memory.settings.model_copy(update={
            "lifecycle": memory.settings.lifecycle.model_copy(update={"consolidate_page": 1})})
        paged = Memory(settings, graph=graph, embedder=memory.embedder)
        dirty = [make_node(graph, user_id, "Concept", f"topic {i}", is_dirty=True,
                           description=f"Topic {i}.", created_at=T0 + timedelta(days=19))
                 for i in range(3)]
        as_of = T0 + timedelta(days=20)
        with pytest.raises(RuntimeError, match="power cut"):
            paged.run_job("consolidate", user_id=user_id, as_of=as_of,
                          fault=self.crash_at("nodes:", 2))
        assert sum(node(graph, uid)["is_dirty"] is False for uid in dirty) == 1
        report = paged.run_job("consolidate", user_id=user_id, as_of=as_of)
        assert report.counts["nodes_consolidated"] == 2
        assert all(node(graph, uid)["is_dirty"] is False for uid in dirty)

    def test_dedupe_interrupted_between_merges_finishes_the_cluster_once(
            self, memory: Memory, graph: Graph, user_id: str) -> None:
        def vector(angle: float) -> list[float]:
            return [math.cos(angle), math.sin(angle)] + [0.0] * 382

        winner = make_node(graph, user_id, "Concept", "chess", salience=0.9,
                           embedding=vector(0.0))
        losers = [make_node(graph, user_id, "Concept", f"chess {i}", salience=0.3,
                            embedding=vector(0.1 * (i + 1))) for i in range(2)]
        other = make_node(graph, user_id, "Concept", "sailing", embedding=vector(1.5))
        for loser in losers:
            make_rel(graph, user_id, loser, other, "RELATED_TO", description="both games?")
        with pytest.raises(RuntimeError, match="power cut"):
            memory.run_job("dedupe", user_id=user_id, as_of=T0 + timedelta(days=3),
                           fault=self.crash_at("merge:", 2))
        assert sum(node(graph, uid) is None for uid in losers) == 1
        report = memory.run_job("dedupe", user_id=user_id, as_of=T0 + timedelta(days=3))
        assert report.counts["merged"] == 1
        assert all(node(graph, uid) is None for uid in losers)
        assert len(memory.merges(user_id=user_id)) == 2
        with graph.session() as session:
            moved = session.run("MATCH (:Memory {uid: $w})-[r:RELATED_TO]->(:Memory {uid: $o}) "
                                "RETURN count(r) AS c", w=winner, o=other).single()["c"]
        assert moved == 2                                 # one per merged loser, no copies


class TestCli:
    def test_run_json_and_history(self, memory: Memory, graph: Graph, user_id: str) -> None:
        make_node(graph, user_id, "Concept", state="active")
        runner = CliRunner()
        out = runner.invoke(cli, ["jobs", "run", "decay", "--user", user_id, "--as-of",
                                  "2025-02-05T00:00:00+00:00", "--json"])
        assert out.exit_code == 0, out.output
        assert json.loads(out.output)["counts"]["nodes_decayed"] == 1
        out = runner.invoke(cli, ["jobs", "history", "--user", user_id, "--json"])
        assert json.loads(out.output)[0]["job"] == "decay"
        out = runner.invoke(cli, ["jobs", "run", "decay", "--user", user_id, "--dry-run",
                                  "--as-of", "2025-09-01"])
        assert out.exit_code == 0 and "dry run: decay [ok]" in out.output

    def test_bad_as_of_is_one_line(self) -> None:
        out = CliRunner().invoke(cli, ["jobs", "run", "decay", "--as-of", "soon"])
        assert out.exit_code == 2 and out.output.count("\n") == 1
        assert "Traceback" not in out.output

    def test_schedule_cron_comes_from_settings(self, memory: Memory) -> None:
        trigger = cron_trigger(memory.settings.nightly_cron)
        fire = trigger.get_next_fire_time(None, datetime(2025, 1, 1, 12, 0).astimezone())
        assert (fire.hour, fire.minute) == (3, 0)
        with pytest.raises(Exception, match="crontab"):
            cron_trigger("every night")

    def test_the_scheduler_fires_nightly_and_survives_a_night_whose_lock_is_taken(
            self, memory: Memory, graph: Graph, user_id: str,
            caplog: pytest.LogCaptureFixture) -> None:
        # The real APScheduler process: a night that finds the lock held (a system cron
        # already running) is logged and skipped, and the next night runs.
        make_node(graph, user_id, "Concept", state="active")
        outcomes: list[str] = []
        fired = threading.Semaphore(0)

        def nightly() -> None:
            try:
                report = memory.run_job("nightly", user_id=user_id,
                                        as_of=T0 + timedelta(days=len(outcomes) + 1))
                outcomes.append(report.status)
            except JobLockedError:
                outcomes.append("locked")
                raise

        scheduler = build_scheduler("0 3 * * *", nightly)
        # a night is over when the scheduler says so, not when its function returns: a run
        # asked for before the scheduler has counted the last one finished is skipped
        # ("maximum number of running instances reached"), and the next night never came
        # on a busy machine
        scheduler.add_listener(lambda _event: fired.release(),
                               EVENT_JOB_EXECUTED | EVENT_JOB_ERROR)
        thread = threading.Thread(target=scheduler.start, daemon=True)
        thread.start()
        try:
            hold_lock(graph, "nightly", user_id, datetime.now(UTC) + timedelta(minutes=5))
            for night in range(2):
                if night == 1:
                    graph.write("jobs/release_lock", lock_name=f"nightly:{user_id}",
                                holder="someone-else")
                deadline = datetime.now(UTC) + timedelta(seconds=10)
                while not scheduler.running and datetime.now(UTC) < deadline:
                    threading.Event().wait(0.05)
                scheduler.modify_job("nightly", next_run_time=datetime.now(UTC))
                assert fired.acquire(timeout=60)
            assert outcomes == ["locked", "ok"]
            assert "nightly run failed: job 'nightly' is already running" in caplog.text
            assert scheduler.running and scheduler.get_job("nightly") is not None
        finally:
            scheduler.shutdown(wait=False)
            graph.write("jobs/release_lock", lock_name=f"nightly:{user_id}",
                        holder="someone-else")
            thread.join(10)
