// The tool card: URL rows, the format dropdown (for a post: applied to each of its videos), Instagram's cookie
// field, the preview of a single link (quality, trim, subtitles), "Keep in cloud storage" (when the
// server offers it), the monetization notice and the gated main button. A shared link (`?url=`)
// fills the first row.
import type { DownloadFormat, Platform, TestHosts } from '@grabbit/catalog';
import { downloadDefaults, pacing, withScheme } from '@grabbit/catalog';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  CloudStorageOptions,
  defaultCloudChoice,
  useCloudStorageEnabled,
  type CloudChoice,
} from '../../cloud-storage';
import { MonetizationNotice, MonetizedButton, type PlatformType } from '../../monetization';
import { ToolCard } from '../../tool-page';
import { useLinkChecks } from '../api/link-check';
import { useMediaInfo } from '../api/media-info';
import type { StartOptions } from '../hooks/use-download-flow';
import { useSharedLink } from '../hooks/use-shared-link';
import { choiceFields, noChoice, type ClipChoice } from '../lib/clip-choice';
import { isMultiMediaMode } from '../lib/link-kind';
import { postFormatHint } from '../lib/post-item-format';
import {
  addRow,
  checkRow,
  emptyRow,
  linksToCheck,
  removeRow,
  spreadRow,
  validRows,
  withVerdict,
} from '../lib/url-rows';
import { FormatSelect } from './format-select';
import { InstagramCookieField } from './instagram-cookie-field';
import { PreviewCard } from './preview-card';
import { UrlRowsField } from './url-rows-field';

export interface DownloaderCardProps {
  platform: Platform;
  platformType: PlatformType;
  testHosts: TestHosts;
  busy: boolean;
  /** Changes after each run: the main button is remounted fresh. */
  generation: number;
  onStart: (options: StartOptions) => void;
}

export function DownloaderCard({
  platform,
  platformType,
  testHosts,
  busy,
  generation,
  onStart,
}: DownloaderCardProps) {
  // A fixed id for the first row: the prerendered HTML and the first client render must agree.
  const [entries, setEntries] = useState(() => [emptyRow('first-row')]);
  const [format, setFormat] = useState<DownloadFormat>(downloadDefaults.format);
  const [cookies, setCookies] = useState('');
  const cloudEnabled = useCloudStorageEnabled();
  const [cloud, setCloud] = useState<CloudChoice>(defaultCloudChoice);
  // Checked on every render, so rows typed before the server's test hosts arrived are re-checked.
  const checkedRows = useMemo(
    () => entries.map((row) => checkRow(row, row.value, platform, testHosts)),
    [entries, platform, testHosts],
  );
  // Then asked of the server once typing pauses: its refusal shows on the row before any gate click.
  const settledLinks = useDebouncedValue(linksToCheck(checkedRows).join('\n'), pacing.previewDebounceMs);
  const verdicts = useLinkChecks(platform.id, settledLinks ? settledLinks.split('\n') : []);
  const rows = checkedRows.map((row) => withVerdict(row, verdicts.get(row.value.trim())));
  const multiMedia = isMultiMediaMode(
    platform,
    rows.map((row) => row.value),
    testHosts,
  );
  useSharedLink(platform, (link) => setEntries([{ ...emptyRow(), value: link }]));
  // The preview: exactly one link, valid, one video (not a playlist or a post).
  const filled = rows.filter((row) => row.value.trim());
  const single = filled.length === 1 && !filled[0]?.error && !filled[0]?.isPlaylist && !multiMedia;
  const typedPreviewUrl = single ? filled[0]?.value.trim() : undefined;
  // Asked for once typing pauses and the server took the link, and only while it is still the
  // link in the field.
  const settledPreviewUrl = useDebouncedValue(typedPreviewUrl, pacing.previewDebounceMs);
  const previewUrl =
    typedPreviewUrl && settledPreviewUrl === typedPreviewUrl && verdicts.get(typedPreviewUrl)?.valid
      ? withScheme(typedPreviewUrl)
      : undefined;
  const [picked, setPicked] = useState<{ url?: string; choice: ClipChoice }>({ choice: noChoice });
  const choice = picked.url === previewUrl ? picked.choice : noChoice;
  const info = useMediaInfo(platform.id, previewUrl).data;

  const hasValidRow = () => {
    if (validRows(rows, platform, testHosts).length > 0) return true;
    toast.error('No URL Entered', { description: 'Please enter a valid URL to download' });
    return false;
  };
  const start = () => {
    const valid = validRows(rows, platform, testHosts);
    const fields = previewUrl && info ? choiceFields(choice, format) : undefined;
    onStart({
      rows: valid,
      format,
      choice: fields && { ...fields, thumbnailUrl: info?.thumbnailUrl ?? undefined, title: info?.title },
      instagramCookies: platform.sessionCookie && cookies.trim() ? cookies.trim() : undefined,
      cloud: cloudEnabled && cloud.keep && !multiMedia ? cloud : undefined,
    });
  };

  return (
    <ToolCard>
      <UrlRowsField
        platform={platform}
        rows={rows}
        disabled={busy}
        onChange={(id, value) =>
          setEntries((current) => current.map((row) => (row.id === id ? { ...row, value } : row)))
        }
        onAdd={() => setEntries((current) => addRow(current))}
        onRemove={(id) => setEntries((current) => removeRow(current, id))}
        onPasteLinks={(id, links) => setEntries((current) => spreadRow(current, id, links))}
      />
      {previewUrl && (
        <PreviewCard
          platformId={platform.id}
          url={previewUrl}
          format={format}
          choice={choice}
          disabled={busy}
          onChange={(patch) => setPicked({ url: previewUrl, choice: { ...choice, ...patch } })}
        />
      )}
      <FormatSelect
        value={format}
        disabled={busy}
        onChange={setFormat}
        hint={multiMedia ? postFormatHint : undefined}
      />
      {cloudEnabled && !multiMedia && (
        <CloudStorageOptions value={cloud} disabled={busy} onChange={setCloud} />
      )}
      {platform.sessionCookie && (
        <InstagramCookieField value={cookies} disabled={busy} onChange={setCookies} />
      )}
      <MonetizationNotice platformType={platformType} />
      <MonetizedButton
        key={generation}
        platformType={platformType}
        gatedButton="downloader"
        size="lg"
        className="w-full"
        disabled={busy}
        guard={hasValidRow}
        onAction={start}
        data-testid="main-download-button"
      >
        <Download aria-hidden />
        {busy ? 'Processing...' : 'Download'}
      </MonetizedButton>
    </ToolCard>
  );
}
