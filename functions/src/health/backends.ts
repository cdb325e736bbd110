// Whether the backends the API stands on answer, each within a short deadline: the health
// route reports it, and a request that waits too long on the database is answered from it.
import { getAuth } from 'firebase-admin/auth';
import { withDeadline } from '../deadline';
import { databaseAnsweredWithin, noteDatabaseTrouble } from '../database-trouble';
import { getDb, getFirebaseApp } from '../firebase';

export type Backend = 'database' | 'auth';

/** How long a check may take before its backend counts as down. */
export const CHECK_DEADLINE_MS = 2_000;

/** Never written: the probe's document need not exist. */
const HEALTH = 'health';

const checks: Record<Backend, () => Promise<unknown>> = {
  // One document read (it need not exist): the cheapest call that reaches the database.
  database: () => getDb().collection(HEALTH).doc('probe').get(),
  // An account that does not exist: "not found" is the answer of a working Auth.
  auth: () =>
    getAuth(getFirebaseApp())
      .getUser('health-probe')
      .catch((err: { code?: string }) => {
        if (err.code !== 'auth/user-not-found') throw err;
      }),
};

/** How recent an answer from the database must be to show it is up without a check. */
const RECENT_ANSWER_MS = 5_000;

const answeredRecently = () => databaseAnsweredWithin(RECENT_ANSWER_MS);

/** Checks shared by callers that arrive while one runs, so a burst costs one check. */
const running = new Map<Backend, Promise<boolean>>();

export function isUp(backend: Backend): Promise<boolean> {
  if (backend === 'database' && answeredRecently()) return Promise.resolve(true);
  let check = running.get(backend);
  if (!check) {
    check = withDeadline(checks[backend](), CHECK_DEADLINE_MS, backend)
      .then(
        () => true,
        // A check that got no answer while other calls did was only queued behind them.
        () => {
          if (backend !== 'database') return false;
          if (answeredRecently()) return true;
          noteDatabaseTrouble();
          return false;
        },
      )
      .finally(() => running.delete(backend));
    running.set(backend, check);
  }
  return check;
}

/** The backends that are down, checked together. */
export async function backendsDown(): Promise<Backend[]> {
  const backends: Backend[] = ['database', 'auth'];
  const up = await Promise.all(backends.map(isUp));
  return backends.filter((_, i) => !up[i]);
}
