import { useStoredValue } from '../lib/storage';
import { AppLayout } from './layout/app-layout';
import { SignedInProviders } from './providers';

/**
 * Everything signed-in screens share, loaded after the sign-in route (shell-route.tsx). It is
 * keyed to the session: a new token (another user signing in, e.g. in another tab) mounts a new
 * shell with a new query cache, and signing out leaves it, so nothing cached for one session is
 * shown to the next.
 */
export function SignedInShell() {
  const token = useStoredValue('token');
  return (
    <SignedInProviders key={token}>
      <AppLayout />
    </SignedInProviders>
  );
}
