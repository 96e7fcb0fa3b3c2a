// A converter page (spec section 2), one component for all 21 pages, fed by the catalog entry.
// Loaded on demand by the router. Renders without touching `window` (pages are prerendered).
import { acceptedFileTypes, converterRoute, routeForPath, type ConverterPage } from '@grabbit/catalog';
import { Loader2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { AdSlot } from '../ads';
import { ConversionQueuePanel } from './components/conversion-queue-panel';
import { ConverterGuideBox } from './components/converter-guide-box';
import { FileDropZone } from './components/file-drop-zone';
import { OutputFormatSelect } from './components/output-format-select';
import { SelectedFileList } from './components/selected-file-list';
import { useConversionQueue } from './hooks/use-conversion-queue';
import { useSelectedFiles } from './hooks/use-selected-files';
import { completedItems } from './lib/conversion-queue';
import { saveFiles } from './lib/save-file';

export default function ConverterRoute({ page }: { page: ConverterPage }) {
  // A new page starts fresh: the router keeps this component mounted between converter routes.
  return <ConverterPageView key={page.id} page={page} />;
}

function ConverterPageView({ page }: { page: ConverterPage }) {
  const meta = routeForPath(converterRoute(page));
  const [outputFormat, setOutputFormat] = useState(page.outputs[0] ?? '');
  const selection = useSelectedFiles(page);
  const conversions = useConversionQueue(page);
  const { busy, queue } = conversions;

  const startBatch = async () => {
    const ran = await conversions.convert(selection.files, outputFormat);
    if (ran) selection.clear();
  };

  const downloadAll = () =>
    void saveFiles(
      completedItems(queue).flatMap((item) =>
        item.outputUrl && item.downloadName ? [{ url: item.outputUrl, fileName: item.downloadName }] : [],
      ),
    );

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {meta?.heading ?? `${page.label} Converter`}
        </h1>
        {meta?.description && <p className="text-slate-700">{meta.description}</p>}
      </header>
      <AdSlot size="728x90" priority="high" />
      <Card>
        <CardContent className="space-y-5 pt-5">
          <OutputFormatSelect
            formats={page.outputs}
            value={outputFormat}
            onChange={setOutputFormat}
            disabled={busy}
          />
          <FileDropZone
            accept={acceptedFileTypes(page)}
            supportedFormats={page.inputs}
            maxSize={page.maxSize}
            disabled={busy}
            onFiles={selection.add}
          />
          <SelectedFileList files={selection.files} disabled={busy} onRemove={selection.remove} />
          <Button
            size="lg"
            className="w-full sm:w-auto"
            disabled={busy || selection.files.length === 0}
            onClick={() => void startBatch()}
          >
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
            {busy ? 'Converting...' : 'Convert Files'}
          </Button>
        </CardContent>
      </Card>
      <ConversionQueuePanel
        queue={queue}
        busy={busy}
        onRemove={conversions.remove}
        onClear={conversions.clear}
        onDownloadAll={downloadAll}
      />
      <AdSlot size="300x250" />
      <ConverterGuideBox page={page} />
    </div>
  );
}
