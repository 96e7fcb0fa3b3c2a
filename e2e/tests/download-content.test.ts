// Per-site content of the downloader pages, as a visitor sees it in Chromium:
// feature lists, the four-step guide, FAQs, related links, the shared parts and Instagram's field.
import { platformById, relatedTools, siteContentFor, type PlatformId } from '@grabbit/catalog';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startServerAndBrowser } from '../support/session';

const session = startServerAndBrowser();
let page: Page;

beforeAll(async () => {
  page = await session.browser.newPage();
});

async function visit(id: PlatformId): Promise<void> {
  await page.goto(`${session.server.url}${platformById(id)?.route}`);
  await page.locator('[data-testid="downloader-page"][data-ready="true"]').waitFor();
}

const faqTopics = () =>
  page.locator('[data-faq-topic]').evaluateAll((els) => els.map((el) => el.getAttribute('data-faq-topic')));

describe('downloader page content', () => {
  it('YouTube: features, four steps, the FAQ with playlists and the Related Tools block', async () => {
    await visit('youtube');
    expect(await page.getByRole('heading', { name: 'YouTube downloader features' }).count()).toBe(1);
    expect(await page.locator('ol li:has-text("Step")').count()).toBe(4);
    expect(await faqTopics()).toEqual(
      expect.arrayContaining(['free', 'formats', 'private', 'safety', 'speed', 'playlists']),
    );
    const block = page.getByTestId('related-tools');
    const related = relatedTools('/youtube-downloader');
    const toolLinks = await block
      .locator('ul a')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(toolLinks).toEqual(related.tools.map((tool) => tool.path));
    expect(toolLinks.length).toBeLessThanOrEqual(6);
    expect(toolLinks).not.toContain('/youtube-downloader');
    expect(await block.getByRole('navigation', { name: 'Other categories' }).getByRole('link').count()).toBe(
      4,
    );
    // The shared parts: notice, how-to guide, privacy note.
    await page.getByTestId('monetization-notice').waitFor();
    expect(await page.getByRole('heading', { name: 'How to download from YouTube' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Your privacy' }).count()).toBe(1);
  });

  it.each([
    ['tiktok', 'watermark'],
    ['twitter', 'watermark'],
    ['vimeo', '4k'],
    ['instagram', 'stories'],
  ] as const)('%s adds its own FAQ question (%s)', async (id, topic) => {
    await visit(id);
    expect(await faqTopics()).toContain(topic);
  });

  it.each(['facebook', 'twitch', 'reddit'] as const)(
    '%s: placeholder example, features box and related downloaders',
    async (id) => {
      await visit(id);
      const platform = platformById(id);
      expect(
        await page.getByRole('textbox', { name: `${platform?.name} link 1` }).getAttribute('placeholder'),
      ).toBe(platform?.placeholder);
      expect(await page.getByRole('heading', { name: `${platform?.name} downloader features` }).count()).toBe(
        1,
      );
      expect(await page.getByRole('heading', { name: 'Related downloaders' }).count()).toBe(1);
      expect(await page.getByRole('navigation', { name: 'Other categories' }).count()).toBe(0);
      expect(await faqTopics()).toEqual(siteContentFor(id)?.faq.map((entry) => entry.topic));
    },
  );

  it('RedGifs has its how-to and FAQ; the other adult pages only the shared page', async () => {
    await visit('redgifs');
    expect((await faqTopics()).length).toBeGreaterThan(0);
    expect(await page.getByTestId('related-tools').count()).toBe(0);
    await visit('pornhub');
    expect(await faqTopics()).toEqual([]);
    expect(await page.getByTestId('related-tools').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'How to download from Pornhub' }).count()).toBe(1);
  });

  it("Instagram: the masked cookie field with the page's promise, and the format for a post's videos", async () => {
    await visit('instagram');
    const field = page.getByLabel('Instagram session cookie (optional)');
    expect(await field.getAttribute('type')).toBe('password');
    expect(
      await page
        .getByText('It stays on your device, is used only for this session and is not stored')
        .count(),
    ).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Format' }).count()).toBe(1);
    expect(await page.getByText('Applies to every video of a post').count()).toBe(1);
    await visit('youtube');
    expect(await page.getByRole('combobox', { name: 'Format' }).count()).toBe(1);
    expect(await page.getByText('Applies to every video of a post').count()).toBe(0);
  });

  it('adds rows with + on the last row and removes them with - (never the last)', async () => {
    await visit('vimeo');
    const rows = page.getByTestId('url-row');
    expect(await rows.getByRole('button', { name: 'Remove this link' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add another link' }).click();
    await page.getByRole('button', { name: 'Add another link' }).click();
    expect(await rows.count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Add another link' }).count()).toBe(1);
    expect(await rows.nth(2).getByRole('button', { name: 'Add another link' }).count()).toBe(1);
    expect(await rows.nth(2).getByRole('button', { name: 'Remove this link' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove this link' }).count()).toBe(2);
    await rows.nth(0).getByRole('button', { name: 'Remove this link' }).click();
    expect(await rows.count()).toBe(2);
  });
});
