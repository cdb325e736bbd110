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
 * True when schema `S` reads every `Body` (each one is a `z.input<S>`) and the two name the
 * same fields, so a field that only one side knows of is caught too; false otherwise.
 */
export type ReadsBody<S extends z.ZodType, Body> = [Body] extends [z.input<S>]
  ? [keyof Body, keyof z.input<S>] extends [keyof z.input<S>, keyof Body]
    ? true
    : false
  : false;

/**
 * `schema` itself, declared as the reader of route `key`'s body: the call compiles only while
 * the schema reads every body the route table gives `key` (contract/route-types.ts `RouteBody`)
 * and names the same fields; otherwise it asks for a further argument, `schemaDisagreesWithBody`,
 * that no value fills. The web sends that body type, so both sides keep to one shape.
 */
export function bodySchema<K extends RouteKey, S extends z.ZodType>(
  _key: K,
  schema: S,
  ..._agrees: ReadsBody<S, RouteBody<K>> extends true ? [] : [schemaDisagreesWithBody: never]
): S {
  return schema;
}
