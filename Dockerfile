# The scorer service: `mcr-scorer serve` (gunicorn serving service:create_app() with the packaged
# settings, service/gunicorn_conf.py), as a non-root user.
#   docker build -t mcr-scorer .
#   docker run --rm -p 8000:8000 -e SCORER_API_KEYS=change-me mcr-scorer
# Settings (all optional): PORT, WEB_CONCURRENCY, SCORER_API_KEYS, MAX_CONTENT_LENGTH, LOG_LEVEL,
# SCORER_RESULT_CACHE_SIZE, SCORER_DECOMPOSITION_CACHE_SIZE (see service/gunicorn_conf.py and the README).

# The build stage has a C compiler (the full python image): the project's wheel is built with the
# scorer's hot modules compiled by mypyc (setup.py). The runtime stage below has no compiler.
FROM python:3.11-bookworm AS build
WORKDIR /src
COPY pyproject.toml setup.py ./
COPY scorer ./scorer
COPY service ./service
# Wheels for the project and its pinned dependencies; nothing of the build stage stays in the image.
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8000
RUN useradd --system --uid 10001 --user-group --no-create-home --shell /usr/sbin/nologin app
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --no-index /wheels/*.whl && rm -rf /wheels \
    && python -c "import scorer, sys; sys.exit(0 if scorer.COMPILED else 'the image must serve the compiled scorer')"
WORKDIR /app
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8000'), timeout=2)"]
# exec form: mcr-scorer runs gunicorn in its own process, PID 1, which receives SIGTERM itself for a
# graceful shutdown.
CMD ["mcr-scorer", "serve"]
