import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

vi.mock('../../features/customers/components/customers-page', () => ({
  CustomersPage: () => {
    throw new Error('customers exploded');
  },
}));

describe('a crashing screen', () => {
  it('shows the crash text inside the layout and recovers on navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/customers', { token: 't', role: 'sales' });

    const main = screen.getByRole('main');
    // The screen loads on its first visit, then crashes.
    await screen.findByText(/customers exploded/);
    expect(main).toHaveTextContent('Something went wrong');
    expect(main).toHaveTextContent('customers exploded');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Entries' }));
    expect(await screen.findByRole('heading', { name: 'Entries' })).toBeInTheDocument();
    expect(screen.queryByText('customers exploded')).not.toBeInTheDocument();
  });
});
