import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field';

describe('SelectField', () => {
  it('is named by its label and hands the chosen value on', async () => {
    const onValueChange = vi.fn();
    render(
      <SelectField label="Process" value="" onValueChange={onValueChange}>
        <option value="">None</option>
        <option value="Closing">Closing</option>
      </SelectField>,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Process' }), 'Closing');
    expect(onValueChange).toHaveBeenCalledWith('Closing');
  });
});
