// Joins class names and lets later Tailwind classes win over earlier ones (shadcn's `cn`).
// Conflicts can only come from joining several inputs (one class list as written holds none), so a
// single non-empty input is returned as it is: tailwind-merge builds its whole table of Tailwind's
// classes on its first call, about a fifth of the home page's work to become live on a phone, and
// most components, given no `className`, never need it.
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  const given = inputs.filter(Boolean);
  if (given.length === 1 && typeof given[0] === 'string') return given[0];
  return twMerge(clsx(given));
}
