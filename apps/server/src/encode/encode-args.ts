// The engine edge of an encode: a plan (encode-plan.ts) becomes ffmpeg's output arguments here and
// nowhere else. Pure. The order is fixed (cut, metadata, left-out kinds, each stream with its
// encoder settings, muxer, pass); ffmpeg reads every one of these as an option of the next output
// file, whatever its place among them, except `-map`, whose order is the output's stream order.
import type { ExtraInput } from '../engines/ffmpeg-run';
import type { AudioEncoding, EncodePlan, Span, StreamKind, VideoEncoding } from './encode-plan';

/**
 * Cover art as players show it: the picture's centre square (a video's 16:9 thumbnail in a square
 * slot is otherwise letterboxed by some players and stretched by others), as baseline JPEG.
 */
const squareCover = "crop='trunc(min(iw,ih)/2)*2':'trunc(min(iw,ih)/2)*2',format=yuvj420p";

const pictureDemuxers: Record<string, ExtraInput['demuxer']> = {
  jpg: 'jpeg_pipe',
  jpeg: 'jpeg_pipe',
  png: 'png_pipe',
  webp: 'webp_pipe',
};

/**
 * The inputs after the main one, in the order the output options name them (1, 2): the cover,
 * then the chapters' FFMETADATA file the runner writes. A cover of a type no list takes is left out.
 */
export function extraInputs(plan: EncodePlan, chaptersFile: string): ExtraInput[] {
  const coverDemuxer = plan.cover && pictureDemuxers[plan.cover.file.split('.').pop()?.toLowerCase() ?? ''];
  return [
    ...(plan.cover && coverDemuxer ? [{ file: plan.cover.file, demuxer: coverDemuxer }] : []),
    ...(plan.chapters?.length ? [{ file: chaptersFile, demuxer: 'ffmetadata' as const }] : []),
  ];
}

/** `key=value` lines of an FFMETADATA file need `=`, `;`, `#`, backslash and line ends escaped. */
const escapeMetadata = (text: string) => text.replace(/[=;#\\\n]/g, (c) => `\\${c}`);

/** The chapters as an FFMETADATA file (times in milliseconds). */
export function chaptersText(plan: EncodePlan): string {
  const chapters = (plan.chapters ?? []).map(
    (c) =>
      `[CHAPTER]\nTIMEBASE=1/1000\nSTART=${Math.round(c.start * 1000)}\nEND=${Math.round(c.end * 1000)}\n` +
      `title=${escapeMetadata(c.title)}\n`,
  );
  return `;FFMETADATA1\n${chapters.join('')}`;
}

/** The output options for the extra inputs: tags, the cover stream, the chapters' source. */
function fileExtrasArgs(plan: EncodePlan): { chapters: string[]; tags: string[]; cover: string[] } {
  const inputs = extraInputs(plan, '');
  const coverIndex = inputs.findIndex((input) => input.demuxer !== 'ffmetadata');
  const chaptersIndex = inputs.findIndex((input) => input.demuxer === 'ffmetadata');
  return {
    chapters: chaptersIndex >= 0 ? ['-map_chapters', String(chaptersIndex + 1)] : [],
    tags: Object.entries(plan.tags ?? {}).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]),
    cover:
      coverIndex >= 0
        ? [
            ...['-map', `${coverIndex + 1}:v:0`, '-c:v', 'mjpeg', '-q:v', '2', '-vf', squareCover],
            ...['-disposition:v:0', 'attached_pic'],
          ]
        : [],
  };
}

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

/** A stream plan's input stream as a filter graph's input label (`0:V:0?` as `[0:V:0]`). */
const inputLabel = (map: string | undefined) => (map ? `[${map.replace(/\?$/, '')}]` : undefined);

/**
 * The graph that keeps `spans` of the input's picture and sound and joins them: each stretch
 * trimmed on its own timestamps (exact, whatever the keyframes) and started again at 0, then
 * concatenated; the video encoding's own filters run on the joined picture. Outputs `[v]`, `[a]`.
 */
function keptSpansGraph(plan: EncodePlan, spans: readonly Span[]): string {
  const video = inputLabel(plan.video?.map);
  const audio = inputLabel(plan.audio?.map);
  const chains: string[] = [];
  const joined: string[] = [];
  spans.forEach((span, i) => {
    const range = `start=${span.start}${span.end === undefined ? '' : `:end=${span.end}`}`;
    if (video) chains.push(`${video}trim=${range},setpts=PTS-STARTPTS[v${i}]`);
    if (audio) chains.push(`${audio}atrim=${range},asetpts=PTS-STARTPTS[a${i}]`);
    joined.push(`${video ? `[v${i}]` : ''}${audio ? `[a${i}]` : ''}`);
  });
  const filters = plan.video?.encoding?.filters ?? [];
  const videoOut = filters.length ? '[vj]' : '[v]';
  const concat =
    `${joined.join('')}concat=n=${spans.length}:v=${video ? 1 : 0}:a=${audio ? 1 : 0}` +
    `${video ? videoOut : ''}${audio ? '[a]' : ''}`;
  const after = video && filters.length ? [`[vj]${filters.join(',')}[v]`] : [];
  return [...chains, concat, ...after].join(';');
}

/** The plan with its kept stretches as a filter graph whose outputs the streams map. */
function withKeptSpans(plan: EncodePlan): EncodePlan {
  if (!plan.keep?.length) return plan;
  const { video, audio } = plan;
  return {
    ...plan,
    filterGraph: keptSpansGraph(plan, plan.keep),
    ...(video?.map
      ? {
          video: {
            ...video,
            map: '[v]',
            ...(video.encoding ? { encoding: { ...video.encoding, filters: [] } } : {}),
          },
        }
      : {}),
    ...(audio?.map ? { audio: { ...audio, map: '[a]' } } : {}),
  };
}

/** ffmpeg's options between the input and the output file for `plan`. */
export function encodeArgs(planned: EncodePlan): string[] {
  const plan = withKeptSpans(planned);
  const { video, audio, subtitles, pass } = plan;
  const firstPass = pass?.number === 1;
  const extras = fileExtrasArgs(plan);
  // A cut file's own chapters would point at the wrong moments: only given ones are written.
  const dropsChapters = Boolean(plan.metadata) || Boolean(plan.keep?.length);
  return [
    ...option('-ss', plan.cut?.start),
    ...option('-to', plan.cut?.end),
    ...(plan.metadata ? ['-map_metadata', plan.metadata === 'keep' ? '0' : '-1'] : []),
    ...(extras.chapters.length ? extras.chapters : dropsChapters ? ['-map_chapters', '-1'] : []),
    ...extras.tags,
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
    ...extras.cover,
    ...option('-filter_complex', plan.filterGraph),
    ...option('-loop', plan.loop),
    ...flagIf('-update', plan.singleImage),
    ...(plan.fastStart && !firstPass ? ['-movflags', '+faststart'] : []),
    ...Object.entries(plan.muxerOptions ?? {}).flatMap(([name, value]) => [`-${name}`, value]),
    // The first pass writes statistics only: no sound, and the null muxer throws the picture away.
    ...(firstPass ? ['-an', '-pass', '1', '-passlogfile', pass.logPrefix, '-f', 'null'] : ['-f', plan.muxer]),
    ...(pass?.number === 2 ? ['-pass', '2', '-passlogfile', pass.logPrefix] : []),
  ];
}
