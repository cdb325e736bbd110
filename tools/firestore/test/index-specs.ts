// Builders for the composite indexes of the tests that start a server with an index file: each
// gives what firestore.indexes.json lists, key for key.
import type { CompositeIndexSpec, IndexFieldSpec } from '../src/indexes/index-rules.ts';

export const asc = (fieldPath: string): IndexFieldSpec => ({ fieldPath, order: 'ASCENDING' });

export const desc = (fieldPath: string): IndexFieldSpec => ({ fieldPath, order: 'DESCENDING' });

export const contains = (fieldPath: string): IndexFieldSpec => ({
  fieldPath,
  arrayConfig: 'CONTAINS',
});

/** A vector field searched exhaustively (the only vector index Firestore offers). */
export const flatVector = (fieldPath: string, dimension: number): IndexFieldSpec => ({
  fieldPath,
  vectorConfig: { dimension, flat: {} },
});

/** A composite index of one collection, or with `queryScope` of a collection group. */
export const composite = (
  collectionGroup: string,
  fields: IndexFieldSpec[],
  queryScope: CompositeIndexSpec['queryScope'] = 'COLLECTION',
): CompositeIndexSpec => ({ collectionGroup, queryScope, fields });
