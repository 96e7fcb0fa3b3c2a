#!/bin/sh
# The image's one entry point (after tini): the role is the first argument or GRABBIT_ROLE.
#   server  the API, the pages and the hub; with START_WORKER=false (scaled mode) no jobs
#   worker  scaled mode's job runner (needs REDIS_URL)
# Secrets may come from files: NAME_FILE=/run/secrets/x for NAME (apps/server/src/config).
set -eu
role="${1:-${GRABBIT_ROLE:-server}}"
# The Node flags every launcher uses, written by the server's build (scripts/build-server.mjs).
flags="$(cat /app/apps/server/dist/node-flags)"
case "$role" in
  # shellcheck disable=SC2086 # the flags are words, split on purpose
  server) exec node $flags /app/apps/server/dist/server.js ;;
  # shellcheck disable=SC2086
  worker) exec node $flags /app/apps/server/dist/worker.js ;;
  *)
    echo "grabbit: unknown role '$role' (server or worker)" >&2
    exit 64
    ;;
esac
