// Making a broadcast: the template must be an approved marketing or utility template synced from
// Meta, given exactly its parameters and, when it has a document or image header, the file that
// goes in it; the audience is counted now (who, who not and why, the cost at the template
// category's price); a time to start must lie ahead. Nothing is sent here.
import type { Broadcast } from '../../contract/broadcasts';
import { getConfig } from '../../config';
import { isIsoDate, timeOfDay } from '../../company-days';
import { actorOf } from '../../domain/entries/actor';
import { readSettings } from '../../domain/settings/store';
import type { Session } from '../../http/access';
import { HttpError } from '../../http/errors';
import { findTemplate } from '../messaging';
import { countOf, exclusionWords, resolveAudience } from './audience';
import { headerFor, unsendableHeader } from './header';
import type { CreateBroadcastInput } from './schemas';
import { shownBroadcast, storeBroadcast } from './store';

/** The categories a broadcast may send (Meta bills authentication apart, for codes only). */
const BROADCAST_CATEGORIES = new Set(['MARKETING', 'UTILITY']);
/** A time to start this little in the past still counts as now (a slow form). */
const PAST_GRACE_MS = 60_000;

const namedOf = (template: CreateBroadcastInput['template']) =>
  `${template.name} (${template.language})`;

/** The approved template named, or a 400 saying what is wrong with it. */
async function approvedTemplate(input: CreateBroadcastInput['template'], paramsGiven: number) {
  const found = await findTemplate(input.name, input.language);
  const named = namedOf(input);
  if (!found)
    throw new HttpError(
      400,
      `The template ${named} is not among the approved templates synced from Meta: sync them under Templates`,
    );
  if (found.status !== 'APPROVED')
    throw new HttpError(
      400,
      `The template ${named} is ${found.status.toLowerCase()} at Meta, not approved`,
    );
  if (!BROADCAST_CATEGORIES.has(found.category))
    throw new HttpError(
      400,
      `A broadcast sends a marketing or utility template; ${named} is ${found.category.toLowerCase()}`,
    );
  if (found.paramCount !== paramsGiven)
    throw new HttpError(
      400,
      `The template ${named} takes ${found.paramCount} parameter(s); ${paramsGiven} given`,
    );
  const unsendable = unsendableHeader(found, named);
  if (unsendable) throw new HttpError(400, unsendable);
  return found;
}

/** The instant to start at, or null for when started; a 400 when it has passed. */
function startAt(sendAt: string | null | undefined): Date | null {
  if (!sendAt) return null;
  const [date, time] = sendAt.split('T');
  const at =
    sendAt.length === 16
      ? isIsoDate(date)
        ? timeOfDay(date, time, getConfig().timeZone)
        : null
      : new Date(sendAt);
  if (!at || Number.isNaN(at.getTime())) throw new HttpError(400, 'sendAt: not a real date');
  if (at.getTime() < Date.now() - PAST_GRACE_MS)
    throw new HttpError(400, 'sendAt: that time has passed; choose a time ahead, or send now');
  return at;
}

export async function createBroadcast(
  input: CreateBroadcastInput,
  session: Session,
): Promise<Broadcast> {
  const template = await approvedTemplate(input.template, input.params.length);
  const at = startAt(input.sendAt);
  const [audience, settings, actor] = await Promise.all([
    resolveAudience(input.audience),
    readSettings(),
    actorOf(session),
  ]);
  if (audience.recipients.length === 0) {
    const why = exclusionWords(audience.excluded);
    throw new HttpError(400, `Nobody in this audience can receive it${why ? `: ${why}` : ''}`);
  }
  // Last of the checks: a quote's PDF is kept as an uploaded file the first time it is chosen.
  const header = await headerFor(template, namedOf(input.template), input.header, session);
  const stored = await storeBroadcast({
    name: input.name,
    template: { name: template.name, language: template.language, category: template.category },
    params: input.params,
    header,
    audience: input.audience,
    ...countOf(audience, template.category, settings.broadcasts.templatePrices),
    state: at ? 'scheduled' : 'draft',
    sendAt: at ? at.toISOString() : null,
    createdBy: { _id: actor.uid, name: actor.name },
  });
  return shownBroadcast(stored);
}
