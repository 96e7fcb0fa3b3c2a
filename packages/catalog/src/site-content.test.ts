import { describe, expect, it } from 'vitest';
import { platformById, type PlatformId } from './platforms';
import {
  monetizationNotice,
  privacyNote,
  queueNote,
  relatedTools,
  sharedHowTo,
  siteContent,
  type FaqTopic,
} from './site-content';
import { specRoutes } from './spec-routes.test-support';

const common: FaqTopic[] = ['free', 'formats', 'private', 'safety', 'speed'];
const fullPages: Record<string, FaqTopic[]> = {
  youtube: [...common, 'playlists'],
  tiktok: [...common, 'watermark'],
  instagram: [...common, 'stories'],
  twitter: [...common, 'watermark'],
  vimeo: [...common, '4k'],
};
const compactPages = ['facebook', 'twitch', 'reddit'];
const sharedOnly = ['pornhub', 'xvideos', 'xhamster', 'youporn', 'spankbang'];

const topics = (id: string) => siteContent[id as PlatformId]?.faq.map((f) => f.topic) ?? [];

describe('per-site content', () => {
  it.each(Object.entries(fullPages))(
    '%s has features, a four-step guide, its FAQ and Related Tools',
    (id, required) => {
      const content = siteContent[id as PlatformId];
      expect(content?.features.length).toBeGreaterThanOrEqual(3);
      expect(content?.steps).toHaveLength(4);
      expect(topics(id).sort()).toEqual([...required].sort());
      expect(content?.relatedTools).toBe(true);
      expect(content?.related).toBe('tools-and-categories');
    },
  );

  it.each(compactPages)(
    '%s has the formats box, the four-step how-to, FAQ with one site question, related downloaders',
    (id) => {
      const content = siteContent[id as PlatformId];
      expect(content?.features.map((f) => f.title)).toEqual([
        'MP4 HD and Full HD',
        'MP3',
        'WEBM',
        'M4A',
        'MOV',
        'MKV',
      ]);
      expect(content?.steps.map((s) => s.title)).toEqual([
        'Copy the URL',
        'Paste it and select a format',
        'Click Download and wait',
        'Enjoy',
      ]);
      expect(topics(id)).toEqual([...common, 'site']);
      expect(content?.relatedTools).toBe(false);
      expect(content?.related).toBe('downloaders');
    },
  );

  it('RedGifs has its own how-to and FAQ and no related block', () => {
    const content = siteContent.redgifs;
    expect(content?.steps.length).toBeGreaterThanOrEqual(3);
    expect(content?.steps[0]?.description).toContain('redgifs.com');
    expect(topics('redgifs')).toContain('site');
    expect(content?.related).toBe('none');
  });

  it.each(sharedOnly)('%s shows only the shared page', (id) => {
    expect(siteContent[id as PlatformId]).toBeUndefined();
  });

  it('every text is filled in, and FAQ questions are unique per page', () => {
    for (const content of Object.values(siteContent)) {
      for (const item of [...content.features, ...content.steps]) {
        expect(item.title.trim().length).toBeGreaterThan(2);
        expect(item.description.trim().length).toBeGreaterThan(10);
      }
      for (const item of content.faq) {
        expect(item.question).toMatch(/\?$/);
        expect(item.answer.length).toBeGreaterThan(30);
      }
      expect(new Set(content.faq.map((f) => f.question)).size).toBe(content.faq.length);
    }
  });

  it('keeps to the product claims: 24-hour clean-up, 10-30 s, public content only', () => {
    const faq = siteContent.youtube?.faq ?? [];
    expect(faq.find((f) => f.topic === 'safety')?.answer).toContain('24 hours');
    expect(faq.find((f) => f.topic === 'speed')?.answer).toContain('10-30 seconds');
    expect(faq.find((f) => f.topic === 'private')?.answer).toMatch(/public/);
    expect(faq.find((f) => f.topic === 'playlists')?.answer).toContain('25');
    expect(siteContent.twitch?.faq.find((f) => f.topic === 'site')?.answer).toMatch(/clips and highlights/);
  });
});

describe('shared downloader texts', () => {
  it('the monetization notice says 3 times for the main button and 2 for queue items', () => {
    expect(monetizationNotice).toMatch(/^Click the download button 3 times .*\(2 times for queue items\)/);
    expect(queueNote).toBe('Click download buttons 2 times to save files');
  });

  it('the how-to names the site and the privacy note the 24-hour clean-up', () => {
    const youtube = platformById('youtube');
    if (!youtube) throw new Error('missing youtube');
    const howTo = sharedHowTo(youtube);
    expect(howTo.title).toBe('How to download from YouTube');
    expect(howTo.steps.join(' ')).toContain('YouTube');
    expect(privacyNote.text).toContain('24 hours');
    expect(privacyNote.text).toMatch(/no personal information/);
  });
});

describe('related tools', () => {
  it('shows at most 6 tools of the category, without the current page, and the four other categories', () => {
    const related = relatedTools('/youtube-downloader');
    expect(related.category?.id).toBe('video-downloaders');
    // The regular downloaders after YouTube, in spec order, up to the sixth (Reddit left out).
    expect(related.tools.map((t) => t.path)).toEqual(specRoutes.regular.slice(1, 7));
    expect(related.otherCategories.map((c) => c.href)).toEqual([
      '/#adult-downloaders',
      '/#image-converters',
      '/#video-converters',
      '/#audio-converters',
    ]);
    expect(related.otherCategories.every((c) => c.title.length > 0)).toBe(true);
  });

  it('never includes the current page and stays within the category', () => {
    for (const path of [
      '/reddit-downloader',
      '/vimeo-downloader',
      '/mp3-converter',
      '/png-converter',
      '/redgifs-downloader',
    ]) {
      const related = relatedTools(path);
      expect(related.tools.length).toBeLessThanOrEqual(6);
      expect(related.tools.map((t) => t.path)).not.toContain(path);
      expect(related.otherCategories).toHaveLength(4);
      expect(related.otherCategories.map((c) => c.id)).not.toContain(related.category?.id);
    }
    expect(relatedTools('/mp3-converter').tools.map((t) => t.path)).toEqual([
      '/wav-converter',
      '/flac-converter',
      '/aac-converter',
      '/ogg-converter',
    ]);
  });

  it('treats a converter canonical alias as its page', () => {
    expect(relatedTools('/image-converter/png').tools.map((t) => t.path)).not.toContain('/png-converter');
    expect(relatedTools('/image-converter/png').category?.id).toBe('image-converters');
  });

  it('a page outside every category gets all five categories and no tools', () => {
    const related = relatedTools('/');
    expect(related.tools).toEqual([]);
    expect(related.otherCategories).toHaveLength(5);
  });
});
