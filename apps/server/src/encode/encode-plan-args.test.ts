// The encode plans give ffmpeg the same arguments the argument lists they replaced gave, for the
// same request: the lists below were recorded from the list-splicing code before the plans came.
// The converter's are identical, word for word (the benchmarks run those), except that a filter
// added to a VP9 encode (whose settings have none) now follows the encoder instead of preceding
// it. Those and the download finishing step's come out in the plans' one order: the same maps in
// the same order and the same options with the same values, which ffmpeg reads the same way
// whatever their place before the output file.
import { describe, expect, it } from 'vitest';
import { encodeArgs } from './encode-args';
import type { EncodePlan } from './encode-plan';
import type { ProbeResult } from '../engines/ffprobe';
import { finishingPlan, reencodePlan } from './finishing-plan';
import { outputTarget, type ContainerTarget } from './output-targets';
import { sizedEncodePlan } from './sized-plan';
import type { TargetSizePlan } from './target-size';
import { planEncode, transcodeChoice, type AvChoice } from './av-plan';
import { applyAvOptions, defaultConvertOptions } from './convert-options';

const before = {
  convertMp4:
    '-map_metadata -1 -map_chapters -1 -sn -dn -map 0:V:0? -c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p -vf scale=trunc(iw/2)*2:trunc(ih/2)*2 -map 0:a:0? -c:a aac -b:a 160k -movflags +faststart -f mp4',
  convertMp4HevcCopy:
    '-map_metadata -1 -map_chapters -1 -sn -dn -map 0:V:0? -c:v copy -tag:v hvc1 -map 0:a:0? -c:a copy -movflags +faststart -f mp4',
  convertWebmAllOptions:
    '-ss 1 -to 5 -map_metadata 0 -map_chapters -1 -sn -dn -map 0:V:0? -vf scale=min(iw\\,640):ih:force_original_aspect_ratio=decrease:force_divisible_by=2 -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -row-mt 1 -b:v 0 -crf 40 -pix_fmt yuv420p -map 0:a:0? -c:a libopus -b:a 96k -f webm',
  convertAviSmall:
    '-map_metadata -1 -map_chapters -1 -sn -dn -map 0:V:0? -c:v mpeg4 -q:v 10 -vtag XVID -r 30 -vf scale=iw:min(ih\\,360):force_original_aspect_ratio=decrease:force_divisible_by=2,scale=trunc(iw/2)*2:trunc(ih/2)*2 -map 0:a:0? -c:a libmp3lame -b:a 192k -f avi',
  convertMp3Downmix:
    '-map_metadata -1 -map_chapters -1 -sn -dn -vn -map 0:a:0? -c:a libmp3lame -b:a 128k -ac 2 -f mp3',
  convertOggBitrate:
    '-map_metadata -1 -map_chapters -1 -sn -dn -vn -map 0:a:0? -c:a libvorbis -b:a 96k -f ogg',
  convertAmr:
    '-map_metadata -1 -map_chapters -1 -sn -dn -vn -map 0:a:0? -c:a pcm_s16le -ar 8000 -ac 1 -f s16le',
  sizedMp4FirstPass:
    "-ss 2 -map_metadata -1 -map_chapters -1 -sn -dn -map 0:V:0? -c:v libx264 -b:v 600k -fps_mode cfr -preset veryfast -pix_fmt yuv420p -vf scale=w='if(gte(iw,ih),-2,min(iw,360))':h='if(gte(iw,ih),min(ih,360),-2)',scale=min(iw\\,1280):ih:force_original_aspect_ratio=decrease:force_divisible_by=2,scale=trunc(iw/2)*2:trunc(ih/2)*2 -map 0:a:0? -c:a aac -b:a 96k -an -pass 1 -passlogfile /w/p -f null",
  sizedMp4SecondPass:
    "-ss 2 -map_metadata -1 -map_chapters -1 -sn -dn -map 0:V:0? -c:v libx264 -b:v 600k -fps_mode cfr -preset veryfast -pix_fmt yuv420p -vf scale=w='if(gte(iw,ih),-2,min(iw,360))':h='if(gte(iw,ih),min(ih,360),-2)',scale=min(iw\\,1280):ih:force_original_aspect_ratio=decrease:force_divisible_by=2,scale=trunc(iw/2)*2:trunc(ih/2)*2 -map 0:a:0? -c:a aac -b:a 96k -movflags +faststart -f mp4 -pass 2 -passlogfile /w/p",
  sizedWebmSecondPass:
    "-map_metadata -1 -map_chapters -1 -sn -dn -map 0:V:0? -vf scale=w='if(gte(iw,ih),-2,min(iw,480))':h='if(gte(iw,ih),min(ih,480),-2)' -c:v libvpx-vp9 -deadline good -cpu-used 5 -b:v 500k -fps_mode vfr -row-mt 1 -pix_fmt yuv420p -map 0:a:0? -c:a libopus -vbr off -b:a 64k -f webm -pass 2 -passlogfile /w/p",
  sized_mp3:
    '-map_metadata -1 -map_chapters -1 -sn -dn -vn -map 0:a:0? -c:a libmp3lame -abr 1 -b:a 150k -f mp3',
  sized_ogg:
    '-map_metadata -1 -map_chapters -1 -sn -dn -vn -map 0:a:0? -c:a libvorbis -b:a 80k -minrate 80k -maxrate 80k -f ogg',
  downloadMp4Vp9Opus:
    '-map 0:V:0? -map 0:a:0? -map 0:s:0? -c:s mov_text -dn -c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p -vf scale=trunc(iw/2)*2:trunc(ih/2)*2 -c:a aac -b:a 160k -movflags +faststart -f mp4',
  downloadMp4HevcAac:
    '-map 0:V:0? -map 0:a:0? -sn -dn -c:v copy -tag:v hvc1 -c:a copy -movflags +faststart -f mp4',
  downloadMp3FromOpus: '-map 0:a:0 -vn -sn -dn -c:a libmp3lame -b:a 128k -ac 2 -f mp3',
  downloadOggKbps: '-map 0:a:0 -vn -sn -dn -c:a libvorbis -b:a 96k -f ogg',
  downloadM4aCopy: '-map 0:a:0 -vn -sn -dn -c:a copy -movflags +faststart -f ipod',
  downloadJpgStill: '-map 0:v:0 -frames:v 1 -c:v mjpeg -q:v 2 -pix_fmt yuvj444p -update 1 -f image2',
  downloadGif:
    "-map 0:v:0 -an -filter_complex fps=12,scale='min(480,iw)':-2:flags=lanczos,split[a][b];[a]palettegen[p];[b][p]paletteuse -loop 0 -f gif",
  downloadSrt: '-map 0:s:0 -c:s srt -f srt',
  reencodeMp4:
    '-map 0:V:0? -map 0:a:0? -c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p -vf scale=trunc(iw/2)*2:trunc(ih/2)*2 -c:a aac -b:a 160k -sn -dn -movflags +faststart -f mp4',
  reencodeMp3: '-map 0:a:0 -vn -c:a libmp3lame -b:a 192k -sn -dn -ac 2 -f mp3',
};

const converted = (target: string, choice: AvChoice, options = {}): EncodePlan => {
  const plan = planEncode(target, choice);
  return applyAvOptions(plan.encode, plan, { ...defaultConvertOptions, ...options });
};
const hevcCopy = { copyVideo: true, copyAudio: true, downmix: false, hevcTag: true };
const everyOption = {
  Quality: 'balanced',
  MaxWidth: 640,
  AudioBitrate: '96k',
  StartTime: 1,
  EndTime: 5,
  StripMetadata: false,
} as const;
const rate = (encoder: string, bitRate: number) => ({ encoder, bitRate, lowest: 1, highest: 2 });
const sizing = (muxer: string, rest: Partial<TargetSizePlan>): TargetSizePlan => ({
  targetBytes: 1e6,
  durationSeconds: 10,
  muxer,
  capped: false,
  ...rest,
});
const sizedMp4 = sizedEncodePlan(
  converted('mp4', transcodeChoice, { MaxWidth: 1280, StartTime: 2 }),
  sizing('mp4', { audio: rate('aac', 96_000), video: { ...rate('libx264', 600_000), shortSide: 360 } }),
);
const sizedWebm = sizedEncodePlan(
  converted('webm', transcodeChoice),
  sizing('webm', {
    audio: rate('libopus', 64_000),
    video: { ...rate('libvpx-vp9', 500_000), shortSide: 480 },
  }),
);
const pass = (number: 1 | 2) => ({ number, logPrefix: '/w/p' });

const convertPlans: Record<string, EncodePlan> = {
  convertMp4: converted('mp4', transcodeChoice),
  convertMp4HevcCopy: converted('mp4', hevcCopy),
  convertWebmAllOptions: converted('webm', transcodeChoice, everyOption),
  convertAviSmall: converted('avi', transcodeChoice, { Quality: 'small', MaxHeight: 360 }),
  convertMp3Downmix: converted('mp3', { ...transcodeChoice, downmix: true }, { AudioBitrate: '128k' }),
  convertOggBitrate: converted('ogg', transcodeChoice, { AudioBitrate: '96k' }),
  convertAmr: converted('amr', { ...transcodeChoice, downmix: true }),
  sizedMp4FirstPass: { ...sizedMp4, pass: pass(1) },
  sizedMp4SecondPass: { ...sizedMp4, pass: pass(2) },
  sizedWebmSecondPass: { ...sizedWebm, pass: pass(2) },
  sized_mp3: sizedEncodePlan(
    converted('mp3', transcodeChoice),
    sizing('mp3', { audio: rate('libmp3lame', 150_000) }),
  ),
  sized_ogg: sizedEncodePlan(
    converted('ogg', transcodeChoice),
    sizing('ogg', { audio: rate('libvorbis', 80_000) }),
  ),
};

const stream = (codecType: string, codecName: string, more = {}) => ({
  index: 0,
  codecType,
  codecName,
  attachedPic: false,
  ...more,
});
const clip = (video: string, audio: string): ProbeResult => ({
  formatName: 'mov,mp4',
  duration: 10,
  streams: [
    stream('video', video, { width: 1280, height: 720 }),
    stream('audio', audio, { channels: 6, bitRate: 256_000 }),
  ],
});
const still: ProbeResult = {
  formatName: 'png_pipe',
  streams: [stream('video', 'png', { width: 10, height: 10 })],
};
const subtitles: ProbeResult = { formatName: 'webvtt', streams: [stream('subtitle', 'webvtt')] };
const finished = (probe: ProbeResult, format: 'mp4', inputExt: string, extras = {}) =>
  finishingPlan(probe, outputTarget(format), inputExt, extras);
const container = (format: 'mp4' | 'mp3') => outputTarget(format) as ContainerTarget;

const downloadPlans: Record<string, EncodePlan | undefined> = {
  downloadMp4Vp9Opus: finished(clip('vp9', 'opus'), 'mp4', 'webm', { subtitles: true }),
  downloadMp4HevcAac: finished(clip('hevc', 'aac'), 'mp4', 'mkv'),
  downloadMp3FromOpus: finishingPlan(clip('vp9', 'opus'), outputTarget('mp3'), 'webm', { audioKbps: 128 }),
  downloadOggKbps: finishingPlan(clip('vp9', 'opus'), outputTarget('ogg'), 'webm', { audioKbps: 96 }),
  downloadM4aCopy: finishingPlan(clip('h264', 'aac'), outputTarget('m4a'), 'mp4'),
  downloadJpgStill: finishingPlan(still, outputTarget('jpg'), 'png'),
  downloadGif: finishingPlan(clip('h264', 'aac'), outputTarget('gif'), 'mp4'),
  downloadSrt: finishingPlan(subtitles, outputTarget('srt'), 'vtt'),
  reencodeMp4: reencodePlan(clip('vp9', 'opus'), container('mp4')),
  reencodeMp3: reencodePlan(clip('vp9', 'opus'), container('mp3')),
};

/** What ffmpeg makes of output options: the maps in order, every other option as a set. */
function asFfmpegReadsThem(args: readonly string[]) {
  const alone = new Set(['-sn', '-dn', '-vn', '-an']);
  const maps: string[] = [];
  const options: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const flag = args[i] ?? '';
    if (alone.has(flag)) options.push(flag);
    else if (flag === '-map') maps.push(args[++i] ?? '');
    else options.push(`${flag} ${args[++i] ?? ''}`);
  }
  return { maps, options: options.sort() };
}

describe('encode plans and the argument lists they replaced', () => {
  const reordered = new Set(['convertWebmAllOptions', 'sizedWebmSecondPass']);
  const inOrder = Object.entries(convertPlans).filter(([name]) => !reordered.has(name));
  const sameOptions = [
    ...Object.entries(convertPlans).filter(([name]) => reordered.has(name)),
    ...Object.entries(downloadPlans),
  ];

  it.each(inOrder)('%s: the same arguments, in the same order', (name, plan) => {
    expect(encodeArgs(plan).join(' ')).toBe(before[name as keyof typeof before]);
  });

  it.each(sameOptions)('%s: the same maps and options', (name, plan) => {
    expect(plan).toBeDefined();
    const recorded = before[name as keyof typeof before].split(' ');
    expect(asFfmpegReadsThem(encodeArgs(plan ?? { muxer: '' }))).toEqual(asFfmpegReadsThem(recorded));
  });
});
