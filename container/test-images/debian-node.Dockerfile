# A stock Debian 12 with its own Node (18) and npm (9.2), as a user who follows the README has it,
# plus the Debian packages set-up would install anyway (engines, redis-server, python3-venv,
# Chromium): the test of `npm start` and `npm test` on it spends its time on the npm part.
ARG BASE=debian:bookworm-slim
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      nodejs npm ca-certificates git procps python3 python3-venv \
      ffmpeg imagemagick yt-dlp libheif1 redis-server chromium \
      gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-ugly >/dev/null \
 && rm -rf /var/lib/apt/lists/*
