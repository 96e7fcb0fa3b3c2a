import { describe, expect, it } from 'vitest';
import { homeSections, navigation, type NavGroup } from './navigation';
import { routes } from './routes';
import { specRoutes } from './spec-routes.test-support';

const paths = (group: NavGroup | undefined) => group?.items?.map((i) => i.path) ?? [];

describe('navigation groups', () => {
  it('has the three top groups in order, the converters with Image/Video/Audio sub-groups', () => {
    expect(navigation.map((g) => g.title)).toEqual([
      'Video downloaders',
      'Adult video downloaders',
      'Format converters',
    ]);
    expect(navigation[2]?.children?.map((g) => g.title)).toEqual(['Image', 'Video', 'Audio']);
  });

  it('lists the regular and the adult downloaders in their own groups', () => {
    expect(paths(navigation[0])).toEqual(specRoutes.regular);
    expect(paths(navigation[1])).toEqual(specRoutes.adult);
  });

  it('puts every converter page in its kind sub-group with the kind icon', () => {
    const [image, video, audio] = navigation[2]?.children ?? [];
    expect(paths(image)).toHaveLength(11);
    expect(paths(video)).toEqual(specRoutes.video);
    expect(paths(audio)).toEqual(specRoutes.audio);
    expect(new Set(image?.items?.map((i) => i.icon))).toEqual(new Set(['image']));
    expect(new Set(video?.items?.map((i) => i.icon))).toEqual(new Set(['file-video']));
    expect(new Set(audio?.items?.map((i) => i.icon))).toEqual(new Set(['file-audio']));
  });

  it('every navigation entry has a label and an icon and is a route; every page but home is listed once', () => {
    const entries = navigation.flatMap((g) => [
      ...(g.items ?? []),
      ...(g.children ?? []).flatMap((c) => c.items ?? []),
    ]);
    const routePaths = routes.map((r) => r.path).filter((p) => p !== '/');
    expect(entries.map((e) => e.path).sort()).toEqual([...routePaths].sort());
    for (const entry of entries) {
      expect(entry.label).toMatch(/(Downloader|Converter)$/);
      expect(['download', 'image', 'file-video', 'file-audio']).toContain(entry.icon);
    }
  });

  it('home sections cover the five categories with cards', () => {
    expect(homeSections.map((s) => s.id)).toEqual([
      'video-downloaders',
      'adult-downloaders',
      'image-converters',
      'video-converters',
      'audio-converters',
    ]);
    for (const section of homeSections) {
      expect(section.items.length).toBeGreaterThan(0);
      expect(section.description.length).toBeGreaterThan(10);
    }
  });
});
