import { describe, expect, it } from 'vitest';
import { batchSummary, converterToasts } from './batch-summary';

describe('batch summary', () => {
  it('reports full success', () => {
    expect(batchSummary(3, 0)).toEqual({
      title: 'Batch conversion completed',
      description: 'Successfully converted 3 files.',
      variant: 'success',
    });
  });

  it('reports a mixed batch as an error', () => {
    expect(batchSummary(2, 1)).toEqual({
      title: 'Batch conversion completed with errors',
      description: '2 files converted successfully, 1 failed.',
      variant: 'error',
    });
  });

  it('reports a batch where everything failed', () => {
    expect(batchSummary(0, 4)).toEqual({
      title: 'Batch conversion failed',
      description: 'All 4 files failed to convert.',
      variant: 'error',
    });
  });

  it('says "the file" when the one file of a batch failed', () => {
    expect(batchSummary(0, 1).description).toBe('The file failed to convert.');
  });

  it('words the too-large toast with the file and the limit', () => {
    expect(converterToasts.tooLarge('big.ico', '10MB').description).toBe(
      'big.ico exceeds the maximum file size of 10MB.',
    );
  });
});
