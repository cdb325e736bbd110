import { comparePaths } from '../model/values.ts';
import { CountIndex, type CountShape } from '../indexes/count-index.ts';
import { ChangeLog } from './history.ts';
import type { IndexRules } from '../indexes/index-rules.ts';
import { docOrder, firstIndexWhere, OrderedDocs, type DocOrder } from '../indexes/ordered-docs.ts';
import type { OrderedField } from '../model/sort-keys.ts';
import type { StoredDoc, Value } from '../model/types.ts';
import { AskedValuesIndex } from '../indexes/asked-values-index.ts';
import { KeptAnswers } from './kept-answers.ts';
import { ValueIndex, type DocSlot, type ValueLookup } from '../indexes/value-index.ts';

/** Answers kept per collection, of each kind (KeptAnswers): a page holds only pointers. */
const MAX_KEPT_ANSWERS = 256;

/** A document slot: it may hold no data and exist only as the parent of subcollections. */
class DocNode {
  doc: StoredDoc | undefined;
  collections: Map<string, CollectionNode> | undefined;
  constructor(
    readonly key: string,
    readonly parent: CollectionNode | undefined,
  ) {}
}

export class CollectionNode {
  readonly docs = new Map<string, DocNode>();
  /** The slots in key order, built when a query asks for it; dropped when a slot comes or goes. */
  inKeyOrder: DocNode[] | undefined;
  /**
   * The documents in the field orders queries asked for, by signature, least recently used
   * first; each is kept up to date by every write (see OrderedDocs).
   */
  readonly orderings = new Map<string, OrderedDocs>();
  /**
   * The documents by their values at the field paths queries filtered on, by path signature,
   * least recently used first; each is kept up to date by every write (see ValueIndex).
   */
  readonly valueIndexes = new Map<string, ValueIndex>();
  /** Path signatures whose index grew past MAX_POSTINGS: not built again (it would not fit). */
  readonly unindexable = new Set<string>();
  /** For those: the documents of the values queries asked for, by path signature. */
  readonly askedValues = new Map<string, AskedValuesIndex>();
  /**
   * The aggregations of the collection answered since a write that could change them, by
   * query and aggregations: the same count asked again (a team searching the same name, a
   * list's total on every page) is answered without counting again.
   */
  readonly aggregated = new KeptAnswers<AnsweredAggregation>(MAX_KEPT_ANSWERS);
  /**
   * The pages of the collection's queries answered since a write that could change them, by
   * query: a team's searches and first pages asked again are answered without reading again.
   */
  readonly pages = new KeptAnswers<QueryPage>(MAX_KEPT_ANSWERS);
  /**
   * The counts of documents by the values of equality filters, by shape signature, least
   * recently used first; each is kept up to date by every write (see CountIndex).
   */
  readonly countIndexes = new Map<string, CountIndex>();
  /** Shape signatures whose count index held too many keys: not built again. */
  readonly uncountable = new Set<string>();
  constructor(
    /** c or c/id/sub */
    readonly path: string,
    readonly id: string,
    readonly parent: DocNode,
  ) {}
}

/**
 * A query's page: its documents, and those its offset passed over (billed like reads). A kept
 * page is given to every asker of its query, so nobody may change it.
 */
export interface QueryPage {
  readonly docs: readonly StoredDoc[];
  readonly skipped: number;
}

/** An aggregation's answer, and the documents it matched (what it is billed by); kept as a page. */
export interface AnsweredAggregation {
  readonly result: Readonly<Record<string, Value>>;
  readonly matches: number;
}

/** A value index a query asked for: the collection's path and the field's path segments. */
export interface AskedValueIndex {
  collection: string;
  field: string[];
}

/**
 * The values whose documents are held for a field too large to index whole (AskedValuesIndex),
 * least recently asked first: kept with the snapshot and found again by an import or a restart.
 */
export interface AskedValues {
  collection: string;
  field: string[];
  values: Value[];
}

/** A kept order a query asked for: the collection's path and the fields it orders by. */
export interface AskedOrder {
  collection: string;
  orderBy: OrderedField[];
}

export interface Counters {
  reads: number;
  writes: number;
  deletes: number;
}

/** Each kept order costs one pointer per document: a few per collection bound the memory. */
const MAX_ORDERINGS = 8;
/**
 * A value index costs a pointer per (value, document). The real Firestore keeps one for every
 * field, so the bound is there for memory only, and above the fields one collection's queries
 * ask for: the send queue is asked on seven (a broadcast's id, state and status, replied, opted
 * out after, the phone and Meta's ids), and at four each of a broadcast's queries evicted one
 * another's index and began building it again over the whole queue, a scan meanwhile.
 */
export const MAX_VALUE_INDEXES = 12;
/** A count index costs an entry per distinct key, at most MAX_KEYS of them. */
const MAX_COUNT_INDEXES = 8;

function joinKey(parent: string, child: string): string {
  return parent === '' ? child : `${parent}/${child}`;
}

/**
 * One Firestore database: a tree of collections and documents, plus an index of collections
 * by id for collection-group queries. Documents live only in the tree (no copies), so memory
 * grows with the data alone.
 */
export class Database {
  private root = new DocNode('', undefined);
  private groups = new Map<string, Set<CollectionNode>>();
  private lastCommit = 0;
  size = 0;
  readonly counters: Counters = { reads: 0, writes: 0, deletes: 0 };
  readonly history = new ChangeLog();

  /**
   * Called when queries ask for a kept order, a value index or a field's value (AskedValues)
   * not asked for before, so that the durable store can note it at once: a restart then builds
   * or finds it before it answers, even when the last snapshot was written before the first
   * such query.
   */
  onNewAsk: (() => void) | undefined;

  constructor(
    /** projects/p/databases/d */
    readonly path: string,
    /** With an index file: the queries it serves and the index entries a document may have. */
    readonly indexRules?: IndexRules,
  ) {}

  get documentsPrefix(): string {
    return `${this.path}/documents`;
  }

  nameOf(key: string): string {
    return `${this.documentsPrefix}/${key}`;
  }

  /** A strictly increasing commit time in microseconds. */
  nextCommitTime(): number {
    const now = Date.now() * 1000;
    this.lastCommit = Math.max(now, this.lastCommit + 1);
    return this.lastCommit;
  }

  /** After an import: commits must come after every imported version. */
  advanceClock(micros: number): void {
    this.lastCommit = Math.max(this.lastCommit, micros);
  }

  get lastCommitTime(): number {
    return this.lastCommit;
  }

  private docNode(key: string, create: boolean): DocNode | undefined {
    const segments = key.split('/');
    let node: DocNode = this.root;
    for (let i = 0; i < segments.length; i += 2) {
      const collId = segments[i];
      const docId = segments[i + 1];
      let coll = node.collections?.get(collId);
      if (!coll) {
        if (!create) return undefined;
        coll = new CollectionNode(joinKey(node.key, collId), collId, node);
        (node.collections ??= new Map()).set(collId, coll);
        let group = this.groups.get(collId);
        if (!group) this.groups.set(collId, (group = new Set()));
        group.add(coll);
      }
      let child = coll.docs.get(docId);
      if (!child) {
        if (!create) return undefined;
        child = new DocNode(`${coll.path}/${docId}`, coll);
        coll.docs.set(docId, child);
        coll.inKeyOrder = undefined;
      }
      node = child;
    }
    return node;
  }

  /**
   * Finds the slots of one collection's documents by key: one lookup each, for a query that
   * asks about many documents of that collection.
   */
  slotFinder(parentKey: string, collectionId: string): (key: string) => DocSlot | undefined {
    const coll = this.collection(joinKey(parentKey, collectionId));
    if (!coll) return () => undefined;
    const idStart = coll.path.length + 1;
    return (key) => coll.docs.get(key.slice(idStart));
  }

  get(key: string): StoredDoc | undefined {
    return this.docNode(key, false)?.doc;
  }

  /**
   * Stores a version, or removes the document when `doc` is undefined. With a commit time the
   * change is logged, so reads at an earlier time still see the version it replaced.
   */
  put(key: string, doc: StoredDoc | undefined, commitTime?: number): void {
    const node = this.docNode(key, doc !== undefined);
    const before = node?.doc;
    if (commitTime !== undefined) this.history.record(commitTime, key, before);
    if (!node || (!before && !doc)) return;
    // A document's slot always belongs to a collection (only the root has no parent).
    const coll = node.parent!;
    for (const ordered of coll.orderings.values()) ordered.replace(before, doc);
    for (const [signature, index] of coll.valueIndexes) {
      index.replace(node, before, doc);
      this.droppedIfFull(coll, signature, index);
    }
    for (const index of coll.askedValues.values()) index.replace(node, before, doc);
    coll.aggregated.written(before, doc);
    coll.pages.written(before, doc);
    for (const [signature, index] of coll.countIndexes) {
      index.replace(before, doc);
      if (index.full) {
        coll.countIndexes.delete(signature);
        coll.uncountable.add(signature);
      }
    }
    if (doc) {
      if (!before) this.size++;
      node.doc = doc;
      return;
    }
    node.doc = undefined;
    this.size--;
    this.prune(node);
  }

  /** Drops slots that hold nothing any more, so listings show only what exists. */
  private prune(node: DocNode): void {
    let current: DocNode = node;
    while (current.parent && !current.doc && !current.collections?.size) {
      const coll = current.parent;
      coll.docs.delete(current.key.slice(coll.path.length + 1));
      coll.inKeyOrder = undefined;
      if (coll.docs.size > 0) return;
      coll.parent.collections!.delete(coll.id);
      this.groups.get(coll.id)?.delete(coll);
      current = coll.parent;
    }
  }

  collection(path: string): CollectionNode | undefined {
    const slash = path.lastIndexOf('/');
    const parent = slash < 0 ? this.root : this.docNode(path.slice(0, slash), false);
    return parent?.collections?.get(path.slice(slash + 1));
  }

  /** Every stored document the query's `from` can see, in no particular order. */
  *scan(parentKey: string, collectionId: string, allDescendants: boolean): Iterable<StoredDoc> {
    if (!allDescendants) {
      const coll = this.collection(joinKey(parentKey, collectionId));
      if (coll) yield* this.docsOf(coll);
      return;
    }
    if (collectionId === '') {
      const parent = parentKey === '' ? this.root : this.docNode(parentKey, false);
      if (parent) yield* this.descendants(parent);
      return;
    }
    const prefix = parentKey === '' ? '' : `${parentKey}/`;
    for (const coll of this.groups.get(collectionId) ?? []) {
      if (coll.path.startsWith(prefix)) yield* this.docsOf(coll);
    }
  }

  /**
   * The stored documents of one collection in key order, from the first whose key is at or
   * after `fromKey`: a query in key order reads only what it returns (paging by document id
   * costs the page, not the collection). The order is sorted once and kept until a document
   * is added or removed.
   */
  *scanInKeyOrder(parentKey: string, collectionId: string, fromKey = ''): Iterable<StoredDoc> {
    const coll = this.collection(joinKey(parentKey, collectionId));
    if (!coll) return;
    const nodes = (coll.inKeyOrder ??= [...coll.docs.values()].sort((a, b) =>
      comparePaths(a.key, b.key),
    ));
    const first = firstIndexWhere(nodes.length, (i) => comparePaths(nodes[i].key, fromKey) >= 0);
    for (let i = first; i < nodes.length; i++) {
      const doc = nodes[i].doc;
      if (doc) yield doc;
    }
  }

  /**
   * The stored documents of one collection that have every field of `order`, in that order,
   * from the first one `isBefore` is false for (see OrderedDocs.from): a page of a query in
   * that order reads from its cursor. The order is sorted on first use and kept through writes.
   */
  scanInOrder(
    parentKey: string,
    collectionId: string,
    order: DocOrder,
    isBefore: (doc: StoredDoc) => boolean,
  ): Iterable<StoredDoc> {
    const coll = this.collection(joinKey(parentKey, collectionId));
    if (!coll) return [];
    const ordered =
      coll.orderings.get(order.signature) ?? new OrderedDocs(order, this.docsOf(coll));
    this.useOrdering(coll, order, ordered);
    return ordered.from(isBefore);
  }

  /** A query reads in `ordered`: it is kept as the latest used, and noted as asked for. */
  private useOrdering(coll: CollectionNode, order: DocOrder, ordered: OrderedDocs): void {
    this.keepOrdering(coll, order.signature, ordered);
    this.markOrderAsked(coll.path, order);
  }

  /** Keeps `ordered` as the collection's latest used order, dropping the least recently used. */
  private keepOrdering(coll: CollectionNode, signature: string, ordered: OrderedDocs): void {
    coll.orderings.delete(signature); // set again below, as the latest used
    coll.orderings.set(signature, ordered);
    if (coll.orderings.size > MAX_ORDERINGS) {
      coll.orderings.delete(coll.orderings.keys().next().value!);
    }
  }

  /**
   * The kept orders queries asked for, by collection path (by signature, least recently used
   * first, at most MAX_ORDERINGS each): kept with the snapshot and sorted again by an import or a
   * restart (buildAskedOrders), so the first page after one does not sort the collection (half a
   * million entries: seconds of the thread, on the first call after a restart at the large size).
   * Survives clear(), as askedIndexes does.
   */
  private readonly orderAsks = new Map<string, Map<string, readonly OrderedField[]>>();

  private markOrderAsked(
    collectionPath: string,
    order: { signature: string; orderBy: readonly OrderedField[] },
  ): void {
    let asked = this.orderAsks.get(collectionPath);
    if (!asked) this.orderAsks.set(collectionPath, (asked = new Map()));
    const isNew = !asked.delete(order.signature); // set again below, as the latest used
    asked.set(order.signature, order.orderBy);
    if (asked.size > MAX_ORDERINGS) asked.delete(asked.keys().next().value!);
    if (isNew) this.onNewAsk?.();
  }

  /** The kept orders queries asked for (what a snapshot keeps; see orderAsks). */
  askedOrders(): AskedOrder[] {
    return [...this.orderAsks].flatMap(([collection, orders]) =>
      [...orders.values()].map((orderBy) => ({ collection, orderBy: [...orderBy] })),
    );
  }

  /**
   * Sorts the kept orders queries asked for (before a clear, or those a snapshot names) over the
   * collections as they are now. An import ends with it, as with the value indexes.
   */
  buildAskedOrders(more: readonly AskedOrder[] = []): void {
    for (const { collection, orderBy } of more) this.markOrderAsked(collection, docOrder(orderBy));
    for (const [collectionPath, orders] of this.orderAsks) {
      const coll = this.collection(collectionPath);
      if (!coll) continue;
      for (const [signature, orderBy] of orders) {
        if (coll.orderings.has(signature)) continue;
        this.keepOrdering(coll, signature, new OrderedDocs(docOrder(orderBy), this.docsOf(coll)));
      }
    }
  }

  /**
   * How a value index is built: slices of at most `ms` of the thread (or `docs` documents),
   * one per turn of the event loop, so calls are answered between them; and a call whose query
   * asks for an index still building first reads 1 / `queryShare` of the collection into it,
   * so a stream of queries (each scanning meanwhile) cannot starve the build: it is ready after
   * at most `queryShare` of them. A build of the app's customers' search keys costs about 20
   * scans of them: a sixteenth costs a call about what its own scan does.
   */
  valueIndexBuild = { ms: 20, docs: Infinity, queryShare: 16 };
  /** What one value index may hold, in (value, document) pairs; undefined: ValueIndex's bound. */
  valueIndexPostings: number | undefined;

  /**
   * The value indexes queries asked for, by collection path (signatures, least recently used
   * first, at most MAX_VALUE_INDEXES each): kept with the snapshot and built again by an import
   * or a restart (buildAskedValueIndexes), so the first queries after one find them ready.
   * Survives clear(): an import's data meets the same queries as the data it replaces.
   */
  private readonly askedIndexes = new Map<string, Set<string>>();
  /** The paths of the collections with values held for a field too large to index whole. */
  private readonly valuesAskedIn = new Set<string>();
  /** The indexes a query built a share of since their last slice (see valueIndex). */
  private readonly sharedThisTurn = new WeakSet<ValueIndex>();
  /** Each index's build in slices: settled once built, full or dropped. */
  private readonly builds = new WeakMap<ValueIndex, Promise<void>>();

  /**
   * The kept index of one collection's values at a field path (see ValueIndex): its build starts
   * on first use and goes on in slices between other work, plus a share on each call whose
   * query asks for it meanwhile; kept through writes. Undefined while it builds (the query reads
   * as it would without it), when the collection does not exist or its values there are more
   * than an index holds.
   */
  valueIndex(parentKey: string, collectionId: string, path: string[]): ValueIndex | undefined {
    const coll = this.collection(joinKey(parentKey, collectionId));
    if (!coll) return undefined;
    // JSON tells a field named `a.b` from the field b of map a.
    const signature = JSON.stringify(path);
    const index = this.keptValueIndex(coll, signature);
    if (!index || index.ready) return index;
    // One share a turn of the event loop (a call), however often its query asks.
    if (!this.sharedThisTurn.has(index)) {
      this.sharedThisTurn.add(index);
      index.build(Math.ceil(coll.docs.size / this.valueIndexBuild.queryShare));
    }
    return this.droppedIfFull(coll, signature, index) || !index.ready ? undefined : index;
  }

  /**
   * What a query with a filter on `values` at a field path reads: the field's kept index once
   * built; where the whole index would not fit, the documents of the values queries asked for
   * (see AskedValuesIndex), these values found first when not held yet. Undefined while the
   * index builds (the query reads without it) or when the collection does not exist.
   */
  valueLookup(
    parentKey: string,
    collectionId: string,
    path: string[],
    values: readonly Value[],
  ): ValueLookup | undefined {
    const whole = this.valueIndex(parentKey, collectionId, path);
    if (whole) return whole;
    const asked = this.askedValuesIndex(parentKey, collectionId, path);
    asked?.ask(values);
    return asked;
  }

  /**
   * Before a query runs: the documents of the values its lookups ask for, where a field's whole
   * index would not fit, found in slices between other work (see AskedValuesIndex.askInSlices),
   * so that the query then finds them held.
   */
  async prepareLookups(
    parentKey: string,
    collectionId: string,
    lookups: readonly { path: string[]; values: readonly Value[] }[],
  ): Promise<void> {
    for (const { path, values } of lookups) {
      if (this.valueIndex(parentKey, collectionId, path)) continue;
      await this.askedValuesIndex(parentKey, collectionId, path)?.askInSlices(values);
    }
  }

  /**
   * A query answered from a kept answer uses again what its read would have: the value indexes
   * (or asked values) of its lookups and the kept order it reads in (when the collection keeps
   * it) stay the latest used, and an index still building takes its share, as a read would.
   */
  usedAgain(
    parentKey: string,
    collectionId: string,
    lookups: readonly { path: string[]; values: readonly Value[] }[],
    order?: DocOrder,
  ): void {
    for (const { path, values } of lookups) this.valueLookup(parentKey, collectionId, path, values);
    if (!order) return;
    const coll = this.collection(joinKey(parentKey, collectionId));
    const ordered = coll?.orderings.get(order.signature);
    if (coll && ordered) this.useOrdering(coll, order, ordered);
  }

  /** The aggregations kept answered (CollectionNode.aggregated). */
  answeredAggregations(
    parentKey: string,
    collectionId: string,
  ): KeptAnswers<AnsweredAggregation> | undefined {
    return this.collection(joinKey(parentKey, collectionId))?.aggregated;
  }

  /** The query pages kept answered (CollectionNode.pages). */
  keptPages(parentKey: string, collectionId: string): KeptAnswers<QueryPage> | undefined {
    return this.collection(joinKey(parentKey, collectionId))?.pages;
  }

  /**
   * After an import or a restart: the kept orders sorted, the value indexes built and the
   * values' documents found that queries asked for before (a snapshot's or a journal's asks),
   * before the database answers.
   */
  async prepareAsked(asks: {
    orders?: readonly AskedOrder[];
    valueIndexes?: readonly AskedValueIndex[];
    askedValues?: readonly AskedValues[];
  }): Promise<void> {
    this.buildAskedOrders(asks.orders);
    await this.buildAskedValueIndexes(asks.valueIndexes);
    await this.findAskedValues(asks.askedValues);
  }

  /** The values held for fields too large to index whole (what a snapshot keeps). */
  askedValues(): AskedValues[] {
    const kept: AskedValues[] = [];
    for (const collection of this.valuesAskedIn) {
      for (const [signature, index] of this.collection(collection)?.askedValues ?? []) {
        // A snapshot's metadata is JSON: bytes would not come back as they were.
        const values = index.heldValues().filter((v) => !('bytesValue' in v));
        if (values.length > 0)
          kept.push({ collection, field: JSON.parse(signature) as string[], values });
      }
    }
    return kept;
  }

  /**
   * Finds the documents of the values a snapshot names again (after an import or a restart): one
   * read of each collection in slices, so the first searches after it for words searched before
   * find them held. A field named there did not fit a whole index: it is not tried again.
   */
  async findAskedValues(kept: readonly AskedValues[] = []): Promise<void> {
    await Promise.all(
      kept.map(({ collection, field, values }) => {
        const coll = this.collection(collection);
        coll?.unindexable.add(JSON.stringify(field));
        return coll && this.askedValuesOf(coll, field)?.askInSlices(values);
      }),
    );
  }

  /** The asked values of a field whose whole index would not fit; undefined for other fields. */
  private askedValuesIndex(
    parentKey: string,
    collectionId: string,
    path: string[],
  ): AskedValuesIndex | undefined {
    const coll = this.collection(joinKey(parentKey, collectionId));
    return coll && this.askedValuesOf(coll, path);
  }

  private askedValuesOf(coll: CollectionNode, path: string[]): AskedValuesIndex | undefined {
    const signature = JSON.stringify(path);
    if (!coll.unindexable.has(signature)) return undefined;
    let asked = coll.askedValues.get(signature);
    if (!asked) {
      asked = new AskedValuesIndex(
        path,
        () => coll.docs.values(),
        undefined,
        () => this.onNewAsk?.(),
      );
      coll.askedValues.set(signature, asked);
      this.valuesAskedIn.add(coll.path);
    }
    return asked;
  }

  /** The collection's index at `signature`, marked as the latest used; its build started if new. */
  private keptValueIndex(coll: CollectionNode, signature: string): ValueIndex | undefined {
    if (coll.unindexable.has(signature)) return undefined;
    let index = coll.valueIndexes.get(signature);
    if (index)
      coll.valueIndexes.delete(signature); // set again below, as the latest used
    else {
      const path = JSON.parse(signature) as string[];
      index = new ValueIndex(path, coll.docs.values(), coll.docs.size, this.valueIndexPostings);
      this.builds.set(index, this.buildInSlices(coll, signature, index));
    }
    coll.valueIndexes.set(signature, index);
    this.markAsked(coll.path, signature);
    if (coll.valueIndexes.size > MAX_VALUE_INDEXES) {
      coll.valueIndexes.delete(coll.valueIndexes.keys().next().value!);
    }
    return index;
  }

  private markAsked(collectionPath: string, signature: string): void {
    let asked = this.askedIndexes.get(collectionPath);
    if (!asked) this.askedIndexes.set(collectionPath, (asked = new Set()));
    const isNew = !asked.delete(signature); // added again below, as the latest used
    asked.add(signature);
    if (asked.size > MAX_VALUE_INDEXES) asked.delete(asked.values().next().value!);
    if (isNew) this.onNewAsk?.();
  }

  /** An index that grew past what it may hold is dropped, and not asked for again. */
  private droppedIfFull(coll: CollectionNode, signature: string, index: ValueIndex): boolean {
    if (!index.full) return false;
    if (coll.valueIndexes.get(signature) === index) coll.valueIndexes.delete(signature);
    coll.unindexable.add(signature);
    this.askedIndexes.get(coll.path)?.delete(signature);
    return true;
  }

  /** Builds `index` a slice per turn of the event loop, until built, full or dropped. */
  private buildInSlices(coll: CollectionNode, signature: string, index: ValueIndex): Promise<void> {
    const STEP = 64;
    return new Promise((resolve) => {
      const slice = () => {
        // Dropped meanwhile (least recently used, or the database was reset): no more work.
        if (coll.valueIndexes.get(signature) !== index) return resolve();
        this.sharedThisTurn.delete(index);
        const started = performance.now();
        const { ms, docs } = this.valueIndexBuild;
        let read = 0;
        let done = index.ready;
        while (!done && read < docs) {
          done = index.build(Math.min(STEP, docs - read));
          read += STEP;
          if (performance.now() - started >= ms) break;
        }
        if (this.droppedIfFull(coll, signature, index) || done) resolve();
        else setImmediate(slice);
      };
      setImmediate(slice);
    });
  }

  /** The value indexes queries asked for (what a snapshot keeps; see askedIndexes). */
  askedValueIndexes(): AskedValueIndex[] {
    return [...this.askedIndexes].flatMap(([collection, signatures]) =>
      [...signatures].map((s) => ({ collection, field: JSON.parse(s) as string[] })),
    );
  }

  /**
   * Builds the value indexes queries asked for (before a clear, or those a snapshot names) over
   * the collections as they are now, in slices; resolves once each is built, full or dropped.
   * An import ends with it, so the first queries after an import or a restart find them ready.
   */
  async buildAskedValueIndexes(more: readonly AskedValueIndex[] = []): Promise<void> {
    for (const { collection, field } of more) this.markAsked(collection, JSON.stringify(field));
    const builds: Promise<void>[] = [];
    for (const [collectionPath, signatures] of [...this.askedIndexes]) {
      const coll = this.collection(collectionPath);
      if (!coll) continue;
      for (const signature of [...signatures]) {
        const index = this.keptValueIndex(coll, signature);
        const build = index && this.builds.get(index);
        if (build) builds.push(build);
      }
    }
    await Promise.all(builds);
  }

  /**
   * The kept counts of one collection's documents by the values of a count's equality filters
   * (see CountIndex): built on first use, kept through writes. Undefined when the collection
   * does not exist or the shape has more keys than a count index holds.
   */
  countIndex(parentKey: string, collectionId: string, shape: CountShape): CountIndex | undefined {
    const coll = this.collection(joinKey(parentKey, collectionId));
    if (!coll || coll.uncountable.has(shape.signature)) return undefined;
    let index = coll.countIndexes.get(shape.signature);
    if (index)
      coll.countIndexes.delete(shape.signature); // set again below, as the latest used
    else index = new CountIndex(shape, this.docsOf(coll), undefined, coll.docs.size);
    if (index.full) {
      coll.uncountable.add(shape.signature);
      return undefined;
    }
    coll.countIndexes.set(shape.signature, index);
    if (coll.countIndexes.size > MAX_COUNT_INDEXES) {
      coll.countIndexes.delete(coll.countIndexes.keys().next().value!);
    }
    return index;
  }

  /** How many document slots a collection has (stored documents and parents of subcollections). */
  slotCount(parentKey: string, collectionId: string): number {
    return this.collection(joinKey(parentKey, collectionId))?.docs.size ?? 0;
  }

  private *docsOf(coll: CollectionNode): Iterable<StoredDoc> {
    for (const node of coll.docs.values()) if (node.doc) yield node.doc;
  }

  private *descendants(node: DocNode): Iterable<StoredDoc> {
    for (const coll of node.collections?.values() ?? []) {
      for (const child of coll.docs.values()) {
        if (child.doc) yield child.doc;
        if (child.collections) yield* this.descendants(child);
      }
    }
  }

  /** Ids of the collections directly below a document (or the root), sorted. */
  collectionIds(parentKey: string): string[] {
    const parent = parentKey === '' ? this.root : this.docNode(parentKey, false);
    return [...(parent?.collections?.keys() ?? [])].sort(comparePaths);
  }

  /** The document slots of one collection, sorted: stored ones, and "missing" parents. */
  slots(collectionPath: string): { key: string; doc: StoredDoc | undefined }[] {
    const coll = this.collection(collectionPath);
    if (!coll) return [];
    return [...coll.docs.values()]
      .map((n) => ({ key: n.key, doc: n.doc }))
      .sort((a, b) => comparePaths(a.key, b.key));
  }

  /** Every stored document, for export. */
  all(): Iterable<StoredDoc> {
    return this.descendants(this.root);
  }

  clear(): void {
    this.root = new DocNode('', undefined);
    this.groups = new Map();
    this.size = 0;
    this.history.clear();
  }
}
