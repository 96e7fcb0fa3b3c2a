// The upload area: drop files on it or browse for them. The picker only lists the page's types;
// dropped files are filtered by the caller. While disabled it neither highlights nor takes drops.
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useHydrated } from '../../../lib/use-hydrated';

interface FileDropZoneProps {
  accept: string;
  supportedFormats: readonly string[];
  maxSize: string;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  /** The Browse button, for the lists that hand focus back here when they empty. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
}

export function FileDropZone({
  accept,
  supportedFormats,
  maxSize,
  disabled: busy = false,
  onFiles,
  buttonRef,
}: FileDropZoneProps) {
  const hydrated = useHydrated();
  const disabled = busy || !hydrated;
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const highlighted = dragging && !disabled;

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Moving over a child fires dragleave on the parent; only leaving the zone counts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };

  return (
    <div
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-dragging={highlighted || undefined}
      data-testid="convert-drop-zone"
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors sm:p-10',
        highlighted ? 'border-indigo-600 bg-indigo-50' : 'border-slate-300',
        busy && 'opacity-60',
      )}
    >
      <Upload className="size-10 text-slate-500" aria-hidden />
      <p className="text-base font-medium text-slate-900">
        {highlighted ? 'Drop files here' : 'Drag and drop files here, or'}
      </p>
      <Button
        ref={buttonRef}
        variant="outline"
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        aria-describedby={hintId}
      >
        Browse files
      </Button>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={accept}
        disabled={disabled}
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose files to convert"
        data-testid="convert-file-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // Choosing the same file again must fire change again.
          event.target.value = '';
        }}
      />
      <p id={hintId} className="text-sm text-slate-600">
        Supported formats: {supportedFormats.map((f) => f.toUpperCase()).join(', ')} · Maximum size: {maxSize}
      </p>
    </div>
  );
}
