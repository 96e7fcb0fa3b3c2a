# The tests' stand-in for the official redis image named in compose.scaled.yaml: Debian's own
# redis-server (no public image registry is reachable where the tests run).
ARG BASE=debian:bookworm-slim
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /data
CMD ["redis-server"]
