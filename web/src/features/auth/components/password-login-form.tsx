import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAction } from '../../../lib/use-action';
import { signInWithPassword } from '../api/login';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

/** Login → Password: email and password. */
export function PasswordLoginForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const login = useAction(signInWithPassword);
  const navigate = useNavigate();
  const busy = login.isPending;
  const canSubmit = !busy && email.trim() !== '' && password !== '';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    void login.run({ email: email.trim(), password }, () => navigate('/', { replace: true }));
  }

  return (
    <form className="login-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={setEmail}
      />
      <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
      {login.error && (
        <p className="ui-error-text" role="alert">
          {login.error.message}
        </p>
      )}
      <button type="submit" className="btn login-form__submit" disabled={!canSubmit}>
        {busy ? 'Logging in...' : 'Login'}
      </button>
    </form>
  );
}
