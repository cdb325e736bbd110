// The paced dispatcher (docs/decisions/broadcast-sending.md): whoever takes the lease
// sendPacing/dispatcher sends the recipients of every sending broadcast through the send
// queue's worker (features/messaging), only inside one-second slots leased from
// sendPacing/whatsapp, at most the settings' throughput a slot (less while people wait on their
// calls: people-first.ts), spread across most of the second. Before each slot it reads the
// broadcasts' states again (a pause or cancel stops it; each send of a slot checks a state read
// at most FRESH_MS before, fresh-states.ts, so one planned before the pause is not sent), and the
// messaging limit: at the settings' limit of users reached in a moving 24 hours it stops, the
// broadcast 'waiting' until the oldest of them leaves the window. It runs until nothing of a
// running broadcast is due; a holder that died loses the lease within 30 s, and the next holder
// settles the sends it left half-done (sent if Meta's callback named them, else due again). The
// lease's renewal and that settling run beside the plans (chores.ts), so neither delays a slot.
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { now } from '../../clock';
import {
  databaseAnswered,
  noteDatabaseTrouble,
  noteIfDatabaseTrouble,
} from '../../database-trouble';
import { customersByIds } from '../../domain/customers/store';
import { OPT_OUTS_FIELD, optedOutAt } from '../../domain/customers/whatsapp-windows';
import {
  broadcastStatusCounts,
  duePaced,
  initiatedSince,
  nextPacedAt,
  oldBroadcastClaims,
  unsettledCount,
  type PacedRecipient,
} from '../../domain/messages';
import { readSettings } from '../../domain/settings/store';
import { peopleWaitsEverywhere } from '../../http/shared-waits';
import {
  ABANDONED_PACED_MS,
  deliverOutbound,
  settleAbandonedPaced,
  silentClaims,
} from '../messaging';
import { SLOT_MS, releaseLease, takeLease, takeSlot } from './pacing';
import { queueRecipients } from './queue';
import { chore } from './chores';
import { freshStates } from './fresh-states';
import { peopleFirstPace } from './people-first';
import { moveState, readBroadcast, runningBroadcasts } from './store';

const DAY_MS = 24 * 60 * 60 * 1000;
const RENEW_MS = 5_000;
/** A recipient due later than this is left to the next run of the every-minute job. */
const LONGEST_WAIT_MS = 30_000;
/**
 * A slot's sends are spread over its first SPREAD_MS, and one not begun by LATEST_START_MS into
 * its slot (a busy process delayed it) waits for a later slot: going out then, it would share
 * the next slot's second with that slot's own sends and pass Meta's throughput (130429). Spread
 * over 800 ms, a slot's last sends had 100 ms for a timer that a busy process fired late, and a
 * fifth of the sends put off were those (docs/benchmarks.md, the runs of session 51).
 */
const SPREAD_MS = 700;
const LATEST_START_MS = 900;
/**
 * A send whose broadcast's state is being read again waits for that read at most this far into
 * its slot, then goes on the answer before it while fresh (fresh-states.ts), leaving time to
 * begin by LATEST_START_MS.
 */
const STATE_BY_MS = 850;
/**
 * The next slot's planning begins this long before the slot taken last: its reads take most of
 * a second on a busy machine, and begun only at that slot's start, a third of the plans ran past
 * it and left a second unused (docs/benchmarks.md, the dispatcher's pace on a slow machine).
 * Begun half a second before, 8 plans in 131 still took past the next second at the large size
 * (the reads of a plan took up to 2 s) and 60–65 a second went out; a whole second before, none
 * did and 78 a second went (docs/benchmarks.md, the runs of session 50).
 */
const PLAN_AHEAD_MS = 1_000;
/**
 * A slot's opt-outs are read this long before it begins (most such reads took less on a busy
 * machine): a STOP that came before the read is honoured; one that comes after may meet its send
 * already on the way, as a STOP a moment after any check would.
 */
const OPT_OUTS_AHEAD_MS = 300;

/**
 * A queuing not done this long after it began was cut short (its process died): queuing 10,000
 * recipients took 3.5 s on the bench's machine, 10 s on a slow one.
 */
const QUEUING_CUT_SHORT_MS = 2 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Why each of a slot's recipients is not to get it after all (by recipient id): a STOP since it
 * was queued skips them. Read in one call just before the slot, not one read each as it goes
 * out: at 80 a second those reads loaded the database the sends were waiting on, and on a slow
 * machine a quarter of the sends found their slot gone by the time they were answered.
 */
async function noLongerWanted(recipients: readonly PacedRecipient[]): Promise<Map<string, string>> {
  const ids = [...new Set(recipients.flatMap((r) => (r.customerId ? [r.customerId] : [])))];
  const customers = new Map(
    (await customersByIds(ids, [OPT_OUTS_FIELD])).map((doc) => [doc.id, doc.data()]),
  );
  const unwanted = new Map<string, string>();
  for (const r of recipients)
    if (r.customerId && optedOutAt(customers.get(r.customerId), r.to))
      unwanted.set(r.id, 'Opted out of WhatsApp (wrote STOP) before it was sent');
  return unwanted;
}

/** Sending broadcasts whose recipients are all settled are done, with their final counts. */
async function finishSettled(ids: string[]): Promise<void> {
  for (const id of ids) {
    if ((await unsettledCount(id)) > 0) continue;
    await moveState(id, 'sending', 'done', {
      doneAt: Timestamp.now(),
      counts: await broadcastStatusCounts(id),
    });
  }
}

/**
 * Recipients a dispatcher that died was sending: sent if Meta named them since, else due again,
 * once Meta's silence tells (silentClaims).
 */
async function recoverAbandoned(ids: string[]): Promise<void> {
  for (const id of ids) {
    const claims = await oldBroadcastClaims(id, now() - ABANDONED_PACED_MS);
    databaseAnswered();
    await settleAbandonedPaced(await silentClaims(claims));
  }
}

/** How many more users the messaging limit lets a broadcast reach now; Infinity: no limit. */
async function limitRoom(limit: number | null, inFlight: number) {
  if (limit === null) return { room: Infinity, movesAt: 0 };
  const { count, oldest } = await initiatedSince(now() - DAY_MS);
  return { room: limit - count - inFlight, movesAt: oldest + DAY_MS };
}

/** One run: answers how many messages it tried (0 when another dispatcher holds the lease). */
export async function runDispatcher(): Promise<number> {
  const holder = randomUUID();
  const lease = await takeLease(holder);
  if (!lease) return 0;
  // A holder that stopped without giving the lease up may have stopped with the database, and
  // this process may not have seen that outage (a call that waited through it and then was
  // answered): its claims are judged as if the database had failed until now (silentClaims),
  // so Meta's callbacks that met the outage have their time to come back.
  if (lease === 'taken over') noteDatabaseTrouble();
  const inFlight = new Set<Promise<unknown>>();
  /** Recipients given a time in a slot whose send has not ended: still 'paced' until claimed. */
  const scheduled = new Set<string>();
  const states = freshStates();
  const pace = peopleFirstPace();
  let leaseLost = false;
  const renewal = chore(
    'lease renewal',
    RENEW_MS,
    async () => {
      if (!(await takeLease(holder))) leaseLost = true;
    },
    now(),
  );
  /** The broadcasts the last plan found running, whose abandoned claims the recovery settles. */
  let runningIds: string[] = [];
  const recovery = chore('recovery of abandoned sends', RENEW_MS, () =>
    recoverAbandoned(runningIds),
  );
  /** The next slot begins no sooner: a second after the last, or a rest after it. */
  let nextSlotFrom = 0;
  /** A slot taken by a pass that sent nothing, kept for the next pass while it lies ahead. */
  let kept: number | undefined;
  let tried = 0;
  /** Why the run ended, told when it sent anything: a broadcast that pauses mid-send says why. */
  let stopped = 'it failed';
  try {
    for (;;) {
      renewal.tick();
      if (leaseLost) {
        stopped = 'the lease went to another holder';
        break;
      }
      // Each wait of a slot's planning delays the slot: a plan that takes longer than the second
      // being sent finds the next second begun, and skips it. So the slot's lease (a
      // transaction, a median 0.4 s of a 1 s plan on a busy database) is taken while the plan
      // reads: the slot it gets does not hang on them (the second after the last one taken, or
      // the rest's end). A pass that ends up sending nothing keeps it for the next: one taken
      // each pass moved the next free second on by one for each send that ended in a
      // broadcast's last seconds, and the next broadcast waited that long for its first slot.
      // One that has begun meanwhile is left: its sends, all late, would go in a bunch at its end.
      const slot =
        kept !== undefined && kept > now() ? Promise.resolve(kept) : takeSlot(holder, nextSlotFrom);
      kept = undefined;
      // Its failure fails the run where a plan awaits it.
      slot.catch(() => undefined);
      const [running, { broadcasts }, waits] = await Promise.all([
        runningBroadcasts(),
        readSettings(),
        peopleWaitsEverywhere(),
      ]);
      runningIds = running.map((b) => b.id);
      recovery.tick();
      let moved = false;
      for (const b of running) {
        // A start that stopped before every recipient was queued: finish it (nothing twice).
        // One still queuing is left to its caller: queued twice at once, each recipient would
        // be counted, read and written by both, and the team's calls would wait on that.
        if (!b.queued && now() - b.queuingFrom > QUEUING_CUT_SHORT_MS) {
          const broadcast = await readBroadcast(b.id);
          if (broadcast) await queueRecipients(broadcast);
          moved = true;
        }
        if (b.state === 'waiting' && (b.waitUntil ?? 0) <= now()) {
          await moveState(b.id, 'waiting', 'sending', { waitUntil: null });
          moved = true;
        }
      }
      const sending = (moved ? await runningBroadcasts() : running).filter(
        (b) => b.state === 'sending',
      );
      const { room, movesAt } = await limitRoom(broadcasts.messagingLimit, inFlight.size);
      if (room <= 0) {
        // The sends in flight count as reached until they end (one refused gives its room back).
        if (inFlight.size > 0) {
          kept = await slot;
          await Promise.race(inFlight);
          continue;
        }
        const waitUntil = Timestamp.fromMillis(movesAt);
        for (const b of sending) await moveState(b.id, 'sending', 'waiting', { waitUntil });
        stopped = 'the messaging limit is reached';
        break;
      }
      const budget = Math.min(pace.budget(broadcasts.throughputPerSecond, waits), room);
      // Three slots' worth not ended yet (the slot sending, and the two planned ahead of it): the
      // sends fall behind (a busy process, a slow network), so no new slot until some end, rather
      // than claims piling up and going out in bursts that Meta's throughput refuses.
      while (inFlight.size >= 3 * budget) await Promise.race(inFlight);
      const toSend: (PacedRecipient & { broadcastId: string })[] = [];
      for (const b of sending) {
        if (toSend.length >= budget) break;
        const due = await duePaced(b.id, now() + SLOT_MS, budget - toSend.length + scheduled.size);
        toSend.push(
          ...due
            .filter((r) => !scheduled.has(r.id))
            .slice(0, budget - toSend.length)
            .map((r) => ({ ...r, broadcastId: b.id })),
        );
      }
      if (toSend.length === 0) {
        kept = await slot;
        if (inFlight.size > 0) {
          await Promise.race(inFlight);
          continue;
        }
        // Recipients the recovery under way may make due again: looked for once it ends.
        if (recovery.running()) {
          await recovery.settled();
          continue;
        }
        // Only those whose queuing ended: a start or a Send to new matches still queuing has
        // nothing unsettled yet, and is not done.
        await finishSettled(sending.filter((b) => b.queued).map((b) => b.id));
        const next = (await Promise.all(sending.map((b) => nextPacedAt(b.id)))).filter(
          (at): at is number => at !== null,
        );
        if (next.length === 0 || Math.min(...next) - now() > LONGEST_WAIT_MS) {
          stopped =
            next.length === 0
              ? 'nothing is left to send'
              : `nothing is due for ${LONGEST_WAIT_MS / 1000} s`;
          break;
        }
        await sleep(Math.min(Math.min(...next) - now(), RENEW_MS));
        continue;
      }
      let slotAt = await slot;
      // A plan that waited for its earlier sends (the in-flight cap) past the slot it took
      // would put all of that slot's sends off: it takes the next free second instead.
      if (now() >= slotAt + LATEST_START_MS) slotAt = await takeSlot(holder, nextSlotFrom);
      // Read OPT_OUTS_AHEAD_MS before the slot (the slot may lie more than a second ahead): a
      // send waits for it only if its time comes first.
      const unwanted = sleep(slotAt - OPT_OUTS_AHEAD_MS - now()).then(() => noLongerWanted(toSend));
      // A read that fails fails the sends that wait for it (each logs why). Handled here as
      // well: one that fails before the slot's first send waits for it would end the process.
      unwanted.catch(() => undefined);
      nextSlotFrom = slotAt + pace.slotTaken();
      const gap = SPREAD_MS / toSend.length;
      toSend.forEach((recipient, i) => {
        const { id } = recipient;
        scheduled.add(id);
        const send = sleep(slotAt + i * gap - now())
          .then(async () => {
            // The slot's opt-outs first (read ahead, most often in already), so that the state
            // is the last thing checked before the claim.
            const skip = (await unwanted).get(id);
            // Paused or cancelled since the slot was planned, or its state not known in time: it
            // stays waiting, unclaimed (a cancel settles it, a resume or a later slot sends it).
            const state = await states.current(recipient.broadcastId, slotAt + STATE_BY_MS - now());
            if (state !== 'sending' || now() > slotAt + LATEST_START_MS) return;
            await deliverOutbound(id, { skip });
          })
          .catch((err: unknown) => logger.error(`Broadcast message ${id}: the send failed`, err));
        inFlight.add(send);
        void send.finally(() => {
          inFlight.delete(send);
          scheduled.delete(id);
        });
      });
      tried += toSend.length;
      // The next slot is planned while this one sends: woken at the end of this slot instead,
      // the next free second would already have begun, and every other second would go unused.
      // While people wait past their second, it comes only after a rest (people-first.ts).
      await sleep(nextSlotFrom - SLOT_MS - PLAN_AHEAD_MS - now());
    }
  } finally {
    await Promise.allSettled([...inFlight, renewal.settled(), recovery.settled()]);
    await releaseLease(holder);
    if (tried > 0) logger.info(`The broadcast dispatcher stopped: ${stopped} (tried ${tried})`);
  }
  return tried;
}

/** Starts a dispatcher run in the background (the start and resume routes). */
export function kickDispatcher(): void {
  void runDispatcher().catch((err: unknown) => {
    noteIfDatabaseTrouble(err);
    logger.error('The broadcast dispatcher failed', err);
  });
}
