import type { HttpMethod, ParamNames, PlainPath, RoutePattern } from '@contract/routes';

declare const pattern: unique symbol;

/** A route table path with its parameters filled in: only apiPath() makes one. */
export type FilledPath<P extends string> = string & { readonly [pattern]: P };

/** What a client method takes for `method`: a table path without parameters, or one filled in. */
export type CallPath<M extends HttpMethod> = PlainPath<M> | FilledPath<RoutePattern<M>>;

type PatternWithParams = Extract<RoutePattern<HttpMethod>, `${string}:${string}`>;

/**
 * The route table's `pattern` ('/customers/:id') with each parameter filled in as one encoded
 * path segment: apiPath('/customers/:id', { id }) for api.get, api.put and api.delete alike.
 */
export function apiPath<P extends PatternWithParams>(
  pattern: P,
  params: Record<ParamNames<P>, string>,
): FilledPath<P> {
  const values: Record<string, string> = params;
  return pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(values[name]),
  ) as FilledPath<P>;
}
