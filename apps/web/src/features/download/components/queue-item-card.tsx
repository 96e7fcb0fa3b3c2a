// One queue item: thumbnail (a placeholder when it fails to load), title, the progress bar with the percentage or Processing, then the
// gated save button (completed; Delete beside it while the file waits on the server or is kept
// in cloud storage), the gated download
// button (pending) or Retry (error).
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { Progress } from '../../../components/ui/progress';
import { Button } from '../../../components/ui/button';
import { MonetizedButton, type PlatformType } from '../../monetization';
import {
  canDelete,
  formatFileSize,
  opensInNewTab,
  progressLabel,
  saveLabel,
  type QueueItem,
} from '../lib/queue';

export interface QueueItemCardProps {
  item: QueueItem;
  platformType: PlatformType;
  onDownload: (item: QueueItem) => void;
  onSave: (item: QueueItem) => void;
  onDelete: (item: QueueItem) => void;
  /** Said under the item's failure when the server refused it for the files waiting there. */
  waitingNote?: string;
  /** Set on items that may be picked for one zip: the item's checkbox. */
  selection?: { checked: boolean; onChange: (checked: boolean) => void };
}

const statusText: Record<QueueItem['status'], string> = {
  pending: 'Ready to download',
  downloading: 'Downloading',
  processing: 'Processing',
  completed: 'Completed',
  error: 'Failed',
};

/** The item's picture; one that fails to load gives way to a plain placeholder, never a broken image. */
function QueueThumbnail({ src }: { src: string }) {
  const [failed, setFailed] = useState<string>();
  const box = 'h-16 w-28 shrink-0 rounded';
  if (failed === src)
    return (
      <div
        aria-hidden
        className={`${box} flex items-center justify-center bg-slate-100 text-slate-400`}
        data-testid="queue-thumbnail-fallback"
      >
        <ImageOff className="size-6" />
      </div>
    );
  return (
    <img src={src} alt="" className={`${box} object-cover`} loading="lazy" onError={() => setFailed(src)} />
  );
}

export function QueueItemCard({
  item,
  platformType,
  onDownload,
  onSave,
  onDelete,
  waitingNote,
  selection,
}: QueueItemCardProps) {
  const active = item.status === 'downloading' || item.status === 'processing';
  const size = formatFileSize(item.fileSize);
  return (
    <li
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center"
      data-testid="queue-item"
      data-status={item.status}
      data-task-id={item.taskId}
    >
      {selection && (
        <input
          type="checkbox"
          className="size-5 shrink-0"
          aria-label={`Select ${item.title}`}
          checked={selection.checked}
          onChange={(event) => selection.onChange(event.target.checked)}
        />
      )}
      {item.thumbnailUrl && <QueueThumbnail src={item.thumbnailUrl} />}
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate font-medium text-slate-900" title={item.title}>
          {item.title}
        </p>
        <p className="text-xs text-slate-600">
          {statusText[item.status]}
          {item.quality !== 'best' && <span data-testid="queue-quality">{` · ${item.quality}`}</span>}
          {item.postTitle && ` · ${item.postTitle}`}
          {item.playlistTitle && ` · ${item.playlistTitle}`}
          {size && ` · ${size}`}
        </p>
        {active && (
          <div className="flex items-center gap-2">
            <Progress value={item.progress} aria-label={`Progress of ${item.title}`} className="flex-1" />
            <span
              className="w-20 text-right text-xs text-slate-700 tabular-nums"
              data-testid="progress-label"
            >
              {progressLabel(item)}
            </span>
          </div>
        )}
        {item.status === 'error' && item.error && <p className="text-sm text-red-700">{item.error}</p>}
        {item.status === 'completed' && item.notice && (
          <p className="text-sm text-slate-700" data-testid="item-notice">
            {item.notice}
          </p>
        )}
        {item.status === 'error' && item.errorCode === 'RESULTS_WAITING' && waitingNote && (
          <p className="text-sm text-slate-700" data-testid="waiting-files">
            {waitingNote}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        {item.status === 'pending' && (
          <MonetizedButton
            platformType={platformType}
            gatedButton="queue-item"
            onAction={() => onDownload(item)}
          >
            Download
          </MonetizedButton>
        )}
        {item.status === 'completed' && item.downloadUrl && (
          <MonetizedButton
            platformType={platformType}
            gatedButton="queue-item"
            passed={item.gatePassed}
            onAction={() => onSave(item)}
          >
            {opensInNewTab(item) ? 'Open file' : saveLabel(item)}
          </MonetizedButton>
        )}
        {canDelete(item) && (
          <Button variant="outline" onClick={() => onDelete(item)}>
            Delete<span className="sr-only"> {item.title}</span>
          </Button>
        )}
        {item.status === 'error' && item.retryable !== false && (
          <Button variant="outline" onClick={() => onDownload(item)}>
            Retry
          </Button>
        )}
      </div>
    </li>
  );
}
