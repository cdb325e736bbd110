import type { Request } from 'express';
import type { z } from 'zod';
import type { RouteBody } from '../contract/route-types';
import type { RouteKey } from '../contract/routes';
import { validationError } from './errors';

/**
 * The request body checked against `schema`; throws a 400 naming each bad field otherwise.
 * A request without a JSON body is checked as `{}`, so missing fields are named one by one.
 */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const result = schema.safeParse(req.body ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * What reads a route's body: one schema, or several that a handler reads the same body with in
 * turn (each `parseBody()` refusing before the next is read).
 */
export type BodyReader = z.ZodType | readonly [z.ZodType, ...z.ZodType[]];

/** The bodies `R` reads: its schema's input, or every one of its schemas' inputs at once. */
export type ReaderInput<R> = R extends z.ZodType
  ? z.input<R>
  : R extends readonly [infer First extends z.ZodType, ...infer Rest]
    ? z.input<First> & ReaderInput<Rest>
    : unknown;

type Primitive = string | number | bigint | boolean | symbol | null | undefined;
/** The members of `T` that are objects with fields (neither a primitive nor a list). */
type Objects<T> = Exclude<T, Primitive | readonly unknown[]>;
/** What the lists among the members of `T` hold. */
type Elements<T> = T extends readonly (infer E)[] ? E : never;
/** Each field that one of the objects among the members of `T` names. */
type FieldNames<T> = Objects<T> extends infer O ? (O extends unknown ? keyof O : never) : never;
/** Field `K` of the objects among the members of `T`. */
type FieldOf<T, K> =
  Objects<T> extends infer O
    ? O extends unknown
      ? K extends keyof O
        ? O[K]
        : never
      : never
    : never;

/**
 * True when `A` and `B` name the same fields, at the top and in each field's own objects and
 * lists, however deep; a side that is `unknown` (a value the server reads as it comes) agrees
 * with anything.
 */
export type SameFields<A, B> = unknown extends A
  ? true
  : unknown extends B
    ? true
    : [FieldNames<A>, FieldNames<B>] extends [FieldNames<B>, FieldNames<A>]
      ? false extends {
          [K in FieldNames<A>]: SameFields<FieldOf<A, K>, FieldOf<B, K>>;
        }[FieldNames<A>]
        ? false
        : [Elements<A>, Elements<B>] extends [never, never]
          ? true
          : SameFields<Elements<A>, Elements<B>>
      : false;

/**
 * True when `reader` (a schema, or schemas read in turn) reads every `Body` (each one is its
 * input; a route whose body may be left out is read as `{}` then, as `parseBody()` does) and
 * the two name the same fields at every depth, so a field only one side knows of is caught
 * too; false otherwise.
 */
export type ReadsBody<R extends BodyReader, Body> = [Exclude<Body, undefined>] extends [
  ReaderInput<R>,
]
  ? undefined extends Body
    ? [Record<never, never>] extends [ReaderInput<R>]
      ? SameFields<Exclude<Body, undefined>, ReaderInput<R>>
      : false
    : SameFields<Body, ReaderInput<R>>
  : false;

/**
 * `reader` itself, declared as the reader of route `key`'s body: the call compiles only while
 * the schema (or the schemas read in turn) reads every body the route table gives `key`
 * (contract/route-types.ts `RouteBody`) and names the same fields; otherwise it asks for a
 * further argument, `schemaDisagreesWithBody`, that no value fills. The web sends that body
 * type, so both sides keep to one shape.
 */
export function bodySchema<K extends RouteKey, const R extends BodyReader>(
  _key: K,
  reader: R,
  ..._agrees: ReadsBody<R, RouteBody<K>> extends true ? [] : [schemaDisagreesWithBody: never]
): R {
  return reader;
}
