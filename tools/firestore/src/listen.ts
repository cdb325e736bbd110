import { compileQuery, executeQuery, inScope, type CompiledQuery } from './query/query.ts';
import type { Database } from './storage/store.ts';
import { resumeToken, toTimestamp } from './model/timestamps.ts';
import type { Document, StoredDoc, StructuredQuery } from './model/types.ts';
import { documentKey } from './writes.ts';

export interface DocChange {
  key: string;
  after: StoredDoc | undefined;
}

export interface ListenTarget {
  targetId?: number;
  query?: { parent?: string; structuredQuery?: StructuredQuery };
  documents?: { documents?: string[] };
  resumeToken?: Uint8Array;
  readTime?: unknown;
}

type Send = (response: object) => void;

interface Target {
  id: number;
  keys?: Set<string>;
  query?: CompiledQuery;
  /** What the client holds: key → update time. */
  held: Map<string, number>;
}

export function toDocumentProto(doc: StoredDoc): Document {
  return {
    name: doc.name,
    fields: doc.fields,
    createTime: toTimestamp(doc.createTime),
    updateTime: toTimestamp(doc.updateTime),
  };
}

/**
 * One Listen stream. After every commit that touches its targets it sends the changes and a
 * global NO_CHANGE with the commit time, which is when the SDK raises a snapshot.
 */
export class ListenStream {
  private targets = new Map<number, Target>();

  constructor(
    readonly db: Database,
    private send: Send,
  ) {}

  addTarget(t: ListenTarget): void {
    const id = t.targetId ?? 0;
    const target: Target = { id, held: new Map() };
    if (t.documents)
      target.keys = new Set((t.documents.documents ?? []).map((n) => documentKey(this.db, n)));
    else
      target.query = compileQuery(this.db, t.query?.parent ?? '', t.query?.structuredQuery ?? {});
    this.targets.set(id, target);
    this.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
    // A resuming client is simply sent the whole current state after a RESET.
    if (t.resumeToken || t.readTime)
      this.send({ targetChange: { targetChangeType: 'RESET', targetIds: [id] } });
    for (const doc of this.currentDocs(target)) {
      target.held.set(doc.key, doc.updateTime);
      this.deliver(doc, id);
    }
    const now = this.db.lastCommitTime;
    this.send({
      targetChange: { targetChangeType: 'CURRENT', targetIds: [id], resumeToken: resumeToken(now) },
    });
    this.sendConsistent(now);
  }

  removeTarget(id: number): void {
    if (this.targets.delete(id))
      this.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
  }

  private currentDocs(target: Target): readonly StoredDoc[] {
    if (target.query) return executeQuery(this.db, target.query).docs;
    const docs: StoredDoc[] = [];
    for (const key of target.keys ?? []) {
      const doc = this.db.get(key);
      if (doc) docs.push(doc);
    }
    return docs;
  }

  private deliver(doc: StoredDoc, id: number): void {
    this.db.counters.reads++;
    this.send({ documentChange: { document: toDocumentProto(doc), targetIds: [id] } });
  }

  private sendConsistent(commitTime: number): void {
    this.send({
      targetChange: {
        targetChangeType: 'NO_CHANGE',
        targetIds: [],
        readTime: toTimestamp(commitTime),
        resumeToken: resumeToken(commitTime),
      },
    });
  }

  onCommit(changes: DocChange[], commitTime: number): void {
    let sent = false;
    for (const target of this.targets.values()) {
      sent =
        (target.query
          ? this.diffQuery(target, target.query, changes)
          : this.diffDocs(target, changes)) || sent;
    }
    if (sent) this.sendConsistent(commitTime);
  }

  private diffDocs(target: Target, changes: DocChange[]): boolean {
    let sent = false;
    for (const { key, after } of changes) {
      if (!target.keys?.has(key)) continue;
      sent = this.move(target, key, after) || sent;
    }
    return sent;
  }

  private diffQuery(target: Target, q: CompiledQuery, changes: DocChange[]): boolean {
    const relevant = changes.filter((c) => inScope(q, c.key));
    if (relevant.length === 0) return false;
    if (q.limit !== undefined || q.offset > 0 || q.start || q.end) {
      // A window can gain or lose documents that were not written: recompute it whole.
      const now = new Map(executeQuery(this.db, q).docs.map((d) => [d.key, d]));
      let sent = false;
      for (const key of [...target.held.keys()])
        if (!now.has(key)) sent = this.move(target, key, undefined) || sent;
      for (const [key, doc] of now) sent = this.move(target, key, doc) || sent;
      return sent;
    }
    let sent = false;
    for (const { key, after } of relevant) {
      sent = this.move(target, key, after && q.matches(after) ? after : undefined) || sent;
    }
    return sent;
  }

  /** Brings the client's copy of one document in line; says whether anything was sent. */
  private move(target: Target, key: string, doc: StoredDoc | undefined): boolean {
    const held = target.held.get(key);
    if (doc) {
      if (held === doc.updateTime) return false;
      target.held.set(key, doc.updateTime);
      this.deliver(doc, target.id);
      return true;
    }
    if (held === undefined) return false;
    target.held.delete(key);
    this.send({ documentRemove: { document: this.db.nameOf(key), removedTargetIds: [target.id] } });
    return true;
  }
}
