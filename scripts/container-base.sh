#!/usr/bin/env bash
# Makes the local Debian base image `localhost/debian:bookworm-slim` from Debian's own packages
# (mmdebstrap), for machines that cannot pull from a public image registry. Skipped when it exists.
#   scripts/container-base.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CONTAINERS_CONF="${CONTAINERS_CONF:-$PWD/container/containers.conf}"
image=localhost/debian:bookworm-slim
if podman image exists "$image"; then
  exit 0
fi
# Images built at once (the product's and the tests' stand-ins) each ask for the base: one makes
# it, the others wait for it here and find it made.
exec 9>"${TMPDIR:-/tmp}/grabbit-container-base.lock"
flock 9
if podman image exists "$image"; then
  exit 0
fi
echo "container: making the base image $image from Debian's packages (about 2 minutes, once)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mmdebstrap --quiet --variant=minbase --mode=root bookworm "$work/base.tar"
podman import --quiet "$work/base.tar" "$image" >/dev/null
