import { describe, expect, it } from 'vitest';
import { defaultConversionOptions, optionFields } from './conversion-options';

describe('conversion option fields', () => {
  it('sends only Quality by default (metadata stripped is the server default)', () => {
    expect(optionFields(defaultConversionOptions, 'image')).toEqual({ Quality: 'high' });
  });

  it('sends the fields each kind uses, trimmed', () => {
    const chosen = {
      quality: 'small' as const,
      maxWidth: ' 640 ',
      maxHeight: '',
      startTime: '1.5',
      endTime: '9',
      audioBitrate: '128k',
      targetSizeMB: '',
      stripMetadata: false,
    };
    expect(optionFields(chosen, 'image')).toEqual({
      Quality: 'small',
      MaxWidth: '640',
      StripMetadata: 'false',
    });
    expect(optionFields(chosen, 'audio')).toEqual({
      Quality: 'small',
      StartTime: '1.5',
      EndTime: '9',
      AudioBitrate: '128k',
      StripMetadata: 'false',
    });
    expect(optionFields(chosen, 'video')).toMatchObject({
      MaxWidth: '640',
      StartTime: '1.5',
      AudioBitrate: '128k',
    });
  });

  it('sends a target size for sound and video only, in place of the audio bit rate', () => {
    const sized = { ...defaultConversionOptions, audioBitrate: '128k', targetSizeMB: ' 8 ' };
    expect(optionFields(sized, 'video')).toEqual({ Quality: 'high', TargetSizeMB: '8' });
    expect(optionFields(sized, 'audio')).toEqual({ Quality: 'high', TargetSizeMB: '8' });
    expect(optionFields(sized, 'image')).toEqual({ Quality: 'high' });
  });
});
