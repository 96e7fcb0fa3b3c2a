// When a playlist is downloaded at once: under 25 items, at most 8 hours in
// total, no single item over 3 hours, and at most 10 GB estimated. Pure: items come in as data.
import { playlistLimits } from '@grabbit/catalog';
import type { DownloadFormatName } from '@grabbit/contracts';
import { outputTarget } from '../encode/output-targets';

export interface PlaylistEntryFacts {
  /** Seconds, when known. */
  duration: number | null;
  /** Bytes the site states (exact or approximate), when known. */
  size: number | null;
}

export interface AutoDownloadDecision {
  isAutoDownloaded: boolean;
  reason: string | null;
  totalSeconds: number;
  estimatedBytes: number;
}

/** Bytes per second assumed when only the duration is known: a typical 1080p video, or audio. */
const assumedBytesPerSecond = { video: 5_000_000 / 8, audio: 192_000 / 8, image: 0, subtitle: 0 } as const;

function estimateBytes(entry: PlaylistEntryFacts, format: DownloadFormatName): number {
  if (entry.size !== null) return entry.size;
  return (entry.duration ?? 0) * assumedBytesPerSecond[outputTarget(format).kind];
}

export function decideAutoDownload(
  entries: readonly PlaylistEntryFacts[],
  format: DownloadFormatName,
): AutoDownloadDecision {
  const totalSeconds = entries.reduce((sum, e) => sum + (e.duration ?? 0), 0);
  const estimatedBytes = entries.reduce((sum, e) => sum + estimateBytes(e, format), 0);
  const longest = entries.reduce((max, e) => Math.max(max, e.duration ?? 0), 0);
  const decision = (reason: string | null): AutoDownloadDecision => ({
    isAutoDownloaded: reason === null,
    reason,
    totalSeconds,
    estimatedBytes,
  });
  if (entries.length === 0) return decision('The playlist has no videos.');
  if (entries.length >= playlistLimits.autoDownloadUnder)
    return decision(`${entries.length} videos found: choose the ones to download.`);
  if (totalSeconds > playlistLimits.maxTotalHours * 3600)
    return decision(`The playlist is longer than ${playlistLimits.maxTotalHours} hours in total.`);
  if (longest > playlistLimits.maxSingleHours * 3600)
    return decision(`A video in the playlist is longer than ${playlistLimits.maxSingleHours} hours.`);
  if (estimatedBytes > playlistLimits.maxEstimatedBytes)
    return decision('The playlist would be larger than 10 GB.');
  return decision(null);
}
