import { describe, expect, it } from 'vitest';
import {
  formatFileSize,
  opensInNewTab,
  progressLabel,
  queueReducer,
  saveLabel,
  savedFileName,
  selectableForZip,
  waitingFiles,
  waitingFilesNote,
  zipDoneMessage,
  zipOfSelection,
  type QueueItem,
} from './queue';

const item = (id: string): QueueItem => ({
  id,
  url: `https://youtu.be/${id}`,
  status: 'pending',
  progress: 0,
  format: 'mp4',
  quality: 'best',
  title: id,
});

describe('download queue', () => {
  it('adds, updates and clears items', () => {
    let items = queueReducer([], { type: 'add', items: [item('a'), item('b')] });
    items = queueReducer(items, { type: 'update', id: 'b', patch: { status: 'downloading', progress: 40 } });
    expect(items.map((i) => [i.id, i.status, i.progress])).toEqual([
      ['a', 'pending', 0],
      ['b', 'downloading', 40],
    ]);
    expect(queueReducer(items, { type: 'clear' })).toEqual([]);
  });

  it('names a file download.{format} when the server gave no name', () => {
    expect(savedFileName({ format: 'mp3' })).toBe('download.mp3');
    expect(savedFileName({ format: 'mp3', fileName: 'song.mp3' })).toBe('song.mp3');
  });

  it('opens only cloud-stored http links in a new tab', () => {
    expect(opensInNewTab({ cloudStorage: true, downloadUrl: 'https://bucket.example/f' })).toBe(true);
    expect(opensInNewTab({ cloudStorage: true, downloadUrl: '/api/download/file/1' })).toBe(false);
    expect(opensInNewTab({ cloudStorage: false, downloadUrl: 'https://bucket.example/f' })).toBe(false);
  });

  it('shows sizes in MB to one decimal and Processing instead of a percentage', () => {
    expect(formatFileSize(1572864)).toBe('1.5 MB');
    expect(formatFileSize(undefined)).toBeUndefined();
    expect(progressLabel({ status: 'downloading', progress: 42.4 })).toBe('42%');
    expect(progressLabel({ status: 'processing', progress: 90 })).toBe('Processing');
  });
});

describe('a selection saved as one zip', () => {
  const video = (n: number): QueueItem => ({
    id: `v${n}`,
    url: `https://example.com/${n}.mp4`,
    status: 'pending',
    progress: 0,
    format: 'mp3',
    quality: 'best',
    title: `Clip ${n}`,
    isPlaylistItem: true,
    playlistTitle: 'Thirty clips',
  });

  it('takes only playlist videos not started yet', () => {
    expect(selectableForZip(video(1))).toBe(true);
    expect(selectableForZip({ ...video(1), status: 'completed' })).toBe(false);
    expect(selectableForZip({ ...video(1), isPlaylistItem: false })).toBe(false);
  });

  it('is one item with every selected video, its gate passed, saved as "Save zip (n files)"', () => {
    const zip = zipOfSelection('zip', [video(1), video(2)]);
    expect(zip).toMatchObject({ title: 'Thirty clips (2 files)', format: 'mp3', gatePassed: true });
    expect(zip?.playlistVideos?.map((item) => item.url)).toEqual([video(1).url, video(2).url]);
    expect(saveLabel(zip ?? video(1))).toBe('Save zip (2 files)');
    expect(saveLabel({ fileName: 'song.mp3' })).toBe('Save MP3');
    expect(saveLabel({})).toBe('Save file');
    expect(zipOfSelection('zip', [])).toBeUndefined();
  });
});

describe("a post's items saved as one zip", () => {
  const postItem = (itemIndex: number, mediaType: 'video' | 'image', format: 'mp3' | 'jpg'): QueueItem => ({
    id: `p${itemIndex}`,
    url: 'https://example.com/post',
    status: 'pending',
    progress: 0,
    format,
    quality: 'best',
    title: `Item ${itemIndex}`,
    isFromMultiMediaPost: true,
    postTitle: 'A post',
    sessionCookie: 'sessionid=abc',
    mediaItem: {
      id: `m${itemIndex}`,
      url: 'https://example.com/post',
      itemIndex,
      title: 'A post',
      thumbnailUrl: null,
      mediaType,
      resolution: null,
      fileSize: null,
      suggestedFormat: mediaType === 'image' ? 'jpg' : 'mp4',
      displayName: `Item ${itemIndex}`,
      platform: 'instagram',
    },
  });

  it("may be picked, and the zip names each item's number, the videos' format and the session", () => {
    expect(selectableForZip(postItem(1, 'image', 'jpg'))).toBe(true);
    const zip = zipOfSelection('zip', [postItem(1, 'image', 'jpg'), postItem(2, 'video', 'mp3')]);
    expect(zip).toMatchObject({ title: 'A post (2 files)', format: 'mp3', sessionCookie: 'sessionid=abc' });
    expect(zip?.playlistVideos?.map((item) => item.itemIndex)).toEqual([1, 2]);
  });

  it("is announced as the post's files, a playlist's zip as the playlist", () => {
    const zip = zipOfSelection('zip', [postItem(1, 'image', 'jpg')]);
    expect(zipDoneMessage(zip ?? {}, true)).toBe("Successfully downloaded the post's files.");
    expect(zipDoneMessage({}, true)).toBe('Successfully downloaded playlist.');
    expect(zipDoneMessage(zip ?? {}, false, '1 of 2 failed')).toBe('1 of 2 failed');
  });
});

describe('files waiting on the server', () => {
  const done = (id: string, patch: Partial<QueueItem> = {}): QueueItem => ({
    ...item(id),
    status: 'completed',
    downloadUrl: `/api/download/file/${id}`,
    fileName: `${id}.mp4`,
    ...patch,
  });

  it('are the finished single files not saved yet, named in the limit note', () => {
    const items = [done('a'), done('b', { saved: true }), done('z', { batchId: 'x' }), item('p')];
    expect(waitingFiles(items).map((i) => i.id)).toEqual(['a']);
    expect(waitingFilesNote(items)).toBe('Waiting for you: a.mp4. Save or delete them below.');
    expect(waitingFilesNote([])).toMatch(/None of the files waiting for you is on this page/);
    // A new run empties the queue but for the files still waiting: they can be saved or deleted.
    expect(queueReducer(items, { type: 'clear' }).map((i) => i.id)).toEqual(['a']);
  });
});
