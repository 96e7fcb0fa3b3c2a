// Media fixtures for streams and sizes, made on the spot with ffmpeg: an input cut into HLS
// segments, tone segments in MPEG-TS (hostile and ordinary HLS renditions), and dense clips larger
// than any target size a test asks for.
import path from 'node:path';
import { ffmpeg, lavfi } from './media-fixtures';

/** An input cut into a VOD HLS stream of 1 s segments (streams copied), written as `playlist`. */
export function makeHls(input: string, playlist: string): Promise<unknown> {
  const options = ['-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod'];
  return ffmpeg(['-i', input, ...options, playlist]);
}

/** A 1 s tone of `frequency` Hz in MPEG-TS with the given audio codec (HLS audio segments). */
export function makeToneTs(file: string, frequency: number, codec: string): Promise<unknown> {
  return ffmpeg([...lavfi(`sine=frequency=${frequency}:duration=1`), '-c:a', codec, '-f', 'mpegts', file]);
}

/**
 * A test pattern with a tone, encoded nearly losslessly so it is larger than any target size a
 * test asks for; `grain` adds moving noise, for encoders that would need little for the plain pattern.
 */
export async function makeDenseClip(
  dir: string,
  name: string,
  options: { seconds: number; width: number; height: number; grain?: boolean },
): Promise<string> {
  const { seconds, width, height } = options;
  const file = path.join(dir, name);
  const noise = options.grain ? ',noise=alls=12:allf=t' : '';
  await ffmpeg([
    ...lavfi(`testsrc=size=${width}x${height}:rate=30:duration=${seconds}${noise}`),
    ...lavfi(`sine=frequency=440:sample_rate=44100:duration=${seconds}`),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '8', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-ac', '2', '-shortest'],
    file,
  ]);
  return file;
}
