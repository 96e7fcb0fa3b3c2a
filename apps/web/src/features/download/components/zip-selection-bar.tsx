// Above a long playlist's videos or a post's items: "Select all" and the one gated button that
// saves the selection as one zip (one batch on the server, one job start, one gate for all).
import { countOf } from '@grabbit/catalog';
import { MonetizedButton, type PlatformType } from '../../monetization';

export interface ZipSelectionBarProps {
  selectable: number;
  selected: number;
  platformType: PlatformType;
  onSelectAll: (checked: boolean) => void;
  onZip: () => void;
}

export function ZipSelectionBar({
  selectable,
  selected,
  platformType,
  onSelectAll,
  onZip,
}: ZipSelectionBarProps) {
  return (
    <div
      className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-md bg-slate-50 p-3"
      data-testid="zip-selection"
    >
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          className="size-5"
          checked={selected === selectable}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        Select all ({selectable})
      </label>
      <MonetizedButton
        platformType={platformType}
        gatedButton="queue-item"
        disabled={selected === 0}
        onAction={onZip}
        gatedAction={`Save zip of ${countOf(selected, 'file')}`}
        data-testid="zip-selection-button"
      >
        Save zip ({countOf(selected, 'file')})
      </MonetizedButton>
    </div>
  );
}
