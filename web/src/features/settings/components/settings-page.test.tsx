import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const ADMIN = { token: 't', role: 'admin' };
/** The comma-joined list named `name` ('Admin numbers', 'Admin emails'). */
const listed = (name: string) => screen.getByRole('list', { name: `${name}:` });

const SETTINGS = {
  companyName: 'Demo Dairy',
  adminNumbers: ['+919800000001', '+919800000002'],
  adminEmails: ['admin@demo.in'],
  notifications: { email: true, whatsapp: false },
  integrations: { whatsapp: {}, email: {} },
  fixedPdfs: [],
};

async function openPage(routes: Record<string, unknown> = {}) {
  const api = mockApi({ 'GET /admin/settings': SETTINGS, ...routes });
  const view = renderApp('/settings', ADMIN);
  await screen.findByLabelText('Company name');
  return { ...api, ...view };
}

// Typing through user-event is slow on a loaded machine: room beyond the 5 s default.
describe('Settings page', { timeout: 20_000 }, () => {
  it('shows the company name, the contacts comma-joined and the switches', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByLabelText('Company name')).toHaveValue('Demo Dairy');
    // Phones as people write them, each value once.
    expect(listed('Admin numbers')).toHaveTextContent(/^\+91 98000 00001, \+91 98000 00002$/);
    expect(screen.getAllByText(/98000 00001/)).toHaveLength(1);
    expect(listed('Admin emails')).toHaveTextContent(/^admin@demo\.in$/);
    expect(screen.getByRole('switch', { name: 'Email' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'WhatsApp' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save All' })).toBeInTheDocument();
  });

  it('adds a phone with the button and an email with Enter, refusing bad ones', async () => {
    const { user, callsTo } = await openPage();
    const phone = screen.getByLabelText('Add phone');
    await user.type(phone, '12ab');
    await user.click(screen.getAllByRole('button', { name: 'Add' })[0]);
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '98123 45678');
    await user.click(screen.getAllByRole('button', { name: 'Add' })[0]);
    expect(listed('Admin numbers')).toHaveTextContent(
      '+91 98000 00001, +91 98000 00002, +91 98123 45678',
    );
    expect(phone).toHaveValue('');

    const email = screen.getByLabelText('Add email');
    await user.type(email, 'nope{Enter}');
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'ops@demo.in{Enter}');
    expect(listed('Admin emails')).toHaveTextContent('admin@demo.in, ops@demo.in');
    // Enter added to the list; it did not submit the form.
    expect(callsTo('PUT /admin/settings')).toHaveLength(0);
  });

  it('removes a contact', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Remove +919800000001' }));
    expect(listed('Admin numbers')).toHaveTextContent(/^\+91 98000 00002$/);
    expect(screen.queryByRole('button', { name: 'Remove +919800000001' })).not.toBeInTheDocument();
  });

  it("saves everything with 'Save All' and says 'Saved'", async () => {
    const { user, callsTo } = await openPage({
      'PUT /admin/settings': (call: { body: object }) => ({
        ...SETTINGS,
        ...call.body,
        adminNumbers: ['+919800000001', '+919800000002', '+919812345678'],
      }),
    });
    const name = screen.getByLabelText('Company name');
    await user.clear(name);
    await user.type(name, '  Demo Dairy Pvt Ltd ');
    await user.type(screen.getByLabelText('Add phone'), '98123 45678{Enter}');
    await user.click(screen.getByRole('switch', { name: 'WhatsApp' }));
    await user.click(screen.getByRole('button', { name: 'Save All' }));
    expect(await screen.findByText('Saved')).toHaveClass('ui-alert--success');
    expect(callsTo('PUT /admin/settings')[0].body).toEqual({
      companyName: 'Demo Dairy Pvt Ltd',
      adminNumbers: ['+919800000001', '+919800000002', '98123 45678'],
      adminEmails: ['admin@demo.in'],
      notifications: { email: true, whatsapp: true },
    });
    // The numbers as the server normalised them.
    expect(listed('Admin numbers')).toHaveTextContent(
      '+91 98000 00001, +91 98000 00002, +91 98123 45678',
    );
  });

  it("clears a contact's message once saved, so it never stands beside 'Saved'", async () => {
    const { user } = await openPage({ 'PUT /admin/settings': SETTINGS });
    await user.type(screen.getByLabelText('Add email'), 'nope{Enter}');
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save All' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.queryByText('Enter a valid email address')).not.toBeInTheDocument();
  });

  it("shows the server's messages when the save fails", async () => {
    const { user } = await openPage({
      'PUT /admin/settings': jsonResponse(400, {
        message: 'adminNumbers.2: Not a valid phone number: 1234567890',
        fields: { 'adminNumbers.2': 'Not a valid phone number: 1234567890' },
      }),
    });
    await user.type(screen.getByLabelText('Add phone'), '1234567890{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save All' }));
    await waitFor(() =>
      expect(screen.getAllByText(/Not a valid phone number: 1234567890/).length).toBeGreaterThan(0),
    );
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('shows the company name in the menu, falling back to CRM', async () => {
    mockApi({
      'GET /admin/settings': SETTINGS,
      'GET /settings/public': { companyName: 'Demo Dairy', adminEmail: 'admin@demo.in' },
    });
    renderApp('/settings', ADMIN);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByText('Demo Dairy')).toBeInTheDocument();
  });

  it('brands the menu CRM when no company name is set', async () => {
    mockApi({ 'GET /settings/public': { companyName: '', adminEmail: null } });
    renderApp('/dashboard', { token: 't', role: 'sales' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await waitFor(() => expect(within(nav).getByText('CRM')).toBeInTheDocument());
  });
});
