// A cut that keeps several stretches: one trim/atrim chain per stretch joined by concat, the
// streams mapped from the graph and re-encoded (never copied), the file's own chapters dropped.
import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../engines/ffprobe';
import { encodeArgs } from './encode-args';
import { finishingPlan } from './finishing-plan';
import { outputTarget } from './output-targets';

const h264Aac: ProbeResult = {
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  duration: 6,
  streams: [
    { index: 0, codecType: 'video', codecName: 'h264', width: 160, height: 120, attachedPic: false },
    { index: 1, codecType: 'audio', codecName: 'aac', channels: 2, attachedPic: false },
  ],
};
const sponsor = {
  mode: 'remove' as const,
  segments: [
    { start: 1, end: 2, title: 'Sponsor' },
    { start: 4, end: 5, title: 'Outro' },
  ],
};

describe('a cut of several stretches', () => {
  it('an MP4 already right is re-encoded through trim and concat', () => {
    const plan = finishingPlan(h264Aac, outputTarget('mp4'), 'mp4', { sponsor });
    expect(plan?.keep).toEqual([{ start: 0, end: 1 }, { start: 2, end: 4 }, { start: 5 }]);
    const args = encodeArgs(plan ?? { muxer: 'mp4' });
    const graph = args[args.indexOf('-filter_complex') + 1];
    expect(graph).toBe(
      '[0:V:0]trim=start=0:end=1,setpts=PTS-STARTPTS[v0];[0:a:0]atrim=start=0:end=1,asetpts=PTS-STARTPTS[a0];' +
        '[0:V:0]trim=start=2:end=4,setpts=PTS-STARTPTS[v1];[0:a:0]atrim=start=2:end=4,asetpts=PTS-STARTPTS[a1];' +
        '[0:V:0]trim=start=5,setpts=PTS-STARTPTS[v2];[0:a:0]atrim=start=5,asetpts=PTS-STARTPTS[a2];' +
        '[v0][a0][v1][a1][v2][a2]concat=n=3:v=1:a=1[vj][a];[vj]scale=trunc(iw/2)*2:trunc(ih/2)*2[v]',
    );
    const joined = args.join(' ');
    expect(joined).toContain('-map [v] -c:v libx264');
    expect(joined).toContain('-map [a] -c:a aac');
    expect(joined).not.toContain('-vf');
    expect(joined).toContain('-map_chapters -1');
    expect(args).toContain('-sn');
  });

  it('an MP3 keeps the sound alone; marked chapters are chapters, not a cut', () => {
    const mp3 = encodeArgs(
      finishingPlan(h264Aac, outputTarget('mp3'), 'mp4', { sponsor }) ?? { muxer: 'mp3' },
    );
    expect(mp3[mp3.indexOf('-filter_complex') + 1]).toContain('[a0][a1][a2]concat=n=3:v=0:a=1[a]');
    expect(mp3.join(' ')).toContain('-map [a] -c:a libmp3lame');
    const marked = finishingPlan(h264Aac, outputTarget('mp4'), 'mp4', {
      sponsor: { ...sponsor, mode: 'chapters' },
    });
    expect(marked?.keep).toBeUndefined();
    expect(marked?.video?.encoding?.codec).toBe('copy');
    expect(marked?.chapters?.map((c) => c.title)).toEqual(['', 'Sponsor', '', 'Outro', '']);
  });
});
