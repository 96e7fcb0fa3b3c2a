// The converter's option values, without zod, so the pages can import them at no bundle cost.
export const conversionQualities = ['high', 'balanced', 'small'] as const;
export type ConversionQuality = (typeof conversionQualities)[number];

/** Largest MaxWidth / MaxHeight taken: beyond any picture the pixel limit lets through anyway. */
export const maxDimension = 16_384;
