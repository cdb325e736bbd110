import { PRODUCT_TITLE } from '../../../lib/brand';

/** Placeholder: the accounts issue builds the Login / Register tabs here. */
export function LoginPage() {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <p className="auth-card__brand">{PRODUCT_TITLE}</p>
        <h1>Sign in</h1>
        <p className="placeholder-note">Sign-in and registration are coming soon.</p>
      </div>
    </main>
  );
}
