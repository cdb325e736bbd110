import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { jsonResponse, mockApi, stubPhoneWidth } from '../../../test/mock-api';
import { customer, page } from '../test/mock-api';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const ADMIN = { token: 't', role: 'admin' };

const existing = customer({
  _id: 'old',
  names: ['Raj Kumar'],
  phones: ['+919876543210'],
  emails: ['raj@example.in'],
  categories: ['PHE'],
  potential: 'COLD',
  note: 'Met at expo',
});

async function openAdd(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /customers': () => page([existing]), ...routes });
  const view = renderApp('/customers', ADMIN);
  await screen.findByRole('checkbox', { name: 'Select Raj Kumar' });
  await view.user.click(screen.getByRole('button', { name: 'Add Customer' }));
  return { api, ...view, dialog: screen.getByRole('dialog', { name: 'Add Customer' }) };
}

describe('Add Customer', () => {
  it("requires a name, phone or email: 'Please add at least a name/phone/email'", async () => {
    const { api, user, dialog } = await openAdd();
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'only a note');
    await user.click(within(dialog).getByRole('button', { name: 'Add Customer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please add at least a name/phone/email',
    );
    expect(api.find('POST', '/customers')).toHaveLength(0);
  });

  it("creates with several values, categories and potential: 'Customer added'", async () => {
    const { api, user, dialog } = await openAdd({
      'POST /customers': ({ body }) => jsonResponse(201, customer(body as object)),
    });
    const form = within(dialog);
    await user.type(form.getByRole('textbox', { name: 'Name 1' }), '  Anita Rao ');
    await user.click(form.getByRole('button', { name: '+ Add name' }));
    await user.type(form.getByRole('textbox', { name: 'Name 2' }), 'Rao Foods');
    await user.type(form.getByRole('textbox', { name: 'Phone 1' }), '+91 99887 76655');
    await user.type(form.getByRole('textbox', { name: 'Email 1' }), 'Anita@Rao.in');
    await user.click(form.getByRole('button', { name: /^Categories/ }));
    await user.click(form.getByRole('checkbox', { name: 'SS PUMP' }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Potential' }), 'VIP');
    await user.click(form.getByRole('button', { name: 'Add Customer' }));

    expect(await screen.findByText('Customer added')).toBeInTheDocument();
    expect(api.find('POST', '/customers')[0].body).toEqual({
      names: ['Anita Rao', 'Rao Foods'],
      phones: ['+919988776655'],
      emails: ['anita@rao.in'],
      categories: ['SS PUMP'],
      potential: 'VIP',
      note: '',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a 400 in words under its field, not as the raw message in the footer', async () => {
    const { user, dialog } = await openAdd({
      'POST /customers': () =>
        jsonResponse(400, {
          message: 'phones.0: Invalid phone number: 12ab',
          fields: { 'phones.0': 'Invalid phone number: 12ab' },
        }),
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone 1' }), '12ab');
    await user.click(within(dialog).getByRole('button', { name: 'Add Customer' }));
    expect(await within(dialog).findByText('Invalid phone number: 12ab')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please correct the fields marked above.',
    );
    expect(within(dialog).queryByText(/phones\.0/)).not.toBeInTheDocument();
  });

  describe('when a phone or email belongs to another customer (409)', () => {
    const conflict = () =>
      jsonResponse(409, { message: 'This phone belongs to Raj Kumar.', customer: existing });

    it('offers Add anyway, which retries with force=true', async () => {
      const { api, user, dialog } = await openAdd({
        'POST /customers': ({ query }) =>
          query.get('force') === 'true' ? jsonResponse(201, customer()) : conflict(),
      });
      await user.type(within(dialog).getByRole('textbox', { name: 'Phone 1' }), '9876543210');
      await user.click(within(dialog).getByRole('button', { name: 'Add Customer' }));

      const notice = await within(dialog).findByRole('alert');
      expect(notice).toHaveTextContent('This phone belongs to Raj Kumar.');
      expect(notice).toHaveTextContent('Existing customer: Raj Kumar · +91 98765 43210');
      await user.click(within(notice).getByRole('button', { name: 'Add anyway' }));

      expect(await screen.findByText('Customer added')).toBeInTheDocument();
      const posts = api.find('POST', '/customers');
      expect(posts.map((p) => p.query.get('force'))).toEqual([null, 'true']);
    });

    it('offers Open existing, which opens Edit Customer on that customer', async () => {
      const { user, dialog } = await openAdd({ 'POST /customers': conflict });
      await user.type(within(dialog).getByRole('textbox', { name: 'Email 1' }), 'raj@example.in');
      await user.click(within(dialog).getByRole('button', { name: 'Add Customer' }));
      await user.click(await within(dialog).findByRole('button', { name: 'Open existing' }));

      const edit = await screen.findByRole('dialog', { name: 'Edit Customer' });
      expect(within(edit).getByRole('textbox', { name: 'Name 1' })).toHaveValue('Raj Kumar');
    });

    it('offers Merge, which puts the typed values into the existing customer', async () => {
      const { api, user, dialog } = await openAdd({
        'POST /customers': conflict,
        'PUT /customers/:id': ({ body }) => ({ ...existing, ...(body as object) }),
      });
      await user.type(within(dialog).getByRole('textbox', { name: 'Name 1' }), 'Kumar Dairy');
      await user.type(within(dialog).getByRole('textbox', { name: 'Phone 1' }), '+919876543210');
      await user.click(within(dialog).getByRole('button', { name: 'Add Customer' }));
      await user.click(await within(dialog).findByRole('button', { name: 'Merge' }));

      expect(await screen.findByText('Customers merged')).toBeInTheDocument();
      expect(api.find('PUT', '/customers/old')[0].body).toEqual({
        names: ['Raj Kumar', 'Kumar Dairy'],
        phones: ['+919876543210'],
        emails: ['raj@example.in'],
        categories: ['PHE'],
        potential: 'COLD',
        note: 'Met at expo',
      });
    });
  });
});

describe('GST details', () => {
  it('checks the GSTIN as the server does before sending, then sends it upper-cased', async () => {
    const { api, user, dialog } = await openAdd({
      'POST /customers': ({ body }) => jsonResponse(201, customer(body as object)),
    });
    const form = within(dialog);
    await user.type(form.getByRole('textbox', { name: 'Name 1' }), 'Bengaluru Dairy');
    await user.type(form.getByRole('textbox', { name: /GSTIN/ }), '29AAGCB7383J1Z5');
    await user.click(form.getByRole('button', { name: 'Add Customer' }));
    expect(await form.findByText(/check character/i)).toBeInTheDocument();
    expect(api.find('POST', '/customers')).toHaveLength(0);

    await user.clear(form.getByRole('textbox', { name: /GSTIN/ }));
    await user.type(form.getByRole('textbox', { name: /GSTIN/ }), '29aagcb7383j1z4');
    await user.click(form.getByRole('button', { name: 'Add Customer' }));
    expect(await screen.findByText('Customer added')).toBeInTheDocument();
    expect(api.find('POST', '/customers')[0].body).toMatchObject({ gstin: '29AAGCB7383J1Z4' });
  });

  it("shows the server's 400 under the field it names", async () => {
    const { user, dialog } = await openAdd({
      'POST /customers': () =>
        jsonResponse(400, {
          message: 'billingState: Not an Indian state or its GST code: 99',
          fields: { billingState: 'Not an Indian state or its GST code: 99' },
        }),
    });
    const form = within(dialog);
    await user.type(form.getByRole('textbox', { name: 'Name 1' }), 'Somewhere Dairy');
    await user.selectOptions(form.getByRole('combobox', { name: 'Billing state' }), '27');
    await user.click(form.getByRole('button', { name: 'Add Customer' }));
    expect(await form.findByText('Not an Indian state or its GST code: 99')).toBeInTheDocument();
  });
});

describe('Edit Customer', () => {
  it("saves with PUT /customers/{id}: 'Customer updated'", async () => {
    const api = mockApi({
      'GET /customers': () => page([existing]),
      'PUT /customers/:id': ({ body }) => ({ ...existing, ...(body as object) }),
    });
    const { user } = renderApp('/customers', ADMIN);
    await user.click(await screen.findByRole('button', { name: 'More actions for Raj Kumar' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit Raj Kumar' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Customer' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone 1' });
    expect(phone).toHaveValue('+919876543210');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name 1' }));
    await user.clear(phone);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please add at least a name/phone/email',
    );

    await user.type(within(dialog).getByRole('textbox', { name: 'Name 1' }), 'Raj K.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer updated')).toBeInTheDocument();
    expect(api.find('PUT', '/customers/old')[0].body).toMatchObject({
      names: ['Raj K.'],
      phones: [],
      categories: ['PHE'],
      potential: 'COLD',
    });
  });

  it("shows 'Update failed' when the server gives no message", async () => {
    mockApi({
      'GET /customers': () => page([existing]),
      'PUT /customers/:id': () => jsonResponse(500),
    });
    const { user } = renderApp('/customers', ADMIN);
    await user.click(await screen.findByRole('button', { name: 'More actions for Raj Kumar' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit Raj Kumar' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Customer' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Update failed'),
    );
  });
});

/** Quick Add opens under the header from its button, its text box focused. */
async function openQuickAdd(user: ReturnType<typeof renderApp>['user']) {
  const button = screen.getByRole('button', { name: 'Quick Add' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('group', { name: 'Quick Add' })).not.toBeInTheDocument();
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  const panel = within(screen.getByRole('group', { name: 'Quick Add' }));
  expect(panel.getByRole('textbox', { name: 'Names, phones and emails' })).toHaveFocus();
  return panel;
}

describe('Quick Add', () => {
  it("needs at least one value: 'Please add at least one name/phone/email.'", async () => {
    const api = mockApi({ 'GET /customers': () => page([]) });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByText('No customers');
    const panel = await openQuickAdd(user);
    await user.type(panel.getByRole('textbox', { name: 'Names, phones and emails' }), ' , ;');
    await user.click(panel.getByRole('button', { name: 'Add' }));
    expect(panel.getByRole('alert')).toHaveTextContent('Please add at least one name/phone/email.');
    expect(api.find('POST', '/customers/bulk')).toHaveLength(0);
  });

  it('splits the text into ONE customer and sends it to /customers/bulk', async () => {
    const api = mockApi({
      'GET /customers': () => page([]),
      'POST /customers/bulk': () => ({ created: 1, updated: 0, skipped: 0, customers: [] }),
    });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByText('No customers');
    const panel = await openQuickAdd(user);
    const text = panel.getByRole('textbox', { name: 'Names, phones and emails' });
    await user.type(text, 'Raj Kumar, +91 98765 43210; raj@example.in{Enter}RAJ@example.in');
    expect(panel.getByText('+91 98765 43210')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: /^Categories/ }));
    await user.click(panel.getByRole('checkbox', { name: 'PP' }));
    await user.keyboard('{Escape}');
    await user.selectOptions(panel.getByRole('combobox', { name: 'Potential' }), 'WARM');
    await user.click(panel.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Customer added')).toBeInTheDocument();
    expect(api.find('POST', '/customers/bulk')[0].body).toEqual({
      rows: [
        { names: ['Raj Kumar'], phones: ['+919876543210'], emails: ['raj@example.in'], note: '' },
      ],
      defaultCategories: ['PP'],
      defaultPotential: 'WARM',
    });
    expect(text).toHaveValue('');
  });

  it('falls back to POST /customers when the bulk call fails', async () => {
    const api = mockApi({
      'GET /customers': () => page([]),
      'POST /customers/bulk': () => jsonResponse(500),
      'POST /customers': () => jsonResponse(201, customer()),
    });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByText('No customers');
    const panel = await openQuickAdd(user);
    await user.type(panel.getByRole('textbox', { name: 'Names, phones and emails' }), 'Meena');
    await user.click(panel.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Customer added')).toBeInTheDocument();
    expect(api.find('POST', '/customers')[0].body).toEqual({
      names: ['Meena'],
      phones: [],
      emails: [],
      note: '',
      categories: [],
      potential: '',
    });
  });

  it('offers Open and Add anyway when a value belongs to another customer (409)', async () => {
    const api = mockApi({
      'GET /customers': () => page([existing]),
      'POST /customers/bulk': ({ query }) =>
        query.get('force') === 'true'
          ? { created: 1, updated: 0, skipped: 0, customers: [] }
          : jsonResponse(409, { message: 'This phone belongs to Raj Kumar.', customer: existing }),
    });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByRole('checkbox', { name: 'Select Raj Kumar' });
    const panel = await openQuickAdd(user);
    await user.type(panel.getByRole('textbox', { name: 'Names, phones and emails' }), '9876543210');
    await user.click(panel.getByRole('button', { name: 'Add' }));
    const alert = await panel.findByRole('alert');
    expect(alert).toHaveTextContent('This phone belongs to Raj Kumar.');
    expect(within(alert).getByRole('button', { name: 'Open Raj Kumar' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Add anyway' }));
    expect(await screen.findByText('Customer added')).toBeInTheDocument();
    expect(api.find('POST', '/customers/bulk').map((c) => c.query.get('force'))).toEqual([
      null,
      'true',
    ]);
    // A 409 is an answer: no fallback to POST /customers.
    expect(api.find('POST', '/customers')).toHaveLength(0);
  });

  it('closes with Close, focus back on its button; on a phone it is in the More menu', async () => {
    mockApi({ 'GET /customers': () => page([]) });
    const { user, unmount } = renderApp('/customers', ADMIN);
    await screen.findByText('No customers');
    const panel = await openQuickAdd(user);
    await user.click(panel.getByRole('button', { name: 'Close Quick Add' }));
    expect(screen.queryByRole('group', { name: 'Quick Add' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quick Add' })).toHaveFocus();
    unmount();

    stubPhoneWidth();
    const phone = renderApp('/customers', ADMIN);
    await screen.findByText('No customers');
    expect(screen.queryByRole('button', { name: 'Quick Add' })).not.toBeInTheDocument();
    await phone.user.click(screen.getByRole('button', { name: 'More' }));
    await phone.user.click(screen.getByRole('menuitem', { name: 'Quick Add' }));
    const opened = within(screen.getByRole('group', { name: 'Quick Add' }));
    expect(opened.getByRole('textbox', { name: 'Names, phones and emails' })).toHaveFocus();
  });

  it("says 'Add failed' when both calls fail without a message", async () => {
    mockApi({
      'GET /customers': () => page([]),
      'POST /customers/bulk': () => jsonResponse(500),
      'POST /customers': () => jsonResponse(500),
    });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByText('No customers');
    const panel = await openQuickAdd(user);
    await user.type(panel.getByRole('textbox', { name: 'Names, phones and emails' }), 'Meena');
    await user.click(panel.getByRole('button', { name: 'Add' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('Add failed');
  });
});
