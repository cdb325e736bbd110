import type { Session } from '../../http/access';
import { getUser } from '../identity/user-store';

/** Who is acting: the caller's uid, name (fullName, else email) and email. */
export interface Actor {
  uid: string;
  name: string;
  email: string;
}

export async function actorOf(session: Session): Promise<Actor> {
  const user = await getUser(session.uid);
  const address = user?.email || session.email;
  return { uid: session.uid, name: user?.fullName.trim() || address, email: address };
}
