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
const RUN_FIRST = [
  /readable-lists\.test\.ts$/,
  /console-layout\.test\.ts$/,
  // After the two above: it adds a long-named customer and two entries of its own.
  /list-room\.test\.ts$/,
];
const RUN_LAST = /conversation\.test\.ts$/;

/**
 * Files that must share a shard (`--shard`, each shard on a stack of its own): the
 * conversation's file runs after the entries file's follow-ups stamped ahead (above).
 */
const TOGETHER = [/(^|\/)entries\.test\.ts$/, RUN_LAST];

/**
 * Each file's time, in seconds, in one measured run (2026-11-28, alone on a loaded machine):
 * the shards are balanced by these. A file not listed counts as DEFAULT_SECONDS.
 */
const SECONDS: Record<string, number> = {
  'console-layout': 292,
  entries: 225,
  accounts: 202,
  'admin-config': 195,
  customers: 190,
  shell: 161,
  dashboard: 124,
  'readable-lists': 77,
  messaging: 73,
  conversation: 69,
  'add-entry': 68,
  broadcasts: 65,
  'stream-rights': 36,
  'saved-replies': 34,
  'my-day': 31,
  'quote-send': 15,
  'accounts-api': 4,
  'list-room': 90,
  // Reads the test files only (no browser).
  'scanned-states': 1,
};
const DEFAULT_SECONDS = 60;

const nameOf = (file: TestSpecification) =>
  file.moduleId.replace(/^.*\//, '').replace(/\.test\.ts$/, '');
const secondsOf = (file: TestSpecification) => SECONDS[nameOf(file)] ?? DEFAULT_SECONDS;

export default class DemoListsFirst extends BaseSequencer {
  /**
   * Shard `index` of `count`: the files dealt, longest first, to the shard with the least time
   * so far (files that must share a shard go as one), so the shards take about as long.
   */
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const units: TestSpecification[][] = [];
    const together = files.filter((file) => TOGETHER.some((p) => p.test(file.moduleId)));
    if (together.length > 0) units.push(together);
    for (const file of files) if (!together.includes(file)) units.push([file]);
    const time = (unit: TestSpecification[]) => unit.reduce((sum, f) => sum + secondsOf(f), 0);
    const key = (unit: TestSpecification[]) => nameOf(unit[0]!);
    units.sort((a, b) => time(b) - time(a) || key(a).localeCompare(key(b)));
    const shards = Array.from({ length: count }, () => ({
      time: 0,
      files: [] as TestSpecification[],
    }));
    for (const unit of units) {
      const least = shards.reduce((min, shard) => (shard.time < min.time ? shard : min));
      least.time += time(unit);
      least.files.push(...unit);
    }
    return shards[index - 1]!.files;
  }

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
