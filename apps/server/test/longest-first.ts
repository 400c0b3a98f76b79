import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, in the order they start (each took this long of a 267 s stage
 * on two cores, four files at a time): the HTTP attack's shares (165 s for PGlite's as one
 * file, 86 s for PostgreSQL's), reading every song file (66 s), the built server's processes
 * (53 s), the live attack (26 s a backend), bad input (23 s) and the hardening (19 s).
 *
 * A fresh clone has no timings of earlier runs, so vitest orders files by size; these started
 * late (the attack's small files last) and the stage waited for them alone.
 */
const LONGEST = [
  /\/attack-http\.[a-z]+-\d+\.test\.ts$/,
  /\/song-file-reading\.test\.ts$/,
  /\/process\.test\.ts$/,
  /\/attack-live\.[a-z]+\.test\.ts$/,
  /\/malformed-input\.test\.ts$/,
  /\/hardening\.test\.ts$/,
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const i = LONGEST.findIndex((pattern) => pattern.test(file.moduleId));
      return i === -1 ? LONGEST.length : i;
    };
    // Array.prototype.sort is stable: vitest's order within each rank.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
