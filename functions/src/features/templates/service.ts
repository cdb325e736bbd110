// Message templates in the `templates` collection. A company keeps tens of them, so the list
// is read whole (ordered, capped at MAX_TEMPLATES, which creation enforces).
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import type { Template } from '../../contract/answers';
import { templateLinkFromData } from '../../domain/settings/store';
import type { CreateTemplateInput, TemplateType, UpdateTemplateInput } from './schemas';

export const TEMPLATES = 'templates';
export const MAX_TEMPLATES = 500;

export type { Template };

const iso = (value: unknown): string | null =>
  value instanceof Timestamp ? value.toDate().toISOString() : null;

function toTemplate(snap: DocumentSnapshot): Template {
  const d = snap.data() ?? {};
  const type: TemplateType = d.type === 'whatsapp' || d.type === 'email' ? d.type : 'text';
  return {
    _id: snap.id,
    type,
    title: typeof d.title === 'string' ? d.title : '',
    content: typeof d.content === 'string' ? d.content : '',
    ...(type === 'email' ? { subject: typeof d.subject === 'string' ? d.subject : '' } : {}),
    ...(type === 'whatsapp'
      ? { approved: d.approved ? templateLinkFromData(d.approved) : null }
      : {}),
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt ?? d.createdAt),
  };
}

export async function listTemplates(): Promise<Template[]> {
  const snap = await getDb().collection(TEMPLATES).orderBy('createdAt').limit(MAX_TEMPLATES).get();
  return snap.docs.map(toTemplate);
}

export async function getTemplate(id: string): Promise<Template | null> {
  const snap = await getDb().collection(TEMPLATES).doc(id).get();
  return snap.exists ? toTemplate(snap) : null;
}

const notFound = () => new HttpError(404, 'Template not found');

export async function createTemplate(input: CreateTemplateInput, uid: string): Promise<Template> {
  const db = getDb();
  const collection = db.collection(TEMPLATES);
  const ref = collection.doc();
  await db.runTransaction(async (tx) => {
    const count = (await tx.get(collection.count())).data().count;
    if (count >= MAX_TEMPLATES) {
      throw new HttpError(409, `At most ${MAX_TEMPLATES} templates; delete some first`);
    }
    const now = FieldValue.serverTimestamp();
    tx.create(ref, {
      type: input.type,
      title: input.title,
      content: input.content,
      ...(input.type === 'email' ? { subject: input.subject ?? '' } : {}),
      ...(input.type === 'whatsapp' && input.approved ? { approved: input.approved } : {}),
      createdAt: now,
      updatedAt: now,
      createdBy: uid,
    });
  });
  return toTemplate(await ref.get());
}

export async function updateTemplate(
  id: string,
  input: UpdateTemplateInput,
  uid: string,
): Promise<Template> {
  const db = getDb();
  const ref = db.collection(TEMPLATES).doc(id);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound();
    const type = input.type ?? toTemplate(snap).type;
    tx.update(ref, {
      type,
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.content !== undefined ? { content: input.content } : {}),
      // Only email templates keep a subject.
      subject:
        type === 'email' ? (input.subject ?? toTemplate(snap).subject ?? '') : FieldValue.delete(),
      // Only WhatsApp templates link to an approved one.
      ...(type !== 'whatsapp' || input.approved === null
        ? { approved: FieldValue.delete() }
        : input.approved
          ? { approved: input.approved }
          : {}),
      updatedAt: FieldValue.serverTimestamp(),
      updatedBy: uid,
    });
  });
  return toTemplate(await ref.get());
}

export async function deleteTemplate(id: string): Promise<void> {
  const db = getDb();
  const ref = db.collection(TEMPLATES).doc(id);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound();
    tx.delete(ref);
  });
}
