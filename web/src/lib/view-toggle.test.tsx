import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useListView, ViewToggle } from './view-toggle';

function ListScreen() {
  const [view, setView] = useListView();
  return (
    <>
      <ViewToggle view={view} onView={setView} className="list-filters__view" />
      <p>Showing {view}</p>
    </>
  );
}

const stubScreen = (phone: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

describe('ViewToggle', () => {
  it('starts with the table on a wide screen and switches to cards when picked', async () => {
    stubScreen(false);
    const user = userEvent.setup();
    render(<ListScreen />);
    expect(screen.getByRole('group', { name: 'View' })).toHaveClass('list-filters__view');
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Cards' }));
    expect(screen.getByText('Showing cards')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('starts with cards on a phone', () => {
    stubScreen(true);
    render(<ListScreen />);
    expect(screen.getByText('Showing cards')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
  });
});
