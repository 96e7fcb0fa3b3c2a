// The video's chapters in the preview card: start time and title, each with a button that sets
// the trim to that chapter, and "one file per chapter" (a zip of the chapters) when there are two
// or more. The list scrolls inside the card, so a long one never pushes the Download button away.
import type { MediaChapter } from '@grabbit/contracts';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { chapterTrim, isChapterTrim } from '../lib/chapters';
import { formatDuration, type ClipChoice } from '../lib/clip-choice';

export interface ChapterListProps {
  chapters: readonly MediaChapter[];
  choice: Pick<ClipChoice, 'start' | 'end' | 'splitChapters'>;
  disabled: boolean;
  onChange: (patch: Partial<Pick<ClipChoice, 'start' | 'end' | 'splitChapters'>>) => void;
}

export function ChapterList({ chapters, choice, disabled, onChange }: ChapterListProps) {
  const headingId = useId();
  if (chapters.length === 0) return null;
  return (
    <div className="space-y-2">
      <p id={headingId} className="text-sm font-medium text-slate-900">
        Chapters ({chapters.length})
      </p>
      <ol
        aria-labelledby={headingId}
        className="max-h-56 divide-y divide-slate-200 overflow-y-auto rounded-md border border-slate-200"
        data-testid="chapter-list"
      >
        {chapters.map((chapter, index) => {
          const picked = isChapterTrim(choice, chapter);
          const span = `${formatDuration(chapter.start)} to ${formatDuration(chapter.end)}`;
          return (
            <li
              // Two chapters may share a title; their start times differ.
              key={`${chapter.start}-${index}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2 py-1.5"
              data-testid="chapter"
            >
              <span className="shrink-0 text-xs text-slate-600 tabular-nums" data-testid="chapter-start">
                {formatDuration(chapter.start)}
              </span>
              <span className="min-w-0 flex-1 text-sm break-words text-slate-900" data-testid="chapter-title">
                {chapter.title}
              </span>
              {!choice.splitChapters && (
                <Button
                  type="button"
                  variant={picked ? 'secondary' : 'outline'}
                  size="sm"
                  // The visible words first, so a voice command saying them reaches the button; the
                  // words stay, aria-pressed says whether the trim is this chapter.
                  aria-label={`Trim to this chapter: ${chapter.title}, ${span}`}
                  aria-pressed={picked}
                  disabled={disabled}
                  onClick={() => onChange(chapterTrim(chapter))}
                >
                  {picked && <Check aria-hidden />}
                  Trim to this chapter
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {chapters.length > 1 && (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={choice.splitChapters}
            disabled={disabled}
            data-testid="splitChapters"
            onChange={(event) => onChange({ splitChapters: event.target.checked })}
          />
          One file per chapter (a zip of {chapters.length} files, the whole video)
        </label>
      )}
    </div>
  );
}
