// Every prerendered page, checked for an element whose classes conflict (two that set the same
// property, such as `flex` and `hidden`, or `p-5` and `pt-0` with `pt-5`). Class names are joined,
// not merged, at run time (lib/cn.ts): with a conflict, the stylesheet's order would pick the
// winner, not the order the code wrote them in. tailwind-merge, here only, knows which conflict.
import { routes } from '@grabbit/catalog';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../entry-server';

const classLists = (html: string) =>
  [...html.matchAll(/\sclass="([^"]*)"/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&').trim());

describe('class lists', () => {
  const paths = [...routes.map((route) => route.path), '/no-such-page'];

  it.each(paths)('%s has no element whose classes conflict', async (path) => {
    const lists = classLists(await renderPage(path));
    expect(lists.length).toBeGreaterThan(50);
    const conflicting = lists.filter((list) => twMerge(list).split(' ').length !== list.split(/\s+/).length);
    expect(conflicting).toEqual([]);
  });

  it('catches a conflict', () => {
    expect(twMerge('flex hidden')).toBe('hidden');
  });
});
