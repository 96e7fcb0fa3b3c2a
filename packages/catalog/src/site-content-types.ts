// The shapes of the downloader pages' content, in their own module so the content files and
// site-content.ts import them without importing each other.

export interface ContentItem {
  title: string;
  description: string;
}

/** What an FAQ entry answers; lets pages and tests find the required questions. */
export type FaqTopic =
  'free' | 'formats' | 'private' | 'safety' | 'speed' | 'watermark' | '4k' | 'stories' | 'playlists' | 'site';

export interface FaqItem {
  question: string;
  answer: string;
  topic: FaqTopic;
}

/**
 * How a page shows its related links: `tools-and-categories` is the Related Tools block (YouTube,
 * TikTok, Instagram, Twitter, Vimeo); `downloaders` lists only the related video downloaders
 * (Facebook, Twitch, Reddit); `none` shows nothing (RedGifs).
 */
export type RelatedLayout = 'tools-and-categories' | 'downloaders' | 'none';

export interface SiteContent {
  /** Feature list; for Facebook, Twitch and Reddit the features box of the six formats. Empty: none shown. */
  features: readonly ContentItem[];
  /** The four-step guide (RedGifs: its own how-to). */
  steps: readonly ContentItem[];
  faq: readonly FaqItem[];
  /** Whether the page shows the Related Tools block with links to the other categories. */
  relatedTools: boolean;
  related: RelatedLayout;
}
