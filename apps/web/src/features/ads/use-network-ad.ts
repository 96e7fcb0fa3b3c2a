// One slot's life with the ad network: loading, then loaded once the network's frame appears. With
// no frame after 3 s it shows 'Ad loading...', logs a warning and tries once more after 2 s.
import { ads } from '@grabbit/catalog';
import { useEffect, useRef, useState } from 'react';
import { enqueueAd } from './ad-loader';

export type NetworkAdState = 'loading' | 'loaded' | 'slow';

export function useNetworkAd(networkUrl: string, key: string | undefined, width: number, height: number) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<NetworkAdState>('loading');

  useEffect(() => {
    const container = containerRef.current;
    // Slots hidden at this screen size (display: none) load nothing.
    if (!container || !key || container.getClientRects().length === 0) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const hasFrame = () => container.querySelector('iframe') !== null;
    const observer = new MutationObserver(() => {
      if (hasFrame()) setState('loaded');
    });
    observer.observe(container, { childList: true, subtree: true });

    const load = (retriesLeft: number) => {
      setState('loading');
      void enqueueAd({ container, networkUrl, key, width, height }).then(() => {
        timers.push(
          setTimeout(() => {
            if (hasFrame()) return setState('loaded');
            console.warn(`Ad ${width}x${height} did not load`);
            setState('slow');
            if (retriesLeft > 0) timers.push(setTimeout(() => load(retriesLeft - 1), ads.retryMs));
          }, ads.loadCheckMs),
        );
      });
    };
    load(1);
    return () => {
      observer.disconnect();
      for (const timer of timers) clearTimeout(timer);
      container.replaceChildren();
    };
  }, [networkUrl, key, width, height]);

  return { containerRef, state };
}
