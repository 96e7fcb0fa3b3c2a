// A direct download sent while yt-dlp still writes it, when that cannot give the visitor anything
// but the stored file: the chosen format is one plain http(s) file (no merge, no fix-up after the
// download) in the asked container, the site announced its size, nothing else is asked of the
// finishing step (no clip, subtitles or target size), and a look at its head says the finishing
// step keeps it as it is (an MP4 with its index at the front). An MP4's head is read from its
// boxes: starting ffprobe would cost a tenth of a second of CPU while yt-dlp, at the lowest
// priority, still needs it; any other file's head goes to ffprobe. The last byte is held
// back until yt-dlp names its finished file and that is the very file being sent: the same inode,
// the announced size, and the bytes already sent are its own (a running hash of them against the
// finished file, since a site that answers a resume with a fresh file makes yt-dlp rewrite it in
// place). Otherwise, or when the job fails, the visitor's answer stops short of its announced
// length, which every client reports as a failed download. The finished file goes through the
// whole finishing step, its own look included (its head read again, or ffprobe when the head does
// not show a file kept as it is: encode/finalize.ts probeFinished): the early look only decided
// whether to send.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { keptAsItIs } from '../encode/finishing-plan';
import type { ProbeResult } from '../engines/ffprobe';
import { readMp4Head } from '../engines/mp4-head';
import { outputTarget } from '../encode/output-targets';
import { audioKbps, type ChosenFormat, type DownloadProgress } from '../ytdlp';
import { readHead } from '../storage/file-reader';
import { GrowingFile } from '../storage/growing-file';
import type { DownloadJobData } from '../jobs/job-types';
import { fileNameFor } from './file-names';
import type { LiveDownloads } from './live-downloads';

/** Below this size, sending after the download is hardly felt: no early look is spent on it. */
const minimumLiveBytes = 8 * 1024 * 1024;
/** The first look at the head: the index of a clip of a few minutes lies within. */
const firstLookBytes = 256 * 1024;
/** ffprobe is given a head of this much (formats other than MP4 may need more to tell). */
const probeAfterBytes = 2 * 1024 * 1024;
/** An index longer than this (hours of media) is not waited for: the file is sent once stored. */
const maxIndexBytes = 8 * 1024 * 1024;

export interface LiveSendOptions {
  live: LiveDownloads;
  input: DownloadJobData;
  dir: string;
  maxDurationSeconds: number;
  probe: (file: string) => Promise<ProbeResult>;
}

export class LiveSend {
  private chosen: { file: string; ext: string; title?: string } | undefined;
  /** The downloaded length at which the head is looked at (again, when the index runs further). */
  private lookAt = firstLookBytes;
  private looking = false;
  private decided = false;
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
      !input.subtitles &&
      // Tags are written by a copy into a new file, and chapters split into several.
      input.tags === false &&
      !input.splitChapters &&
      // SponsorBlock's segments are cut or marked in a copy.
      !input.sponsorBlock;
    const ext = format.ext ?? '';
    if (plain && finishingAsksNothing && ext === outputTarget(input.format).extension)
      this.chosen = { file: path.join(dir, `media.${ext}`), ext, title: format.title };
  }

  progress(progress: DownloadProgress): void {
    this.offered?.file.grew();
    const size = progress.exactTotalBytes;
    if (!this.chosen || this.decided || this.looking || progress.finished || size === null) return;
    if (size < minimumLiveBytes || progress.downloadedBytes < this.lookAt) return;
    this.looking = true;
    const chosen = this.chosen;
    this.attempt = this.look(chosen, progress.downloadedBytes)
      .then(async (kept) => {
        if (kept !== 'later') this.decided = true;
        if (kept === true) await this.offer(chosen, size);
      })
      .catch(() => void (this.decided = true))
      .finally(() => void (this.looking = false));
  }

  /** Whether the finishing step keeps the file as it is, or 'later' when more of its head is needed. */
  private async look(
    chosen: NonNullable<LiveSend['chosen']>,
    downloaded: number,
  ): Promise<boolean | 'later'> {
    const bytes = await readHead(chosen.file, Math.min(downloaded, maxIndexBytes));
    const head = readMp4Head(bytes);
    if (head.kind === 'streams') return this.keeps(head.probe, chosen);
    if (head.kind === 'index-at-end') return false;
    const wanted = head.kind === 'needs' ? head.bytes : probeAfterBytes;
    if (wanted > bytes.length) {
      this.lookAt = wanted;
      return wanted <= maxIndexBytes ? 'later' : false;
    }
    // A file this reader does not know: ffprobe reads its head (it fails on an index not there yet).
    return head.kind === 'other' && this.keeps(await this.options.probe(chosen.file), chosen);
  }

  private keeps(probe: ProbeResult, chosen: NonNullable<LiveSend['chosen']>): boolean {
    const { input, maxDurationSeconds } = this.options;
    // Judged as the finishing step will judge it, with the sound's bit rate the visitor asked.
    const extras = { audioKbps: audioKbps(input.quality) };
    return (
      !((probe.duration ?? 0) > maxDurationSeconds) && keptAsItIs(probe, input.format, chosen.ext, extras)
    );
  }

  private async offer(chosen: NonNullable<LiveSend['chosen']>, size: number): Promise<void> {
    const { input, live } = this.options;
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
