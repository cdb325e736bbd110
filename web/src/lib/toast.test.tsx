import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast';
import type { ToastTone } from './toast';

function Trigger({ message, tone }: { message: string; tone?: ToastTone }) {
  const toast = useToast();
  return <button onClick={() => toast.show(message, tone)}>show {message}</button>;
}

function renderToasts(duration?: number) {
  return render(
    <ToastProvider duration={duration}>
      <Trigger message="Customer added" tone="success" />
      <Trigger message="Delete failed" tone="danger" />
      <Trigger message="Heads up" tone="warn" />
      <Trigger message="Plain" />
    </ToastProvider>,
  );
}

const toastOf = (text: string) => screen.getByText(text).closest('.toast');

describe('toasts', () => {
  it('renders each toast with its tone inside a polite live region', async () => {
    const user = userEvent.setup();
    renderToasts();
    const region = screen.getByRole('region', { name: 'Status messages' });
    expect(region).toHaveAttribute('aria-live', 'polite');

    for (const name of ['Customer added', 'Delete failed', 'Heads up', 'Plain']) {
      await user.click(screen.getByRole('button', { name: `show ${name}` }));
    }

    expect(toastOf('Customer added')).toHaveAttribute('data-tone', 'success');
    expect(toastOf('Delete failed')).toHaveAttribute('data-tone', 'danger');
    expect(toastOf('Heads up')).toHaveAttribute('data-tone', 'warn');
    expect(toastOf('Plain')).toHaveAttribute('data-tone', 'info');
    expect(region).toContainElement(toastOf('Delete failed') as HTMLElement);
    expect(toastOf('Delete failed')).toHaveTextContent('Error: Delete failed');
  });

  it('dismisses on its own after the duration', () => {
    vi.useFakeTimers();
    try {
      renderToasts(3000);
      act(() => screen.getByRole('button', { name: 'show Customer added' }).click());
      expect(screen.getByText('Customer added')).toBeInTheDocument();

      act(() => vi.advanceTimersByTime(2999));
      expect(screen.getByText('Customer added')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText('Customer added')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('can be dismissed by hand', async () => {
    const user = userEvent.setup();
    renderToasts();
    await user.click(screen.getByRole('button', { name: 'show Heads up' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText('Heads up')).not.toBeInTheDocument();
  });

  it('refuses to be used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger message="x" />)).toThrow(/ToastProvider/);
  });
});
