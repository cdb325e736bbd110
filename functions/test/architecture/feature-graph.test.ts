// The server's features depend one way: no two import each other.
import { describe, expect, it } from 'vitest';
import { featureGraph, twoWayPairs } from '../../scripts/feature-graph';

describe('the feature graph', () => {
  it('has no two-way pair', () => {
    expect(twoWayPairs(featureGraph())).toEqual([]);
  });

  it('finds a two-way pair', () => {
    const graph = new Map([
      ['entries', new Set(['messaging'])],
      ['messaging', new Set(['entries'])],
    ]);
    expect(twoWayPairs(graph)).toEqual(['entries <-> messaging']);
  });
});
