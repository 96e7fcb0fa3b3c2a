#!/usr/bin/env bash
# Builds Grabbit's image with podman (or docker), with whatever this machine needs to reach the
# package registries from inside a build (scripts/container-mirrors.sh: nothing on a machine that
# needs nothing). Makes the local base image first when asked to build from it.
#   scripts/container-build.sh [TAG] [extra build arguments...]
#   BASE=localhost/debian:bookworm-slim scripts/container-build.sh localhost/grabbit:latest
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${1:-localhost/grabbit:latest}"
shift || true
engine="${CONTAINER_ENGINE:-podman}"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$PWD/container/containers.conf}"
args=(--network=host --tag "$tag")
# Podman writes OCI images by default, which have no HEALTHCHECK: the Docker format keeps it.
[ "$engine" = podman ] && args+=(--format docker)
if [ -n "${BASE:-}" ]; then
  [ "$BASE" = localhost/debian:bookworm-slim ] && bash scripts/container-base.sh
  args+=(--build-arg "BASE=$BASE")
fi
. scripts/container-mirrors.sh
for mount in "${mirror_mounts[@]}"; do args+=(-v "$mount"); done
for setting in "${mirror_settings[@]}"; do args+=(--build-arg "$setting"); done
exec "$engine" build "${args[@]}" "$@" .
