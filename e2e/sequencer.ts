import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that measure the lists as people see them run first, on the demo data alone:
 * later files add customers and entries of their own (names with random tokens, long test
 * descriptions) at the top of the newest-first lists.
 *
 * The conversation's live-reply file runs last, after every file that leaves notifications
 * behind: among them, the entries file's follow-ups sent with the functions' clock two days
 * ahead, stamped two days in the future. Run last, it checks that the stream still shows a
 * reply live when notifications stamped ahead of the server's clock came before it (a stream
 * that ordered its events by their stamps would hold every later event back behind those).
 */
const RUN_FIRST = [/readable-lists\.test\.ts$/, /console-layout\.test\.ts$/];
const RUN_LAST = /conversation\.test\.ts$/;

export default class DemoListsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      if (RUN_LAST.test(file.moduleId)) return RUN_FIRST.length + 1;
      const place = RUN_FIRST.findIndex((pattern) => pattern.test(file.moduleId));
      return place === -1 ? RUN_FIRST.length : place;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
