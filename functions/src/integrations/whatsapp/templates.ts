// The WhatsApp Business Account's message templates, as Meta lists them:
// GET {base}/{version}/{WABA id}/message_templates, page by page (cursor `after`).
import type { SenderEnv } from '../config';
import type { WhatsAppTemplate as MetaTemplate } from '../../contract/messaging';
import { graphFailure, networkFailure, parseJson } from './cloud-api';
import { fetchOutsideRequestDomain } from '../../http/outside-request-domain';
import { textOf } from '../../stored-text';

export type { WhatsAppTemplate as MetaTemplate } from '../../contract/messaging';

/** The highest {{n}} in a body: Meta numbers parameters from 1 without gaps. */
export function countParams(body: string): number {
  let max = 0;
  for (const match of body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) max = Math.max(max, Number(match[1]));
  return max;
}

type Json = Record<string, unknown>;

function toTemplate(item: Json): MetaTemplate | undefined {
  const name = textOf(item.name);
  if (!name) return undefined;
  const components = Array.isArray(item.components) ? (item.components as Json[]) : [];
  const body = textOf(components.find((c) => textOf(c.type).toUpperCase() === 'BODY')?.text);
  const header = components.find((c) => textOf(c.type).toUpperCase() === 'HEADER');
  const headerFormat = textOf(header?.format).toUpperCase();
  return {
    ...(headerFormat ? { headerFormat } : {}),
    name,
    language: textOf(item.language),
    status: textOf(item.status).toUpperCase(),
    category: textOf(item.category).toUpperCase(),
    body,
    paramCount: countParams(body),
  };
}

const MAX_PAGES = 20;

/** Every template of the account, or the reason it could not be read. */
export async function listMetaTemplates(
  config: { token: string; wabaId: string },
  env: SenderEnv,
): Promise<MetaTemplate[] | { error: string }> {
  const templates: MetaTemplate[] = [];
  let after = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({
      fields: 'name,language,status,category,components',
      limit: '100',
      ...(after ? { after } : {}),
    });
    const url = `${env.whatsappApiBase}/${env.whatsappApiVersion}/${encodeURIComponent(config.wabaId)}/message_templates?${query}`;
    let response: Response;
    let text: string;
    try {
      response = await fetchOutsideRequestDomain(url, {
        headers: { Authorization: `Bearer ${config.token}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(env.timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      return { error: networkFailure(err, 'The WhatsApp Cloud API', env.timeoutMs).error };
    }
    const body = parseJson(text) as Json | undefined;
    if (!response.ok) return { error: graphFailure(response, body, text).error };
    const data = Array.isArray(body?.data) ? (body.data as Json[]) : [];
    for (const item of data) {
      const template = toTemplate(item);
      if (template) templates.push(template);
    }
    const paging = (body?.paging ?? {}) as { next?: unknown; cursors?: { after?: unknown } };
    after = paging.next ? textOf(paging.cursors?.after) : '';
    if (!after) break;
  }
  return templates;
}
