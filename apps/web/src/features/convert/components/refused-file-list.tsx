// The files of the last choice this page did not take: each with its reason and a link to the
// converter that takes it, so no file vanishes without a word.
import { countOf } from '@grabbit/catalog';
import { Link } from 'react-router';
import type { RefusedFile } from '../lib/file-selection';

export function RefusedFileList({ files }: { files: readonly RefusedFile[] }) {
  if (files.length === 0) return null;
  return (
    <section aria-label="Files not added" className="space-y-2" data-testid="refused-files">
      <h2 className="text-sm font-medium text-slate-900">Not added ({countOf(files.length, 'file')})</h2>
      <ul className="divide-y divide-amber-200 rounded-md border border-amber-300 bg-amber-50">
        {files.map((file, index) => (
          <li key={`${file.name}-${index}`} className="space-y-1 p-3 text-sm" data-testid="refused-file">
            <p className="truncate font-medium text-slate-900" title={file.name}>
              {file.name}
            </p>
            <p className="text-slate-700">
              {file.reason}
              {file.elsewhere && (
                <>
                  {' '}
                  <Link className="font-medium text-indigo-700 underline" to={file.elsewhere.route}>
                    Open the {file.elsewhere.label}
                  </Link>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
