// The environment every engine process starts with (yt-dlp, ffmpeg, ImageMagick, GStreamer, and
// whatever they start in turn): the program search path, a home and a temporary folder, a UTF-8
// locale, and what the caller adds (the egress guard's proxy, the ffmpeg guard's settings). Never
// the server's own environment: it holds secrets (signing keys, bucket keys, the Redis address,
// API keys) that no engine needs and that a misled engine could send to a site.
import os from 'node:os';

export function engineEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const temporary = os.tmpdir();
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: temporary,
    TMPDIR: temporary,
    LANG: 'C.UTF-8',
    ...extra,
  };
}
