// The converter's encode plans per output container: keep a stream as it is (stream copy) when
// its codec fits the target container, transcode it with fast settings otherwise. The container
// rules themselves are containers.ts, shared with the downloader. Pure: no engine runs.
import { containerOf } from './containers';
import type { EncodePlan } from './encode-plan';
import { copied } from './encoders';
import type { ProbeResult } from '../engines/ffprobe';
import { chooseStreams as chooseFor, type AvChoice } from './stream-choice';

export { sameChoice, transcodeChoice, type AvChoice } from './stream-choice';

export interface AvPlan extends AvChoice {
  encode: EncodePlan;
  /** The ffmpeg output is intermediate PCM that GStreamer turns into AMR (amr-encode.ts). */
  needsAmrEncoder: boolean;
}

export function chooseStreams(probe: ProbeResult, target: string): AvChoice {
  return chooseFor(probe, containerOf(target));
}

/**
 * Whether a plan for `target` that re-encodes the sound hangs on the sound's channels or rate: a
 * container that folds channels to its limit, or PCM, whose size bound counts both. A container's
 * head does not tell them reliably (an AAC entry says two channels whatever the sound has), so
 * only then is ffprobe asked before the run; any other target is decided from the head alone.
 */
export function needsSoundDetails(target: string): boolean {
  const container = containerOf(target);
  return container.maxChannels !== undefined || container.audio.codec.startsWith('pcm_');
}

/**
 * The encode for a target and a choice. Streams are picked by specifier, as ffprobe saw them: `V`
 * is the first picture stream that is not cover art; `?` lets a file without one through (an
 * audio file to MP4, a silent clip).
 */
export function planEncode(target: string, choice: AvChoice): AvPlan {
  const container = containerOf(target);
  const channels = choice.downmix ? container.maxChannels : undefined;
  const encode: EncodePlan = {
    // No metadata (GPS of phone recordings included), no subtitles, data tracks or chapters.
    metadata: 'drop',
    without: container.videoCopy ? ['subtitles', 'data'] : ['subtitles', 'data', 'video'],
    video: container.videoCopy
      ? {
          map: '0:V:0?',
          encoding: choice.copyVideo
            ? { ...copied, tag: choice.hevcTag ? 'hvc1' : undefined }
            : container.video,
        }
      : undefined,
    audio: {
      map: '0:a:0?',
      encoding: choice.copyAudio ? copied : { ...container.audio, channels },
    },
    fastStart: container.isoMedia,
    muxer: container.muxer,
  };
  return { ...choice, encode, needsAmrEncoder: target === 'amr' };
}

export function planAudioVideo(probe: ProbeResult, target: string): AvPlan {
  return planEncode(target, chooseStreams(probe, target));
}
