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
// not show a file kept as it is: finalize.ts probeFinished): the early look only decided
// whether to send. Tags asked of an MP4 are written into its index as it is sent (the file's head
// sent rewritten, engines/mp4-tags.ts): the finishing step writes the same head with the same tags
// (`sentTags` below) before the same bytes, and the file's own head is among the bytes checked.
// Such an answer is written into a copy as it is sent: once whole, and its bytes the finished
// file's own, that copy is the file stored (the same bytes as sent, without a second copy of them).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { finishingStep, type FinishingStep } from '../encode/finishing-plan';
import type { ProbeResult } from '../engines/ffprobe';
import { readMp4Head } from '../engines/mp4-head';
import { retaggedHeadOf } from '../engines/mp4-retag-file';
import { retaggedHead } from '../engines/mp4-tags';
import { outputTarget } from '../encode/output-targets';
import { audioKbps, type ChosenFormat, type DownloadProgress, type TagSource } from '../ytdlp';
import { readHead } from '../storage/file-reader';
import type { DownloadJobData } from '../jobs/job-types';
import { fileNameFor } from './file-names';
import { GrowingFile, type SentHead } from './growing-file';
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
  /** The file's tags from the source's facts, or undefined when none are asked. */
  tagsOf: (info: TagSource) => Readonly<Record<string, string>> | undefined;
}

/** The finishing step's verdict on the file: not kept, kept as it is, or kept with its head rewritten. */
type Keeps = false | { head?: SentHead; tags?: Readonly<Record<string, string>> };

/** The finishing step's verdict, undefined when it refuses the file (not media of this kind at all). */
function stepOf(judge: () => FinishingStep): FinishingStep | undefined {
  try {
    return judge();
  } catch {
    return undefined;
  }
}

export class LiveSend {
  private chosen:
    { file: string; ext: string; title?: string; tags?: Readonly<Record<string, string>> } | undefined;
  /** The tags written into the head sent, which the finishing step writes too. */
  sentTags: Readonly<Record<string, string>> | undefined;
  /** The downloaded length at which the head is looked at (again, when the index runs further). */
  private lookAt = firstLookBytes;
  private looking = false;
  private decided = false;
  private attempt: Promise<void> | undefined;
  /** The answer being sent; `retagged`: its head is the file's own rewritten with the tags. */
  private offered: { file: GrowingFile; retagged: boolean; copy?: string } | undefined;
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
      // Chapters split the file into several.
      !input.splitChapters &&
      // SponsorBlock's segments are cut or marked in a copy.
      !input.sponsorBlock;
    const ext = format.ext ?? '';
    if (plain && finishingAsksNothing && ext === outputTarget(input.format).extension) {
      const tags = this.options.tagsOf(format);
      this.chosen = {
        file: path.join(dir, `media.${ext}`),
        ext,
        title: format.title,
        ...(tags ? { tags } : {}),
      };
    }
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
        if (kept && kept !== 'later') await this.offer(chosen, size, kept);
      })
      .catch(() => void (this.decided = true))
      .finally(() => void (this.looking = false));
  }

  /** Whether the finishing step keeps the file as it is, or 'later' when more of its head is needed. */
  private async look(chosen: NonNullable<LiveSend['chosen']>, downloaded: number): Promise<Keeps | 'later'> {
    const bytes = await readHead(chosen.file, Math.min(downloaded, maxIndexBytes));
    const head = readMp4Head(bytes);
    if (head.kind === 'streams') return this.keeps(head.probe, chosen, bytes);
    if (head.kind === 'index-at-end') return false;
    const wanted = head.kind === 'needs' ? head.bytes : probeAfterBytes;
    if (wanted > bytes.length) {
      this.lookAt = wanted;
      return wanted <= maxIndexBytes ? 'later' : false;
    }
    // A file this reader does not know: ffprobe reads its head (it fails on an index not there yet).
    return head.kind === 'other' && this.keeps(await this.options.probe(chosen.file), chosen, bytes);
  }

  /** `head`: the file's first bytes, the whole index among them when it is an MP4's. */
  private keeps(probe: ProbeResult, chosen: NonNullable<LiveSend['chosen']>, head: Buffer): Keeps {
    const { input, maxDurationSeconds } = this.options;
    if ((probe.duration ?? 0) > maxDurationSeconds) return false;
    // Judged as the finishing step will judge it, with the sound's bit rate the visitor asked.
    const extras = { audioKbps: audioKbps(input.quality), ...(chosen.tags ? { tags: chosen.tags } : {}) };
    const step = stepOf(() => finishingStep(probe, outputTarget(input.format), chosen.ext, extras));
    if (step?.kind === 'keep') return {};
    const retagged = step?.kind === 'retag' && retaggedHead(head, step.tags);
    if (!retagged) return false;
    // A copy: the head read may be megabytes longer than the bytes it replaces.
    const replaces = Buffer.from(head.subarray(0, retagged.replaces));
    return { head: { bytes: retagged.bytes, replaces }, tags: step.tags };
  }

  private async offer(
    chosen: NonNullable<LiveSend['chosen']>,
    size: number,
    { head, tags }: Exclude<Keeps, false>,
  ): Promise<void> {
    const { input, live } = this.options;
    // Beside yt-dlp's file in the job folder, named apart from what yt-dlp and the finishing write.
    const copyTo = head ? path.join(this.options.dir, `sent.${chosen.ext}`) : undefined;
    const file = await GrowingFile.open(chosen.file, size, head, copyTo);
    const target = outputTarget(input.format);
    const offer = {
      file,
      fileName: fileNameFor(chosen.title, target.extension),
      contentType: target.contentType,
      size: file.sentSize,
    };
    if (!live.offer(input.taskId, offer)) return file.close();
    this.offered = { file, retagged: Boolean(head), ...(copyTo ? { copy: copyTo } : {}) };
    if (head) this.sentTags = tags;
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

  /**
   * The copy of a retagged answer written as it was sent, once it holds every byte sent (waiting
   * at most `limitMs` for the answer to give out its last ones): the finishing step's file, with
   * no copy of its own to make. The answer's last bytes go out only once yt-dlp's finished file
   * is found to be the one sent, its head the one the finishing step writes (`confirm`), so a
   * whole copy is that file retagged. Undefined otherwise (a slow visitor does not hold the job
   * past the limit): the finishing step copies the file itself.
   */
  async sentCopy(limitMs: number): Promise<string | undefined> {
    await this.attempt;
    const offered = this.offered;
    if (!offered?.copy) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), limitMs)));
    const whole = await Promise.race([offered.file.copied, limit]);
    clearTimeout(timer);
    return whole && (await this.verdict) ? offered.copy : undefined;
  }

  /** The job ended: `output` is its finished file, before it is stored (undefined when it failed). */
  async end(output: string | undefined): Promise<void> {
    await this.attempt;
    if (!this.offered) return;
    if (this.offered.retagged) {
      // A new file: the head sent, then the rest of the file whose bytes were checked.
      const ownBytes = this.verdict ?? this.offered.file.gaveOwnBytes().catch(() => false);
      this.settle(output !== undefined && (await this.beginsWithSentHead(output)) && (await ownBytes));
      return;
    }
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
    const ownBytes = await this.offered.file.gaveOwnBytes().catch(() => false);
    return ownBytes && (!this.offered.retagged || (await this.writesSentHead(file)));
  }

  /** Whether the finished file is as long as the answer and begins with the head sent. */
  private async beginsWithSentHead(output: string): Promise<boolean> {
    const file = this.offered?.file;
    const sent = file?.sentHead;
    const written = await stat(output).catch(() => undefined);
    if (!file || !sent || written?.size !== file.sentSize) return false;
    const head = await readHead(output, sent.length).catch(() => undefined);
    return Boolean(head?.equals(sent));
  }

  /** Whether the finishing step writes the very head sent before the rest of this file. */
  private async writesSentHead(file: string): Promise<boolean> {
    const sent = this.offered?.file.sentHead;
    const written = this.sentTags && (await retaggedHeadOf(file, this.sentTags).catch(() => undefined));
    return Boolean(sent && written?.bytes.equals(sent));
  }
}
