import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { ADMIN_ROLE } from '../../../lib/roles';
import { getToken, useStoredValue, writeStored } from '../../../lib/storage';

/**
 * Stores the session's permissions from GET /auth/me when none are stored (a session signed in
 * before sign-in answered them), once `ready` (the page idle: never a call of the first paint),
 * so the menu and buttons show what the role allows. A failure leaves the screens showing only
 * what needs no permission; the next visit asks again.
 */
export function useKnownPermissions(ready: boolean): void {
  const token = useStoredValue('token');
  const role = useStoredValue('role');
  const stored = useStoredValue('permissions');
  useEffect(() => {
    // An admin may do everything: nothing to ask.
    if (!ready || !token || role === ADMIN_ROLE || stored !== null) return;
    let current = true;
    api
      .get('/auth/me')
      .then((me) => {
        if (current && getToken() === token)
          writeStored('permissions', JSON.stringify(me.permissions));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [ready, token, role, stored]);
}
