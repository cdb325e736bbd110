import { useEffect, useRef, useState } from 'react';
import { PRODUCT_TITLE } from '../../../lib/brand';
import { Tabs } from '../../../lib/tabs';
import { usePublicSettingsOnce } from '../../../resources/public-settings';
import { BrandPanel } from './brand-panel';
import { OtpLoginForm } from './otp-login-form';
import { PasswordLoginForm } from './password-login-form';
import { RegisterForm } from './register-form';
import './login-page.css';

/** After registering, the screen goes back to the Login tab after this long. */
export const BACK_TO_LOGIN_MS = 900;

const MAIN_TABS = [
  { id: 'login', label: 'Login' },
  { id: 'register', label: 'Register' },
] as const;
const LOGIN_TABS = [
  { id: 'password', label: 'Password' },
  { id: 'otp', label: 'OTP' },
] as const;

type MainTab = (typeof MAIN_TABS)[number]['id'];
type LoginTab = (typeof LOGIN_TABS)[number]['id'];

/**
 * Sign-in and registration. `onStart` runs once, as the person starts on the card (the first
 * focus of a field, tab or button, or the first input, e.g. a password manager's): the app
 * fetches the signed-in screens' scripts while they type.
 */
export function LoginPage({ onStart }: { onStart?: () => void }) {
  const settings = usePublicSettingsOnce();
  const companyName = settings?.companyName?.trim() || PRODUCT_TITLE;
  const adminEmail = settings?.adminEmail?.trim();

  const [tab, setTab] = useState<MainTab>('login');
  const [loginTab, setLoginTab] = useState<LoginTab>('password');
  const [registered, setRegistered] = useState<{ message: string; email: string } | null>(null);
  // The registration message greets the automatic return to Login; any tab the user picks
  // after that is a new step, and the message goes.
  const [notice, setNotice] = useState('');
  const pickTab = (next: MainTab) => {
    setNotice('');
    setTab(next);
  };
  const pickLoginTab = (next: LoginTab) => {
    setNotice('');
    setLoginTab(next);
  };

  const started = useRef(false);
  const start = () => {
    if (started.current) return;
    started.current = true;
    onStart?.();
  };

  useEffect(() => {
    if (!registered) return;
    const timer = setTimeout(() => {
      setLoginTab('password');
      setTab('login');
    }, BACK_TO_LOGIN_MS);
    return () => clearTimeout(timer);
  }, [registered]);

  return (
    <main className="login-page">
      <BrandPanel companyName={companyName} />
      <div className="login-card" onFocus={start} onInput={start}>
        <h1 className="login-card__title">Sign in</h1>
        <div role="status">{notice && <p className="ui-alert ui-alert--success">{notice}</p>}</div>
        <Tabs label="Sign in or register" items={MAIN_TABS} selected={tab} onSelect={pickTab}>
          {tab === 'login' ? (
            <Tabs
              label="Login method"
              items={LOGIN_TABS}
              selected={loginTab}
              onSelect={pickLoginTab}
              size="small"
            >
              {loginTab === 'password' ? (
                <PasswordLoginForm initialEmail={registered?.email} />
              ) : (
                <OtpLoginForm />
              )}
            </Tabs>
          ) : (
            <RegisterForm
              onRegistered={(message, email) => {
                setRegistered({ message, email });
                setNotice(message);
              }}
            />
          )}
        </Tabs>
        <footer className="login-footer">
          <p>
            By continuing, you agree to our <strong>Terms &amp; Privacy</strong>.
          </p>
          {adminEmail && (
            <p>
              Admin contact: <a href={`mailto:${adminEmail}`}>{adminEmail}</a>
            </p>
          )}
        </footer>
      </div>
    </main>
  );
}
