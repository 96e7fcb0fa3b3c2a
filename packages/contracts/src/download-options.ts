// What a visitor may choose beyond the format: a section of the video, its subtitles,
// and the preview call that lists what a link really offers.
import {
  platforms,
  sponsorBlockCategories,
  sponsorBlockModes,
  type SponsorBlockMode,
} from '@grabbit/catalog';
import { z } from 'zod';

/** Seconds into the video; a day at most, so a typo cannot ask for years. */
const secondsSchema = z
  .number({ message: 'must be a number of seconds' })
  .min(0, 'must be 0 or more seconds')
  .max(86_400, 'must be at most 86400 seconds')
  .optional();

/** A subtitle language as sites name them: `en`, `pt-BR`, `zh-Hans`, `en-orig`. */
export const subtitleLanguageSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,3}$/, 'must be a language code such as "en" or "pt-BR"')
  .optional();

/** Optional fields of every download request: the section to keep and the subtitle language. */
export const clipOptionsShape = {
  startTime: secondsSchema,
  endTime: secondsSchema,
  subtitles: subtitleLanguageSchema,
};

/**
 * What a download's file carries beyond its media, fields of every single-download request: the
 * source's tags and cover art (on unless switched off), and its chapters as separate files.
 */
export const fileOptionsShape = {
  tags: z
    .boolean()
    .default(true)
    .meta({
      description:
        "Write the source's title, uploader, date and link into the file's own tags (ID3, MP4 atoms, " +
        'Vorbis comments, Matroska tags), with the thumbnail as cover art for MP3, M4A and FLAC.',
    }),
  splitChapters: z
    .boolean()
    .default(false)
    .meta({
      description:
        'One file per chapter: the answer is a zip of the chapters in the chosen format, named in order ' +
        "by chapter title (the site's chapters, else the file's). A video without chapters is one file.",
    }),
  sponsorBlock: z
    .enum(sponsorBlockModes)
    .default('off')
    .meta({
      description:
        `${platforms
          .filter((p) => p.sponsorBlock)
          .map((p) => p.name)
          .join(
            ', ',
          )} links, audio and video formats, not with targetSizeMB: the SponsorBlock segments of the video ` +
        `(${Object.keys(sponsorBlockCategories).join(', ')}), asked by the server, either cut out ` +
        "(`remove`: exact at the segments' edges, the file re-encoded, chapters moved to match) or " +
        'written as chapters named by category (`chapters`). When SponsorBlock does not answer in time ' +
        "the download goes on without it and the task's `notice` says so.",
      example: 'remove',
    }),
};

export interface FileOptions {
  /** Tags and cover art; absent means on. */
  tags?: boolean;
  splitChapters?: boolean;
  /** SponsorBlock's segments cut out or marked as chapters; absent means off. */
  sponsorBlock?: SponsorBlockMode;
}

export interface ClipOptions {
  startTime?: number;
  endTime?: number;
  subtitles?: string;
}

/** POST /api/download/{platform}/info. */
export const mediaInfoRequestSchema = z.looseObject({
  url: z.string().min(1, 'Please enter a valid URL to download'),
});

/** One height the site offers, with the estimated size of each video format (bytes, null when unknown). */
export const mediaQualitySchema = z.object({
  height: z.number(),
  /** `720p`: the value to send as `quality`. */
  quality: z.string(),
  sizes: z.record(z.string(), z.number().nullable()),
});
export type MediaQuality = z.infer<typeof mediaQualitySchema>;

export const mediaAudioBitrateSchema = z.object({
  kbps: z.number(),
  /** `128k`: the value to send as `quality` with an audio format. */
  quality: z.string(),
  size: z.number().nullable(),
});
export type MediaAudioBitrate = z.infer<typeof mediaAudioBitrateSchema>;

export const mediaSubtitleSchema = z.object({
  /** The value to send as `subtitles`. */
  language: z.string(),
  name: z.string().nullable(),
});
export type MediaSubtitle = z.infer<typeof mediaSubtitleSchema>;

/** One of the site's chapters: pick it as the trim (`startTime`, `endTime`). */
export const mediaChapterSchema = z.object({
  title: z.string(),
  /** Seconds. */
  start: z.number(),
  end: z.number(),
});
export type MediaChapter = z.infer<typeof mediaChapterSchema>;

/** POST /api/download/{platform}/info: what the link offers. */
export const mediaInfoResponseSchema = z.object({
  success: z.literal(true),
  title: z.string(),
  uploader: z.string().nullable(),
  /** Seconds, when the site says. */
  duration: z.number().nullable(),
  /** A path beginning /api/ (the picture is fetched by the server, never hot-linked). */
  thumbnailUrl: z.string().nullable(),
  qualities: z.array(mediaQualitySchema),
  audioBitrates: z.array(mediaAudioBitrateSchema),
  /** The site's own subtitles: embedded in a video, or saved alone as a transcript. */
  subtitles: z.array(mediaSubtitleSchema),
  automaticCaptions: z.array(mediaSubtitleSchema).meta({
    description:
      "The site's automatic captions by language (the spoken language first): saved as a transcript " +
      'with `format` txt, md, json, srt or vtt and `subtitles` set to the language. Where a language ' +
      "has both, the site's own subtitles are saved.",
  }),
  chapters: z.array(mediaChapterSchema).meta({
    description:
      "The site's chapters in order, in seconds (none when it names none): one is kept with " +
      '`startTime` and `endTime`; `splitChapters` saves each as its own file.',
  }),
});
export type MediaInfoResponse = z.infer<typeof mediaInfoResponseSchema>;
