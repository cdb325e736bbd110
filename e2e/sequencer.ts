import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that measure the lists as people see them run first, on the demo data alone:
 * later files add customers and entries of their own (names with random tokens, long test
 * descriptions) at the top of the newest-first lists.
 */
const RUN_FIRST = [/readable-lists\.test\.ts$/, /console-layout\.test\.ts$/];

export default class DemoListsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const place = RUN_FIRST.findIndex((pattern) => pattern.test(file.moduleId));
      return place === -1 ? RUN_FIRST.length : place;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
