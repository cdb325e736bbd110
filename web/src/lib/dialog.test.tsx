import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

function Example() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open merge</button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Merge Customers">
        <label>
          Primary <input />
        </label>
        <button>Merge</button>
      </Dialog>
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Example />);
  const opener = screen.getByRole('button', { name: 'Open merge' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Merge Customers' }) };
}

describe('Dialog', () => {
  it('is a modal dialog labelled by its title, focusing its first field', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Primary' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    const { user } = await openDialog();
    const close = screen.getByRole('button', { name: 'Close' });
    const field = screen.getByRole('textbox', { name: 'Primary' });
    const merge = screen.getByRole('button', { name: 'Merge' });

    await user.tab();
    expect(merge).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(field).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(merge).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const { user, opener } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with its Close button and on a backdrop click', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open merge' }));
    await user.click(screen.getByRole('dialog').parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ignores clicks inside the panel', async () => {
    const { user, dialog } = await openDialog();
    await user.click(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('Dialog with an autoFocus field', () => {
  it('leaves focus on that field and still restores the opener', async () => {
    function AutoFocusExample() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open edit</button>
          <Dialog open={open} onClose={() => setOpen(false)} title="Edit Role">
            <input aria-label="Role name" />
            <input aria-label="Permissions" autoFocus />
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<AutoFocusExample />);
    await user.click(screen.getByRole('button', { name: 'Open edit' }));
    expect(screen.getByRole('textbox', { name: 'Permissions' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open edit' })).toHaveFocus();
  });
});
