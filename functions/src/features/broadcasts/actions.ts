// A broadcast's state changes (docs/broadcasts.md, "States"): start (now, or when its time
// comes), pause, resume, cancel; any other change is a 409 saying why. Starting records who
// started it, queues every recipient once and wakes the dispatcher; cancelling settles the
// recipients not sent yet as cancelled.
import { Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { now } from '../../clock';
import type { BroadcastAction, BroadcastState } from '../../contract/broadcasts';
import { actorOf } from '../../domain/entries/actor';
import { cancelWaiting } from '../../domain/messages';
import type { Session } from '../../http/access';
import { kickDispatcher } from './dispatcher';
import { CANCELLED, queueRecipients } from './queue';
import {
  changeState,
  dueScheduledIds,
  readBroadcast,
  type StateChange,
  type StoredBroadcast,
} from './store';

const IN_WORDS: Record<BroadcastState, string> = {
  draft: 'a draft',
  scheduled: 'scheduled',
  sending: 'sending',
  paused: 'paused',
  waiting: 'waiting for the messaging limit',
  done: 'done',
  cancelled: 'cancelled',
};

const refusal = (action: BroadcastAction) => (state: BroadcastState) =>
  `This broadcast is ${IN_WORDS[state]}: it cannot be ${
    { start: 'started', pause: 'paused', resume: 'resumed', cancel: 'cancelled' }[action]
  }`;

const CHANGES: Record<Exclude<BroadcastAction, 'start'>, StateChange> = {
  pause: { from: ['sending', 'waiting'], to: 'paused', refusal: refusal('pause') },
  resume: { from: ['paused'], to: 'sending', refusal: refusal('resume') },
  cancel: {
    from: ['draft', 'scheduled', 'sending', 'waiting', 'paused'],
    to: 'cancelled',
    refusal: refusal('cancel'),
  },
};

async function start(id: string, by: { _id: string; name: string }): Promise<StoredBroadcast> {
  const broadcast = await changeState(id, {
    from: ['draft', 'scheduled'],
    to: 'sending',
    fields: { startedAt: Timestamp.now(), startedBy: by },
    refusal: refusal('start'),
  });
  await queueRecipients(broadcast);
  kickDispatcher();
  return broadcast;
}

export async function changeBroadcast(
  id: string,
  action: BroadcastAction,
  session: Session,
): Promise<StoredBroadcast> {
  if (action === 'start') {
    const actor = await actorOf(session);
    return start(id, { _id: actor.uid, name: actor.name });
  }
  const changed = await changeState(id, CHANGES[action]);
  if (action === 'resume') kickDispatcher();
  if (action === 'cancel') await cancelWaiting(id, CANCELLED);
  return changed;
}

/** The scheduled broadcasts whose time came: started in the name of who scheduled them. */
export async function startDueBroadcasts(): Promise<number> {
  let started = 0;
  for (const id of await dueScheduledIds(new Date(now()))) {
    try {
      const scheduled = await readBroadcast(id);
      if (!scheduled) continue;
      const broadcast = await changeState(id, {
        from: ['scheduled'],
        to: 'sending',
        fields: { startedAt: Timestamp.now(), startedBy: scheduled.createdBy },
        refusal: refusal('start'),
      });
      await queueRecipients(broadcast);
      started++;
    } catch (err) {
      logger.warn(`Broadcast ${id}: not started at its time`, err);
    }
  }
  return started;
}
