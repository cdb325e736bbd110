// A broadcast's state changes (docs/broadcasts.md, "States"): start (now, or when its time
// comes), pause, resume, cancel, and "Send to new matches" (a done broadcast of customer filters
// goes on to those its filters match now and it has no recipient document of); any other change
// is a 409 saying why. Starting records who started it, queues every recipient once and wakes the
// dispatcher; cancelling settles the recipients not sent yet as cancelled.
import { Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { now } from '../../clock';
import type { AudienceCount, BroadcastAction, BroadcastState } from '../../contract/broadcasts';
import { actorOf } from '../../domain/entries/actor';
import { cancelWaiting } from '../../domain/messages';
import { readSettings } from '../../domain/settings/store';
import type { Session } from '../../http/access';
import { HttpError } from '../../http/errors';
import { countOf, exclusionWords } from './audience';
import { templateCost } from './cost';
import { kickDispatcher } from './dispatcher';
import { CANCELLED, newRecipients, queueRecipients } from './queue';
import {
  changeState,
  dueScheduledIds,
  readBroadcast,
  requireShownBroadcast,
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

/** A start's stamp: its queuing begins the moment it starts, so both share one time. */
function startFields(by: { _id: string; name: string }) {
  const at = Timestamp.now();
  return { startedAt: at, startedBy: by, queuingFrom: at };
}

async function start(id: string, by: { _id: string; name: string }): Promise<StoredBroadcast> {
  const broadcast = await changeState(id, {
    from: ['draft', 'scheduled'],
    to: 'sending',
    fields: startFields(by),
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
        fields: startFields(scheduled.createdBy),
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

const newMatchesRefusal = (state: BroadcastState) =>
  `This broadcast is ${IN_WORDS[state]}: only a broadcast that is done can be sent to new matches`;

/** The broadcast, when it may be sent to new matches: done, its audience customer filters. */
async function extendable(id: string): Promise<StoredBroadcast> {
  const broadcast = await requireShownBroadcast(id);
  const { audience } = broadcast;
  if (!('filters' in audience))
    throw new HttpError(
      409,
      'This broadcast went to a pasted list of phones, which has no new matches: make a new broadcast for other phones',
    );
  if (broadcast.state !== 'done') throw new HttpError(409, newMatchesRefusal(broadcast.state));
  return { ...broadcast, audience };
}

/** Who "Send to new matches" would queue now, and who not and why (`alreadyMessaged`). */
export async function countNewMatches(id: string): Promise<AudienceCount> {
  const broadcast = await extendable(id);
  const [audience, settings] = await Promise.all([newRecipients(broadcast), readSettings()]);
  return countOf(audience, broadcast.template.category, settings.broadcasts.templatePrices);
}

/**
 * Sends a done broadcast on to the customers its filters match now that it has no recipient
 * document of (by phone or by customer): the broadcast is sending again, its audience and
 * estimate grow by them, the run is recorded, and the dispatcher paces them as the first.
 */
export async function sendToNewMatches(id: string, session: Session): Promise<void> {
  const broadcast = await extendable(id);
  const [audience, settings, actor] = await Promise.all([
    newRecipients(broadcast),
    readSettings(),
    actorOf(session),
  ]);
  const added = audience.recipients.length;
  if (added === 0) {
    const why = exclusionWords(audience.excluded);
    throw new HttpError(409, `Nobody new matches this broadcast's filters${why ? `: ${why}` : ''}`);
  }
  const cost = templateCost(added, broadcast.template.category, settings.broadcasts.templatePrices);
  const run = { at: Timestamp.now(), by: { _id: actor.uid, name: actor.name }, added };
  const extended = await changeState(id, {
    from: ['done'],
    to: 'sending',
    // No queuedAt until the new ones are queued: a dispatcher finishes a queuing cut short.
    fields: (current) => ({
      queuedAt: null,
      queuingFrom: run.at,
      audienceCount: Number(current.audienceCount ?? 0) + added,
      estimatedCost: Number(current.estimatedCost ?? 0) + cost,
      newMatchRuns: [...((current.newMatchRuns ?? []) as unknown[]), run],
    }),
    refusal: newMatchesRefusal,
  });
  await queueRecipients(extended, audience);
  kickDispatcher();
}
