// The converter's ffmpeg options per output container: keep a stream as it is (stream copy) when
// its codec fits the target container, transcode it with fast settings otherwise. The container
// rules themselves are media/containers.ts, shared with the downloader. Pure: no engine runs.
import { containerOf } from '../media/containers';
import type { ProbeResult } from '../media/ffprobe';
import { chooseStreams as chooseFor, type AvChoice } from '../media/stream-choice';

export { sameChoice, transcodeChoice, type AvChoice } from '../media/stream-choice';

export interface AvPlan extends AvChoice {
  outputArgs: string[];
  /** The ffmpeg output is intermediate PCM that GStreamer turns into AMR (amr-encode.ts). */
  needsAmrEncoder: boolean;
}

export function chooseStreams(probe: ProbeResult, target: string): AvChoice {
  return chooseFor(probe, containerOf(target));
}

/**
 * ffmpeg's output options for a target and a choice. Streams are picked by specifier, as ffprobe
 * saw them: `V` is the first picture stream that is not cover art; `?` lets a file without one
 * through (an audio file to MP4, a silent clip).
 */
export function planArgs(target: string, choice: AvChoice): AvPlan {
  const container = containerOf(target);
  // No metadata (GPS of phone recordings included), no subtitles, data tracks or chapters.
  const args: string[] = ['-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn'];
  if (container.videoCopy) {
    args.push('-map', '0:V:0?', ...(choice.copyVideo ? ['-c:v', 'copy'] : (container.video ?? [])));
    if (choice.hevcTag) args.push('-tag:v', 'hvc1');
  } else {
    args.push('-vn');
  }
  args.push('-map', '0:a:0?', ...(choice.copyAudio ? ['-c:a', 'copy'] : container.audio));
  if (choice.downmix && container.maxChannels) args.push('-ac', String(container.maxChannels));
  if (container.isoMedia) args.push('-movflags', '+faststart');
  args.push('-f', container.muxer);
  return { ...choice, outputArgs: args, needsAmrEncoder: target === 'amr' };
}

export function planAudioVideo(probe: ProbeResult, target: string): AvPlan {
  return planArgs(target, chooseStreams(probe, target));
}
