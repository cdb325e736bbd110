import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CrashBoundary } from './error-boundary';

function Boom({ error }: { error: unknown }): never {
  throw error;
}

describe('CrashBoundary', () => {
  it("shows 'Something went wrong' with the error text", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <CrashBoundary>
        <Boom error={new Error('Cannot read properties of undefined')} />
      </CrashBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Cannot read properties of undefined')).toBeInTheDocument();
  });

  it('shows thrown non-errors as text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <CrashBoundary>
        <Boom error="plain string" />
      </CrashBoundary>,
    );
    expect(screen.getByText('plain string')).toBeInTheDocument();
  });

  it('recovers when its reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <CrashBoundary resetKey="/a">
        <Boom error={new Error('boom')} />
      </CrashBoundary>,
    );
    expect(screen.getByText('boom')).toBeInTheDocument();
    rerender(
      <CrashBoundary resetKey="/b">
        <p>fine again</p>
      </CrashBoundary>,
    );
    expect(screen.getByText('fine again')).toBeInTheDocument();
  });
});
