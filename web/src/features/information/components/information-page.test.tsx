import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const SALES = { token: 't', role: 'sales' };

describe('Information', () => {
  it("charts 'Monthly Entries' with month/two-digit-year labels", async () => {
    mockApi({
      'GET /admin/stats': {
        perMonth: [
          { _id: { m: 1, y: 2026 }, count: 4 },
          { _id: { m: 12, y: 2025 }, count: 9 },
        ],
      },
    });
    renderApp('/information', SALES);
    // The screen's code loads on its first visit.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Monthly Entries' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole(
      'table',
      { name: 'Entries per month' },
      { timeout: 8000 },
    );
    expect([...table.querySelectorAll('tbody th')].map((th) => th.textContent)).toEqual([
      "Dec '25",
      "Jan '26",
    ]);
  });

  it.each([
    ['a failed stats load', jsonResponse(500, { message: 'nope' })],
    ['no months yet', { perMonth: [] }],
  ])('draws no chart of no points for %s (nivo would log a path of "null")', async (_, answer) => {
    mockApi({ 'GET /admin/stats': answer });
    renderApp('/information', SALES);
    expect(await screen.findByText('No entries yet')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Entries per month' })).toBeNull();
    expect(screen.queryByText('nope')).not.toBeInTheDocument();
  });
});
