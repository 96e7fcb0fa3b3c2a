// The Conversion Queue panel: count, Download All once anything completed, Clear Queue, the overall
// bar of the running batch, one row per file (removing one moves focus to the next), and the
// batch's outcome in a polite live region.
import { countOf } from '@grabbit/catalog';
import { Download, Trash2 } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { batchSummary } from '../lib/batch-summary';
import { batchProgress, completedItems, type QueueState } from '../lib/conversion-queue';
import { QueueItemRow } from './queue-item-row';

interface ConversionQueuePanelProps {
  queue: QueueState;
  busy: boolean;
  onRemove: (id: string) => void;
  onClear: () => void;
  onDownloadAll: () => void;
  /** Takes focus when the last row is removed. */
  focusWhenEmpty?: RefObject<HTMLElement | null>;
}

export function ConversionQueuePanel({
  queue,
  busy,
  onRemove,
  onClear,
  onDownloadAll,
  focusWhenEmpty,
}: ConversionQueuePanelProps) {
  const { listRef, removing } = useFocusAfterRemoval<HTMLUListElement>(focusWhenEmpty);
  if (queue.items.length === 0) return null;
  const completed = completedItems(queue).length;
  const failed = queue.items.filter((item) => item.status === 'failed').length;
  const overall = batchProgress(queue);
  // Said once the batch ends, where the visitor is: focus stays on what they were doing.
  const outcome = busy || completed + failed === 0 ? undefined : batchSummary(completed, failed);
  return (
    <Card aria-labelledby="conversion-queue-title">
      <CardHeader row>
        <CardTitle as="h2" id="conversion-queue-title">
          Conversion Queue ({queue.items.length})
        </CardTitle>
        <div className="flex flex-wrap gap-2">
          {completed > 0 && (
            <Button size="sm" onClick={onDownloadAll}>
              <Download aria-hidden />
              Download All ({completed})
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onClear}>
            <Trash2 aria-hidden />
            Clear Queue
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <p role="status" className="sr-only" data-testid="conversion-outcome">
          {outcome && `${outcome.title}. ${outcome.description}`}
        </p>
        {busy && overall.total > 0 && (
          <div className="space-y-2" data-testid="conversion-overall">
            <div className="flex flex-wrap justify-between gap-2 text-sm text-slate-700">
              <span>Processing {countOf(overall.total, 'file')}...</span>
              <span aria-live="polite">
                {overall.completed} / {overall.total} completed
              </span>
            </div>
            <Progress value={overall.percent} aria-label="Overall conversion progress" />
          </div>
        )}
        <ul ref={listRef} className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {queue.items.map((item, index) => (
            <QueueItemRow
              key={item.id}
              item={item}
              onRemove={(id) => {
                removing(index);
                onRemove(id);
              }}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
