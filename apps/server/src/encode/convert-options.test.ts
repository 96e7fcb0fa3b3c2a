import { describe, expect, it } from 'vitest';
import { planEncode, transcodeChoice } from './av-plan';
import {
  applyAvOptions,
  defaultConvertOptions,
  fittedPicture,
  outputDuration,
  restrictCopies,
} from './convert-options';

const copyBoth = { ...transcodeChoice, copyVideo: true, copyAudio: true };

describe('audio and video options', () => {
  it('leave the plan as it is by default', () => {
    const plan = planEncode('webm', transcodeChoice);
    expect(applyAvOptions(plan.encode, plan, defaultConvertOptions)).toEqual(plan.encode);
  });

  it('scale before the encoder filter, raise the CRF, set the bit rate, keep metadata, cut', () => {
    const plan = planEncode('mp4', transcodeChoice);
    const encode = applyAvOptions(plan.encode, plan, {
      ...defaultConvertOptions,
      Quality: 'small',
      MaxWidth: 640,
      StartTime: 2,
      EndTime: 5,
      AudioBitrate: '96k',
      StripMetadata: false,
    });
    expect(encode.cut).toEqual({ start: 2, end: 5 });
    expect(encode.video?.encoding?.filters?.join(',')).toMatch(/^scale=min\(iw\\,640\):ih:.*,scale=trunc/);
    expect(encode.video?.encoding?.crf).toBe(33);
    expect(encode.audio?.encoding?.bitRate).toBe('96k');
    expect(encode.metadata).toBe('keep');
  });

  it('replace Vorbis quality with the asked bit rate', () => {
    const plan = planEncode('ogg', transcodeChoice);
    const encode = applyAvOptions(plan.encode, plan, { ...defaultConvertOptions, AudioBitrate: '128k' });
    expect(encode.audio?.encoding).toMatchObject({ codec: 'libvorbis', bitRate: '128k', quality: undefined });
  });

  it('re-encode a stream only when an option changes it', () => {
    expect(restrictCopies(copyBoth, defaultConvertOptions)).toEqual(copyBoth);
    expect(restrictCopies(copyBoth, { ...defaultConvertOptions, MaxHeight: 100 })).toMatchObject({
      copyVideo: false,
      copyAudio: true,
    });
    expect(restrictCopies(copyBoth, { ...defaultConvertOptions, AudioBitrate: '64k' })).toMatchObject({
      copyVideo: true,
      copyAudio: false,
    });
    expect(restrictCopies(copyBoth, { ...defaultConvertOptions, TargetSizeMB: 8 })).toMatchObject({
      copyVideo: false,
      copyAudio: false,
    });
  });

  it('tell the target-size plan the picture a resize leaves', () => {
    const hd = { width: 1920, height: 1080 };
    expect(fittedPicture(hd, defaultConvertOptions)).toEqual(hd);
    expect(fittedPicture(hd, { ...defaultConvertOptions, MaxWidth: 960 })).toEqual({
      width: 960,
      height: 540,
    });
    expect(fittedPicture(hd, { ...defaultConvertOptions, MaxWidth: 4000, MaxHeight: 360 })).toEqual({
      width: 640,
      height: 360,
    });
  });

  it('count progress against the cut', () => {
    expect(outputDuration(10, { ...defaultConvertOptions, StartTime: 2, EndTime: 5 })).toBe(3);
    expect(outputDuration(10, { ...defaultConvertOptions, StartTime: 4 })).toBe(6);
    expect(outputDuration(undefined, defaultConvertOptions)).toBeUndefined();
  });
});
