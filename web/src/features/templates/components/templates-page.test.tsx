import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, stubPhoneWidth } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import type { Template } from '../api/types';

const ADMIN = { token: 't', role: 'admin' };

const TEMPLATES: Template[] = [
  { _id: 't1', type: 'text', title: 'Thank you', content: 'Thank you for your time today.' },
  { _id: 't2', type: 'text', title: 'Follow-up', content: 'Following up on the quotation.' },
  { _id: 'w1', type: 'whatsapp', title: 'Greeting', content: 'Namaste {{name}}!' },
  {
    _id: 'e1',
    type: 'email',
    title: 'Quotation',
    subject: 'Your quotation',
    content: '<p>Dear {{name}}</p>',
  },
];

const CATALOG = [
  {
    name: 'quote_followup',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    body: 'Dear {{1}}, {{2}}',
    paramCount: 2,
  },
  {
    name: 'diwali_offer',
    language: 'hi',
    status: 'PENDING',
    category: 'MARKETING',
    body: 'Shubh Deepavali {{1}}',
    paramCount: 1,
  },
];

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const bodyRows = () => screen.getAllByRole('row').slice(1);
const titles = () => bodyRows().map((row) => within(row).getAllByRole('cell')[1].textContent);

async function openPage(routes: Record<string, unknown> = {}) {
  const api = mockApi({
    'GET /admin/templates': TEMPLATES,
    'GET /whatsapp/templates': [],
    ...routes,
  });
  const view = renderApp('/templates', ADMIN);
  await screen.findByText('Thank you');
  return { ...api, ...view };
}

// Typing through user-event is slow on a loaded machine: room beyond the 5 s default.
describe('Templates page', { timeout: 20_000 }, () => {
  it('shows the tabs with counts, the help box and the Text templates first', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Templates' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Text (2)',
      'WhatsApp (1)',
      'Email (1)',
    ]);
    expect(tab(/Text/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('complementary', { name: 'About templates' })).toHaveTextContent(
      'Text templates are boilerplate for the Add Entry message box. WhatsApp and Email templates appear in the entry channel dropdown.',
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Type',
      'Title',
      'Content',
      'Edit',
      'Delete',
    ]);
    expect(titles()).toEqual(['Thank you', 'Follow-up']);
    const content = within(bodyRows()[0]).getByText('Thank you for your time today.');
    expect(content).toHaveClass('templates-table__content');
    expect(content).toHaveAttribute('title', 'Thank you for your time today.');
  });

  it('switches tabs with the mouse and the arrow keys', async () => {
    const { user } = await openPage();
    await user.click(tab(/WhatsApp/));
    expect(titles()).toEqual(['Greeting']);
    expect(screen.getByRole('heading', { name: 'Add WhatsApp Template' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(tab(/Email/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/Email/)).toHaveFocus();
    expect(titles()).toEqual(['Quotation']);
  });

  it("says 'No {type} templates' for an empty tab", async () => {
    mockApi({ 'GET /admin/templates': TEMPLATES.filter((t) => t.type !== 'email') });
    const { user } = renderApp('/templates', ADMIN);
    await screen.findByText('Thank you');
    await user.click(tab(/Email/));
    expect(screen.getByText('No email templates')).toBeInTheDocument();
    expect(tab(/Email/)).toHaveTextContent('Email (0)');
  });

  it('refuses an empty title or content with the Hindi-English message', async () => {
    const { user, callsTo } = await openPage({ 'POST /admin/templates': {} });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '   ');
    await user.type(screen.getByRole('textbox', { name: 'Content' }), 'Some text');
    await user.click(screen.getByRole('button', { name: 'Add Template' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Title aur Content dono required hain.');
    expect(callsTo('POST /admin/templates')).toHaveLength(0);
  });

  it('adds a template of the active tab, trimming the title, then clears the form', async () => {
    const created = { _id: 'w2', type: 'whatsapp', title: 'Reminder', content: 'Pay soon' };
    const { user, callsTo } = await openPage({
      'POST /admin/templates': (call: { body: unknown }) => {
        TEMPLATES.push(created as Template);
        return jsonResponse(201, { ...created, ...(call.body as object) });
      },
    });
    try {
      await user.click(tab(/WhatsApp/));
      await user.type(screen.getByRole('textbox', { name: 'Title' }), '  Reminder ');
      await user.type(screen.getByRole('textbox', { name: 'Content' }), 'Pay soon');
      await user.click(screen.getByRole('button', { name: 'Add Template' }));
      await waitFor(() => expect(titles()).toEqual(['Greeting', 'Reminder']));
      expect(callsTo('POST /admin/templates')[0].body).toEqual({
        type: 'whatsapp',
        title: 'Reminder',
        content: 'Pay soon',
        approved: null,
      });
      expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
      expect(screen.getByText('Template added')).toBeInTheDocument();
      expect(tab(/WhatsApp/)).toHaveTextContent('WhatsApp (2)');
    } finally {
      TEMPLATES.pop();
    }
  });

  it('asks for a subject on the Email tab', async () => {
    const { user, callsTo } = await openPage({ 'POST /admin/templates': jsonResponse(201, {}) });
    await user.click(tab(/Email/));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Welcome');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Welcome aboard');
    await user.type(screen.getByRole('textbox', { name: 'Content' }), '<p>Hi</p>');
    await user.click(screen.getByRole('button', { name: 'Add Template' }));
    await waitFor(() => expect(callsTo('POST /admin/templates')).toHaveLength(1));
    expect(callsTo('POST /admin/templates')[0].body).toEqual({
      type: 'email',
      title: 'Welcome',
      subject: 'Welcome aboard',
      content: '<p>Hi</p>',
    });
  });

  it('edits a template into another type, then follows it to its tab', async () => {
    const { user, callsTo } = await openPage({
      'PUT /admin/templates/t2': (call: { body: Record<string, unknown> }) => ({
        _id: 't2',
        ...call.body,
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit Follow-up' }));
    expect(screen.getByRole('heading', { name: 'Edit Template' })).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Follow-up');
    expect(title).toHaveFocus();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'WhatsApp');
    await user.clear(title);
    await user.type(title, ' Quote follow-up ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(tab(/WhatsApp/)).toHaveAttribute('aria-selected', 'true'));
    expect(callsTo('PUT /admin/templates/t2')[0].body).toEqual({
      type: 'whatsapp',
      title: 'Quote follow-up',
      content: 'Following up on the quotation.',
      approved: null,
    });
    expect(screen.getByRole('heading', { name: 'Add WhatsApp Template' })).toBeInTheDocument();
  });

  it('cancels editing with Cancel and when the tab changes', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit Thank you' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Add Text Template' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Thank you' }));
    await user.click(tab(/Email/));
    expect(screen.queryByRole('heading', { name: 'Edit Template' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add Email Template' })).toBeInTheDocument();
  });

  it("deletes after 'Delete this template?' and not when cancelled", async () => {
    const { user, callsTo } = await openPage({ 'DELETE /admin/templates/t1': { ok: true } });
    await user.click(screen.getByRole('button', { name: 'Delete Thank you' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this template?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE /admin/templates/t1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Thank you' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this template?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(callsTo('DELETE /admin/templates/t1')).toHaveLength(1));
    expect(await screen.findByText('Template deleted')).toBeInTheDocument();
  });

  it("shows 'Failed to load templates' inline", async () => {
    mockApi({ 'GET /admin/templates': jsonResponse(500) });
    renderApp('/templates', ADMIN);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load templates');
  });

  it("shows the server's message when the add fails", async () => {
    const { user } = await openPage({
      'POST /admin/templates': jsonResponse(400, {
        message: 'title: Title must be at most 200 characters',
        fields: { title: 'Title must be at most 200 characters' },
      }),
    });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'x');
    await user.type(screen.getByRole('textbox', { name: 'Content' }), 'y');
    await user.click(screen.getByRole('button', { name: 'Add Template' }));
    expect(await screen.findByText('Title must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows cards on a phone', async () => {
    stubPhoneWidth();
    await openPage();
    const cards = within(screen.getByRole('list', { name: 'Templates' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('button', { name: 'Edit Thank you' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('syncs the approved templates from Meta and shows them, with the empty and error states', async () => {
    let sync: Response = jsonResponse(502, {
      message: 'WhatsApp is not configured: set the WABA id under Integrations',
    });
    const { user, callsTo } = await openPage({
      'POST /admin/whatsapp/templates/sync': () => sync,
    });
    await user.click(tab(/WhatsApp/));
    const panel = within(screen.getByRole('region', { name: 'Approved templates from Meta' }));
    expect(
      await panel.findByText('No templates synced yet. Press Sync from Meta to read them.'),
    ).toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Sync from Meta' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(
      'WhatsApp is not configured: set the WABA id under Integrations',
    );

    sync = jsonResponse(200, CATALOG);
    await user.click(panel.getByRole('button', { name: 'Sync from Meta' }));
    const items = within(
      await panel.findByRole('list', { name: 'Templates at Meta' }),
    ).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('quote_followup');
    expect(items[0]).toHaveTextContent('en · UTILITY · 2 parameters');
    expect(items[0]).toHaveTextContent('Dear {{1}}, {{2}}');
    expect(within(items[0]).getByText('APPROVED')).toHaveClass('ui-badge--success');
    expect(within(items[1]).getByText('PENDING')).toHaveClass('wa-badge--warn');
    expect(screen.getByText('Synced 2 templates from Meta')).toBeInTheDocument();
    expect(callsTo('POST /admin/whatsapp/templates/sync')).toHaveLength(2);
  });

  it("shows 'Failed to load the WhatsApp templates' and retries", async () => {
    let fail = true;
    const { user } = await openPage({
      'GET /whatsapp/templates': () => (fail ? jsonResponse(500) : CATALOG),
    });
    await user.click(tab(/WhatsApp/));
    const panel = within(screen.getByRole('region', { name: 'Approved templates from Meta' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(
      'Failed to load the WhatsApp templates',
    );
    fail = false;
    await user.click(panel.getByRole('button', { name: 'Try again' }));
    expect(await panel.findByRole('list', { name: 'Templates at Meta' })).toBeInTheDocument();
  });

  it('links a WhatsApp template to an approved one with its parameters', async () => {
    const { user, callsTo } = await openPage({
      'GET /whatsapp/templates': CATALOG,
      'PUT /admin/templates/w1': (call: { body: Record<string, unknown> }) => ({
        _id: 'w1',
        ...call.body,
      }),
    });
    await user.click(tab(/WhatsApp/));
    await user.click(screen.getByRole('button', { name: 'Edit Greeting' }));
    const approved = screen.getByRole('combobox', { name: 'Approved template' });
    // Only approved templates can be linked.
    await waitFor(() =>
      expect(
        within(approved)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'None (the content goes as text inside the 24-hour window)',
        'quote_followup (en) – 2 parameters',
      ]),
    );
    await user.selectOptions(approved, 'quote_followup (en) – 2 parameters');
    const text = screen.getByRole('combobox', { name: 'Parameter for the text' });
    const name = screen.getByRole('combobox', { name: "Parameter for the customer's name" });
    expect(
      within(text)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', '{{1}}', '{{2}}']);
    await user.selectOptions(name, '');
    expect(
      screen.getByText('Every parameter needs the text or the name: {{2}} takes neither.'),
    ).toBeInTheDocument();
    await user.selectOptions(text, '{{2}}');
    await user.selectOptions(name, '{{1}}');
    expect(screen.queryByText(/takes neither/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT /admin/templates/w1')).toHaveLength(1));
    expect(callsTo('PUT /admin/templates/w1')[0].body).toMatchObject({
      approved: { name: 'quote_followup', language: 'en', textParam: 2, nameParam: 1 },
    });
  });
});
