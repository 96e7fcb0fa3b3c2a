// A converter page, one component for all 21 pages, fed by the catalog entry, in the tool-page
// layout shared with the downloaders.
// Loaded on demand by the router. Renders without touching `window` (pages are prerendered).
import {
  acceptedFileTypes,
  converterRoute,
  readableInputs,
  routeForPath,
  type ConverterPage,
} from '@grabbit/catalog';
import { Loader2, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { MonetizedButton, resetGateAfterDownload } from '../monetization';
import { ToolCard, ToolPageLayout } from '../tool-page';
import { ConversionOptionsPanel } from './components/conversion-options-panel';
import { ConversionQueuePanel } from './components/conversion-queue-panel';
import { ConverterGuideBox } from './components/converter-guide-box';
import { FileDropZone } from './components/file-drop-zone';
import { OutputFormatSelect } from './components/output-format-select';
import { RefusedFileList } from './components/refused-file-list';
import { SelectedFileList } from './components/selected-file-list';
import { useConversionQueue } from './hooks/use-conversion-queue';
import { useSelectedFiles } from './hooks/use-selected-files';
import { defaultConversionOptions, optionFields } from './lib/conversion-options';
import { completedItems } from './lib/conversion-queue';
import { saveZip, zipName } from './lib/zip-results';

export default function ConverterRoute({ page }: { page: ConverterPage }) {
  // A new page starts fresh: the router keeps this component mounted between converter routes.
  return <ConverterPageView key={page.id} page={page} />;
}

function ConverterPageView({ page }: { page: ConverterPage }) {
  const meta = routeForPath(converterRoute(page));
  const [outputFormat, setOutputFormat] = useState(page.outputs[0] ?? '');
  const [options, setOptions] = useState(defaultConversionOptions);
  const selection = useSelectedFiles(page);
  const conversions = useConversionQueue(page);
  const { busy, queue } = conversions;
  // Where focus goes when the last selected or queued file is removed.
  const browseButton = useRef<HTMLButtonElement>(null);

  const startBatch = async () => {
    const fields = optionFields(options, page.kind);
    const ran = await conversions.convert(selection.files, { outputFormat, fields });
    if (ran) {
      selection.clear();
      resetGateAfterDownload();
    }
  };

  const downloadAll = () =>
    void saveZip(
      completedItems(queue).flatMap((item) =>
        item.outputUrl && item.downloadName ? [{ url: item.outputUrl, fileName: item.downloadName }] : [],
      ),
      zipName(page),
    );

  return (
    <ToolPageLayout
      data-testid="converter-page"
      heading={meta?.heading ?? `${page.label} Converter`}
      description={meta?.description}
      card={
        <ToolCard>
          <OutputFormatSelect
            formats={page.outputs}
            value={outputFormat}
            onChange={setOutputFormat}
            disabled={busy}
          />
          <FileDropZone
            accept={acceptedFileTypes(page)}
            supportedFormats={readableInputs(page)}
            maxSize={page.maxSize}
            disabled={busy}
            onFiles={selection.add}
            buttonRef={browseButton}
          />
          <SelectedFileList
            files={selection.files}
            outputFormat={outputFormat}
            disabled={busy}
            onRemove={selection.remove}
            focusWhenEmpty={browseButton}
          />
          <RefusedFileList files={selection.refused} />
          <ConversionOptionsPanel kind={page.kind} value={options} onChange={setOptions} disabled={busy} />
          <MonetizedButton
            platformType="regular"
            gatedButton="converter"
            size="lg"
            className="w-full sm:w-auto"
            disabled={busy || selection.files.length === 0}
            onAction={() => void startBatch()}
            data-testid="convert-button"
          >
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
            {busy ? 'Converting...' : 'Convert Files'}
          </MonetizedButton>
        </ToolCard>
      }
      queue={
        <ConversionQueuePanel
          queue={queue}
          busy={busy}
          onRemove={conversions.remove}
          onClear={conversions.clear}
          onDownloadAll={downloadAll}
          focusWhenEmpty={browseButton}
        />
      }
      help={<ConverterGuideBox page={page} />}
    />
  );
}
