// The engine edge of an encode: a plan (encode-plan.ts) becomes ffmpeg's output arguments here and
// nowhere else. Pure. The order is fixed (cut, metadata, left-out kinds, each stream with its
// encoder settings, muxer, pass); ffmpeg reads every one of these as an option of the next output
// file, whatever its place among them, except `-map`, whose order is the output's stream order.
import type { AudioEncoding, EncodePlan, StreamKind, VideoEncoding } from './encode-plan';

const leaveOutFlags: Record<StreamKind, string> = {
  subtitles: '-sn',
  data: '-dn',
  video: '-vn',
  audio: '-an',
};
const leaveOutOrder: readonly StreamKind[] = ['subtitles', 'data', 'video', 'audio'];

/** `flag value` when the value is set. */
const option = (flag: string, value: string | number | undefined): string[] =>
  value === undefined ? [] : [flag, String(value)];
const flagIf = (flag: string, on: boolean | undefined, value = '1'): string[] => (on ? [flag, value] : []);

function videoArgs(v: VideoEncoding): string[] {
  return [
    '-c:v',
    v.codec,
    ...option('-deadline', v.rateControl?.deadline),
    ...option('-cpu-used', v.rateControl?.cpuUsed),
    ...option('-b:v', v.rateControl?.bitRate),
    ...option('-fps_mode', v.frameTiming),
    ...option('-preset', v.preset),
    ...option('-deadline', v.deadline),
    ...option('-cpu-used', v.cpuUsed),
    ...flagIf('-row-mt', v.rowMultithreading),
    ...option('-b:v', v.bitRate),
    ...option('-crf', v.crf),
    ...option('-q:v', v.qscale),
    ...option('-quality', v.quality),
    ...option('-pix_fmt', v.pixelFormat),
    ...option('-vtag', v.fourcc),
    ...option('-r', v.frameRate),
    ...(v.filters?.length ? ['-vf', v.filters.join(',')] : []),
    ...Object.entries(v.encoderOptions ?? {}).flatMap(([name, value]) => [`-${name}`, value]),
    ...option('-tag:v', v.tag),
  ];
}

function audioArgs(a: AudioEncoding): string[] {
  return [
    '-c:a',
    a.codec,
    ...flagIf('-abr', a.averageRate),
    ...flagIf('-vbr', a.constantRate, 'off'),
    ...option('-b:a', a.bitRate),
    ...option('-minrate', a.minRate),
    ...option('-maxrate', a.maxRate),
    ...option('-q:a', a.quality),
    ...option('-ar', a.sampleRate),
    ...option('-ac', a.channels),
  ];
}

/** ffmpeg's options between the input and the output file for `plan`. */
export function encodeArgs(plan: EncodePlan): string[] {
  const { video, audio, subtitles, pass } = plan;
  const firstPass = pass?.number === 1;
  return [
    ...option('-ss', plan.cut?.start),
    ...option('-to', plan.cut?.end),
    ...(plan.metadata ? ['-map_metadata', plan.metadata === 'keep' ? '0' : '-1', '-map_chapters', '-1'] : []),
    ...leaveOutOrder.filter((kind) => plan.without?.includes(kind)).map((kind) => leaveOutFlags[kind]),
    ...(video
      ? [
          ...option('-map', video.map),
          ...option('-frames:v', video.frames),
          ...(video.encoding ? videoArgs(video.encoding) : []),
        ]
      : []),
    ...(audio ? [...option('-map', audio.map), ...(audio.encoding ? audioArgs(audio.encoding) : [])] : []),
    ...(subtitles ? [...option('-map', subtitles.map), ...option('-c:s', subtitles.encoding?.codec)] : []),
    ...option('-filter_complex', plan.filterGraph),
    ...option('-loop', plan.loop),
    ...flagIf('-update', plan.singleImage),
    ...(plan.fastStart && !firstPass ? ['-movflags', '+faststart'] : []),
    // The first pass writes statistics only: no sound, and the null muxer throws the picture away.
    ...(firstPass ? ['-an', '-pass', '1', '-passlogfile', pass.logPrefix, '-f', 'null'] : ['-f', plan.muxer]),
    ...(pass?.number === 2 ? ['-pass', '2', '-passlogfile', pass.logPrefix] : []),
  ];
}
