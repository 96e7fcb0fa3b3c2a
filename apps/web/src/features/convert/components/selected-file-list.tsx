// The files chosen for the next batch: name, size in MB to one decimal, extension, remove (focus
// then moves to the next file's button, or to `focusWhenEmpty`), and the line of a file already in
// the chosen format.
import { formatMegabytes } from '@grabbit/catalog';
import { FileIcon, X } from 'lucide-react';
import type { RefObject } from 'react';
import { Badge } from '../../../components/ui/badge';
import { IconButton } from '../../../components/ui/icon-button';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { fileExtension } from '../lib/file-names';
import { keptAsIsNote } from '../lib/file-selection';

interface SelectedFileListProps {
  files: readonly File[];
  /** The chosen output format: a file already in it is said to be kept as it is. */
  outputFormat: string;
  disabled?: boolean;
  onRemove: (index: number) => void;
  /** Takes focus when the last file is removed. */
  focusWhenEmpty?: RefObject<HTMLElement | null>;
}

export function SelectedFileList({
  files,
  outputFormat,
  disabled,
  onRemove,
  focusWhenEmpty,
}: SelectedFileListProps) {
  const { listRef, removing } = useFocusAfterRemoval<HTMLUListElement>(focusWhenEmpty);
  if (files.length === 0) return null;
  return (
    <section aria-label="Selected files" className="space-y-2">
      <h2 className="text-sm font-medium text-slate-900">Selected files ({files.length})</h2>
      <ul ref={listRef} className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {files.map((file, index) => (
          <li
            key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
            className="flex items-center gap-3 p-3"
          >
            <FileIcon className="size-5 shrink-0 text-slate-500" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
                {file.name}
              </p>
              <p className="text-xs text-slate-600">{formatMegabytes(file.size)}</p>
              {keptAsIsNote(file, outputFormat) && (
                <p className="text-xs text-slate-700" data-testid="kept-as-is">
                  {keptAsIsNote(file, outputFormat)}
                </p>
              )}
            </div>
            <Badge>{fileExtension(file.name).toUpperCase() || '?'}</Badge>
            <IconButton
              disabled={disabled}
              label={`Remove ${file.name}`}
              onClick={() => {
                removing(index);
                onRemove(index);
              }}
            >
              <X aria-hidden />
            </IconButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
