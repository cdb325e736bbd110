// A broadcast's report: its counts counted, not kept (count() queries over its recipients' queue
// documents by state, so no document is written per send), and recipients.csv, one line per
// recipient (phone, name, state, the reason it failed or was skipped, whether they replied).
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import type { Broadcast } from '../../contract/broadcasts';
import { broadcastRecipientsPage, broadcastStatusCounts } from '../../domain/messages';
import { readSettings } from '../../domain/settings/store';
import { templateCost } from './cost';
import { requireShownBroadcast } from './store';

const PAGE = 1_000;
const COLUMNS = ['phone', 'name', 'state', 'reason', 'replied'];
/** A cell a spreadsheet would run as a formula gets a ' before it (as the customers' export). */
const FORMULA_CELL = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const guard = (value: string) => (FORMULA_CELL.test(value) ? `'${value}` : value);

/**
 * The broadcast with its counts as they stand (a draft or scheduled one has none yet), and what
 * its delivered messages cost at the settings' price.
 */
export async function broadcastReport(id: string): Promise<Broadcast> {
  const broadcast = await requireShownBroadcast(id);
  if (broadcast.state === 'draft' || broadcast.state === 'scheduled') return broadcast;
  const [counts, settings] = await Promise.all([broadcastStatusCounts(id), readSettings()]);
  const deliveredCost = templateCost(
    counts.delivered,
    broadcast.template.category,
    settings.broadcasts.templatePrices,
  );
  return { ...broadcast, counts, deliveredCost };
}

export async function sendRecipientsCsv(id: string, res: Response): Promise<void> {
  await requireShownBroadcast(id);
  res.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="broadcast_${id}_recipients.csv"`,
  });
  res.write(`\uFEFF${stringify([COLUMNS], { record_delimiter: 'windows' })}`);
  let after: string | null = null;
  do {
    const page = await broadcastRecipientsPage(id, after, PAGE);
    const rows = page.rows.map((r) => [
      r.phone,
      r.name,
      r.status,
      r.reason,
      r.replied ? 'yes' : '',
    ]);
    if (rows.length > 0)
      res.write(
        stringify(rows, {
          record_delimiter: 'windows',
          quote_record_delimiter: true,
          quoted_match: FORMULA_CELL,
          cast: { string: guard },
        }),
      );
    after = page.rows.length === PAGE ? page.lastId : null;
  } while (after);
  res.end();
}
