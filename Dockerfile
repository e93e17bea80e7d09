# memgraph CLI image (used by `docker compose run --rm memgraph ...`).
FROM python:3.11-slim
WORKDIR /app
ENV PIP_NO_CACHE_DIR=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
COPY pyproject.toml README.md ./
COPY memgraph ./memgraph
COPY cypher ./cypher
RUN pip install --extra-index-url https://download.pytorch.org/whl/cpu ".[local]"
ENTRYPOINT ["memgraph"]
CMD ["--help"]
