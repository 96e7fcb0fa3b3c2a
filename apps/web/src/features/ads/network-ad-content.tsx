// What an AdSlot shows inside its reserved box: the network's ad when a key is configured for this
// size and page (adult routes use the adult key set), else the placeholder.
import { useLocation } from 'react-router';
import { usePublicConfig } from '../../lib/connection';
import { adKeyFor } from './ad-keys';
import { useNetworkAd } from './use-network-ad';

function Placeholder() {
  return <span aria-hidden>Advertisement</span>;
}

function NetworkAd({
  networkUrl,
  adKey,
  width,
  height,
}: {
  networkUrl: string;
  adKey: string;
  width: number;
  height: number;
}) {
  const { containerRef, state } = useNetworkAd(networkUrl, adKey, width, height);
  return (
    <div
      className="relative flex size-full items-center justify-center"
      data-ad-state={state}
      data-ad-key={adKey}
    >
      <div ref={containerRef} className="flex size-full items-center justify-center" />
      {state === 'slow' && <span className="absolute text-xs text-slate-600">Ad loading...</span>}
    </div>
  );
}

export function NetworkAdContent({ size, width, height }: { size: string; width: number; height: number }) {
  const { pathname } = useLocation();
  const settings = usePublicConfig().data?.ads;
  const key = adKeyFor(settings, pathname, size);
  if (!settings || !key) return <Placeholder />;
  return <NetworkAd networkUrl={settings.networkUrl} adKey={key} width={width} height={height} />;
}
