import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAction } from '../../../lib/use-action';
import { requestOtp } from '../api/request-otp';
import { signInWithOtp } from '../api/verify-otp';
import { TextField } from './text-field';

/** Login → OTP: send a code to an email or phone, then verify it. */
export function OtpLoginForm() {
  const [identifier, setIdentifier] = useState('');
  const [code, setCode] = useState('');
  const request = useAction(requestOtp);
  const verify = useAction(signInWithOtp);
  const navigate = useNavigate();
  const sent = request.isSuccess;
  const canSend = !request.isPending && identifier.trim() !== '';
  const canVerify = !verify.isPending && code.trim() !== '';

  function onSend(event: FormEvent) {
    event.preventDefault();
    if (!canSend) return;
    verify.reset();
    void request.run({ identifier: identifier.trim() });
  }

  function onVerify(event: FormEvent) {
    event.preventDefault();
    if (!canVerify) return;
    void verify.run({ identifier: identifier.trim(), code: code.trim() }, () =>
      navigate('/', { replace: true }),
    );
  }

  return (
    <div className="login-form">
      <form className="login-form" onSubmit={onSend} noValidate>
        <TextField
          label="Email or phone"
          autoComplete="username"
          value={identifier}
          onChange={setIdentifier}
        />
        {request.error && (
          <p className="ui-error-text" role="alert">
            {request.error.message}
          </p>
        )}
        <button
          type="submit"
          className={sent ? 'btn btn--outline' : 'btn login-form__submit'}
          disabled={!canSend}
        >
          {request.isPending ? 'Sending...' : 'Send OTP'}
        </button>
      </form>
      <div role="status">
        {sent && (
          <p className="ui-alert ui-alert--success login-otp__sent">
            <span>OTP sent</span>
          </p>
        )}
      </div>
      {sent && (
        <form className="login-form" onSubmit={onVerify} noValidate>
          <TextField
            label="OTP code"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={setCode}
          />
          {verify.error && (
            <p className="ui-error-text" role="alert">
              {verify.error.message}
            </p>
          )}
          <button type="submit" className="btn login-form__submit" disabled={!canVerify}>
            {verify.isPending ? 'Verifying...' : 'Verify & Login'}
          </button>
        </form>
      )}
    </div>
  );
}
