#!/usr/bin/env bash
# Brings a current npm when the machine's is too old for this project's packages, idempotently.
# Debian 12's npm (9.2) skips optional dependencies that name a `libc` (rolldown's native binding,
# so the page build dies with "Cannot find native binding"). npm 10 runs on Debian 12's Node 18
# (npm 11 needs Node 20), so npm 10 is installed beside the project, in .cache/npm; the machine's
# npm is left as it is. Source this file: it puts that npm first on PATH.
#   . scripts/setup-npm.sh
npm_major=$(npm --version 2>/dev/null | cut -d. -f1)
if [ "${npm_major:-0}" -lt 10 ]; then
  npm_prefix="$PWD/.cache/npm"
  if [ ! -x "$npm_prefix/node_modules/.bin/npm" ]; then
    echo "setup: npm $(npm --version) is too old for this project's packages: installing npm 10 into .cache/npm (the machine's npm stays)"
    npm install --prefix "$npm_prefix" --no-audit --no-fund --loglevel=error --no-save npm@10 >/dev/null
  fi
  export PATH="$npm_prefix/node_modules/.bin:$PATH"
fi
