import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred } from '../test/mock-api';
import { QueryState } from './query-state';

function Loaded({ load }: { load: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['greeting'], queryFn: load, retry: false });
  return (
    <QueryState query={query} errorFallback="Failed to load the greeting">
      {(greeting) => <p>Greeting: {greeting}</p>}
    </QueryState>
  );
}

function renderLoaded(load: () => Promise<string>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Loaded load={load} />
    </QueryClientProvider>,
  );
}

describe('QueryState', () => {
  it('announces the load, then shows the data', async () => {
    const answer = deferred<string>();
    renderLoaded(() => answer.promise);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    answer.resolve('hello');
    expect(await screen.findByText('Greeting: hello')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the server's message as an alert", async () => {
    renderLoaded(() => Promise.reject(new Error('Not allowed')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed');
  });

  it('falls back to its own message when the error says nothing', async () => {
    renderLoaded(() => Promise.reject(new Error('')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the greeting');
  });
});
