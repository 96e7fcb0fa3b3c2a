// The files chosen for the next batch: added from the picker or a drop (filtered to the page's
// types), removable one by one, cleared after the batch.
import type { ConverterPage } from '@grabbit/catalog';
import { useCallback, useState } from 'react';
import { isAcceptedFile } from '../lib/file-selection';

export function useSelectedFiles(page: ConverterPage) {
  const [files, setFiles] = useState<File[]>([]);

  const add = useCallback(
    (incoming: Iterable<File>) => {
      const accepted = [...incoming].filter((file) => isAcceptedFile(page, file));
      if (accepted.length > 0) setFiles((current) => [...current, ...accepted]);
      return accepted.length;
    },
    [page],
  );

  const remove = useCallback((index: number) => {
    setFiles((current) => current.filter((_, i) => i !== index));
  }, []);

  const clear = useCallback(() => setFiles([]), []);

  return { files, add, remove, clear };
}
