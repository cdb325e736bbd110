import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../lib/storage';
import { deferred, mockApi } from '../test/mock-api';
import { AppRoutes } from './routes';

// Unlike the other screens' tests (test/render-app.tsx), this file does not load the screens'
// code first: the app starts as on a first visit, without the signed-in shell's code.
describe('a first load straight onto the dashboard', { timeout: 20_000 }, () => {
  it("starts the dashboard's call together with the shell's code, not after it, and only once", async () => {
    const api = mockApi({ 'GET /dashboard/all': () => deferred().promise });
    saveSession({ token: 't', role: 'sales' });
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(api.find('GET', '/dashboard/all')).toHaveLength(1);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 15_000 });
    expect(api.find('GET', '/dashboard/all')).toHaveLength(1);
  });
});
