// The one container table: the downloader's formats are its containers, and the stream choice
// reads it the same way for both features.
import { converterPages } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { containerOf, containers, isContainerName } from './containers';
import type { ProbeResult } from '../engines/ffprobe';
import { outputTargets } from './output-targets';
import { chooseStreams, transcodeChoice } from './stream-choice';

const probe = (video: string, audio: string, channels = 2): ProbeResult => ({
  formatName: 'test',
  streams: [
    { index: 0, codecType: 'video', codecName: video, width: 640, height: 360, attachedPic: false },
    { index: 1, codecType: 'audio', codecName: audio, channels, attachedPic: false },
  ],
});

describe('containers', () => {
  it("is the downloader's table too: every audio and video download format is one of its containers", () => {
    for (const [name, target] of Object.entries(outputTargets)) {
      if (target.kind !== 'video' && target.kind !== 'audio') continue;
      expect(isContainerName(name), name).toBe(true);
      expect(target.container).toBe(containerOf(name));
      expect(target.muxer).toBe(target.container.muxer);
    }
  });

  it('copies HEVC into MP4 with the hvc1 tag, and re-encodes a stream an option changes', () => {
    expect(chooseStreams(probe('hevc', 'aac'), containers.mp4)).toMatchObject({
      copyVideo: true,
      copyAudio: true,
      hevcTag: true,
    });
    expect(chooseStreams(probe('hevc', 'aac'), containers.mp4, { video: true, audio: true })).toEqual(
      transcodeChoice,
    );
  });

  it('folds channels for a container with a limit once its audio is re-encoded', () => {
    expect(chooseStreams(probe('h264', 'aac', 6), containers.mp3)).toMatchObject({ downmix: true });
    expect(chooseStreams(probe('h264', 'mp3', 2), containers.mp3, { audio: true }).downmix).toBe(false);
  });

  it("has a row for every output of the converter's video and audio pages", () => {
    const outputs = converterPages.filter((page) => page.kind !== 'image').flatMap((page) => page.outputs);
    for (const output of new Set(outputs)) expect(isContainerName(output), output).toBe(true);
  });

  it('refuses a name it does not list', () => {
    expect(() => containerOf('xyz')).toThrow(/No container rules/);
    expect(isContainerName('toString')).toBe(false);
  });
});
