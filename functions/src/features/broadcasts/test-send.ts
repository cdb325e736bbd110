// A test send: the broadcast's template, its parameters filled as its first recipient reads them
// and its header's file, to the phone on the sender's own account, before the broadcast goes to
// everyone. It goes through the send queue like any message (no owner: nobody's conversation).
import { fillTemplate, paramText, type Broadcast } from '../../contract/broadcasts';
import { getUser } from '../../domain/identity/user-store';
import { toE164 } from '../../domain/identity/phone';
import { readSettings } from '../../domain/settings/store';
import type { Session } from '../../http/access';
import { HttpError } from '../../http/errors';
import { findTemplate, sendQueued } from '../messaging';
import { broadcastTemplatePart } from './header';
import { requireShownBroadcast } from './store';

export interface TestSendAnswer {
  to: string;
  preview: string;
  messageId: string;
}

/** The values the first recipient's parameters are filled from (the sender's when none). */
function firstRecipientValues(broadcast: Broadcast, senderName: string, companyName: string) {
  const first = broadcast.sample[0];
  return {
    name: first?.name ?? senderName,
    ownerName: first?.ownerName ?? senderName,
    companyName,
  };
}

export async function sendTestMessage(id: string, session: Session): Promise<TestSendAnswer> {
  const [broadcast, user, settings] = await Promise.all([
    requireShownBroadcast(id),
    getUser(session.uid),
    readSettings(),
  ]);
  const to = user?.phone ? toE164(user.phone) : undefined;
  if (!to)
    throw new HttpError(
      422,
      'Your account has no mobile number to send the test to: add it to your profile first',
    );
  const template = await findTemplate(broadcast.template.name, broadcast.template.language);
  if (!template)
    throw new HttpError(
      409,
      `The template ${broadcast.template.name} (${broadcast.template.language}) is no longer among the approved templates`,
    );
  const values = firstRecipientValues(
    broadcast,
    user?.fullName || session.email,
    settings.companyName,
  );
  const parameters = broadcast.params.map((p) => paramText(p, values));
  const preview = fillTemplate(template.body, broadcast.params, values);
  const outcome = await sendQueued({
    channel: 'whatsapp',
    owner: null,
    to,
    parts: [broadcastTemplatePart(broadcast, parameters)],
    preview,
    byName: user?.fullName || session.email,
    senderUid: session.uid,
  });
  if (!outcome.ok) throw new HttpError(502, `The test was not sent: ${outcome.error}`);
  return { to, preview, messageId: outcome.messageId };
}
