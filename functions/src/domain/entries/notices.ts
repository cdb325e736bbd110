// The notifications an entry's changes write, in the change's own transaction: a
// confirmed entry tells its employee (the admins when it has none), an assignment tells the
// newly assigned employee. Admins see every notification anyway (notifications/audience.ts).
import type { DocumentData } from 'firebase-admin/firestore';
import { FOR_ADMINS } from '../notifications/audience';
import type { Notice } from '../notifications/notice';
import type { Actor } from './actor';
import { customerCopy, employeeOf } from './record';

/** "Anita confirmed the entry for Ravi Sharma: wants a pump" (the description cut to 120). */
function whatHappened(data: DocumentData, actor: Actor, done: string): string {
  const customer = customerCopy(data.customer).names[0] || 'a customer';
  const description = typeof data.description === 'string' ? data.description.trim() : '';
  const about = `${actor.name} ${done} the entry for ${customer}`;
  return description ? `${about}: ${description.slice(0, 120)}` : about;
}

export function confirmedNotice(entryId: string, data: DocumentData, actor: Actor): Notice {
  const employee = employeeOf(data.employee);
  return {
    to: employee ? { userId: employee._id } : FOR_ADMINS,
    type: 'entry.confirmed',
    title: 'Entry confirmed',
    message: whatHappened(data, actor, 'confirmed'),
    about: { entryId },
  };
}

export function assignedNotice(
  entryId: string,
  data: DocumentData,
  employeeId: string,
  actor: Actor,
): Notice {
  return {
    to: { userId: employeeId },
    type: 'entry.assigned',
    title: 'Entry assigned to you',
    message: whatHappened(data, actor, 'assigned you'),
    about: { entryId },
  };
}
