#!/usr/bin/env bash
# Installs whatever the project needs that is missing, idempotently.
#   scripts/setup.sh          engines (Debian packages, the pinned yt-dlp) + npm packages (for `npm start`)
#   scripts/setup.sh --test   the same, plus Debian's Chromium for the browser tests and podman
#                             (runc, mmdebstrap, podman-compose) for the container tests
# A second run with everything present takes seconds: every step checks before it acts.
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=0
[ "${1:-}" = "--test" ] && want_test=1

# Debian packages: command to look for -> package that provides it.
declare -A engine_packages=(
  [ffmpeg]=ffmpeg
  [ffprobe]=ffmpeg
  [convert]=imagemagick
  [identify]=imagemagick
  [yt-dlp]=yt-dlp
  [gst-launch-1.0]=gstreamer1.0-tools
  # Scaled mode's queue and state (REDIS_URL); the tests start their own on a free port.
  [redis-server]=redis-server
)
missing=()
# Adds the packages of a list that are not installed to `missing`. One dpkg call when all are there
# (the usual case: every `npm start` runs this), one per package only to name the missing ones.
need_packages() {
  dpkg -s "$@" >/dev/null 2>&1 && return 0
  local pkg
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
}
for cmd in "${!engine_packages[@]}"; do
  # /usr/local/bin/convert on some images is a stand-in, not ImageMagick: ask for the real one.
  if [ "$cmd" = convert ] || [ "$cmd" = identify ]; then
    [ -x "/usr/bin/$cmd" ] || missing+=("${engine_packages[$cmd]}")
  else
    command -v "$cmd" >/dev/null 2>&1 || missing+=("${engine_packages[$cmd]}")
  fi
done
# Libraries and plugins that have no command of their own (the AMR codec is in plugins-ugly).
need_packages gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-ugly libheif1
if [ "$want_test" = 1 ]; then
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  # The container tests (container/): podman with runc (crun cannot start containers on some
  # kernels' cgroups), mmdebstrap for the local base image, podman-compose for the compose files,
  # and the dnsname plugin, so containers on a compose network find each other by service name
  # (podman on Debian 12 uses CNI, which has no name service of its own).
  need_packages podman runc mmdebstrap podman-compose golang-github-containernetworking-plugin-dnsname
fi
if [ "${#missing[@]}" -gt 0 ]; then
  mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: these Debian packages are missing. Install them with:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

# The pinned yt-dlp in the project's own Python environment (Debian's stays as the fallback).
bash scripts/setup-engines.sh

# npm packages (the lock file pins them; node@24 among them runs everything, see design.md), with
# a current npm first when the machine's is too old (Debian 12's). npm's version is asked only when
# it is about to install: npm takes a quarter second to answer, on every `npm start`.
stamp=node_modules/.setup-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  . scripts/setup-npm.sh
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi
