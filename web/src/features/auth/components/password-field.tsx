import { useId, useState } from 'react';

/** A password input with a Show/Hide toggle. */
export function PasswordField({
  value,
  onChange,
  autoComplete,
  label = 'Password',
}: {
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  label?: string;
}) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="login-password">
        <input
          id={id}
          className="ui-input"
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="btn btn--ghost btn--small login-password__toggle"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}
