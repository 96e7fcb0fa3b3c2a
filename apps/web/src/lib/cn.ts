// Joins class names (clsx): strings, and conditions that leave out what is false.
//
// Joined, not merged: a component's own classes and the ones a caller adds never set the same
// property, so no class has to win over another at run time. What callers change (a variant, a
// size, a color) is a prop of the component, and the component writes the whole class list for it.
// Merging conflicting Tailwind classes at run time (tailwind-merge) needs a table of every Tailwind
// class, built on first use: that was one long task of its own as a page turned live on a phone.
// class-lists.test.tsx renders every page and fails on an element whose classes conflict.
import { clsx, type ClassValue } from 'clsx';

export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
