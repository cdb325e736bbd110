// People first: while the people using the console wait on their calls, a broadcast sends
// slower, so it never takes the stack from them (issue 45: "the team keeps working"). Each slot
// the dispatcher's share of the settings' throughput is halved when the calls of the last few
// seconds took long (90 % within PEOPLE_WAIT_MS, else it slows), and grows back by a tenth a
// slot while they are quick or nobody is calling: the additive-increase, multiplicative-
// decrease that TCP uses to share a link. Calls past the second the people are promised put it
// at its smallest share at once, as TCP starts over after a time-out rather than halve: a
// storm of sign-ins would otherwise meet four slots of the broadcast at a half, a quarter, an
// eighth of its pace. A broadcast nobody works beside goes at full pace after its first few
// slots (an eighth, a quarter, a half: TCP's slow start). While the calls stay past that second
// the broadcast also rests between slots (REST_MS): even at its least share, a slot each
// second was a planning's reads, two sends and their callbacks every second on a machine the
// people already filled (docs/benchmarks.md, the runs of session 47).
import type { Waits } from '../../http/people-waits';
import { FEW_CALLS, QUICK_MS } from '../../http/shared-waits';
import { SLOT_MS } from './pacing';

/** Calls waited on longer than this (their 90th percentile) slow the broadcast down. */
export const PEOPLE_WAIT_MS = 400;
/** Calls waited on longer than this (their 90th percentile) leave the broadcast its least. */
export const PEOPLE_TARGET_MS = 1_000;
/**
 * The smallest share: a broadcast always moves (2 a slot at Meta's 80). With the bench's two
 * cores about 80 % busy from the team's round alone, the tenth this was (8 a second, another
 * tenth of the cores) added a fifth to a third to the people's p95.
 */
export const MIN_SHARE = 1 / 40;
const STEP = 0.1;
/**
 * The time from one slot's start to the next one's while the people's calls take past their
 * second: a slot every 5 s of its least share's messages (2 at Meta's 80, so 0.4 a second),
 * until they are back under it.
 */
export const REST_MS = 5_000;

/** The first slot's share: a broadcast starts gently and finds out whether people wait. */
export const START_SHARE = 1 / 8;

/** The people's calls take past the second they are promised. */
const peoplePastTarget = (waits: Waits) =>
  waits.calls >= FEW_CALLS && waits.p90Ms > PEOPLE_TARGET_MS;

/** Nobody calls, or the people's calls are quick: the broadcast may take more. */
const peopleQuick = (waits: Waits) => waits.calls < FEW_CALLS || waits.p90Ms < QUICK_MS;

/**
 * The share of the throughput for the next slot, from this one's and the people's waits. While
 * `startingUp` it doubles while they are quick, TCP's slow start: a broadcast started as 200
 * people sign in meets them at an eighth of its pace, not its whole (the first seconds of the
 * bench's round took a hundred messages).
 */
export function nextShare(share: number, waits: Waits, startingUp = false): number {
  if (peoplePastTarget(waits)) return MIN_SHARE;
  if (waits.calls >= FEW_CALLS && waits.p90Ms > PEOPLE_WAIT_MS)
    return Math.max(MIN_SHARE, share / 2);
  if (peopleQuick(waits)) return Math.min(1, startingUp ? share * 2 : share + STEP);
  return share;
}

interface SlotPlan {
  share: number;
  /** Still doubling: no slot has yet held or lowered the share. */
  startingUp: boolean;
  /** Planned while the people's calls took past their second: the next slot waits REST_MS. */
  resting: boolean;
}

/** The plan for the next slot after `last` (none: the run's first slot). */
function planSlot(last: SlotPlan | undefined, waits: Waits): SlotPlan {
  const resting = peoplePastTarget(waits);
  if (!last)
    return {
      share: Math.min(START_SHARE, nextShare(START_SHARE, waits)),
      startingUp: peopleQuick(waits),
      resting,
    };
  const share = nextShare(last.share, waits, last.startingUp);
  return { share, startingUp: last.startingUp && share > last.share, resting };
}

/**
 * A dispatcher run's pace. `budget` answers the sends the next slot may take from the people's
 * waits now (every api instance's: peopleWaitsEverywhere); the share moves on only when that
 * slot is taken (`slotTaken`), so a pass of the loop that found nothing to send does not grow it.
 * `slotTaken` answers how long after that slot's start the next one may begin.
 */
export function peopleFirstPace() {
  let taken: SlotPlan | undefined;
  let planned: SlotPlan | undefined;
  return {
    budget(throughputPerSecond: number, waits: Waits): number {
      planned = planSlot(taken, waits);
      return Math.max(1, Math.floor(throughputPerSecond * planned.share));
    },
    slotTaken(): number {
      taken = planned;
      return taken?.resting ? REST_MS : SLOT_MS;
    },
  };
}
