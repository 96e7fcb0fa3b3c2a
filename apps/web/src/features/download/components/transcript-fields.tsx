// The preview card's transcript: the video's subtitles or automatic captions saved instead of the
// video, as plain text, Markdown with timestamps, SRT, VTT or JSON, in a language the site offers.
// A video without any says so, and offers nothing that would fail.
import type { MediaInfoResponse } from '@grabbit/contracts';
import { SelectField } from '../../../components/ui/select-field';
import type { ClipChoice } from '../lib/clip-choice';
import { transcriptFormats, transcriptLanguages } from '../lib/transcript-choice';

type TranscriptChoice = Pick<ClipChoice, 'transcript' | 'transcriptLanguage'>;

export interface TranscriptFieldsProps {
  idPrefix: string;
  info: Pick<MediaInfoResponse, 'subtitles' | 'automaticCaptions'>;
  choice: TranscriptChoice;
  disabled: boolean;
  onChange: (patch: Partial<TranscriptChoice>) => void;
}

export function TranscriptFields({ idPrefix, info, choice, disabled, onChange }: TranscriptFieldsProps) {
  const languages = transcriptLanguages(info);
  const language = choice.transcriptLanguage || languages[0]?.language || '';
  return (
    <fieldset className="space-y-2" data-testid="transcript-fields">
      <legend className="text-sm font-medium text-slate-900">Transcript</legend>
      {languages.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="transcript-none">
          This video has no subtitles or automatic captions, so there is no transcript to save.
        </p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              id={`${idPrefix}-format`}
              label="Save a transcript"
              testId="transcript-format"
              value={choice.transcript}
              options={[{ value: '', label: 'No, save the video' }, ...transcriptFormats]}
              disabled={disabled}
              onChange={(value) =>
                onChange({
                  transcript: transcriptFormats.find((f) => f.value === value)?.value ?? '',
                  transcriptLanguage: language,
                })
              }
            />
            {choice.transcript && (
              <SelectField
                id={`${idPrefix}-language`}
                label="Transcript language"
                testId="transcript-language"
                value={language}
                options={languages.map((l) => ({ value: l.language, label: l.label }))}
                disabled={disabled}
                onChange={(transcriptLanguage) => onChange({ transcriptLanguage })}
              />
            )}
          </div>
          {choice.transcript && (
            <p className="text-xs text-slate-600" aria-live="polite">
              Download saves the transcript instead of the video.
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
