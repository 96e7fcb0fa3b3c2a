// The SponsorBlock part of a download: the video's segments asked once the video's id is known,
// put on the downloaded file's timeline (a section starts at its own 0), and what the visitor is
// told when there is nothing to do: SponsorBlock did not answer (the download goes on without it)
// or knows no segments of the video.
import { sponsorBlockCategories, type SponsorBlockMode } from '@grabbit/catalog';
import type { ClipOptions } from '@grabbit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { SponsorEdit } from '../encode/sponsor-edit';
import type { SkipSegment, SponsorBlock } from './sponsor-block';

export interface SponsorStep {
  edit?: SponsorEdit;
  /** For the task's `notice`. */
  notice?: string;
}

type Mode = Exclude<SponsorBlockMode, 'off'>;

const untouched: Record<Mode, string> = {
  remove: 'nothing was cut',
  chapters: 'no segments were marked as chapters',
};

/** The segments on the timeline of the downloaded section (the whole video when none was asked). */
export function onSectionTimeline(segments: readonly SkipSegment[], clip: ClipOptions): SkipSegment[] {
  const from = clip.startTime ?? 0;
  const to = clip.endTime === undefined ? Infinity : clip.endTime - from;
  return segments
    .map((s) => ({ ...s, start: Math.max(0, s.start - from), end: Math.min(to, s.end - from) }))
    .filter((s) => s.end > s.start);
}

export async function sponsorStep(
  sponsorBlock: SponsorBlock,
  request: ClipOptions & { mode: Mode; videoId: string | undefined },
  context: { log: FastifyBaseLogger; taskId: string; signal: AbortSignal },
): Promise<SponsorStep> {
  const { mode, videoId } = request;
  if (!videoId)
    return { notice: `SponsorBlock needs the video's id, which the site did not give: ${untouched[mode]}.` };
  let found: SkipSegment[];
  try {
    found = await sponsorBlock.segments(videoId, context.signal);
  } catch (error) {
    // The download goes on without it: the operator sees why, below error level.
    const reason = error instanceof Error ? error.message : String(error);
    context.log.warn(
      { taskId: context.taskId, reason },
      'SponsorBlock did not answer; the download goes on without it',
    );
    return { notice: `SponsorBlock did not answer: ${untouched[mode]}.` };
  }
  const segments = onSectionTimeline(found, request);
  if (!segments.length)
    return { notice: `SponsorBlock knows no segments in this video: ${untouched[mode]}.` };
  return {
    edit: {
      mode,
      segments: segments.map((s) => ({
        start: s.start,
        end: s.end,
        title: sponsorBlockCategories[s.category],
      })),
    },
  };
}
