// The shared downloader page, fed by the catalog, in the tool-page layout: the tool card, the queue
// once it has items, and as help the how-to guide, the privacy note and the site's own content.
// Lazy-loaded by the router; renders without touching `window` (pages are prerendered).
import { routeForPath, type Platform } from '@grabbit/catalog';
import { useEffect, useMemo } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { usePublicConfig } from '../../lib/connection';
import { alignStoredGate, type PlatformType } from '../monetization';
import { ToolPageLayout } from '../tool-page';
import { DownloadQueue } from './components/download-queue';
import { DownloaderCard } from './components/downloader-card';
import { HowToGuide, PrivacyNote } from './components/how-to-and-privacy';
import { SiteSections } from './components/site-sections';
import { useDownloadFlow } from './hooks/use-download-flow';

const noTestHosts: readonly string[] = [];

export default function DownloaderRoute({ platform }: { platform: Platform }) {
  const meta = routeForPath(platform.route);
  const platformType: PlatformType = platform.adult ? 'adult' : 'regular';
  const testHosts = usePublicConfig().data?.testHosts ?? noTestHosts;
  const flow = useDownloadFlow(platform, testHosts);
  const hydrated = useHydrated();

  useEffect(() => alignStoredGate({ platformType, conversionMode: false }), [platformType]);
  // The help is most of the page and depends on the platform alone: kept as one element, it is not
  // rendered again when the page turns live or the configuration arrives (each re-renders this
  // route in one uninterruptible task).
  const help = useMemo(
    () => (
      <>
        <HowToGuide platform={platform} />
        <PrivacyNote />
        <SiteSections platform={platform} />
      </>
    ),
    [platform],
  );

  return (
    <ToolPageLayout
      data-testid="downloader-page"
      data-ready={hydrated}
      heading={meta?.heading ?? `${platform.name} Video Downloader`}
      description={meta?.description}
      card={
        <DownloaderCard
          key={platform.id}
          generation={flow.generation}
          platform={platform}
          platformType={platformType}
          testHosts={testHosts}
          busy={flow.busy}
          onStart={(options) => void flow.start(options)}
        />
      }
      queue={
        <DownloadQueue
          items={flow.queue}
          platformType={platformType}
          onDownload={flow.downloadItem}
          onSave={flow.saveItem}
          onDelete={flow.deleteItem}
          onZip={flow.downloadZip}
        />
      }
      help={help}
    />
  );
}
