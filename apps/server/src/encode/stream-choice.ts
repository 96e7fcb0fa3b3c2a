// What a probed file needs to become a container: keep each stream as it is (stream copy) or
// re-encode it, and fold its channels. Pure: the downloader's finishing step and the converter's
// plans both decide with it, from the one container table.
import type { Container } from './containers';
import type { ProbedStream, ProbeResult } from '../engines/ffprobe';

export interface AvChoice {
  copyVideo: boolean;
  copyAudio: boolean;
  /** Fold the audio down to the container's channel limit. */
  downmix: boolean;
  /** Stream-copied HEVC in an MP4-family file gets Apple's `hvc1` tag, or Safari will not play it. */
  hevcTag: boolean;
}

/** Re-encode everything, keep the channels. */
export const transcodeChoice: AvChoice = {
  copyVideo: false,
  copyAudio: false,
  downmix: false,
  hevcTag: false,
};

export function sameChoice(a: AvChoice, b: AvChoice): boolean {
  return (
    a.copyVideo === b.copyVideo &&
    a.copyAudio === b.copyAudio &&
    a.downmix === b.downmix &&
    a.hevcTag === b.hevcTag
  );
}

/** The first real picture stream (not cover art) or the first audio stream, as ffmpeg maps them. */
export function firstStream(probe: ProbeResult, type: 'video' | 'audio'): ProbedStream | undefined {
  return probe.streams.find((s) => s.codecType === type && !s.attachedPic);
}

function copiesVideo(container: Container, stream: ProbedStream): boolean {
  if (!container.videoCopy?.includes(stream.codecName)) return false;
  const sizes = container.videoCopySizes?.[stream.codecName];
  return !sizes || sizes.has(`${stream.width}x${stream.height}`);
}

/** What the visitor asked that changes a stream (a size, a bit rate): such a stream is re-encoded. */
export interface Reencode {
  video?: boolean;
  audio?: boolean;
}

export function chooseStreams(probe: ProbeResult, container: Container, reencode: Reencode = {}): AvChoice {
  const video = container.videoCopy ? firstStream(probe, 'video') : undefined;
  const audio = firstStream(probe, 'audio');
  const copyVideo = video !== undefined && !reencode.video && copiesVideo(container, video);
  const copyAudio = audio !== undefined && !reencode.audio && container.audioCopy.includes(audio.codecName);
  return {
    copyVideo,
    copyAudio,
    downmix:
      audio !== undefined &&
      !copyAudio &&
      container.maxChannels !== undefined &&
      (audio.channels ?? 0) > container.maxChannels,
    hevcTag: copyVideo && video?.codecName === 'hevc' && container.isoMedia === true,
  };
}
