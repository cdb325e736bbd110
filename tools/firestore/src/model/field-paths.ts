import { GrpcError, Status } from './errors.ts';
import type { Fields, Value } from './types.ts';

/** Parses a server-format field path: dot-separated, segments optionally in backticks. */
export function parseFieldPath(path: string): string[] {
  const segments: string[] = [];
  let i = 0;
  while (i <= path.length) {
    let segment = '';
    if (path[i] === '`') {
      i++;
      while (i < path.length && path[i] !== '`') {
        if (path[i] === '\\') i++;
        segment += path[i] ?? '';
        i++;
      }
      if (path[i] !== '`')
        throw new GrpcError(Status.INVALID_ARGUMENT, `Invalid field path: ${path}`);
      i++;
    } else {
      const end = path.indexOf('.', i);
      segment = path.slice(i, end < 0 ? path.length : end);
      i = end < 0 ? path.length : end;
    }
    if (segment === '') throw new GrpcError(Status.INVALID_ARGUMENT, `Invalid field path: ${path}`);
    segments.push(segment);
    if (i >= path.length) break;
    if (path[i] !== '.')
      throw new GrpcError(Status.INVALID_ARGUMENT, `Invalid field path: ${path}`);
    i++;
  }
  return segments;
}

export function getField(
  fields: Fields | undefined,
  segments: readonly string[],
): Value | undefined {
  let current: Fields | undefined = fields;
  for (let i = 0; i < segments.length; i++) {
    const v: Value | undefined = current?.[segments[i]];
    if (v === undefined) return undefined;
    if (i === segments.length - 1) return v;
    current = v.mapValue?.fields;
    if (current === undefined) return undefined;
  }
  return undefined;
}

/**
 * Returns a copy of `fields` with the value at `segments` set (or removed when `value` is
 * undefined). Only the maps along the path are copied: stored versions stay untouched.
 */
export function withField(
  fields: Fields,
  segments: readonly string[],
  value: Value | undefined,
): Fields {
  return withFields(fields, [[segments, value]]);
}

/**
 * withField for many paths at once, applied in order. Each map on the way is copied once
 * however many of the paths run through it: a mask of thousands of paths into one map (a
 * trim deleting most of its keys) copied the whole map per path, seconds of the engine's
 * only thread for one write.
 */
export function withFields(
  fields: Fields,
  updates: readonly (readonly [segments: readonly string[], value: Value | undefined])[],
): Fields {
  const copies = new Set<Fields>();
  const copyOf = (map: Fields): Fields => {
    const copy = { ...map };
    copies.add(copy);
    return copy;
  };
  const root = copyOf(fields);
  for (const [segments, value] of updates) {
    let map: Fields | undefined = root;
    for (let i = 0; map && i < segments.length - 1; i++) {
      const child: Fields | undefined = map[segments[i]]?.mapValue?.fields;
      if (child === undefined && value === undefined) map = undefined;
      else if (child !== undefined && copies.has(child)) map = child;
      else {
        const copy = copyOf(child ?? {});
        map[segments[i]] = { mapValue: { fields: copy }, valueType: 'mapValue' };
        map = copy;
      }
    }
    if (!map) continue;
    const last = segments[segments.length - 1];
    if (value === undefined) delete map[last];
    else map[last] = value;
  }
  return root;
}

/** Keeps only the given paths (a field mask). */
export function projectFields(fields: Fields | undefined, paths: readonly string[][]): Fields {
  return withFields(
    {},
    paths.flatMap((p) => {
      const v = getField(fields, p);
      return v === undefined ? [] : [[p, v] as const];
    }),
  );
}
