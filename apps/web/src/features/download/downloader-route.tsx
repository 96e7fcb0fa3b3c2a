// The shared downloader page, fed by the catalog: heading, banner slots, the tool
// card, the queue once it has items, the how-to guide and privacy note, then the site's own
// content. Lazy-loaded by the router; renders without touching `window` (pages are prerendered).
import { routeForPath, type Platform } from '@grabbit/catalog';
import { useEffect } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { usePublicConfig } from '../../lib/connection';
import { AdSlot } from '../ads';
import { alignStoredGate, type PlatformType } from '../monetization';
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

  return (
    <div className="mx-auto max-w-4xl space-y-8" data-testid="downloader-page" data-ready={hydrated}>
      <header className="space-y-2 text-center">
        <h1 className="text-3xl font-bold text-slate-900">
          {meta?.heading ?? `${platform.name} Video Downloader`}
        </h1>
        <p className="text-slate-700">{meta?.description}</p>
      </header>
      <AdSlot size="728x90" priority="high" className="hidden md:flex" />
      <AdSlot size="320x50" priority="high" className="md:hidden" />
      <DownloaderCard
        key={platform.id}
        generation={flow.generation}
        platform={platform}
        platformType={platformType}
        testHosts={testHosts}
        busy={flow.busy}
        onStart={(options) => void flow.start(options)}
      />
      <DownloadQueue
        items={flow.queue}
        platformType={platformType}
        onDownload={flow.downloadItem}
        onSave={flow.saveItem}
        onDelete={flow.deleteCloudItem}
        onZip={flow.downloadZip}
      />
      <AdSlot size="300x250" priority="medium" />
      <HowToGuide platform={platform} />
      <PrivacyNote />
      <SiteSections platform={platform} />
      <AdSlot size="728x90" priority="low" className="hidden md:flex" />
    </div>
  );
}
