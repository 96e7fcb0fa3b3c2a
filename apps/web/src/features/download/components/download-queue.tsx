// The download queue under the card, shown once it has items, with the note on the 2-click save.
import { queueNote } from '@grabbit/catalog';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { PlatformType } from '../../monetization';
import type { QueueItem } from '../lib/queue';
import { QueueItemCard } from './queue-item-card';

export interface DownloadQueueProps {
  items: readonly QueueItem[];
  platformType: PlatformType;
  onDownload: (item: QueueItem) => void;
  onSave: (item: QueueItem) => void;
  onDelete: (item: QueueItem) => void;
}

export function DownloadQueue({ items, platformType, onDownload, onSave, onDelete }: DownloadQueueProps) {
  if (items.length === 0) return null;
  return (
    <Card aria-labelledby="download-queue-title" data-testid="download-queue">
      <CardHeader>
        <CardTitle id="download-queue-title">Download queue ({items.length})</CardTitle>
        <p className="text-sm text-yellow-900">{queueNote}</p>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {items.map((item) => (
            <QueueItemCard
              key={item.id}
              item={item}
              platformType={platformType}
              onDownload={onDownload}
              onSave={onSave}
              onDelete={onDelete}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
