import { getDb } from '../../firebase';
import type { Session } from '../../http/access';

/** Who is acting: the caller's uid, name (fullName, else email) and email. */
export interface Actor {
  uid: string;
  name: string;
  email: string;
}

export async function actorOf(session: Session): Promise<Actor> {
  const snapshot = await getDb().collection('users').doc(session.uid).get();
  const fullName: unknown = snapshot.get('fullName');
  const email: unknown = snapshot.get('email');
  const address = typeof email === 'string' && email ? email : session.email;
  return {
    uid: session.uid,
    name: typeof fullName === 'string' && fullName.trim() ? fullName.trim() : address,
    email: address,
  };
}
