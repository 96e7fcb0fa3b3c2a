// Per-site content of the downloader pages, as data the
// page components render: feature lists, four-step guides, FAQs, and the texts every downloader
// page shares (how-to, privacy note, monetization notice). Marketing claims stay within what the
// product really does: free, unlimited, about 10-30 s, files deleted after 24 hours, no personal
// data stored, public content only.
import { monetization, downloadDefaults } from './constants';
import type { Platform, PlatformId } from './platforms';
import { sitePages } from './site-content-pages';

export type { ContentItem, FaqTopic, FaqItem, RelatedLayout, SiteContent } from './site-content-types';
import type { SiteContent } from './site-content-types';

/**
 * Content per platform. Pages without an entry (Pornhub, XVideos, xHamster, YouPorn, SpankBang)
 * show only the shared downloader page.
 */
export const siteContent: Partial<Record<PlatformId, SiteContent>> = sitePages;

export function siteContentFor(platformId: PlatformId): SiteContent | undefined {
  return siteContent[platformId];
}

/** The how-to guide every downloader page shows below the queue. */
export function sharedHowTo(platform: Pick<Platform, 'name'>): { title: string; steps: readonly string[] } {
  return {
    title: `How to download from ${platform.name}`,
    steps: [
      `Copy the link of the ${platform.name} video or post you want to save.`,
      'Paste it into the box above. Use the + button to add more links and download them in one go.',
      'Pick a format: MP4 for video, or MP3 / M4A for audio only.',
      `Click the download button ${monetization.clicksRegular} times to start, then follow the progress in the queue.`,
      'When an item is ready, use its button to save the file to your device.',
    ],
  };
}

/** The privacy note every downloader page shows. */
export const privacyNote = {
  title: 'Your privacy',
  text:
    'Grabbit has no accounts and stores no personal information. Downloaded files are kept on our ' +
    `server only so you can save them, and are deleted automatically after ${downloadDefaults.retentionHours} hours. ` +
    'We only fetch public content: please download only videos you have the right to keep.',
} as const;

/** The notice under the main button. */
export const monetizationNotice =
  `Click the download button ${monetization.clicksRegular} times to start your download ` +
  `(${monetization.clicksQueueItem} times for queue items). Each click opens a sponsor page that keeps Grabbit free.`;

/** The note above the queue. */
export const queueNote = `Click download buttons ${monetization.clicksQueueItem} times to save files`;

export { relatedTools, type RelatedTools, type CategoryLink } from './related-tools';
