"""The nightly jobs, one module each (decay, consolidate, cleanup, episodic, dedupe,
storylines: ``run(ctx)``), what they work with (``context.py``) and what runs them:
``runner.py`` (lock, run record, report), ``schedule.py`` (cron). Their maths is pure
Python in ``memgraph/lifecycle/``, their Cypher in ``cypher/jobs/`` and ``cypher/lifecycle/``.
"""
