import { useState } from 'react';
import type { FormEvent } from 'react';
import { useAction } from '../../../lib/use-action';
import { register as sendRegistration } from '../api/register';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

const EMPTY = { fullName: '', email: '', phone: '', password: '' };

/** Register: no role picker, every account asks for the default role. */
export function RegisterForm({
  onRegistered,
}: {
  onRegistered: (message: string, email: string) => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const register = useAction(sendRegistration);
  const busy = register.isPending;
  const canSubmit =
    !busy && form.fullName.trim() !== '' && form.email.trim() !== '' && form.password !== '';
  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    const input = {
      fullName: form.fullName.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
      password: form.password,
    };
    void register.run(input, (answer) => {
      setForm(EMPTY);
      onRegistered(answer?.message?.trim() || 'Registered successfully.', input.email);
    });
  }

  return (
    <form className="login-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Full name"
        autoComplete="name"
        value={form.fullName}
        onChange={set('fullName')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
      />
      <TextField
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        value={form.phone}
        onChange={set('phone')}
      />
      <PasswordField value={form.password} onChange={set('password')} autoComplete="new-password" />
      <p className="login-note">
        <strong>Dhyan dein:</strong> Admin role wala account turant active nahi hota. Sales aur
        Accounts ke accounts admin approve karta hai, approval ke baad hi aap login kar payenge.
      </p>
      {register.error && (
        <p className="ui-error-text" role="alert">
          {register.error.message}
        </p>
      )}
      <button type="submit" className="btn login-form__submit" disabled={!canSubmit}>
        {busy ? 'Creating...' : 'Create account'}
      </button>
    </form>
  );
}
