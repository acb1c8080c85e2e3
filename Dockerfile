# The scorer service: `mahjong-scorer serve` (gunicorn serving service:create_app() with the packaged
# settings, service/gunicorn_conf.py), as a non-root user. The image name and tag are the ones
# deploy/kustomization.yaml deploys (REGISTRY: yours; see docs/serving.md, "Containers and Kubernetes"):
#   docker build -t REGISTRY/mahjong-scorer:0.2.0 .
#   docker run --rm -p 8000:8000 -e SCORER_API_KEYS=change-me REGISTRY/mahjong-scorer:0.2.0
# Settings (all optional): HOST, PORT, WEB_CONCURRENCY, SCORER_API_KEYS, MAX_CONTENT_LENGTH, LOG_LEVEL,
# SCORER_RESULT_CACHE_SIZE, SCORER_DECOMPOSITION_CACHE_SIZE (see service/gunicorn_conf.py and docs/serving.md).
#
# The bases are build arguments: by default the official Python images; any Debian bookworm with
# Python 3.11 and its venv module works (CI builds from stand-ins made with debootstrap,
# deploy/ci_image.sh). BUILD_BASE needs a C compiler and Python's headers; BASE has none.
ARG BASE=python:3.11-slim-bookworm
ARG BUILD_BASE=python:3.11-bookworm

# The project's wheel is built with the scorer's hot modules compiled by mypyc (setup.py); the image
# serves, so it installs the library with the server extra (pyproject.toml).
FROM ${BUILD_BASE} AS build
WORKDIR /src
RUN python3 -m venv /opt/build
COPY pyproject.toml setup.py LICENSE ./
COPY scorer ./scorer
COPY service ./service
# Wheels for the project and its pinned dependencies, the server extra's included.
RUN /opt/build/bin/pip wheel --no-cache-dir --disable-pip-version-check --wheel-dir /wheels ".[server]"

FROM ${BASE}
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PATH=/opt/venv/bin:$PATH \
    HOST=0.0.0.0 \
    PORT=8000
RUN useradd --system --uid 10001 --user-group --no-create-home --shell /usr/sbin/nologin app
# The wheels are bind-mounted from the build stage for this one step: no layer of the image holds them.
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    python3 -m venv /opt/venv \
    && /opt/venv/bin/pip install --no-cache-dir --no-index --find-links /wheels "mahjong-scorer[server]" \
    && /opt/venv/bin/python -c "import scorer, sys; sys.exit(0 if scorer.COMPILED else 'the image must serve the compiled scorer')"
WORKDIR /app
USER 10001:10001
EXPOSE 8000
# The probe asks the address the server binds (HOST and PORT, as service/gunicorn_conf.py reads them).
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 CMD ["mahjong-scorer", "healthcheck"]
# exec form: mahjong-scorer runs gunicorn in its own process, PID 1, which receives SIGTERM itself for a
# graceful shutdown.
CMD ["mahjong-scorer", "serve"]
