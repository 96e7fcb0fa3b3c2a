// The card's URL rows: each checked live against the page, + on the last row, - with more than
// one row (never on the last), a red border and the message under a row that does not fit (with
// a link to its own page for another supported site's link). Several links pasted into a row
// become one row each.
import type { Platform } from '@grabbit/catalog';
import { Minus, Plus } from 'lucide-react';
import { useRef, type ClipboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { IconButton } from '../../../components/ui/icon-button';
import { Input } from '../../../components/ui/input';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';
import { linksIn } from '../lib/shared-link';
import { canAddRow, canRemoveRow, type UrlRow } from '../lib/url-rows';

export interface UrlRowsFieldProps {
  platform: Platform;
  rows: readonly UrlRow[];
  disabled: boolean;
  onChange: (id: string, value: string) => void;
  onAdd: () => void;
  onRemove: (id: string) => void;
  /** Several links were pasted into row `id`: each becomes a row. */
  onPasteLinks: (id: string, links: string[]) => void;
}

/**
 * The links a paste leaves in a row, when more than one. A URL field drops line breaks from what
 * it takes, so a pasted list is read here, before the field joins it into one link.
 */
function pastedLinks(event: ClipboardEvent<HTMLInputElement>, value: string): string[] | undefined {
  const pasted = event.clipboardData.getData('text');
  // A URL field has no text selection: what is pasted adds to what the row holds.
  const links = linksIn(`${value} ${pasted}`);
  return links.length > 1 ? links : undefined;
}

/** The + or - icon button beside a row. */
function RowButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <IconButton variant="outline" label={label} disabled={disabled} onClick={onClick}>
      {children}
    </IconButton>
  );
}

export function UrlRowsField({
  platform,
  rows,
  disabled,
  onChange,
  onAdd,
  onRemove,
  onPasteLinks,
}: UrlRowsFieldProps) {
  const list = useRef<HTMLDivElement>(null);
  // A link typed before the script started is the row's link (only the first row is prerendered).
  useTypedBeforeHydration(list, (input) => {
    const row = rows.find((entry) => entry.id === input.dataset.rowId);
    if (row && row.value === '') onChange(row.id, input.value);
  });
  return (
    <div ref={list} className="space-y-3">
      {rows.map((row, index) => {
        const errorId = `${row.id}-error`;
        return (
          <div key={row.id} className="space-y-1" data-testid="url-row">
            <div className="flex gap-2">
              <Input
                type="url"
                inputMode="url"
                value={row.value}
                data-row-id={row.id}
                placeholder={platform.placeholder}
                aria-label={`${platform.name} link ${index + 1}`}
                aria-invalid={row.error ? true : undefined}
                aria-describedby={row.error ? errorId : undefined}
                disabled={disabled}
                onChange={(event) => onChange(row.id, event.target.value)}
                onPaste={(event) => {
                  const links = pastedLinks(event, row.value);
                  if (!links) return;
                  event.preventDefault();
                  onPasteLinks(row.id, links);
                }}
              />
              {canRemoveRow(rows, index) && (
                <RowButton label="Remove this link" disabled={disabled} onClick={() => onRemove(row.id)}>
                  <Minus aria-hidden />
                </RowButton>
              )}
              {canAddRow(rows, index) && (
                <RowButton label="Add another link" disabled={disabled} onClick={onAdd}>
                  <Plus aria-hidden />
                </RowButton>
              )}
            </div>
            {row.error && (
              <p id={errorId} role="alert" className="text-sm text-red-700">
                {row.error}
                {row.elsewhere && (
                  <>
                    {' '}
                    <Link className="font-medium text-indigo-700 underline" to={row.elsewhere.path}>
                      Open the {row.elsewhere.name} downloader with this link
                    </Link>
                  </>
                )}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
