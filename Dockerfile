# Grabbit in one image: the compiled server and pages, the engines, the pinned yt-dlp, Node 24.
# One image for every role (container/entrypoint.sh): `server` (the default: API, pages, hub and,
# unless START_WORKER=false, the jobs) or `worker` (scaled mode's job runner).
#   docker build -t grabbit .
# The base is an argument so that machines without a public image registry can build from a base
# image made locally (scripts/container-base.sh). Layers go from what changes least to what changes
# most: a source change rebuilds only the build stage and the last copies, never the Debian
# packages, the npm packages or yt-dlp.
ARG BASE=debian:bookworm-slim

# Node and npm to install and build with: Debian's npm brings npm 11 and Node 24 (scripts/setup-npm.sh).
FROM ${BASE} AS npm
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm ca-certificates >/dev/null \
 && rm -rf /var/lib/apt/lists/*
# Empty everywhere but on machines whose registry answers with a certificate of their own.
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY scripts/setup-npm.sh scripts/
RUN . scripts/setup-npm.sh && npm --version
ENV PATH=/app/.cache/npm/node_modules/.bin:$PATH
COPY package.json package-lock.json ./
COPY packages/catalog/package.json packages/catalog/
COPY packages/contracts/package.json packages/contracts/
COPY packages/client/package.json packages/client/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# Every package, to build with.
FROM npm AS build
ARG NODE_EXTRA_CA_CERTS
RUN npm ci --no-audit --no-fund --loglevel=error
COPY tsconfig.base.json ./
COPY scripts/build-server.mjs scripts/
COPY packages packages
COPY apps/web apps/web
COPY apps/server/src apps/server/src
COPY apps/server/tsconfig.json apps/server/
# The origin canonical links and the sitemap name (build time: the pages are prerendered).
ARG PUBLIC_URL=http://localhost:5000
RUN npm run build --silent

# What the server runs with: the server's packages only (Node 24, Deno, sharp with its libvips);
# not the root's optional kustomize (the manifests' tests render with it).
FROM npm AS runtime-packages
ARG NODE_EXTRA_CA_CERTS
RUN npm ci --omit=dev --workspace=@grabbit/server --include-workspace-root --no-audit --no-fund --loglevel=error \
 && rm -rf /root/.npm node_modules/@install-binary .cache scripts

# The pinned yt-dlp with curl_cffi in its own Python environment, at the path the server looks in.
FROM ${BASE} AS ytdlp
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3 python3-venv ca-certificates >/dev/null \
 && rm -rf /var/lib/apt/lists/*
# Empty everywhere but on machines that install Python packages from a mirror of their own.
ARG PIP_INDEX_URL
ARG PIP_EXTRA_INDEX_URL
ARG PIP_FIND_LINKS
COPY engines/requirements.txt /app/engines/
RUN python3 -m venv /app/.cache/engines/venv \
 && /app/.cache/engines/venv/bin/pip install --quiet --no-cache-dir --disable-pip-version-check -r /app/engines/requirements.txt \
 && cp /app/engines/requirements.txt /app/.cache/engines/venv/.requirements-installed \
 && find /app/.cache/engines/venv -name __pycache__ -prune -exec rm -rf {} +

FROM ${BASE}
# The engines (ffmpeg, ImageMagick, GStreamer with the converter's plugins, libheif), Python for
# yt-dlp, and tini as the init process: signals reach the server, engines that outlive their
# parent are reaped.
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      ca-certificates tini python3 ffmpeg imagemagick libheif1 \
      gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-ugly >/dev/null \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /usr/share/doc /usr/share/man \
 && useradd --system --uid 10001 --user-group --home-dir /data --no-create-home grabbit \
 && mkdir -p /data && chown grabbit:grabbit /data
WORKDIR /app
COPY --from=ytdlp /app/.cache/engines /app/.cache/engines
# The packages with their workspace folders (a package npm could not hoist, such as lru-cache,
# lives under apps/server/node_modules).
COPY --from=runtime-packages /app /app
COPY apps/server/engines apps/server/engines
COPY apps/server/policy apps/server/policy
COPY container/entrypoint.sh container/healthcheck.mjs container/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/server/dist apps/server/dist
# Everything the server writes goes to /data (a volume) and /tmp (a volume or tmpfs): the root
# file system may be read-only. HOME is /tmp for the engines' own caches.
ENV NODE_ENV=production \
    PATH=/app/node_modules/.bin:$PATH \
    DATA_DIR=/data \
    HOME=/tmp \
    PORT=5000
VOLUME ["/data"]
EXPOSE 5000
USER 10001:10001
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
  CMD ["/app/node_modules/node/bin/node", "/app/container/healthcheck.mjs"]
ENTRYPOINT ["/usr/bin/tini", "--", "/app/container/entrypoint.sh"]
CMD ["server"]
