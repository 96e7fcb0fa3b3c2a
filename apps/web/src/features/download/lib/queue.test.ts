import { describe, expect, it } from 'vitest';
import {
  formatFileSize,
  opensInNewTab,
  progressLabel,
  queueReducer,
  savedFileName,
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
