#!/usr/bin/env bash
# Brings a current npm when the machine's is too old for this project's packages, idempotently.
# Debian 12's npm (9.2), and npm 10 as well, skip optional dependencies that name a `libc`
# (rolldown's native binding, so the page build dies with "Cannot find native binding"). npm 11
# needs Node 20 or newer, so it is installed beside the project in .cache/npm together with the
# project's Node 24 (the `node` npm package) that runs it; the machine's Node and npm stay as they
# are. Source this file: it puts that npm and Node first on PATH.
#   . scripts/setup-npm.sh
npm_major=$(npm --version 2>/dev/null | cut -d. -f1)
if [ "${npm_major:-0}" -lt 11 ]; then
  npm_prefix="$PWD/.cache/npm"
  if [ ! -x "$npm_prefix/node_modules/.bin/npm" ] || [ ! -x "$npm_prefix/node_modules/.bin/node" ]; then
    echo "setup: npm $(npm --version) skips packages this project needs: installing npm 11 with Node 24 into .cache/npm (the machine's npm stays)"
    npm install --prefix "$npm_prefix" --no-audit --no-fund --loglevel=error --no-save node@24.9.0 npm@11 >/dev/null
  fi
  export PATH="$npm_prefix/node_modules/.bin:$PATH"
fi
