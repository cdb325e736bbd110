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
  const [head, ...rest] = segments;
  const copy: Fields = { ...fields };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const child = fields[head]?.mapValue?.fields;
  if (child === undefined && value === undefined) return copy;
  copy[head] = { mapValue: { fields: withField(child ?? {}, rest, value) }, valueType: 'mapValue' };
  return copy;
}

/** Keeps only the given paths (a field mask). */
export function projectFields(fields: Fields | undefined, paths: readonly string[][]): Fields {
  let out: Fields = {};
  for (const p of paths) {
    const v = getField(fields, p);
    if (v !== undefined) out = withField(out, p, v);
  }
  return out;
}
