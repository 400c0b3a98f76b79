import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first: each takes 20 s to a minute on two cores, several
 * times the others. A fresh clone has no timings of earlier runs, so vitest orders files by
 * size, and these (the attack files are small: each runs a suite of `attack-http.ts` or
 * `attack-live.ts` on one backend) started last and ended well after the rest; two of them
 * starting two thirds of the way in kept one or two of the four workers busy for the last
 * 25 s. They start first here, then vitest's own order.
 */
const LONGEST = [
  /\/attack-live\.[a-z]+\.test\.ts$/,
  /\/attack-http\.[a-z]+\.test\.ts$/,
  /\/song-file-reading\.test\.ts$/,
  /\/hardening\.test\.ts$/,
  /\/process\.test\.ts$/,
  /\/accounts\.test\.ts$/,
  /\/account-settings\.test\.ts$/,
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const i = LONGEST.findIndex((pattern) => pattern.test(file.moduleId));
      return i === -1 ? LONGEST.length : i;
    };
    // A stable sort: vitest's order among the rest, and between the backends of one suite.
    return sorted
      .map((file, i) => ({ file, i }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
      .map(({ file }) => file);
  }
}
