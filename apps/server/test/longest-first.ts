import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The attack files take a minute or more each, several times the others. A fresh clone has no
 * timings of earlier runs, so vitest orders files by size, and these small files (each runs a
 * suite of `attack-http.ts` or `attack-live.ts` on one backend) started last and ended well
 * after the rest. They start first here, then vitest's own order.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) =>
      /\/attack-(http|live)\.[a-z]+\.test\.ts$/.test(file.moduleId);
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}
