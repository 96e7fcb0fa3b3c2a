// The Related Tools block: up to 6 tools of the current page's category (not the page itself),
// plus links to the other categories' sections on the home page.
import { ui } from './constants';
import { homeSections, type HomeSection, type NavItem } from './navigation';
import { routeForPath } from './routes';

export interface CategoryLink {
  id: string;
  title: string;
  description: string;
  /** The category's section on the home page, e.g. /#image-converters. */
  href: string;
}

export interface RelatedTools {
  /** The current page's category, when the page belongs to one. */
  category?: CategoryLink;
  /** At most 6 tools of the same category, in navigation order, without the current page. */
  tools: readonly NavItem[];
  /** Every other category (four of five when the page has a category). */
  otherCategories: readonly CategoryLink[];
}

function categoryLink(section: HomeSection): CategoryLink {
  return { id: section.id, title: section.title, description: section.description, href: `/#${section.id}` };
}

/** Related tools for a page path (a converter's canonical alias counts as its page). */
export function relatedTools(path: string): RelatedTools {
  const pagePath = routeForPath(path)?.path ?? path;
  const section = homeSections.find((s) => s.items.some((item) => item.path === pagePath));
  return {
    category: section && categoryLink(section),
    tools: (section?.items ?? []).filter((item) => item.path !== pagePath).slice(0, ui.relatedToolsMax),
    otherCategories: homeSections.filter((s) => s !== section).map(categoryLink),
  };
}
