import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';
import { MultiSelect, summarizeValues } from './multi-select';

function Example() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <Dialog open onClose={() => {}} title="Filters">
      <MultiSelect
        label="Categories"
        options={['PHE', 'PP', 'SS TANK']}
        value={value}
        onChange={setValue}
      />
    </Dialog>
  );
}

describe('MultiSelect', () => {
  it('summarises up to 2 values then +N', () => {
    expect(summarizeValues([], 'Any')).toBe('Any');
    expect(summarizeValues(['A', 'B'], 'Any')).toBe('A, B');
    expect(summarizeValues(['A', 'B', 'C', 'D'], 'Any')).toBe('A, B +2');
  });

  it('is a labelled button opening checkboxes; Escape closes the list, not the dialog', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const button = screen.getByRole('button', { name: 'Categories Any' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'PHE' }));
    await user.click(screen.getByRole('checkbox', { name: 'SS TANK' }));
    expect(button).toHaveAccessibleName('Categories PHE, SS TANK');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
  });

  it("says 'No options' when there are none", async () => {
    const user = userEvent.setup();
    render(<MultiSelect label="Tags" options={[]} value={[]} onChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Tags Any' }));
    expect(screen.getByText('No options')).toBeInTheDocument();
  });
});
