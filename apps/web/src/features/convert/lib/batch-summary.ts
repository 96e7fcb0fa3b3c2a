// The toast that ends a batch, chosen from how many files succeeded and failed.
import { countOf } from '@grabbit/catalog';
export interface BatchToast {
  title: string;
  description: string;
  variant: 'success' | 'error';
}

export function batchSummary(succeeded: number, failed: number): BatchToast {
  if (failed === 0) {
    return {
      title: 'Batch conversion completed',
      description: `Successfully converted ${countOf(succeeded, 'file')}.`,
      variant: 'success',
    };
  }
  if (succeeded === 0) {
    return {
      title: 'Batch conversion failed',
      description: failed === 1 ? 'The file failed to convert.' : `All ${failed} files failed to convert.`,
      variant: 'error',
    };
  }
  return {
    title: 'Batch conversion completed with errors',
    description: `${countOf(succeeded, 'file')} converted successfully, ${failed} failed.`,
    variant: 'error',
  };
}

export const converterToasts = {
  noFiles: { title: 'No files selected', description: 'Please select at least one file to convert.' },
  noValidFiles: { title: 'No valid files', description: 'All selected files were invalid or too large.' },
  batchError: {
    title: 'Batch conversion error',
    description: 'An unexpected error occurred during batch conversion.',
  },
  tooLarge: (fileName: string, limit: string) => ({
    title: 'File too large',
    description: `${fileName} exceeds the maximum file size of ${limit}.`,
  }),
} as const;
