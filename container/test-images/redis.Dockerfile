# The tests' stand-in for the official redis image named in compose.scaled.yaml: Debian's own
# redis-server (no public image registry is reachable where the tests run).
ARG BASE=debian:bookworm-slim
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /data
# The official image's entry point turns protected mode off when no configuration file is given,
# so containers on the compose network can connect: the same here.
ENTRYPOINT ["/bin/sh", "-c", "if [ \"$1\" = redis-server ]; then shift; exec redis-server --protected-mode no \"$@\"; fi; exec \"$@\"", "--"]
CMD ["redis-server"]
