// The preview under a single valid link: thumbnail, title, duration and uploader, then the quality
// picker with sizes, the optional trim, when the video has any the subtitles picker and its
// chapters (each one a trim), its transcript, and SponsorBlock where the site has it. While it
// loads a short note shows; a failed preview says so and the download still works.
import { platformById, takesTargetSize, type DownloadFormat, type PlatformId } from '@grabbit/catalog';
import { useId } from 'react';
import { TargetSizeField } from '../../../components/target-size-field';
import { SelectField } from '../../../components/ui/select-field';
import { useMediaInfo } from '../api/media-info';
import { formatDuration, type ClipChoice } from '../lib/clip-choice';
import { ChapterList } from './chapter-list';
import { QualityPicker } from './quality-picker';
import { TranscriptFields } from './transcript-fields';
import { TrimFields } from './trim-fields';

export interface PreviewCardProps {
  platformId: PlatformId;
  url: string;
  format: DownloadFormat;
  choice: ClipChoice;
  disabled: boolean;
  onChange: (patch: Partial<ClipChoice>) => void;
}

/** A yes/no choice of the card. */
function Check({
  name,
  label,
  choice,
  disabled,
  onChange,
}: Pick<PreviewCardProps, 'choice' | 'disabled' | 'onChange'> & {
  name: 'pictureOnly' | 'noTags';
  label: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        checked={choice[name]}
        disabled={disabled}
        data-testid={name}
        onChange={(event) => onChange({ [name]: event.target.checked })}
      />
      {label}
    </label>
  );
}

export function PreviewCard({ platformId, url, format, choice, disabled, onChange }: PreviewCardProps) {
  const id = useId();
  const { data: info, isPending, isError } = useMediaInfo(platformId, url);
  if (isPending)
    return (
      <p className="text-sm text-slate-600" aria-live="polite" data-testid="preview-loading">
        Reading the video's details...
      </p>
    );
  if (isError || !info)
    return (
      <p className="text-sm text-slate-600" data-testid="preview-error">
        No preview for this link; you can still download it.
      </p>
    );
  const details = [info.duration ? formatDuration(info.duration) : null, info.uploader].filter(Boolean);
  // The video itself is saved (not only its picture or its transcript).
  const videoSaved = !choice.pictureOnly && !choice.transcript;
  return (
    <section
      aria-label="Video preview"
      className="space-y-3 rounded-md border border-slate-200 p-3"
      data-testid="preview-card"
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        {info.thumbnailUrl && (
          <img
            src={info.thumbnailUrl}
            alt=""
            className="aspect-video w-full shrink-0 rounded object-cover sm:w-40"
            data-testid="preview-thumbnail"
          />
        )}
        <div className="min-w-0 space-y-1">
          <p className="font-medium break-words text-slate-900" data-testid="preview-title">
            {info.title}
          </p>
          {details.length > 0 && <p className="text-sm text-slate-600">{details.join(' · ')}</p>}
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <QualityPicker
          id={`${id}-quality`}
          info={info}
          format={format}
          value={choice.quality}
          disabled={disabled || !videoSaved}
          onChange={(quality) => onChange({ quality })}
        />
        {info.subtitles.length > 0 && (
          <div className="space-y-1">
            <SelectField
              id={`${id}-subtitles`}
              label="Subtitles"
              testId="subtitles-picker"
              value={choice.subtitles}
              options={[
                { value: '', label: 'None' },
                ...info.subtitles.map((s) => ({
                  value: s.language,
                  label: s.name ? `${s.name} (${s.language})` : s.language,
                })),
              ]}
              disabled={disabled || !videoSaved}
              onChange={(subtitles) => onChange({ subtitles })}
            />
          </div>
        )}
      </div>
      {info.thumbnailUrl && !choice.transcript && (
        <Check name="pictureOnly" label="Only the picture, as a JPEG" {...{ choice, disabled, onChange }} />
      )}
      {!choice.pictureOnly && (
        <TranscriptFields idPrefix={`${id}-transcript`} {...{ info, choice, disabled, onChange }} />
      )}
      {videoSaved && (
        <Check
          name="noTags"
          label="Leave out the title, artist, date and cover art"
          {...{ choice, disabled, onChange }}
        />
      )}
      {videoSaved && <ChapterList chapters={info.chapters} {...{ choice, disabled, onChange }} />}
      {videoSaved && !choice.splitChapters && (
        <TrimFields
          idPrefix={`${id}-trim`}
          choice={choice}
          duration={info.duration}
          disabled={disabled}
          onChange={onChange}
        />
      )}
      {videoSaved && !choice.targetSize.trim() && platformById(platformId)?.sponsorBlock && (
        <SelectField
          id={`${id}-sponsorblock`}
          label="Sponsor, intro, outro and reminder segments (SponsorBlock)"
          testId="sponsorblock-picker"
          value={choice.sponsorBlock}
          options={[
            { value: 'off', label: 'Keep them' },
            { value: 'remove', label: 'Remove them' },
            { value: 'chapters', label: 'Mark them as chapters' },
          ]}
          disabled={disabled}
          onChange={(sponsorBlock) => onChange({ sponsorBlock: sponsorBlock as ClipChoice['sponsorBlock'] })}
        />
      )}
      {videoSaved && takesTargetSize(format) && (
        <TargetSizeField
          id={`${id}-target-size`}
          value={choice.targetSize}
          disabled={disabled}
          onChange={(targetSize) => onChange({ targetSize })}
        />
      )}
    </section>
  );
}
