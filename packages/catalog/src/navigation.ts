// The sidebar's groups and the home page's sections, derived from the platforms and converters.
import { converterPages, converterRoute, type ConverterKind } from './converters';
import { platforms } from './platforms';

export type NavIcon = 'download' | 'image' | 'file-video' | 'file-audio';

export interface NavItem {
  path: string;
  label: string;
  icon: NavIcon;
}

export interface NavGroup {
  id: string;
  title: string;
  items?: readonly NavItem[];
  children?: readonly NavGroup[];
}

const converterIcon: Record<ConverterKind, NavIcon> = {
  image: 'image',
  video: 'file-video',
  audio: 'file-audio',
};
const kindTitle: Record<ConverterKind, string> = { image: 'Image', video: 'Video', audio: 'Audio' };

function downloaderItems(adult: boolean): NavItem[] {
  return platforms
    .filter((p) => p.adult === adult)
    .map((p) => ({ path: p.route, label: `${p.name} Downloader`, icon: 'download' }));
}

function converterGroup(kind: ConverterKind): NavGroup {
  return {
    id: `${kind}-converters`,
    title: kindTitle[kind],
    items: converterPages
      .filter((page) => page.kind === kind)
      .map((page) => ({
        path: converterRoute(page),
        label: `${page.label} Converter`,
        icon: converterIcon[kind],
      })),
  };
}

export const navigation: readonly NavGroup[] = [
  { id: 'video-downloaders', title: 'Video downloaders', items: downloaderItems(false) },
  { id: 'adult-downloaders', title: 'Adult video downloaders', items: downloaderItems(true) },
  {
    id: 'format-converters',
    title: 'Format converters',
    children: [converterGroup('image'), converterGroup('video'), converterGroup('audio')],
  },
];

export type HomeCardIcon = 'download' | 'music' | 'headphones' | 'image';

export interface HomeSection {
  id: string;
  title: string;
  description: string;
  icon: HomeCardIcon;
  /** Group in `navigation` whose items become the section's cards. */
  items: readonly NavItem[];
}

function itemsOf(groupId: string): readonly NavItem[] {
  const all = navigation.flatMap((g) => [g, ...(g.children ?? [])]);
  return all.find((g) => g.id === groupId)?.items ?? [];
}

/** Home page sections: one per category, each card linking to a tool page. */
export const homeSections: readonly HomeSection[] = [
  {
    id: 'video-downloaders',
    title: 'Video Downloaders',
    icon: 'download',
    description: 'Save videos and audio from your favourite sites.',
    items: itemsOf('video-downloaders'),
  },
  {
    id: 'adult-downloaders',
    title: 'Adult Video Downloaders',
    icon: 'download',
    description: 'Download from adult video sites (18+).',
    items: itemsOf('adult-downloaders'),
  },
  {
    id: 'image-converters',
    title: 'Image Converters',
    icon: 'image',
    description: 'Convert photos and graphics between formats.',
    items: itemsOf('image-converters'),
  },
  {
    id: 'video-converters',
    title: 'Video Converters',
    icon: 'music',
    description: 'Change video formats for any device.',
    items: itemsOf('video-converters'),
  },
  {
    id: 'audio-converters',
    title: 'Audio Converters',
    icon: 'headphones',
    description: 'Convert music and recordings.',
    items: itemsOf('audio-converters'),
  },
];
