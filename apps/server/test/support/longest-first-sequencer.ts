// The order test files start in: the longest first, so the two workers of a group end together
// instead of one long file starting last and running alone (vitest runs the files of all the
// parallel projects in one pool). On a fresh clone vitest knows no durations and starts larger
// files first, which says little about their run time: the files known to be long are named in
// `longFiles` (vitest.config.ts), longest first, and go ahead of all others; the rest keep vitest's
// own order (durations of earlier runs when its cache has them, else larger files first).
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

export function longestFirst(longFiles: readonly string[]) {
  return class LongestFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const rank = (spec: TestSpecification) => {
        const index = longFiles.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
        return index === -1 ? longFiles.length : index;
      };
      const sorted = await super.sort(files);
      // Array.sort is stable: within one rank (and for all unnamed files) vitest's order stays.
      return sorted.sort(
        (a, b) =>
          a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b),
      );
    }
  };
}
