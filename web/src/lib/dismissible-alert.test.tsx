import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DismissibleAlert } from './dismissible-alert';

function Example() {
  const [failure, setFailure] = useState<string | null>('Delete failed');
  return <DismissibleAlert message={failure} onDismiss={() => setFailure(null)} />;
}

describe('DismissibleAlert', () => {
  it('shows the failure as an alert until it is dismissed', async () => {
    const user = userEvent.setup();
    render(<Example />);
    expect(screen.getByRole('alert')).toHaveTextContent('Delete failed');
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
