// Quotations at each size: a 20-line quote's create, its PDF's first fetch (made, stored and
// answered), and 50 quotes created at once (their numbers must be 50 distinct consecutive ones).
import type { Api } from '../stack-api.ts';
import { percentile } from './measure.ts';
import { quoteVerdicts, type Verdict } from './targets.ts';

export const QUOTE_LINES = 20;
export const QUOTES_AT_ONCE = 50;
const CREATE_RUNS = 20;

export interface QuoteRuns {
  /** ms of each 20-line create. */
  create: number[];
  /** ms of each created quote's first PDF fetch. */
  pdf: number[];
  /** ms of each of the 50 creates sent at once. */
  atOnce: number[];
  /** Whether those 50 got 50 distinct consecutive numbers, and what went wrong if not. */
  numbers: { consecutive: boolean; problem?: string };
}

/** Twenty lines as a sales person types them: mixed GST rates, quantities and discounts. */
function quoteBody(customerId: string) {
  const rates = [0, 5, 12, 18, 28];
  const lines = Array.from({ length: QUOTE_LINES }, (_, k) => ({
    name: `Bench item ${k + 1}`,
    hsn: '84195010',
    unit: 'Nos',
    qty: 1 + (k % 7),
    rate: 1250.5 + k * 317,
    discountPercent: k % 3 === 0 ? 5 : 0,
    gstRate: rates[k % rates.length],
  }));
  return { customerId, lines };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

const created = (text: string) => JSON.parse(text) as { _id: string; number: string };

/** The numbers' sequences ('Q/2026-27/0042' → 42) run one after another with no repeat. */
function checkConsecutive(numbers: string[]): QuoteRuns['numbers'] {
  const sequences = numbers.map((n) => Number(/(\d+)$/.exec(n)?.[1])).sort((a, b) => a - b);
  if (new Set(numbers).size !== numbers.length)
    return { consecutive: false, problem: 'a number repeated' };
  const gap = sequences.findIndex((s, i) => i > 0 && s !== sequences[i - 1] + 1);
  return gap === -1
    ? { consecutive: true }
    : { consecutive: false, problem: `a gap after ${sequences[gap - 1]}` };
}

export async function measureQuotes(api: Api, log: (line: string) => void): Promise<QuoteRuns> {
  const customer = await api.ok('POST', '/customers', { names: ['Bench Quotation Buyer'] });
  const body = quoteBody(created(customer.text)._id);
  // Warm-up: one create and its PDF, unmeasured.
  const warm = created((await api.ok('POST', '/quotes', body)).text);
  await api.ok('GET', `/quotes/${warm._id}/pdf`);

  const create: number[] = [];
  const ids: string[] = [];
  for (let i = 0; i < CREATE_RUNS; i++) {
    const run = await timed(() => api.ok('POST', '/quotes', body));
    create.push(run.ms);
    ids.push(created(run.value.text)._id);
  }
  const pdf: number[] = [];
  for (const id of ids) pdf.push((await timed(() => api.ok('GET', `/quotes/${id}/pdf`))).ms);

  const batch = await Promise.all(
    Array.from({ length: QUOTES_AT_ONCE }, () => timed(() => api.ok('POST', '/quotes', body))),
  );
  const numbers = checkConsecutive(batch.map((b) => created(b.value.text).number));
  const result = { create, pdf, atOnce: batch.map((b) => b.ms), numbers };
  log(
    `quotes: create p95 ${Math.round(percentile(create, 95))} ms, PDF p95 ${Math.round(percentile(pdf, 95))} ms, ` +
      `${QUOTES_AT_ONCE} at once p95 ${Math.round(percentile(result.atOnce, 95))} ms`,
  );
  return result;
}

const ms = (values: number[] | undefined, p: number) =>
  values ? `${Math.round(percentile(values, p)).toLocaleString('en-IN')}` : '–';

/** The Quotations section of BENCHMARKS.md: the rows at both sizes and their targets. */
export function quotesSection(
  small: QuoteRuns | undefined,
  large: QuoteRuns | undefined,
): { lines: string[]; verdicts: Verdict[] } {
  if (!small) return { lines: [], verdicts: [] };
  const row = (label: string, pick: (q: QuoteRuns) => number[]) =>
    `| ${label} | ${ms(pick(small), 50)} | ${ms(pick(small), 95)} | ${ms(large && pick(large), 50)} | ${ms(large && pick(large), 95)} |`;
  const numbers = (q: QuoteRuns | undefined) =>
    q ? (q.numbers.consecutive ? 'distinct, consecutive' : `not: ${q.numbers.problem}`) : '–';
  return {
    lines: [
      '## Quotations',
      '',
      `Latency in ms through the front, as the browser calls (docs/benchmarks.md): a ${QUOTE_LINES}-line quote created (${CREATE_RUNS} runs after a warm-up), each one's PDF fetched the first time (made with pdfkit, stored, answered), and ${QUOTES_AT_ONCE} creates sent at once (each one's time until its answer).`,
      '',
      '| call | small p50 | small p95 | large p50 | large p95 |',
      '|---|---:|---:|---:|---:|',
      row(`create (${QUOTE_LINES} lines)`, (q) => q.create),
      row('PDF, first fetch', (q) => q.pdf),
      row(`${QUOTES_AT_ONCE} creates at once`, (q) => q.atOnce),
      '',
      `Numbers of the ${QUOTES_AT_ONCE} at once: small ${numbers(small)}; large ${numbers(large)}.`,
      '',
    ],
    verdicts: quoteVerdicts(small, large),
  };
}
