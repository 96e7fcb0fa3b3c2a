// Downloader and converter routes load their feature code on demand, so the home page stays small.
import { converterById, platformById, routeForPath, type PlatformId } from '@grabbit/catalog';
import { lazy, Suspense } from 'react';
import { PageLoading } from './page-loading';

const DownloaderRoute = lazy(() => import('../../features/download/downloader-route'));
const ConverterRoute = lazy(() => import('../../features/convert/converter-route'));

export function DownloaderPage({ platformId }: { platformId: PlatformId }) {
  const platform = platformById(platformId);
  if (!platform) return <p role="alert">{`Configuration for ${platformId} Downloader not found.`}</p>;
  return (
    <Suspense fallback={<PageLoading heading={routeForPath(platform.route)?.heading ?? platform.name} />}>
      <DownloaderRoute platform={platform} />
    </Suspense>
  );
}

/** A converter route: its catalog configuration, or the fixed message when it is missing. */
export function ConverterPageRoute({ converterId }: { converterId: string }) {
  const page = converterById(converterId);
  if (!page) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-red-900">
        {`Configuration for ${converterId.toUpperCase()} Converter not found.`}
      </p>
    );
  }
  return (
    <Suspense fallback={<PageLoading heading={`${page.label} Converter`} />}>
      <ConverterRoute page={page} />
    </Suspense>
  );
}
