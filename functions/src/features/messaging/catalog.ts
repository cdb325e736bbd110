// The approved WhatsApp templates as Meta last listed them (Templates screen, Sync):
// whatsappTemplates/{name:language} = { name, language, status, category, body, paramCount,
// syncedAt }. A sync replaces the whole list, so a template deleted at Meta goes here too.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import { fetchWhatsAppTemplates, type MetaTemplate } from '../../integrations';

export const WHATSAPP_TEMPLATES = 'whatsappTemplates';
/** Meta's limit per account is 250 templates per language; this bounds one read. */
const MAX_TEMPLATES = 1000;

const docId = (name: string, language: string) => `${name}:${language}`.slice(0, 600);

function fromData(data: DocumentData): MetaTemplate {
  return {
    name: String(data.name ?? ''),
    language: String(data.language ?? ''),
    status: String(data.status ?? ''),
    category: String(data.category ?? ''),
    body: String(data.body ?? ''),
    paramCount: Number(data.paramCount ?? 0),
    ...(typeof data.headerFormat === 'string' && data.headerFormat
      ? { headerFormat: data.headerFormat }
      : {}),
  };
}

export async function listCatalog(): Promise<MetaTemplate[]> {
  const snap = await getDb()
    .collection(WHATSAPP_TEMPLATES)
    .orderBy('name')
    .limit(MAX_TEMPLATES)
    .get();
  return snap.docs.map((d) => fromData(d.data()));
}

/**
 * A template by name and language; without a language, the only one of that name (several
 * languages of one name need the language said).
 */
export async function findTemplate(
  name: string,
  language: string,
): Promise<MetaTemplate | undefined> {
  const collection = getDb().collection(WHATSAPP_TEMPLATES);
  if (language) {
    const doc = await collection.doc(docId(name, language)).get();
    return doc.exists ? fromData(doc.data()!) : undefined;
  }
  const found = await collection.where('name', '==', name).limit(2).get();
  return found.size === 1 ? fromData(found.docs[0].data()) : undefined;
}

/** Reads Meta's list and keeps it in place of the previous one. */
export async function syncCatalog(): Promise<MetaTemplate[]> {
  const listed = await fetchWhatsAppTemplates();
  if ('error' in listed) throw new HttpError(listed.unconfigured ? 400 : 502, listed.error);
  const db = getDb();
  const collection = db.collection(WHATSAPP_TEMPLATES);
  const kept = listed.slice(0, MAX_TEMPLATES);
  const ids = new Set(kept.map((t) => docId(t.name, t.language)));
  const stale = (await collection.select().limit(MAX_TEMPLATES).get()).docs.filter(
    (d) => !ids.has(d.id),
  );
  const syncedAt = Timestamp.now();
  const writes = [
    ...kept.map((t) => ({ ref: collection.doc(docId(t.name, t.language)), data: t })),
    ...stale.map((d) => ({ ref: d.ref, data: null })),
  ];
  for (let i = 0; i < writes.length; i += 400) {
    const batch = db.batch();
    for (const write of writes.slice(i, i + 400)) {
      if (write.data) batch.set(write.ref, { ...write.data, syncedAt });
      else batch.delete(write.ref);
    }
    await batch.commit();
  }
  return [...kept].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The approved templates whose header is a DOCUMENT (a file goes in it), by name: what can
 * carry a file outside the 24-hour window.
 */
export async function documentTemplates(): Promise<MetaTemplate[]> {
  return (await listCatalog()).filter(
    (t) => t.status === 'APPROVED' && t.headerFormat === 'DOCUMENT',
  );
}
