import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const ADMIN = { token: 't', role: 'admin' };

const CATALOG = [
  {
    name: 'season_offer',
    language: 'en',
    status: 'APPROVED',
    category: 'MARKETING',
    body: 'Namaste {{1}}, {{2}}',
    paramCount: 2,
  },
  {
    name: 'quotation_document',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    headerFormat: 'DOCUMENT',
    body: 'Hello {{1}}, please find attached our quotation {{2}} for {{3}}.',
    paramCount: 3,
  },
  {
    name: 'festive_offer',
    language: 'en',
    status: 'PENDING',
    category: 'MARKETING',
    body: 'Festive offer for {{1}}',
    paramCount: 1,
  },
];

const COUNT = {
  audienceCount: 2,
  excluded: {
    optedOut: 1,
    noPhone: 1,
    duplicate: 0,
    notCustomer: 0,
    invalid: 0,
    alreadyMessaged: 0,
  },
  estimatedCost: 173,
  sample: [
    { customerId: 'c1', name: 'Meena Iyer', phone: '+919810011111', ownerName: 'Suresh' },
    { customerId: 'c2', name: 'Ravi Sharma', phone: '+919812345678', ownerName: '' },
  ],
  excludedSample: [
    { customerId: 'c3', name: 'Asha Verma', phone: '+919810033333', reason: 'optedOut' },
  ],
};

const MADE = {
  _id: 'b1',
  name: 'Diwali offer',
  template: { name: 'season_offer', language: 'en', category: 'MARKETING' },
  params: [],
  header: null,
  audience: { filters: {} },
  ...COUNT,
  state: 'draft',
  sendAt: null,
  createdAt: '2026-11-28T06:00:00.000Z',
  createdBy: { _id: 'admin-uid', name: 'Anita Admin' },
  startedBy: null,
  startedAt: null,
  waitUntil: null,
  counts: {
    queued: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    replied: 0,
    failed: 0,
    skipped: 0,
    optedOutAfter: 0,
  },
  newMatchRuns: [],
};

describe('the Broadcasts screen', () => {
  it('counts the audience with the exclusions, previews a customer, and makes the broadcast', async () => {
    const made: unknown[] = [];
    const api = mockApi({
      'GET /whatsapp/templates': CATALOG,
      'GET /settings/public': { companyName: 'Demo Dairy', adminEmail: null },
      'POST /broadcasts/audience': COUNT,
      'GET /broadcasts': () => made,
      'POST /broadcasts': () => {
        made.push(MADE);
        return jsonResponse(201, MADE);
      },
      'GET /broadcasts/b1': MADE,
    });
    const { user } = renderApp('/broadcasts', ADMIN);
    expect(await screen.findByText(/No broadcast yet/)).toBeInTheDocument();
    const count = await screen.findByText(/customers will receive it/);
    expect(count).toHaveTextContent('2 customers will receive it · estimated cost ₹1.73');
    expect(screen.getByText(/Excluded: 1 opted out, 1 without a phone/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create broadcast' })).toBeDisabled();
    expect(screen.getByText('Give the broadcast a name')).toBeInTheDocument();

    // Changed at once, not typed key by key: typing is slow on the shared test machine.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Diwali offer' } });
    const templates = screen.getByLabelText('Approved template');
    // Only approved templates are offered.
    expect(within(templates).queryByText(/festive_offer/)).toBeNull();
    await user.selectOptions(templates, 'season_offer:en');
    fireEvent.change(screen.getByLabelText('Text for {{2}}'), {
      target: { value: 'Diwali prices until Sunday.' },
    });
    expect(screen.getByText('Namaste Meena, Diwali prices until Sunday.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('As received by'), '1');
    expect(screen.getByText('Namaste Ravi, Diwali prices until Sunday.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create broadcast' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/broadcasts' && c.method === 'POST')).toBe(true),
    );
    const sent = api.calls.find((c) => c.path === '/broadcasts' && c.method === 'POST');
    expect(sent?.body).toEqual({
      name: 'Diwali offer',
      template: { name: 'season_offer', language: 'en' },
      params: [{ field: 'firstName' }, { text: 'Diwali prices until Sunday.' }],
      audience: { filters: {} },
      sendAt: null,
    });
    const report = await screen.findByRole('region', { name: 'Report' });
    expect(await within(report).findByText('Not started')).toBeInTheDocument();
    expect(within(report).getByText(/by Anita Admin/)).toBeInTheDocument();
  }, 30_000);

  it("puts an uploaded PDF, or a quote's PDF, in a DOCUMENT header, shown in the preview", async () => {
    const api = mockApi({
      'GET /whatsapp/templates': CATALOG,
      'GET /settings/public': { companyName: 'Demo Dairy', adminEmail: null },
      'GET /settings/fixed-pdfs': [],
      'POST /broadcasts/audience': COUNT,
      'GET /broadcasts': [],
      'GET /quotes': {
        items: [
          {
            _id: 'q1',
            number: 'Q/2026-27/0007',
            customerName: 'Meena Iyer',
            status: 'sent',
            customerId: 'c1',
            validUntil: '2026-12-31',
            owner: null,
            createdAt: '2026-11-20T06:00:00.000Z',
            total: 4956000,
          },
        ],
        nextCursor: null,
      },
      'POST /uploads': jsonResponse(201, {
        files: [
          {
            name: 'price-list.pdf',
            url: '/api/files/uploads/f1',
            mimetype: 'application/pdf',
            size: 1234,
          },
        ],
      }),
      'POST /broadcasts': jsonResponse(201, MADE),
      'GET /broadcasts/b1': MADE,
    });
    const made = () => api.calls.filter((c) => c.path === '/broadcasts' && c.method === 'POST');
    const { user } = renderApp('/broadcasts', ADMIN);
    await screen.findByText(/customers will receive it/);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Price list' } });
    await user.selectOptions(screen.getByLabelText('Approved template'), 'quotation_document:en');
    fireEvent.change(screen.getByLabelText('Text for {{2}}'), { target: { value: 'PL-2026' } });
    fireEvent.change(screen.getByLabelText('Text for {{3}}'), { target: { value: 'SS tanks' } });
    expect(screen.getByText('Choose a PDF for its header')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create broadcast' })).toBeDisabled();

    await user.upload(
      screen.getByLabelText('Header document (upload a PDF)'),
      new File(['%PDF-1.4'], 'price-list.pdf', { type: 'application/pdf' }),
    );
    const preview = screen.getByLabelText('Preview');
    expect(await within(preview).findByText('📄 price-list.pdf')).toBeInTheDocument();
    expect(
      within(preview).getByText(
        'Hello Meena, please find attached our quotation PL-2026 for SS tanks.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create broadcast' }));
    await waitFor(() => expect(made()).toHaveLength(1));
    expect(made()[0].body).toMatchObject({
      template: { name: 'quotation_document', language: 'en' },
      header: { fileUrl: '/api/files/uploads/f1' },
    });

    // Or a quote's PDF.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Quote for all' } });
    await user.selectOptions(screen.getByLabelText('Approved template'), 'quotation_document:en');
    fireEvent.change(screen.getByLabelText('Text for {{2}}'), { target: { value: 'PL-2026' } });
    fireEvent.change(screen.getByLabelText('Text for {{3}}'), { target: { value: 'SS tanks' } });
    // A picture is refused before it is uploaded.
    fireEvent.change(screen.getByLabelText('Header document (upload a PDF)'), {
      target: { files: [new File(['png'], 'tank.png', { type: 'image/png' })] },
    });
    expect(screen.getByText("The template's DOCUMENT header takes a PDF")).toBeInTheDocument();
    await user.selectOptions(
      await screen.findByLabelText("Or a company PDF or a quote's PDF"),
      'Q/2026-27/0007 · Meena Iyer',
    );
    expect(await screen.findByText('📄 Quote Q/2026-27/0007 (PDF)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create broadcast' }));
    await waitFor(() => expect(made()).toHaveLength(2));
    expect(made()[1].body).toMatchObject({ header: { quoteId: 'q1' } });
  }, 30_000);

  it("counts one employee's customers, or those without an owner", async () => {
    const api = mockApi({
      'GET /whatsapp/templates': CATALOG,
      'GET /settings/public': { companyName: 'Demo Dairy', adminEmail: null },
      'POST /broadcasts/audience': COUNT,
      'GET /broadcasts': [],
      'GET /entries/employees': [{ _id: 'u-suresh', name: 'Suresh Sales' }],
    });
    const { user } = renderApp('/broadcasts', ADMIN);
    await screen.findByText(/customers will receive it/);
    const owner = screen.getByLabelText('Owner');
    await waitFor(() => expect(within(owner).getAllByRole('option')).toHaveLength(3));
    expect(within(owner).queryByText('Mine')).toBeNull();
    await user.selectOptions(owner, 'Suresh Sales');
    const counted = () =>
      api.calls.filter((c) => c.path === '/broadcasts/audience').map((c) => c.body);
    await waitFor(() =>
      expect(counted().at(-1)).toMatchObject({ audience: { filters: { owner: 'u-suresh' } } }),
    );
    await user.selectOptions(owner, 'No owner');
    await waitFor(() =>
      expect(counted().at(-1)).toMatchObject({ audience: { filters: { owner: 'none' } } }),
    );
    fireEvent.change(screen.getByLabelText('Last contacted from'), {
      target: { value: '2026-03-01' },
    });
    await waitFor(() =>
      expect(counted().at(-1)).toMatchObject({
        audience: { filters: { owner: 'none', contactedFrom: '2026-03-01' } },
      }),
    );
    fireEvent.change(screen.getByLabelText('Entry tag'), { target: { value: ' Diwali lead ' } });
    await waitFor(() =>
      expect(counted().at(-1)).toMatchObject({
        audience: { filters: { owner: 'none', tag: 'Diwali lead' } },
      }),
    );
  }, 30_000);

  it('starts the audience from a saved search (without "Mine")', async () => {
    const api = mockApi({
      'GET /whatsapp/templates': CATALOG,
      'GET /settings/public': { companyName: 'Demo Dairy', adminEmail: null },
      'POST /broadcasts/audience': COUNT,
      'GET /broadcasts': [],
      'GET /entries/employees': [],
      'GET /me/saved-searches': [
        {
          _id: 's1',
          name: 'My hot PHE',
          filters: { q: 'dairy', categories: 'PHE,PP', owner: 'me', contactedFrom: '2026-03-01' },
          createdAt: null,
        },
      ],
    });
    const { user } = renderApp('/broadcasts', ADMIN);
    await screen.findByText(/customers will receive it/);
    await user.selectOptions(
      await screen.findByLabelText('Start from a saved search'),
      'My hot PHE',
    );
    const counted = () =>
      api.calls.filter((c) => c.path === '/broadcasts/audience').map((c) => c.body);
    await waitFor(() =>
      expect(counted().at(-1)).toEqual({
        audience: {
          filters: { q: 'dairy', categories: ['PHE', 'PP'], contactedFrom: '2026-03-01' },
        },
        category: 'MARKETING',
      }),
    );
  }, 30_000);

  it('starts, shows the counts moving while it sends, pauses and resumes, and offers the recipients', async () => {
    let state = 'draft';
    let reads = 0;
    const current = () => ({
      ...MADE,
      state,
      ...(state !== 'draft' && {
        startedAt: '2026-11-28T06:01:00.000Z',
        startedBy: { _id: 'admin-uid', name: 'Anita Admin' },
      }),
      counts: { ...MADE.counts, queued: 2 - Math.min(reads, 2), sent: Math.min(reads, 2) },
    });
    const api = mockApi({
      'GET /whatsapp/templates': CATALOG,
      'GET /settings/public': { companyName: 'Demo Dairy', adminEmail: null },
      'POST /broadcasts/audience': COUNT,
      'GET /broadcasts': () => [current()],
      'GET /broadcasts/b1': () => {
        if (state === 'sending') reads++;
        return current();
      },
      'POST /broadcasts/b1/start': () => {
        state = 'sending';
        return current();
      },
      'POST /broadcasts/b1/pause': () => {
        state = 'paused';
        return current();
      },
      'POST /broadcasts/b1/resume': () => {
        state = 'sending';
        return current();
      },
    });
    const { user } = renderApp('/broadcasts', ADMIN);
    await user.click(await screen.findByText('Diwali offer'));
    const report = await screen.findByRole('region', { name: 'Report' });
    await user.click(await within(report).findByRole('button', { name: 'Start now' }));
    expect(await within(report).findByText('Sending')).toBeInTheDocument();
    expect(within(report).getByText(/started .* by Anita Admin/)).toBeInTheDocument();
    // Asked again while it sends: the counts move.
    await waitFor(
      () => {
        const sent = within(report).getByText('Sent').nextElementSibling;
        expect(sent).toHaveTextContent('2');
      },
      { timeout: 8_000 },
    );
    await user.click(within(report).getByRole('button', { name: 'Pause' }));
    expect(await within(report).findByText('Paused')).toBeInTheDocument();
    await user.click(within(report).getByRole('button', { name: 'Resume' }));
    expect(await within(report).findByText('Sending')).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: 'Recipients (CSV)' })).toBeInTheDocument();
    // The exclusions in the composer's words.
    expect(report).toHaveTextContent('excluded: 1 opted out, 1 without a phone');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/broadcasts/audience',
      '/broadcasts/b1/start',
      '/broadcasts/b1/pause',
      '/broadcasts/b1/resume',
    ]);
  }, 30_000);

  it('offers a done broadcast to its new matches, with those already messaged counted apart', async () => {
    let state = 'done';
    const done = () => ({
      ...MADE,
      state,
      audienceCount: state === 'done' ? 2 : 4,
      startedAt: '2026-11-28T06:01:00.000Z',
      startedBy: { _id: 'admin-uid', name: 'Anita Admin' },
      counts: { ...MADE.counts, sent: 2 },
      newMatchRuns:
        state === 'done'
          ? []
          : [
              {
                at: '2026-11-29T06:00:00.000Z',
                by: { _id: 'admin-uid', name: 'Anita Admin' },
                added: 2,
              },
            ],
    });
    const api = mockApi({
      'GET /whatsapp/templates': CATALOG,
      'GET /settings/public': { companyName: 'Demo Dairy', adminEmail: null },
      'POST /broadcasts/audience': COUNT,
      'GET /broadcasts': () => [done()],
      'GET /broadcasts/b1': () => done(),
      'GET /broadcasts/b1/new-matches': {
        ...COUNT,
        excluded: { ...COUNT.excluded, optedOut: 0, noPhone: 0, alreadyMessaged: 3 },
        excludedSample: [],
      },
      'POST /broadcasts/b1/new-matches': () => {
        state = 'sending';
        return done();
      },
    });
    const { user } = renderApp('/broadcasts', ADMIN);
    await user.click(await screen.findByText('Diwali offer'));
    const matches = await screen.findByRole('region', { name: 'New matches' });
    expect(await within(matches).findByText(/customers will receive it/)).toHaveTextContent(
      '2 customers will receive it · estimated cost ₹1.73',
    );
    expect(within(matches).getByText('Excluded: 3 already messaged')).toBeInTheDocument();
    await user.click(within(matches).getByRole('button', { name: 'Send to 2 new matches' }));
    const report = screen.getByRole('region', { name: 'Report' });
    expect(await within(report).findByText('Sending')).toBeInTheDocument();
    expect(within(report).getByText(/Sent to 2 new matches .* by Anita Admin/)).toBeInTheDocument();
    // Sending again: no new matches offered until it is done.
    expect(within(report).queryByRole('region', { name: 'New matches' })).toBeNull();
    expect(
      api.calls.filter((c) => c.path === '/broadcasts/b1/new-matches').map((c) => c.method),
    ).toEqual(['GET', 'POST']);
  }, 30_000);

  it('counts the new matches again while the done report is open, and toasts what was sent', async () => {
    // Customers added elsewhere while the report is open: the offer follows without a reload.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    try {
      let found = 2;
      let state = 'done';
      const broadcast = () => ({
        ...MADE,
        state,
        newMatchRuns:
          state === 'done'
            ? []
            : [
                {
                  at: '2026-11-29T06:00:00.000Z',
                  by: { _id: 'admin-uid', name: 'Anita Admin' },
                  added: 4,
                },
              ],
      });
      mockApi({
        'GET /whatsapp/templates': CATALOG,
        'GET /settings/public': { companyName: 'Demo Dairy', adminEmail: null },
        'GET /broadcasts': () => [broadcast()],
        'GET /broadcasts/b1': () => broadcast(),
        'GET /broadcasts/b1/new-matches': () => ({ ...COUNT, audienceCount: found }),
        'POST /broadcasts/b1/new-matches': () => {
          state = 'sending';
          return broadcast();
        },
      });
      const { user } = renderApp('/broadcasts', ADMIN);
      await user.click(await screen.findByText('Diwali offer'));
      const matches = await screen.findByRole('region', { name: 'New matches' });
      const total = () => within(matches).findByText(/customers will receive it/);
      expect(await total()).toHaveTextContent(/^2 customers/);
      found = 3;
      await vi.advanceTimersByTimeAsync(10_000);
      await waitFor(async () => expect(await total()).toHaveTextContent(/^3 customers/));
      // Two more came between the count and the press: the server sent to 4, and says so.
      await user.click(within(matches).getByRole('button', { name: 'Send to 3 new matches' }));
      expect(await screen.findByText('Sending to 4 new matches')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  }, 30_000);

  it('says when the count or the list fails', async () => {
    mockApi({
      'GET /whatsapp/templates': CATALOG,
      'GET /settings/public': { companyName: 'Demo Dairy', adminEmail: null },
      'POST /broadcasts/audience': jsonResponse(400, {
        message: 'audience.filters.from: bad date',
      }),
      'GET /broadcasts': jsonResponse(503, { message: 'Unavailable: firestore' }),
    });
    renderApp('/broadcasts', ADMIN);
    expect(await screen.findByText('audience.filters.from: bad date')).toBeInTheDocument();
    expect(await screen.findByText('Unavailable: firestore')).toBeInTheDocument();
  });
});
