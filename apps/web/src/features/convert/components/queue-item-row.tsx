// One file in the conversion queue: name, status text, the output's name and size once converted,
// progress bars, save link and remove.
import { formatMegabytes } from '@grabbit/catalog';
import { CheckCircle2, Download, Loader2, X, XCircle } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { Progress } from '../../../components/ui/progress';
import { statusText, type QueueItem } from '../lib/conversion-queue';
import { fileExtension } from '../lib/file-names';

/** What the save link does: saves the file in its format ("Save MP3"). */
const saveLabel = (name: string) => `Save ${fileExtension(name).toUpperCase() || 'file'}`;

const statusIcon = {
  converting: <Loader2 className="size-5 shrink-0 animate-spin text-indigo-700" aria-hidden />,
  completed: <CheckCircle2 className="size-5 shrink-0 text-green-700" aria-hidden />,
  failed: <XCircle className="size-5 shrink-0 text-red-700" aria-hidden />,
} as const;

const statusColour = {
  converting: 'text-slate-700',
  completed: 'text-green-800',
  failed: 'text-red-800',
} as const;

export function QueueItemRow({ item, onRemove }: { item: QueueItem; onRemove: (id: string) => void }) {
  const converting = item.status === 'converting';
  const conversion = item.conversion?.stage === 'uploading' ? undefined : item.conversion;
  return (
    <li className="space-y-2 p-3" data-testid="conversion-queue-item" data-status={item.status}>
      <div className="flex flex-wrap items-center gap-3">
        {statusIcon[item.status]}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900" title={item.name}>
            {item.name}
          </p>
          <p className={`text-xs break-words ${statusColour[item.status]}`} data-testid="conversion-status">
            {statusText(item)}
          </p>
          {item.status === 'completed' && item.downloadName && (
            <p className="truncate text-xs text-slate-700" data-testid="conversion-output">
              {item.downloadName}
              {item.outputBytes !== undefined && ` · ${formatMegabytes(item.outputBytes)}`}
            </p>
          )}
        </div>
        <div className="flex items-center gap-1">
          {item.status === 'completed' && item.outputUrl && item.downloadName && (
            <a href={item.outputUrl} download={item.downloadName} className={buttonClasses('outline', 'sm')}>
              <Download aria-hidden />
              {saveLabel(item.downloadName)}
              <span className="sr-only"> {item.downloadName}</span>
            </a>
          )}
          <IconButton label={`Remove ${item.name} from the queue`} onClick={() => onRemove(item.id)}>
            <X aria-hidden />
          </IconButton>
        </div>
      </div>
      {converting && item.progress > 0 && (
        <Progress value={item.progress} aria-label={`Upload progress of ${item.name}`} />
      )}
      {converting && conversion && (
        <Progress
          value={conversion.percent}
          aria-label={`Conversion progress of ${item.name}`}
          indicatorColor="bg-green-700"
        />
      )}
    </li>
  );
}
