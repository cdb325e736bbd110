import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { readStored } from '../../../lib/storage';
import { deferred, jsonResponse, mockApi, type Route } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { LoginPage } from './login-page';

// Whole user flows in jsdom: slow on a busy machine, so more than the default 5 s each.
vi.setConfig({ testTimeout: 15_000 });

const SETTINGS = { companyName: 'Acme Dairy Equipment', adminEmail: 'admin@acme.test' };
const SESSION = {
  token: 'tok-1',
  role: 'sales',
  user: { id: 'u1', fullName: 'Asha Rao', email: 'asha@acme.test', role: 'sales' },
};

const field = (name: string | RegExp) => screen.getByLabelText(name, { selector: 'input' });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const tab = (name: string) => screen.getByRole('tab', { name });

/** On the home page with the session's token and role stored. */
async function expectSignedIn(location: () => string) {
  await waitFor(() => expect(location()).toBe('/'));
  expect(readStored('token')).toBe('tok-1');
  expect(readStored('role')).toBe('sales');
}

/** Opens the OTP tab and asks a code for asha@acme.test. */
async function requestOtp(routes: Record<string, Route>) {
  const api = mockApi(routes);
  const view = renderApp('/login');
  await view.user.click(tab('OTP'));
  await view.user.type(field('Email or phone'), 'asha@acme.test');
  await view.user.click(button('Send OTP'));
  return { ...api, ...view };
}

/** Opens Register and sends Ravi Kumar's registration. */
async function register(routes: Record<string, Route>) {
  const api = mockApi(routes);
  const view = renderApp('/login');
  await view.user.click(tab('Register'));
  await view.user.type(field('Full name'), 'Ravi Kumar');
  await view.user.type(field('Email'), 'ravi@acme.test');
  await view.user.type(field('Password'), 'pw-12345');
  await view.user.click(button('Create account'));
  return { ...api, ...view };
}

describe('sign-in screen', () => {
  it('brands with the company name, shows the marketing panel, Terms & Privacy and the admin contact', async () => {
    mockApi({ 'GET /settings/public': SETTINGS });
    renderApp('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('CRM, Orders, Approvals')).toBeInTheDocument();
    for (const point of ['Customers', 'Entries', 'Approvals', 'Dashboard & charts']) {
      expect(screen.getByText(point)).toBeInTheDocument();
    }
    expect(await screen.findAllByText('Acme Dairy Equipment')).not.toHaveLength(0);
    expect(screen.getByText(/continuing, you agree to our/)).toHaveTextContent('Terms & Privacy');
    expect(screen.getByRole('link', { name: 'admin@acme.test' })).toHaveAttribute(
      'href',
      'mailto:admin@acme.test',
    );
  });

  it("falls back to 'CRM' and no contact line when the settings cannot be read", async () => {
    const api = mockApi({ 'GET /settings/public': jsonResponse(500, {}) });
    renderApp('/login');
    await waitFor(() => expect(api.callsTo('GET /settings/public')).toHaveLength(1));
    expect(screen.getAllByText('CRM').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Admin contact/)).not.toBeInTheDocument();
  });

  it('has Login / Register tabs and Password / OTP sub-tabs with tab roles and arrow keys', async () => {
    mockApi({});
    const { user } = renderApp('/login');
    const [main, method] = screen.getAllByRole('tablist');
    expect(main).toHaveAccessibleName('Sign in or register');
    expect(method).toHaveAccessibleName('Login method');
    expect(tab('Login')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Password')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tabpanel')[0]).toHaveAccessibleName('Login');

    await user.click(tab('Password'));
    await user.keyboard('{ArrowRight}');
    expect(tab('OTP')).toHaveAttribute('aria-selected', 'true');
    expect(tab('OTP')).toHaveFocus();
    expect(field('Email or phone')).toBeInTheDocument();

    await user.click(tab('Register'));
    expect(screen.queryByRole('tab', { name: 'Password' })).not.toBeInTheDocument();
    expect(field('Full name')).toBeInTheDocument();
  });
});

describe("the signed-in screens' code", () => {
  // The app fetches the signed-in shell's and the dashboard's scripts on `onStart` (routes.tsx).
  it('is asked for once, as the person starts on the card, not when the screen opens', async () => {
    mockApi({});
    const onStart = vi.fn();
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <LoginPage onStart={onStart} />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(onStart).not.toHaveBeenCalled();
    await user.click(field('Email'));
    expect(onStart).toHaveBeenCalledTimes(1);
    await user.type(field('Email'), 'asha@acme.test');
    await user.type(field('Password'), 'secret-1');
    expect(onStart).toHaveBeenCalledTimes(1);
  });
});

describe('Login → Password', () => {
  it('is disabled until email and password are filled; shows the password on request', async () => {
    mockApi({});
    const { user } = renderApp('/login');
    const submit = button('Login');
    expect(submit).toBeDisabled();
    await user.type(field('Email'), 'asha@acme.test');
    expect(submit).toBeDisabled();
    await user.type(field('Password'), 'secret-1');
    expect(submit).toBeEnabled();

    expect(field('Password')).toHaveAttribute('type', 'password');
    await user.click(button('Show password'));
    expect(field('Password')).toHaveAttribute('type', 'text');
    await user.click(button('Hide password'));
    expect(field('Password')).toHaveAttribute('type', 'password');
  });

  it("signs in: 'Logging in...', stores token, role, email and name, goes to /", async () => {
    const answer = deferred<unknown>();
    const api = mockApi({ 'POST /auth/login': () => answer.promise });
    const { user, location } = renderApp('/login');
    await user.type(field('Email'), ' asha@acme.test ');
    await user.type(field('Password'), 'secret-1');
    await user.click(button('Login'));

    expect(button('Logging in...')).toBeDisabled();
    expect(api.callsTo('POST /auth/login')[0].body).toEqual({
      email: 'asha@acme.test',
      password: 'secret-1',
    });
    answer.resolve(SESSION);
    await expectSignedIn(location);
    expect(readStored('userEmail')).toBe('asha@acme.test');
    expect(readStored('userName')).toBe('Asha Rao');
  });

  it.each([
    [
      jsonResponse(403, { message: 'Your account is waiting for approval' }),
      'Your account is waiting for approval',
    ],
    [jsonResponse(500, {}), 'Login failed'],
  ])('announces a failure (%#)', async (response, text) => {
    mockApi({ 'POST /auth/login': response });
    const { user, location } = renderApp('/login');
    await user.type(field('Email'), 'asha@acme.test');
    await user.type(field('Password'), 'wrong');
    await user.click(button('Login'));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(location()).toBe('/login');
    expect(readStored('token')).toBeNull();
    expect(button('Login')).toBeEnabled();
  });
});

describe('Login → OTP', () => {
  it("sends a code ('Sending...'), shows 'OTP sent' and never a code, verifies ('Verifying...') and signs in", async () => {
    const sending = deferred<unknown>();
    const verifying = deferred<unknown>();
    const api = mockApi({
      'POST /auth/otp/request': () => sending.promise,
      'POST /auth/otp/verify': () => verifying.promise,
    });
    const { user, location } = renderApp('/login');
    await user.click(tab('OTP'));
    expect(button('Send OTP')).toBeDisabled();
    expect(screen.queryByLabelText('OTP code')).not.toBeInTheDocument();

    await user.type(field('Email or phone'), '9876543210');
    await user.click(button('Send OTP'));
    expect(button('Sending...')).toBeDisabled();
    // An old server that still answered a code: it is not shown (the code goes by email only).
    sending.resolve({ message: 'OTP sent', code: '482913' });

    const status = await screen.findByText(/OTP sent/);
    expect(status).toHaveTextContent(/^OTP sent$/);
    expect(screen.queryByText(/482913/)).not.toBeInTheDocument();
    expect(api.callsTo('POST /auth/otp/request')[0].body).toEqual({ identifier: '9876543210' });

    const verify = button('Verify & Login');
    expect(verify).toBeDisabled();
    await user.type(field('OTP code'), '482913');
    await user.click(verify);
    expect(button('Verifying...')).toBeDisabled();
    expect(api.callsTo('POST /auth/otp/verify')[0].body).toEqual({
      identifier: '9876543210',
      code: '482913',
    });
    verifying.resolve(SESSION);
    await expectSignedIn(location);
  });

  it("shows just 'OTP sent' without a dev code, and the fallbacks of both steps", async () => {
    const { user } = await requestOtp({
      'POST /auth/otp/request': { message: 'OTP sent' },
      'POST /auth/otp/verify': jsonResponse(400, {}),
    });
    expect(await screen.findByText('OTP sent')).toBeInTheDocument();
    expect(screen.queryByText(/dev code/)).not.toBeInTheDocument();

    await user.type(field('OTP code'), '000000');
    await user.click(button('Verify & Login'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP');
  });

  it("shows 'Failed to send OTP' when the request fails without a message", async () => {
    await requestOtp({ 'POST /auth/otp/request': jsonResponse(500, {}) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send OTP');
    expect(screen.queryByLabelText('OTP code')).not.toBeInTheDocument();
  });
});

describe('Register', () => {
  it('has no role selector, the approval note, and is disabled until name, email and password are filled', async () => {
    mockApi({});
    const { user } = renderApp('/login');
    await user.click(tab('Register'));
    const panel = screen.getAllByRole('tabpanel')[0];
    expect(within(panel).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText(/role/i)).not.toBeInTheDocument();
    expect(screen.getByText(/Admin role wala account turant active nahi hota/)).toBeInTheDocument();
    expect(
      screen.getByText(/Sales aur Accounts ke accounts admin approve karta hai/),
    ).toBeInTheDocument();

    const submit = button('Create account');
    expect(submit).toBeDisabled();
    await user.type(field('Full name'), 'Ravi Kumar');
    await user.type(field('Email'), 'ravi@acme.test');
    expect(submit).toBeDisabled();
    await user.type(field('Password'), 'pw-12345');
    expect(submit).toBeEnabled();
    await user.clear(field('Full name'));
    expect(submit).toBeDisabled();
  });

  it("registers as sales ('Creating...'), shows the message and returns to Login after ~900 ms", async () => {
    const answer = deferred<unknown>();
    const api = await register({ 'POST /auth/register': () => answer.promise });
    expect(button('Creating...')).toBeDisabled();
    expect(api.callsTo('POST /auth/register')[0].body).toEqual({
      fullName: 'Ravi Kumar',
      email: 'ravi@acme.test',
      phone: '',
      password: 'pw-12345',
      role: 'sales',
    });

    const registeredAt = Date.now();
    answer.resolve(jsonResponse(201, { message: 'Registered. Wait for an admin to approve you.' }));
    expect(await screen.findByText('Registered. Wait for an admin to approve you.')).toBeVisible();
    expect(tab('Register')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(tab('Login')).toHaveAttribute('aria-selected', 'true'), {
      timeout: 2000,
    });
    expect(Date.now() - registeredAt).toBeGreaterThanOrEqual(850);
    expect(field('Email')).toHaveValue('ravi@acme.test');
    expect(screen.getByText('Registered. Wait for an admin to approve you.')).toBeVisible();
  });

  it("says 'Registered successfully.' when the server sends no message", async () => {
    await register({ 'POST /auth/register': jsonResponse(201, {}) });
    expect(await screen.findByText('Registered successfully.')).toBeInTheDocument();
  });

  it('drops the registration message once the user moves on to another tab', async () => {
    const { user } = await register({ 'POST /auth/register': jsonResponse(201, {}) });
    await waitFor(() => expect(tab('Login')).toHaveAttribute('aria-selected', 'true'), {
      timeout: 2000,
    });
    expect(screen.getByText('Registered successfully.')).toBeVisible();
    await user.click(tab('OTP'));
    expect(screen.queryByText('Registered successfully.')).not.toBeInTheDocument();
    await user.click(tab('Password'));
    expect(screen.queryByText('Registered successfully.')).not.toBeInTheDocument();
  });

  it.each([
    [jsonResponse(409, { message: 'Email already registered' }), 'Email already registered'],
    [jsonResponse(500, {}), 'Registration failed'],
  ])('announces a failure and stays on Register (%#)', async (response, text) => {
    await register({ 'POST /auth/register': response });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(tab('Register')).toHaveAttribute('aria-selected', 'true');
    expect(field('Full name')).toHaveValue('Ravi Kumar');
  });
});
