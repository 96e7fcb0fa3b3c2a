#!/usr/bin/env bash
# Installs the pinned yt-dlp (engines/requirements.txt, with curl_cffi for browser impersonation)
# into the project's own Python environment, ENGINES_DIR/venv (default .cache/engines/venv).
# A stamp holding a copy of the requirements file makes a second run instant; a changed pin
# reinstalls. When the environment cannot be made (no python3 venv support, pip cannot reach an
# index), one line says so and the server falls back to Debian's yt-dlp on PATH: never fatal.
#   scripts/setup-engines.sh            install or keep the pinned release
#   scripts/setup-engines.sh --update [VERSION]   move the pin to VERSION (default: newest) and install it
set -uo pipefail
cd "$(dirname "$0")/.."

engines_dir=${ENGINES_DIR:-.cache/engines}
venv="$engines_dir/venv"
requirements=engines/requirements.txt
stamp="$venv/.requirements-installed"
python=${ENGINES_PYTHON:-python3}
mode=${1:-}

fallback() {
  echo "setup: WARNING: $1; the server falls back to Debian's yt-dlp ($(command -v yt-dlp || echo 'not installed')), which may fail on today's sites" >&2
  # Set-up goes on without it; an update that could not happen is a failure.
  [ "$mode" = --update ] && exit 1
  exit 0
}

installed_version() {
  "$venv/bin/python" -c 'from yt_dlp.version import __version__; print(__version__)' 2>/dev/null || echo none
}

pip_install() {
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$@" >"$engines_dir/pip.log" 2>&1
}

if [ "$mode" != --update ] && [ -f "$stamp" ] && cmp -s "$requirements" "$stamp" && [ -x "$venv/bin/yt-dlp" ]; then
  exit 0
fi

mkdir -p "$engines_dir"
make_venv() {
  command -v "$python" >/dev/null 2>&1 && "$python" -m venv "$venv" >"$engines_dir/venv.log" 2>&1 && return 0
  rm -rf "$venv"
  return 1
}
if [ ! -x "$venv/bin/python" ] && ! make_venv; then
  # Fresh Debian: python3 or its venv module (python3-venv) missing. Root installs them; anyone
  # else gets the command.
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && [ -z "${ENGINES_PYTHON:-}" ]; then
    echo "setup: installing Debian packages: python3 python3-venv"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null 2>&1 ||
      { apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null; }
    make_venv || fallback "$python -m venv failed (see $engines_dir/venv.log)"
  else
    fallback "$python cannot make a virtual environment; install it with: sudo apt-get install -y python3 python3-venv"
  fi
fi

if [ "$mode" = --update ]; then
  old=$(installed_version)
  spec="yt-dlp[curl-cffi]"
  [ -n "${2:-}" ] && spec="yt-dlp[curl-cffi]==${2}"
  echo "update-engines: yt-dlp $old -> installing $spec"
  pip_install --upgrade "$spec" || { echo "update-engines: pip failed (see $engines_dir/pip.log); yt-dlp stays at $old" >&2; exit 1; }
  new=$(installed_version)
  # The pin follows what was installed, so the next set-up (and every other clone) keeps it.
  sed -i -E "s/^yt-dlp\[curl-cffi\]==.*/yt-dlp[curl-cffi]==$("$venv/bin/python" -m pip show yt-dlp | sed -n 's/^Version: //p')/" "$requirements"
  cp "$requirements" "$stamp"
  echo "update-engines: yt-dlp $old -> $new (restart the server to use it)"
  exit 0
fi

echo "setup: installing the pinned yt-dlp into $venv"
pip_install -r "$requirements" || fallback "pip could not install $(grep -v '^#' "$requirements" | tr '\n' ' ')(see $engines_dir/pip.log)"
cp "$requirements" "$stamp"
echo "setup: yt-dlp $(installed_version) ready in $venv"
