import { useEffect, useRef, useState } from 'react';
import { PRODUCT_TITLE } from '../../../lib/brand';
import { Tabs } from '../../../lib/tabs';
import { usePublicSettings } from '../../../resources/settings';
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
 * Sign-in and registration. `onTyping` runs once, at the first key the person types: the app
 * fetches the signed-in screens' scripts meanwhile.
 */
export function LoginPage({ onTyping }: { onTyping?: () => void }) {
  const settings = usePublicSettings();
  const companyName = settings.data?.companyName?.trim() || PRODUCT_TITLE;
  const adminEmail = settings.data?.adminEmail?.trim();

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

  const typed = useRef(false);
  const startedTyping = () => {
    if (typed.current) return;
    typed.current = true;
    onTyping?.();
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
      <div className="login-card" onInput={startedTyping}>
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
