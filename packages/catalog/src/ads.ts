// Ad slot sizes the network serves; any other size shows a placeholder.
export const adSlotSizes = ['728x90', '970x90', '300x250', '160x600', '320x50', '160x300', '468x60'] as const;
export type AdSlotSize = (typeof adSlotSizes)[number];
export type AdPriority = 'high' | 'medium' | 'low';

export function isServedAdSize(size: string): size is AdSlotSize {
  return (adSlotSizes as readonly string[]).includes(size);
}

/** Which key set a page's ads use: the six adult routes use their own. */
export type AdKeySet = 'regular' | 'adult';

/** The banner a phone shows in place of a wide one (728x90, 970x90): its own size, never a squeezed strip. */
export const phoneBannerSize: AdSlotSize = '320x50';
