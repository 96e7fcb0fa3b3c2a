import { converterById, converterPages } from '@grabbit/catalog';
import { describe, expect, it } from 'vitest';
import { converterGuide } from './converter-guide';

describe('converter guide', () => {
  it('names the page formats and limit', () => {
    const guide = converterGuide(converterById('tiff')!);
    expect(guide.inputFormats).toBe('TIFF, TIF');
    expect(guide.outputFormats).toContain('ICO');
    expect(guide.howTo[0]).toContain('25MB');
  });

  it('has a how-to and tips for every page', () => {
    for (const page of converterPages) {
      const guide = converterGuide(page);
      expect(guide.howTo.length).toBeGreaterThanOrEqual(3);
      expect(guide.tips.length).toBeGreaterThanOrEqual(3);
    }
  });
});
