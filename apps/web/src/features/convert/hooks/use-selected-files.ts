// The files chosen for the next batch: added from the picker or a drop (any file of the page's
// kind), removable one by one, cleared after the batch. The files of the last choice the page did
// not take stay listed with their reason until the next choice.
import type { ConverterPage } from '@grabbit/catalog';
import { useCallback, useState } from 'react';
import { isAcceptedFile, refusalOf, type RefusedFile } from '../lib/file-selection';

export function useSelectedFiles(page: ConverterPage) {
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>([]);

  const add = useCallback(
    (incoming: Iterable<File>) => {
      const chosen = [...incoming];
      const accepted = chosen.filter((file) => isAcceptedFile(page, file));
      setRefused(chosen.filter((file) => !isAcceptedFile(page, file)).map((file) => refusalOf(page, file)));
      if (accepted.length > 0) setFiles((current) => [...current, ...accepted]);
      return accepted.length;
    },
    [page],
  );

  const remove = useCallback((index: number) => {
    setFiles((current) => current.filter((_, i) => i !== index));
  }, []);

  const clear = useCallback(() => setFiles([]), []);

  return { files, refused, add, remove, clear };
}
