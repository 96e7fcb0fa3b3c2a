// The download queue under the card, shown once it has items, with the note on the 2-click save;
// with several playlist videos or post items not started yet, a checkbox on each and "Select all"
// to save the selection as one zip.
import { queueNote } from '@grabbit/catalog';
import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { PlatformType } from '../../monetization';
import { selectableForZip, waitingFilesNote, type QueueItem } from '../lib/queue';
import { QueueItemCard } from './queue-item-card';
import { ZipSelectionBar } from './zip-selection-bar';

export interface DownloadQueueProps {
  items: readonly QueueItem[];
  platformType: PlatformType;
  onDownload: (item: QueueItem) => void;
  onSave: (item: QueueItem) => void;
  onDelete: (item: QueueItem) => void;
  /** Saves the selected videos or post items as one zip. */
  onZip: (selected: readonly QueueItem[]) => void;
}

export function DownloadQueue({
  items,
  platformType,
  onDownload,
  onSave,
  onDelete,
  onZip,
}: DownloadQueueProps) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  if (items.length === 0) return null;
  const selectable = items.filter(selectableForZip);
  const selected = selectable.filter((item) => picked.has(item.id));
  const waitingNote = waitingFilesNote(items);
  const pick = (id: string, checked: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Card aria-labelledby="download-queue-title" data-testid="download-queue">
      <CardHeader>
        <CardTitle id="download-queue-title">Download queue ({items.length})</CardTitle>
        <p className="text-sm text-yellow-900">{queueNote}</p>
      </CardHeader>
      <CardContent>
        {selectable.length > 1 && (
          <ZipSelectionBar
            selectable={selectable.length}
            selected={selected.length}
            platformType={platformType}
            onSelectAll={(checked) => setPicked(new Set(checked ? selectable.map((item) => item.id) : []))}
            onZip={() => onZip(selected)}
          />
        )}
        <ul className="space-y-3">
          {items.map((item) => (
            <QueueItemCard
              key={item.id}
              item={item}
              platformType={platformType}
              onDownload={onDownload}
              onSave={onSave}
              onDelete={onDelete}
              waitingNote={waitingNote}
              {...(selectable.length > 1 && selectableForZip(item)
                ? {
                    selection: {
                      checked: picked.has(item.id),
                      onChange: (checked) => pick(item.id, checked),
                    },
                  }
                : {})}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
