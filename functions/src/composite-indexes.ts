// The composite indexes production Firestore needs for the app's queries, in the shape of
// firestore.indexes.json (the embedded Firestore needs none). Each feature says which its own
// queries need; tests check that firestore.indexes.json lists them all.

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: 'COLLECTION';
  fields: IndexField[];
}

/** Each index once: two with the same fields are the same index. */
export function distinctIndexes(indexes: Iterable<CompositeIndex | undefined>): CompositeIndex[] {
  const byFields = new Map<string, CompositeIndex>();
  for (const index of indexes) if (index) byFields.set(JSON.stringify(index.fields), index);
  return [...byFields.values()];
}
