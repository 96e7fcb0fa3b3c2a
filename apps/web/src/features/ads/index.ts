// Public face of the ads feature for the pages.
export { AdSlot } from './ad-slot';
export { BannerSlot } from './banner-slot';
