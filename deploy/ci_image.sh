#!/usr/bin/env bash
# CI: build the image from the Dockerfile with a real Docker engine and run it.
#
#   bash deploy/ci_image.sh            (as root; .ci/run calls it)
#
# No image registry is reachable here, so the Dockerfile's default bases (python:3.11-*-bookworm)
# cannot be pulled: stand-in bases are made from Debian's own packages (debootstrap bookworm
# minbase with Debian's Python 3.11, `docker import`) and passed as the build arguments BASE and
# BUILD_BASE. A user with a registry builds the same Dockerfile without them.
#
# Debian's docker.io is installed if absent. Its dockerd runs with its own socket, data root, exec
# root and pidfile under a temporary directory, with --bridge=none --iptables=false: no host
# networking is changed. The build's RUN steps and the container use the host network; the server
# binds 127.0.0.1 only. Every step is bounded in time (timeout); the container and the daemon are
# stopped by their id and PID on every exit path. What is checked is printed as it passes; the
# checks themselves are deploy/image_checks.py (Python's standard library only).
#
# The stand-in bases are kept in MCR_CI_CACHE (default /var/cache/mcr-scorer-ci) for reruns on the
# same machine, keyed by their package lists; a fresh machine makes them (about a minute here).
# Worst case, every bound reached: about an hour; measured: 1.5-4 minutes with the bases cached.
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE="${MCR_CI_CACHE:-/var/cache/mcr-scorer-ci}"
SUITE=bookworm
RUNTIME_PKGS="python3,python3-venv,ca-certificates"
BUILD_PKGS="gcc libc6-dev python3-dev"
PORT="${MCR_CI_PORT:-18731}"
# The image name and tag deploy/kustomization.yaml deploys (registry.example.com: the manual's placeholder, docs/serving.md).
TAG="$(awk '$1 == "newName:" {n = $2} $1 == "newTag:" {t = $2} END {print n ":" t}' deploy/kustomization.yaml)"

log() { printf '[ci_image %(%H:%M:%S)T] %s\n' -1 "$*"; }
t0=$SECONDS

if ! command -v dockerd >/dev/null || [ ! -x /usr/bin/docker ] || ! command -v debootstrap >/dev/null; then
  log "installing Debian's docker.io and debootstrap"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq docker.io debootstrap >/dev/null
fi
# Debian's client, matching Debian's daemon (a newer client elsewhere on PATH may want buildx for BuildKit).
DOCKER_CLI=/usr/bin/docker

work="$(mktemp -d /tmp/mcr-ci-image.XXXXXX)"
sock="$work/docker.sock"
dockerd_pid=""
container=""
cleanup() {
  local rc=$?
  set +e
  if [ -n "$container" ]; then
    timeout 30 "$DOCKER_CLI" -H "unix://$sock" rm -f "$container" >/dev/null 2>&1
  fi
  if [ -n "$dockerd_pid" ] && kill -0 "$dockerd_pid" 2>/dev/null; then
    kill -TERM "$dockerd_pid"
    for _ in $(seq 1 60); do kill -0 "$dockerd_pid" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$dockerd_pid" 2>/dev/null && kill -KILL "$dockerd_pid"
    wait "$dockerd_pid" 2>/dev/null
  fi
  # the daemon's mounts under the data root, if it left any, then the directory
  grep -o " $work/[^ ]*" /proc/mounts | sort -r | while read -r m; do umount -l "$m"; done
  rm -rf "$work"
  log "stopped the container and the daemon; ${SECONDS}s in all (exit $rc)"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- the stand-in bases -------------------------------------------------------------------------
key="$(printf '%s|%s|%s' "$SUITE" "$RUNTIME_PKGS" "$BUILD_PKGS" | sha256sum | cut -c1-12)"
runtime_tar="$CACHE/base-runtime-$key.tar"
build_tar="$CACHE/base-build-$key.tar"
if [ ! -s "$runtime_tar" ] || [ ! -s "$build_tar" ]; then
  log "making the stand-in bases with debootstrap ($SUITE minbase + $RUNTIME_PKGS; build: + $BUILD_PKGS)"
  mkdir -p "$CACHE"
  root="$work/rootfs"
  timeout 900 debootstrap --variant=minbase --include="$RUNTIME_PKGS" "$SUITE" "$root" http://deb.debian.org/debian \
      >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; exit 1; }
  # This machine reaches PyPI through a proxy whose CA is in the host's trust store: the stand-in
  # trusts what the host trusts, and pip (which otherwise uses its own bundle) reads it.
  cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
  printf '[global]\ncert = /etc/ssl/certs/ca-certificates.crt\n' >"$root/etc/pip.conf"
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  tar -C "$root" --numeric-owner -cf "$runtime_tar.part" . && mv "$runtime_tar.part" "$runtime_tar"
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  # shellcheck disable=SC2086
  timeout 600 chroot "$root" sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $BUILD_PKGS" \
      >"$work/chroot-apt.log" 2>&1 || { tail -20 "$work/chroot-apt.log"; exit 1; }
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  : >"$root/etc/resolv.conf"
  tar -C "$root" --numeric-owner -cf "$build_tar.part" . && mv "$build_tar.part" "$build_tar"
  rm -rf "$root"
  log "bases made in $((SECONDS - t0))s"
else
  log "stand-in bases from the cache ($CACHE)"
fi

# --- the engine ---------------------------------------------------------------------------------
log "starting dockerd (--bridge=none --iptables=false, data under $work)"
dockerd --host "unix://$sock" --data-root "$work/data" --exec-root "$work/exec" --pidfile "$work/dockerd.pid" \
    --bridge=none --iptables=false --ip-masq=false --ip-forward=false \
    >"$work/dockerd.log" 2>&1 &
dockerd_pid=$!
docker() { "$DOCKER_CLI" -H "unix://$sock" "$@"; }
for _ in $(seq 1 60); do docker version >/dev/null 2>&1 && break; sleep 0.5; done
docker version --format 'engine {{.Server.Version}}' || { tail -30 "$work/dockerd.log"; exit 1; }

docker import - mcr-ci-base:runtime <"$runtime_tar" >/dev/null
docker import - mcr-ci-base:build <"$build_tar" >/dev/null

# --- the build ----------------------------------------------------------------------------------
ctx_bytes="$( (git ls-files -co --exclude-standard -z | du -cb --files0-from=- | tail -1 | cut -f1) 2>/dev/null || echo 0)"
log "building $TAG (checkout files outside .gitignore: $((ctx_bytes / 1024)) KiB)"
b0=$SECONDS
DOCKER_BUILDKIT=1 timeout 1200 "$DOCKER_CLI" -H "unix://$sock" build --network=host --progress=plain \
    --build-arg BASE=mcr-ci-base:runtime --build-arg BUILD_BASE=mcr-ci-base:build \
    -t "$TAG" . >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
# The build context: what .dockerignore lets through (the checkout's .venv, made earlier by CI, must not be).
context="$(grep -oE 'transferring context: [0-9.]+[kMG]?B' "$work/build.log" | tail -1 | awk '{print $3}')"
context_mb="$(echo "$context" | awk '/GB$/ {print $1 * 1000; next} /MB$/ {print $1 + 0; next} {print 0}')"
awk -v mb="$context_mb" 'BEGIN {exit !(mb < 20)}' \
    || { echo "build context $context: .dockerignore lets too much through" >&2; exit 1; }
log "built in $((SECONDS - b0))s; context $context; image $(docker image inspect "$TAG" --format '{{.Size}}' | awk '{printf "%.1f MB", $1/1e6}')"

# --- the run ------------------------------------------------------------------------------------
# As deployed (deploy/deployment.yaml): read-only root, all capabilities dropped, no new privileges,
# a tmpfs for /tmp; on the host network, bound to loopback. GUNICORN_WORKER_CLASS etc. may be passed
# through MCR_CI_ENV ("NAME=value NAME=value") for a trial.
env_args=()
for kv in ${MCR_CI_ENV:-}; do env_args+=(-e "$kv"); done
container="$(docker run -d --network=host --read-only --tmpfs /tmp --cap-drop=ALL --security-opt no-new-privileges \
    -e HOST=127.0.0.1 -e PORT="$PORT" -e WEB_CONCURRENCY=2 "${env_args[@]}" "$TAG")"
log "container ${container:0:12} started"
timeout 300 python3 deploy/image_checks.py --docker "$DOCKER_CLI" --host "unix://$sock" \
    --container "$container" --port "$PORT" --image "$TAG"
log "image checks passed; ${SECONDS}s in all"
