// An ffmpeg encode as typed data: which streams go in, each one copied or encoded with which
// settings, the cut, the metadata, the muxer and the pass. The converter, the download finishing
// step and the target-size step build and change plans; only encode-args.ts turns a plan into
// engine arguments, so no other code reads or edits argument lists.

/** The settings that hold a video encoder to a bit rate (a target size); they replace its quality ones. */
export interface VideoRateControl {
  deadline?: string;
  cpuUsed?: number;
  /** ffmpeg's rate notation, such as `600k`. */
  bitRate: string;
}

export interface VideoEncoding {
  /** The encoder (`libx264`), or `copy` to keep the stream as it is. */
  codec: string;
  rateControl?: VideoRateControl;
  /** Constant or variable frame timing, said outright (both passes of a two-pass encode must agree). */
  frameTiming?: 'cfr' | 'vfr';
  preset?: string;
  deadline?: string;
  cpuUsed?: number;
  rowMultithreading?: boolean;
  bitRate?: string;
  crf?: number;
  /** `-q:v`: the fixed quantiser of the older encoders (lower is better, 2 to 31). */
  qscale?: number;
  /** `-quality`: libwebp's 0-100 scale. */
  quality?: number;
  pixelFormat?: string;
  /** The FourCC written into the container (`XVID`). */
  fourcc?: string;
  frameRate?: string;
  /** The `-vf` chain, applied in order. */
  filters?: readonly string[];
  /** The encoder's own options by name (`compression` for EXR), after the common ones. */
  encoderOptions?: Readonly<Record<string, string>>;
  /** The codec tag of the output stream (`hvc1`, so Safari plays copied HEVC). */
  tag?: string;
}

export interface AudioEncoding {
  codec: string;
  /** LAME's average bit rate mode. */
  averageRate?: boolean;
  /** Opus at a constant rate instead of its default variable one. */
  constantRate?: boolean;
  bitRate?: string;
  minRate?: string;
  maxRate?: string;
  /** `-q:a`: the encoder's variable-rate quality (Vorbis 0-10). */
  quality?: number;
  sampleRate?: number;
  channels?: number;
}

export interface SubtitleEncoding {
  codec: string;
}

/** One input stream taken into the output: a stream specifier (`0:V:0?`) and how it is encoded. */
export interface StreamPlan<Encoding> {
  /** Absent: ffmpeg's own pick (a one-picture input has one stream). */
  map?: string;
  /** Absent: the muxer's default encoder. */
  encoding?: Encoding;
}

export type StreamKind = 'subtitles' | 'data' | 'video' | 'audio';

/** A stretch of the media with its title: written as a chapter of the output. */
export interface Chapter {
  /** Seconds. */
  start: number;
  end: number;
  title: string;
}

/** A stretch of the input kept by a cut (seconds); no end: to the end of the input. */
export interface Span {
  start: number;
  end?: number;
}

export interface EncodePlan {
  /** Seconds of the input to keep: from `start`, up to `end`. */
  cut?: { start?: number; end?: number };
  /**
   * Stretches of the input kept and joined in order, the rest cut out exactly (trim and concat
   * filters: the picture and sound are re-encoded, so neither stream may be copied). The video and
   * audio stream plans name the input streams (they must exist); their maps become the graph's.
   */
  keep?: readonly Span[];
  /** Keep the input's metadata, or drop it with the chapters (GPS of phone recordings included). */
  metadata?: 'keep' | 'drop';
  /**
   * Tags written into the container's own tag format: ffmpeg maps the common names (title, artist,
   * date, comment) to ID3 frames, MP4 atoms, Vorbis comments or Matroska tags.
   */
  tags?: Readonly<Record<string, string>>;
  /** A picture file attached as cover art (MP3, M4A, FLAC), centre-cropped to a square. */
  cover?: { file: string };
  /** Chapters written into the output in place of the input's own (a second input, FFMETADATA). */
  chapters?: readonly Chapter[];
  /** Options of the muxer itself, by name (`id3v2_version` for MP3). */
  muxerOptions?: Readonly<Record<string, string>>;
  /** Kinds of stream left out of the output altogether. */
  without?: readonly StreamKind[];
  video?: StreamPlan<VideoEncoding> & { frames?: number };
  audio?: StreamPlan<AudioEncoding>;
  subtitles?: StreamPlan<SubtitleEncoding>;
  /** A filter graph over the whole input (an animated GIF's palette). */
  filterGraph?: string;
  /** Times an animation repeats, 0 for ever. */
  loop?: number;
  /** Write one picture file, overwritten by each frame, rather than a numbered sequence. */
  singleImage?: boolean;
  /** The MP4 family's index at the front, so playback starts before the whole file is there. */
  fastStart?: boolean;
  muxer: string;
  /** One pass of a two-pass encode; the first analyses the picture into `logPrefix` files only. */
  pass?: { number: 1 | 2; logPrefix: string };
}
