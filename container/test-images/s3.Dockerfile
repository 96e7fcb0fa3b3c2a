# The tests' stand-in for the S3-compatible store (minio) named in compose.scaled.yaml: the npm
# package s3rver, which the scaled-mode tests already use, on Debian's Node.
ARG BASE=debian:bookworm-slim
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm ca-certificates >/dev/null \
 && rm -rf /var/lib/apt/lists/*
ARG NODE_EXTRA_CA_CERTS
RUN npm install --global --no-audit --no-fund --loglevel=error s3rver@3.7.1 && rm -rf /root/.npm
WORKDIR /data
ENTRYPOINT ["s3rver", "--directory", "/data"]
