import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormField } from './form-field';

describe('FormField', () => {
  it('as a select, is named by its label and hands the chosen value on', async () => {
    const onValueChange = vi.fn();
    render(
      <FormField as="select" label="Process" value="" onValueChange={onValueChange}>
        <option value="">None</option>
        <option value="Closing">Closing</option>
      </FormField>,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Process' }), 'Closing');
    expect(onValueChange).toHaveBeenCalledWith('Closing');
  });

  it('as a textarea, ties its hint and error to the control and hands the text on', async () => {
    const onValueChange = vi.fn();
    render(
      <FormField
        as="textarea"
        label="Note"
        hint="Shown to the team"
        error="Too long"
        rows={3}
        value=""
        onValueChange={onValueChange}
      />,
    );
    const note = screen.getByRole('textbox', { name: 'Note' });
    expect(note.tagName).toBe('TEXTAREA');
    expect(note).toHaveAttribute('rows', '3');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription('Shown to the team Too long');
    await userEvent.type(note, 'a');
    expect(onValueChange).toHaveBeenCalledWith('a');
  });

  it('is an input by default, its attributes passed through', () => {
    render(<FormField label="Email" type="email" value="a@b.in" onValueChange={() => {}} />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email.tagName).toBe('INPUT');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveValue('a@b.in');
    expect(email).not.toHaveAttribute('aria-invalid');
  });
});
