import { parse } from 'csv-parse/sync';
import type { Express } from 'express';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { RECENT_SHOWN } from '../../src/domain/figures/constants';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import {
  appAs,
  appWithRawBody,
  mobile,
  readCounters,
  resetCounters,
  seedCustomers,
} from './support';

const employee = appAs('employee');
/** Exports need customers.export, which the employee baseline lacks. */
const admin = appAs('admin');

const upload = (app: Express, content: string | Buffer, name = 'customers.csv') =>
  request(app).post('/api/customers/import.csv').attach('file', Buffer.from(content), name);

/** GET /customers/export.csv as text, with its response. */
async function exportCsv(app: Express, query: Record<string, string> = {}) {
  const res = await request(app)
    .get('/api/customers/export.csv')
    .query(query)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return { res, bytes: res.body as Buffer, text: (res.body as Buffer).toString('utf8') };
}

async function allCustomers() {
  const res = await request(employee).get('/api/customers').query({ sort: 'email', limit: 200 });
  return res.body.items as Record<string, unknown>[];
}

describe('POST /customers/import.csv', () => {
  beforeEach(resetBackends);

  it('reads headers in any case, several values per cell, BOM, CRLF and quoted fields', async () => {
    const csv =
      '\uFEFFName,MOBILE,Email,Categories,Potential,Note,Ignored\r\n' +
      '"Sharma; Ravi|Foods, Pune",98765 43210; +91 99887 76655,RAVI@x.in|ravi2@x.in,"phe, PP",hot,"Said ""call me""\r\nafter 5, please",x\r\n' +
      'Meera Iyer,"9811111111\n9822222222",meera@x.in,SS PUMP,,,\r\n' +
      '\r\n' +
      'Kabir,,kabir@x.in,,cold,plain,\r\n';
    const res = await upload(employee, csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ created: 3, updated: 0, skipped: 0, errors: [], merges: [] });
    const [kabir, meera, ravi] = await allCustomers();
    expect(ravi).toMatchObject({
      names: ['Sharma', 'Ravi', 'Foods, Pune'],
      phones: ['+919876543210', '+919988776655'],
      emails: ['ravi@x.in', 'ravi2@x.in'],
      categories: ['PHE', 'PP'],
      potential: 'HOT',
      note: 'Said "call me"\r\nafter 5, please',
    });
    expect(meera).toMatchObject({
      phones: ['+919811111111', '+919822222222'],
      categories: ['SS PUMP'],
    });
    expect(kabir).toMatchObject({ names: ['Kabir'], potential: 'COLD', note: 'plain' });
  });

  it("refuses per line a createdAt later than tomorrow and a potential outside the company's list", async () => {
    const day = 24 * 60 * 60 * 1000;
    const tomorrow = new Date(Date.now() + day).toISOString();
    const csv = [
      'names,potential,createdAt',
      'Future Row,,2099-01-01T00:00:00Z',
      `In Two Days,,${new Date(Date.now() + 2.5 * day).toISOString()}`,
      'Formula Row,=EVIL(),',
      'Made Up,Lukewarm,',
      `Tomorrow Row,warm,${tomorrow}`,
      'Old Row,VIP,2020-05-01T10:00:00Z',
    ].join('\n');
    const res = await upload(employee, csv);
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(2);
    expect(res.body.errors).toEqual([
      { line: 2, message: 'createdAt is later than tomorrow: 2099-01-01T00:00:00Z' },
      { line: 3, message: expect.stringMatching(/^createdAt is later than tomorrow: /) },
      {
        line: 4,
        message:
          'Potential must be one of VIP, HOT, WARM, COLD, N/I BUT FUTURE POTENTIAL, N/A: =EVIL()',
      },
      {
        line: 5,
        message:
          'Potential must be one of VIP, HOT, WARM, COLD, N/I BUT FUTURE POTENTIAL, N/A: Lukewarm',
      },
    ]);
    const names = (await allCustomers()).map((c) => (c.names as string[])[0]).sort();
    expect(names).toEqual(['Old Row', 'Tomorrow Row']);
  });

  it('reports bad rows by line (quoted line breaks counted) and imports the rest', async () => {
    const csv = [
      'names,phones,emails,note',
      'Good One,9811111111,,"two',
      'lines"',
      'Bad Phone,12345,,',
      ',,,only a note',
      'Bad Email,,not-an-email,',
      'Good Two,,two@x.in,',
    ].join('\n');
    const res = await upload(employee, csv);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: 2,
      updated: 0,
      skipped: 0,
      errors: [
        { line: 4, message: 'Invalid phone number: 12345' },
        { line: 5, message: 'Please add at least a name/phone/email' },
        { line: 6, message: 'Invalid email address: not-an-email' },
      ],
      merges: [],
    });
  });

  it('updates the customer a row matches (or an earlier row) instead of creating twins; a re-run changes nothing', async () => {
    const [existing] = await seedCustomers([
      {
        names: ['Existing'],
        phones: ['9811111111'],
        categories: ['PP'],
        potential: 'COLD',
        note: 'kept',
      },
    ]);
    const before = (await getDb().doc(`customers/${existing}`).get()).get('updatedAt');
    const csv =
      'name,phone,email,category,potential,note\n' +
      'Existing Two,+91 98111 11111,ex@x.in,PHE,HOT,new note\n' +
      'New Person,9822222222,,,,\n' +
      'New P.,,new@x.in;,,,\n' +
      'Same Again,9822222222,new@x.in,,,\n' +
      'Existing,,ex@x.in,,,\n';
    const first = await upload(employee, csv);
    // Each row that joined a customer is listed with what it added.
    expect(first.body).toEqual({
      created: 1,
      updated: 3,
      skipped: 1,
      errors: [],
      merges: [
        {
          line: 2,
          into: 'Existing',
          added: {
            names: ['Existing Two'],
            emails: ['ex@x.in'],
            categories: ['PHE'],
            potential: 'HOT',
            note: 'new note',
          },
        },
        { line: 4, into: 'New Person', added: { names: ['New P.'], emails: ['new@x.in'] } },
        { line: 5, into: 'New Person', added: { names: ['Same Again'] } },
      ],
    });
    const customers = await getDb().collection('customers').get();
    expect(customers.size).toBe(2);
    const updated = (await request(employee).get('/api/customers').query({ q: 'existing' })).body
      .items[0];
    expect(updated).toMatchObject({
      _id: existing,
      names: ['Existing', 'Existing Two'],
      phones: ['+919811111111'],
      emails: ['ex@x.in'],
      categories: ['PP', 'PHE'],
      potential: 'HOT',
      note: 'kept\nnew note',
    });
    expect((await getDb().doc(`customers/${existing}`).get()).get('updatedAt')).not.toEqual(before);
    const person = (await request(employee).get('/api/customers').query({ q: 'new' })).body.items;
    expect(person).toHaveLength(1);
    expect(person[0]).toMatchObject({
      names: ['New Person', 'New P.', 'Same Again'],
      phones: ['+919822222222'],
      emails: ['new@x.in'],
    });

    await resetCounters();
    const again = await upload(employee, csv);
    expect(again.body).toEqual({ created: 0, updated: 0, skipped: 5, errors: [], merges: [] });
    expect((await readCounters()).writes).toBe(0);
  });

  it("leaves alone the keys of a stored customer's values that no row names", async () => {
    const a = await request(employee)
      .post('/api/customers')
      .send({ names: ['A'], emails: ['a@x.in'] });
    const twin = await request(employee)
      .post('/api/customers?force=true')
      .send({ names: ['Twin'], phones: ['9811111111'], emails: ['a@x.in'] });
    const res = await upload(employee, 'phones,note\n9811111111,hello\n');
    expect(res.body).toEqual({
      created: 0,
      updated: 1,
      skipped: 0,
      errors: [],
      merges: [{ line: 2, into: 'Twin', added: { note: 'hello' } }],
    });
    const key = await getDb().doc('customerKeys/email:a@x.in').get();
    expect(key.get('customerId')).toBe(a.body._id);
    const phoneKey = await getDb().doc('customerKeys/phone:+919811111111').get();
    expect(phoneKey.get('customerId')).toBe(twin.body._id);
  });

  it('reports a row whose phone and email belong to two customers', async () => {
    await seedCustomers([
      { names: ['A'], phones: ['9811111111'] },
      { names: ['B'], emails: ['b@x.in'] },
    ]);
    const res = await upload(employee, 'phones,emails\n9811111111,b@x.in\n');
    expect(res.body).toEqual({
      created: 0,
      updated: 0,
      skipped: 0,
      errors: [
        {
          line: 2,
          message: 'Its phones and emails belong to different customers (A, B); merge them first',
        },
      ],
      merges: [],
    });
  });

  it('parses from req.rawBody when the Functions runtime has read the body', async () => {
    const res = await upload(appWithRawBody('employee'), 'email\nraw@x.in\n');
    expect(res.body).toEqual({ created: 1, updated: 0, skipped: 0, errors: [], merges: [] });
    const big = await upload(appWithRawBody('employee'), 'email\n' + 'x'.repeat(10 * 1024 * 1024));
    expect(big.status).toBe(413);
  });

  it.each([
    [
      'unknown headers',
      'city,pincode\nPune,411001\n',
      400,
      /no known column \(found: city, pincode\)/,
    ],
    ['an empty file', '', 400, /The file is empty/],
    ['only a byte order mark and blank lines', '\uFEFF\r\n\r\n', 400, /The file is empty/],
    ['a header without rows', 'names,phones\r\n', 400, /no rows below the header/],
    ['an unclosed quote', 'names\n"Ravi\n', 400, /not valid CSV: Quote Not Closed/],
    ['UTF-16 text', Buffer.from('\uFEFFnames\r\nRavi\r\n', 'utf16le'), 400, /not a CSV text file/],
  ])('refuses %s', async (_what, content, status, message) => {
    const res = await upload(employee, content);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
  });

  it('refuses binary garbage', async () => {
    let seed = 7;
    const bytes = Buffer.alloc(4096, 0).map(() => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 256;
    });
    const res = await upload(employee, Buffer.from(bytes), 'photo.csv');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not a CSV text file/);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ]);
    expect((await upload(employee, png, 'x.png')).status).toBe(400);
  });

  it('refuses files over 10 MB or 50,000 rows with 413', async () => {
    const big = await upload(employee, 'names,note\n' + `a,${'x'.repeat(1000)}\n`.repeat(10_500));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The file is larger than 10 MB; split it into smaller files.');
    const rows = await upload(employee, 'names\n' + 'a\n'.repeat(50_001));
    expect(rows.status).toBe(413);
    expect(rows.body.message).toBe(
      'The file has more than 50,000 rows; split it into smaller files.',
    );
    expect((await getDb().collection('customers').count().get()).data().count).toBe(0);
  }, 60_000);

  it('imports thousands of rows in transactions of at most 500 writes', async () => {
    const lines = ['names,phones,emails'];
    for (let i = 0; i < 5_000; i++)
      lines.push(`Person ${i},${mobile(40_000_000 + i)},p${i}@bulk.in`);
    await resetCounters();
    const res = await upload(employee, lines.join('\n'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 5_000, updated: 0, skipped: 0, errors: [], merges: [] });
    expect((await getDb().collection('customers').count().get()).data().count).toBe(5_000);
    // Each customer and its two keys, written once, and the dashboard's customer count once per
    // transaction (of 150 customers); then recent activity once, with the newest customers only
    // (once per chunk, a 50,000-row import outgrew the document).
    const chunks = Math.ceil(5_000 / 150);
    const { writes } = await readCounters();
    expect(writes).toBe(15_000 + chunks + 1);
    const recent = (await getDb().doc('dashboard/recent-activity').get()).get('items') as object;
    expect(Object.keys(recent)).toHaveLength(RECENT_SHOWN);
  }, 120_000);

  it('needs multipart with a file, and customers.write', async () => {
    const json = await request(employee).post('/api/customers/import.csv').send({ file: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe('Send the files as multipart/form-data.');
    const noFile = await request(employee).post('/api/customers/import.csv').field('other', 'x');
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('No file was sent (expected in the field "file").');
    expect((await upload(appAs('outsider'), 'names\nA\n')).status).toBe(403);
  });
});

describe('GET /customers/export.csv', () => {
  beforeEach(resetBackends);

  it('writes RFC 4180 UTF-8 with a BOM, guards formula cells, and names the file by date', async () => {
    await seedCustomers([
      {
        names: ['=HYPERLINK("http://evil")', 'Ravi "RK" Sharma'],
        phones: ['9811111111', '9822222222'],
        emails: ['ravi@x.in'],
        categories: ['PHE', 'SS PUMP'],
        potential: 'HOT',
        note: '@risk, line one\nline two',
        createdAt: new Date('2026-03-01T10:00:00Z'),
      },
      { names: ['-minus', 'Tabbed'], note: '+plus', createdAt: new Date('2026-03-02T10:00:00Z') },
    ]);
    const { res, bytes, text } = await exportCsv(admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="customers_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = text.slice(1);
    expect(body.split('\r\n')[0]).toBe('names,phones,emails,categories,potential,note,createdAt');
    expect(body).toContain(
      `"'=HYPERLINK(""http://evil""); Ravi ""RK"" Sharma","'+919811111111; +919822222222",ravi@x.in,PHE; SS PUMP,HOT,"'@risk, line one\nline two",2026-03-01T15:30:00.000+05:30\r\n`,
    );
    expect(body).toContain(`"'-minus; Tabbed",,,,,"'+plus",2026-03-02T15:30:00.000+05:30`);
    expect(body.endsWith('\r\n')).toBe(true);
  });

  it('exports what the list filters, in the list order', async () => {
    await seedCustomers([
      { names: ['Ravi A'], categories: ['PHE'], createdAt: new Date('2026-03-01T10:00:00Z') },
      { names: ['Ravi B'], categories: ['PP'], createdAt: new Date('2026-03-02T10:00:00Z') },
      { names: ['Meera'], categories: ['PHE'], createdAt: new Date('2026-03-03T10:00:00Z') },
    ]);
    const names = async (query: Record<string, string>) =>
      (
        parse((await exportCsv(admin, query)).text, { bom: true, columns: true }) as {
          names: string;
        }[]
      ).map((r: { names: string }) => r.names);
    expect(await names({})).toEqual(['Meera', 'Ravi B', 'Ravi A']);
    expect(await names({ q: 'ravi', sort: 'name' })).toEqual(['Ravi A', 'Ravi B']);
    expect(await names({ categories: 'PHE' })).toEqual(['Meera', 'Ravi A']);
    expect(await names({ q: 'ravi', categories: 'PHE' })).toEqual(['Ravi A']);
    expect(await names({ to: '2026-03-01' })).toEqual(['Ravi A']);
    expect((await exportCsv(admin, { from: 'x' })).res.status).toBe(400);
    expect((await exportCsv(appAs('outsider'))).res.status).toBe(403);
  });

  it('needs customers.export: an employee who may read every customer may not take the list away', async () => {
    await seedCustomers([{ names: ['Ravi'] }]);
    const { res } = await exportCsv(employee);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({
      message: 'Access denied (needs the customers.export permission).',
    });
  });

  it('streams many customers a page at a time', async () => {
    await seedCustomers(
      Array.from({ length: 1_203 }, (_, i) => ({
        names: [`P${i}`],
        phones: [mobile(50_000_000 + i)],
      })),
    );
    await resetCounters();
    const { text } = await exportCsv(admin);
    const rows = parse(text, { bom: true, columns: true }) as { names: string }[];
    expect(rows).toHaveLength(1_203);
    expect(new Set(rows.map((r) => r.names)).size).toBe(1_203);
    // Every document once, in pages of 500: no count, no re-reads.
    expect((await readCounters()).reads).toBeLessThanOrEqual(1_203 + 3);
  });

  it('quotes every line break, quote, comma and formula cell, so no field starts a row of its own', async () => {
    const notes = [
      'a\n=1+1',
      'b\r=2+2',
      'c\r\n+3',
      "'=already guarded",
      "''@twice",
      'd, "quoted"\n-4',
      '\uFF1Dwide',
    ];
    for (const [i, note] of notes.entries()) {
      const res = await request(employee)
        .post('/api/customers')
        .send({ names: [`X${i}`], note });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const { text } = await exportCsv(admin, { sort: 'name' });
    // Strict RFC 4180: any unquoted line break would make another record here.
    const rows = parse(text, { bom: true, columns: true }) as { names: string; note: string }[];
    expect(rows.map((r) => r.names)).toEqual(notes.map((_, i) => `X${i}`));
    expect(text).toContain('X0,,,,,"a\n=1+1",');
    expect(text).toContain('X1,,,,,"b\r=2+2",');
    expect(rows.map((r) => r.note)).toEqual([
      'a\n=1+1',
      'b\r=2+2',
      'c\r\n+3',
      "''=already guarded",
      "'''@twice",
      'd, "quoted"\n-4',
      "'\uFF1Dwide",
    ]);

    // And the import reads back exactly what was written.
    const exported = (await exportCsv(admin)).bytes;
    await resetBackends();
    const res = await upload(employee, exported);
    expect(res.body).toMatchObject({ created: notes.length, errors: [] });
    const back = await allCustomers();
    expect(back.map((c) => c.note).sort()).toEqual([...notes].sort());
  });

  it('round-trips: an exported file imports back to the same customers', async () => {
    const inputs = [
      {
        names: ['=cmd("calc")', 'Sharma, "RK" Ravi', '+Plus'],
        phones: ['9811111111', '+1 415 555 2671'],
        emails: ['ravi@x.in', 'rk@x.in'],
        categories: ['PHE', 'Boilers'],
        potential: 'N/I BUT FUTURE POTENTIAL',
        note: 'Line one, with comma\nLine "two"\r\n@three',
        createdAt: new Date('2026-01-15T04:05:06.789Z'),
      },
      {
        names: ['Ánanya Rao'],
        phones: [],
        emails: [],
        categories: [],
        potential: '',
        note: '',
        createdAt: new Date('2026-02-01T00:00:00Z'),
      },
      {
        names: [],
        phones: ['+91 99887 76655'],
        emails: [],
        categories: ['PP'],
        potential: 'COLD',
        note: '-5 degrees',
        createdAt: new Date('2026-02-02T00:00:00Z'),
      },
    ];
    await seedCustomers(inputs);
    // Without ids (new ones) and updatedAt; in createdAt order (two have no email to sort by).
    const strip = (list: Record<string, unknown>[]) =>
      list
        // The importer owns what it creates (the seeded ones had no owner).
        .map(({ _id: _i, updatedAt: _u, owner: _o, ...rest }) => rest)
        .sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
    const before = strip(await allCustomers());
    const exported = (await exportCsv(admin)).bytes;

    await resetBackends();
    const res = await upload(employee, exported);
    expect(res.body).toEqual({ created: 3, updated: 0, skipped: 0, errors: [], merges: [] });
    expect(strip(await allCustomers())).toEqual(before);
    expect((await exportCsv(admin)).bytes.equals(exported)).toBe(true);

    // The same file again: nothing changes.
    expect((await upload(employee, exported)).body).toEqual({
      created: 0,
      updated: 0,
      skipped: 3,
      errors: [],
      merges: [],
    });
  });
});
