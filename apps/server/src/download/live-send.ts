// A direct download sent while yt-dlp still writes it, when that cannot give the visitor anything
// but the stored file: the chosen format is one plain http(s) file (no merge, no fix-up after the
// download) in the asked container, the site announced its size, nothing else is asked of the
// finishing step (no clip, subtitles or target size), and a probe of its first megabytes says the
// finishing step keeps it as it is (an MP4 with its index at the front). The last byte is held
// back until yt-dlp names its finished file and that is the very file being sent: the same inode,
// the announced size, and the bytes already sent are its own (a running hash of them against the
// finished file, since a site that answers a resume with a fresh file makes yt-dlp rewrite it in
// place). Otherwise, or when the job fails, the visitor's answer stops short of its announced
// length, which every client reports as a failed download. The finished file goes through the
// whole finishing step, its own probe included: the early probe only decided whether to send.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { keptAsItIs } from '../media/finalize';
import type { ProbeResult } from '../media/ffprobe';
import { outputTarget } from '../media/output-targets';
import type { ChosenFormat, DownloadProgress } from '../media/ytdlp';
import { GrowingFile } from '../storage/growing-file';
import type { DownloadJobData } from '../jobs/job-types';
import { fileNameFor } from './file-names';
import type { LiveDownloads } from './live-downloads';

/** Below this size, sending after the download is hardly felt: no early probe is spent on it. */
const minimumLiveBytes = 8 * 1024 * 1024;
/** The early probe waits for this much of the file (an MP4's index at the front lies within). */
const probeAfterBytes = 2 * 1024 * 1024;

export interface LiveSendOptions {
  live: LiveDownloads;
  input: DownloadJobData;
  dir: string;
  maxDurationSeconds: number;
  probe: (file: string) => Promise<ProbeResult>;
}

export class LiveSend {
  private chosen: { file: string; ext: string; title?: string } | undefined;
  private attempt: Promise<void> | undefined;
  private offered: { file: GrowingFile } | undefined;
  /** Whether yt-dlp's finished file is the one being sent, once asked. */
  private verdict: Promise<boolean> | undefined;

  constructor(private readonly options: LiveSendOptions) {}

  /** yt-dlp's chosen format, before its bytes arrive. */
  chose(format: ChosenFormat): void {
    const { input, dir } = this.options;
    const plain =
      (format.protocol === 'http' || format.protocol === 'https') &&
      !format.format_id?.includes('+') &&
      !format.container;
    const finishingAsksNothing =
      input.targetSizeMB === undefined &&
      input.startTime === undefined &&
      input.endTime === undefined &&
      !input.subtitles;
    const ext = format.ext ?? '';
    if (plain && finishingAsksNothing && ext === outputTarget(input.format).extension)
      this.chosen = { file: path.join(dir, `media.${ext}`), ext, title: format.title };
  }

  progress(progress: DownloadProgress): void {
    this.offered?.file.grew();
    const size = progress.exactTotalBytes;
    if (!this.chosen || this.attempt || progress.finished || size === null) return;
    if (size < minimumLiveBytes || progress.downloadedBytes < probeAfterBytes) return;
    // A file that cannot be probed yet (its index at the end) is simply sent once stored.
    this.attempt = this.offer(this.chosen, size).catch(() => undefined);
  }

  private async offer(chosen: NonNullable<LiveSend['chosen']>, size: number): Promise<void> {
    const { input, live, maxDurationSeconds } = this.options;
    const probe = await this.options.probe(chosen.file);
    if ((probe.duration ?? 0) > maxDurationSeconds || !keptAsItIs(probe, input.format, chosen.ext)) return;
    const file = await GrowingFile.open(chosen.file, size);
    const target = outputTarget(input.format);
    const offer = {
      file,
      fileName: fileNameFor(chosen.title, target.extension),
      contentType: target.contentType,
      size,
    };
    if (live.offer(input.taskId, offer)) this.offered = { file };
    else await file.close();
  }

  /**
   * yt-dlp named its finished file (every step of its own done): when it is the very file being
   * sent, whole, the answer may end now; otherwise it is cut short.
   */
  async confirm(file: string): Promise<void> {
    await this.attempt;
    if (!this.offered) return;
    this.verdict ??= this.isSentFile(file);
    this.settle(await this.verdict);
  }

  /** The job ended: `output` is its finished file, before it is stored (undefined when it failed). */
  async end(output: string | undefined): Promise<void> {
    await this.attempt;
    if (!this.offered) return;
    const sameFile = output !== undefined && (await this.isOfferedInode(output));
    this.settle(sameFile && (await (this.verdict ?? this.isSentFile(output))));
  }

  private settle(isSentFile: boolean): void {
    if (isSentFile) this.offered?.file.finish();
    else this.offered?.file.fail(new Error('The finished file is not the one being sent.'));
  }

  private async isOfferedInode(file: string): Promise<boolean> {
    if (!this.offered) return false;
    const finished = await stat(file).catch(() => undefined);
    return finished?.ino === this.offered.file.inode && finished.size === this.offered.file.size;
  }

  private async isSentFile(file: string): Promise<boolean> {
    if (!this.offered || !(await this.isOfferedInode(file))) return false;
    return this.offered.file.gaveOwnBytes().catch(() => false);
  }
}
