// What the rest of the server asks of broadcasts: the every-minute send job's part (start the
// scheduled ones whose time came, then the paced dispatcher), and the inbound path's (which
// broadcast a reply answers; the recipient replied, or wrote STOP after it).
import { broadcastMessageAnswered, markBroadcastResponse } from '../../domain/messages';
import { noteIfDatabaseTrouble } from '../../database-trouble';
import { startDueBroadcasts } from './actions';
import { runDispatcher } from './dispatcher';

/** A reply without WhatsApp's context counts for a broadcast sent this recently to that phone. */
const REPLY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

export async function runBroadcastDispatch(): Promise<{ started: number; tried: number }> {
  try {
    const started = await startDueBroadcasts();
    return { started, tried: await runDispatcher() };
  } catch (err) {
    // Noted, so that a later run waits for Meta's callbacks the webhook could not take.
    noteIfDatabaseTrouble(err);
    throw err;
  }
}

/**
 * The broadcast message an inbound message from `phone` answers: the one it names (the queue id
 * of the conversation message it replies to), else the latest sent to the phone lately.
 */
export function broadcastOfReply(phone: string, outboundId: string | undefined) {
  return broadcastMessageAnswered(phone, outboundId, REPLY_WINDOW_MS);
}

export async function noteBroadcastResponse(
  messageId: string,
  what: 'replied' | 'optedOutAfter',
): Promise<void> {
  await markBroadcastResponse(messageId, what);
}
