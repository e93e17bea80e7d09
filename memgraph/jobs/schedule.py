"""`memgraph jobs schedule`: an APScheduler process running `nightly` on the cron from
settings (``nightly_cron``, default 03:00 local time). It is a long-running service (run it
under systemd, `jobs/memgraph-scheduler.service`, or as a container); a run that finds the
lock taken (a system cron or another scheduler already running it) is logged and skipped.
``next_runs`` is what `jobs schedule --print-next` shows without starting it."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from apscheduler.schedulers.blocking import BlockingScheduler
from apscheduler.triggers.cron import CronTrigger

from memgraph.errors import ConfigurationError, MemgraphError

log = logging.getLogger("memgraph.jobs")


def cron_trigger(expression: str) -> CronTrigger:
    try:
        return CronTrigger.from_crontab(expression)
    except ValueError as e:
        raise ConfigurationError(f"nightly_cron {expression!r} is not a crontab "
                                 f"expression: {e}") from e


def next_runs(expression: str, count: int, now: datetime | None = None) -> list[datetime]:
    """The next ``count`` times the cron fires after ``now`` (aware, in the cron's zone)."""
    trigger = cron_trigger(expression)
    moment = now or datetime.now(trigger.timezone)
    runs: list[datetime] = []
    previous = None
    while len(runs) < count:
        fire = trigger.get_next_fire_time(previous, moment)
        if fire is None:
            break
        runs.append(fire)
        previous, moment = fire, fire
    return runs


def build_scheduler(expression: str, run_nightly: Callable[[], object]) -> BlockingScheduler:
    def job() -> None:
        try:
            run_nightly()
        except MemgraphError as e:   # keep the scheduler alive; the next night retries
            log.error("nightly run failed: %s", e)

    scheduler = BlockingScheduler()
    scheduler.add_job(job, cron_trigger(expression), id="nightly", max_instances=1,
                      coalesce=True, misfire_grace_time=3600)
    return scheduler
