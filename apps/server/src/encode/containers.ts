// The one table of audio and video containers: which codecs each takes as they are (stream copy),
// which encoders make the rest, and its limits. The downloader's finishing step (output-targets.ts)
// and the converter's plans (convert/av-plan.ts) both read it, so a file gets the same treatment
// whichever way it came in.
//
// Where the two used to differ, one rule was kept:
// - MP4 and MOV copy every codec the ISO family registers and browsers play (H.264, HEVC tagged
//   hvc1, MPEG-4 Part 2; AAC, MP3): re-encoding them would cost minutes and quality and gain no
//   player. The downloader still asks the site for H.264/AAC first (its yt-dlp format sort).
// - MKV copies a list, not everything: Matroska holds any codec, but players do not, so an odd
//   site or upload codec is made H.264/AAC like the other containers.
// - H.264 is encoded at even sizes (4:2:0 needs them; an odd-sized source failed), AAC at 160k
//   (above the 128k sites deliver), VP9 at CRF 35 (the fast end of VP9; results are made while
//   the visitor waits), MP3 at a constant 192k (a predictable size; bit-rate options replace it).
import type { AudioEncoding, VideoEncoding } from './encode-plan';
import { aacAt, flac, h264 as h264Encoding, opus, pcm, vorbis, vp9ConstantQuality } from './encoders';

export interface Container {
  /** ffmpeg muxer (`-f`). */
  muxer: string;
  /** Video codecs taken as they are; undefined for audio-only containers. */
  videoCopy?: readonly string[];
  /** Picture sizes (`WxH`) a copied video codec must have, for codecs that are picky. */
  videoCopySizes?: Readonly<Record<string, ReadonlySet<string>>>;
  /** How the video is encoded otherwise. */
  video?: VideoEncoding;
  audioCopy: readonly string[];
  audio: AudioEncoding;
  /** Largest channel count the audio encoder takes. */
  maxChannels?: number;
  /** ISO base media (MP4 family): index moved to the front, copied HEVC tagged `hvc1` for Safari. */
  isoMedia?: boolean;
  /** The subtitle codec the container takes, where it takes one. */
  subtitleCodec?: string;
  /** Takes a picture as cover art (an attached picture stream). */
  coverArt?: boolean;
  /** Keeps chapters. */
  chapters?: boolean;
  /** Muxer options for its tags (ID3v2.3: the version every player and Windows reads). */
  tagOptions?: Readonly<Record<string, string>>;
}

const evenSize = 'scale=trunc(iw/2)*2:trunc(ih/2)*2';
const h264: VideoEncoding = { ...h264Encoding, filters: [evenSize] };
const aac = aacAt('160k');
const mp3: AudioEncoding = { codec: 'libmp3lame', bitRate: '192k' };
const wma: AudioEncoding = { codec: 'wmav2', bitRate: '192k' };

/** 3GP with H.263 needs one of the standard picture sizes: CIF, letterboxed. */
const cif = 'scale=352:288:force_original_aspect_ratio=decrease,pad=352:288:(ow-iw)/2:(oh-ih)/2,setsar=1';
const legalH263Sizes = new Set(['128x96', '176x144', '352x288', '704x576']);

export const containers = {
  mp4: {
    muxer: 'mp4',
    videoCopy: ['h264', 'hevc', 'mpeg4'],
    video: h264,
    audioCopy: ['aac', 'mp3'],
    audio: aac,
    isoMedia: true,
    subtitleCodec: 'mov_text',
    chapters: true,
  },
  mov: {
    muxer: 'mov',
    videoCopy: ['h264', 'hevc', 'mpeg4', 'mjpeg'],
    video: h264,
    audioCopy: ['aac', 'mp3', 'alac', 'pcm_s16le'],
    audio: aac,
    isoMedia: true,
    subtitleCodec: 'mov_text',
    chapters: true,
  },
  m4v: { muxer: 'ipod', videoCopy: ['h264'], video: h264, audioCopy: ['aac'], audio: aac, isoMedia: true },
  mkv: {
    muxer: 'matroska',
    videoCopy: ['h264', 'hevc', 'vp8', 'vp9', 'av1', 'mpeg4'],
    video: h264,
    audioCopy: ['aac', 'mp3', 'opus', 'vorbis', 'flac', 'ac3', 'eac3'],
    audio: aac,
    subtitleCodec: 'srt',
    chapters: true,
  },
  webm: {
    muxer: 'webm',
    videoCopy: ['vp8', 'vp9', 'av1'],
    // VP9 in real-time mode with row multithreading, in the pixel format every browser plays.
    video: { ...vp9ConstantQuality(35), pixelFormat: 'yuv420p' },
    audioCopy: ['opus', 'vorbis'],
    audio: opus,
    subtitleCodec: 'webvtt',
    chapters: true,
  },
  avi: {
    muxer: 'avi',
    videoCopy: ['mpeg4', 'mjpeg'],
    video: { codec: 'mpeg4', qscale: 4, fourcc: 'XVID', frameRate: '30', filters: [evenSize] },
    audioCopy: ['mp3', 'pcm_s16le', 'ac3'],
    audio: mp3,
    maxChannels: 2,
  },
  wmv: {
    muxer: 'asf',
    videoCopy: ['wmv1', 'wmv2'],
    video: { codec: 'wmv2', qscale: 4, frameRate: '30', filters: [evenSize] },
    audioCopy: ['wmav1', 'wmav2'],
    audio: wma,
    maxChannels: 2,
  },
  // FLV takes MP3 only at 44.1/22.05/11.025 kHz: AAC is the safe copy.
  flv: {
    muxer: 'flv',
    videoCopy: ['h264', 'flv1'],
    video: h264,
    audioCopy: ['aac'],
    audio: { ...aacAt('128k'), sampleRate: 44100 },
    maxChannels: 2,
  },
  '3gp': {
    muxer: '3gp',
    // Old phones play H.263 at the standard sizes only: anything else is re-encoded to CIF.
    videoCopy: ['h263'],
    videoCopySizes: { h263: legalH263Sizes },
    video: { codec: 'h263', qscale: 5, frameRate: '30000/1001', filters: [cif] },
    audioCopy: ['amr_nb', 'aac'],
    audio: { ...aacAt('64k'), sampleRate: 22050 },
    maxChannels: 1,
  },
  mp3: {
    muxer: 'mp3',
    audioCopy: ['mp3'],
    audio: mp3,
    maxChannels: 2,
    coverArt: true,
    tagOptions: { id3v2_version: '3' },
  },
  wav: { muxer: 'wav', audioCopy: ['pcm_s16le'], audio: pcm },
  flac: { muxer: 'flac', audioCopy: ['flac'], audio: flac, coverArt: true },
  aac: { muxer: 'adts', audioCopy: ['aac'], audio: aacAt('192k') },
  ogg: { muxer: 'ogg', audioCopy: ['vorbis', 'opus'], audio: vorbis },
  m4a: {
    muxer: 'ipod',
    audioCopy: ['aac', 'alac'],
    audio: aacAt('192k'),
    isoMedia: true,
    coverArt: true,
    chapters: true,
  },
  wma: {
    muxer: 'asf',
    audioCopy: ['wmav1', 'wmav2'],
    audio: wma,
    maxChannels: 2,
  },
  aiff: { muxer: 'aiff', audioCopy: ['pcm_s16be'], audio: { codec: 'pcm_s16be' } },
  // AMR: ffmpeg makes 8 kHz mono raw PCM, GStreamer encodes it (engines/amr-encode.ts).
  amr: { muxer: 's16le', audioCopy: [], audio: { ...pcm, sampleRate: 8000 }, maxChannels: 1 },
} as const satisfies Record<string, Container>;

export type ContainerName = keyof typeof containers;

export function isContainerName(name: string): name is ContainerName {
  return Object.hasOwn(containers, name);
}

/** The container's rules; throws for a name no table lists (a programming error, not input). */
export function containerOf(name: string): Container {
  if (!isContainerName(name)) throw new Error(`No container rules for ${name}`);
  return containers[name];
}
