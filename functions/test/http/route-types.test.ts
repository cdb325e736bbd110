// The route table's answer and body types (contract/route-types.ts) hold at compile time: tsc
// (npm test's typecheck step) fails on each marked line below without its marker, and on a
// marker that no longer has an error to expect. Every JSON body the table names is read by a
// schema declared with bodySchema(), which the last test finds in the features' source.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { Role } from '../../src/contract/answers';
import type { RouteAnswer, RouteBody } from '../../src/contract/route-types';
import type { RouteKey } from '../../src/contract/routes';
import { route } from '../../src/http/access';
import { bodySchema, type ReadsBody, type SameFields } from '../../src/http/validate';
import { loginBody, logoutBody, registerBody } from '../../src/features/accounts/schemas';
import { createBody, createTaxBody } from '../../src/features/customers/schemas';
import { commentBody } from '../../src/features/entries/schemas';
import { createProductBody } from '../../src/features/products/schemas';
import { reviseQuoteBody } from '../../src/features/quotes/schemas';
import { roleBody } from '../../src/features/roles/routes';

const SRC = path.resolve(__dirname, '../../src');

/**
 * The routes whose body no zod schema reads, each with the reason: files sent as multipart
 * form data (`MultipartBody`), which busboy reads.
 */
const READ_WITHOUT_SCHEMA: Partial<Record<RouteKey, string>> = {
  'POST /uploads': 'files, checked by their content (features/uploads/multipart.ts)',
  'POST /customers/import.csv': 'a CSV file, each row checked as it is read (import-csv.ts)',
  'POST /products/import.csv': 'a CSV file, each row checked by productCsvRow',
};

/** The routes of `RouteTypes` that name a body, and whether that body is `MultipartBody`. */
function routesWithBody(): { key: string; multipart: boolean }[] {
  const file = path.join(SRC, 'contract/route-types.ts');
  const options = { strict: true, noEmit: true, skipLibCheck: true, types: [] };
  const program = ts.createProgram([file], options);
  const checker = program.getTypeChecker();
  const table = program
    .getSourceFile(file)
    ?.statements.find(
      (s): s is ts.InterfaceDeclaration =>
        ts.isInterfaceDeclaration(s) && s.name.text === 'RouteTypes',
    );
  if (!table) throw new Error('RouteTypes not found in contract/route-types.ts');
  return checker.getPropertiesOfType(checker.getTypeAtLocation(table.name)).flatMap((key) => {
    const body = checker.getTypeOfSymbolAtLocation(key, table).getProperty('body');
    if (!body) return [];
    const type = checker.typeToString(checker.getTypeOfSymbolAtLocation(body, table));
    return [{ key: key.name, multipart: type === 'MultipartBody' }];
  });
}

/** The route keys given to `bodySchema('<METHOD path>', …)` in `source`. */
function declaredKeys(source: string): string[] {
  return [...source.matchAll(/\bbodySchema\(\s*'([A-Z]+ [^']+)'/g)].map((match) => match[1]);
}

/** The `.ts` files under `dir`, however deep. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name));
}

const role: Role = { _id: 'r1', name: 'sales', permissions: [] };

describe("the route table's types", () => {
  it("let a handler answer only its route's answer", () => {
    const router = Router();
    route(router, 'GET /admin/roles', (_req, res) => {
      res.json([role]);
    });
    route(router, 'POST /admin/roles', (_req, res) => {
      res.status(201).json(role);
    });
    route(router, 'GET /admin/roles', (_req, res) => {
      // @ts-expect-error GET /admin/roles answers a list of roles, not one.
      res.json(role);
    });
    route(router, 'POST /admin/roles', (_req, res) => {
      // @ts-expect-error POST /admin/roles answers the role it made, not a message.
      res.status(201).json({ message: 'Role created' });
    });
    expect(router.stack).toHaveLength(4);
  });

  it('name bodies the server reads as its schemas do', () => {
    expectTypeOf<RouteBody<'POST /auth/login'>>().toExtend<z.input<typeof loginBody>>();
    expectTypeOf<RouteBody<'POST /admin/roles'>>().toExtend<z.input<typeof roleBody>>();
    expectTypeOf<RouteAnswer<'GET /admin/roles'>>().toEqualTypeOf<Role[]>();
    // @ts-expect-error POST /auth/login takes a password, not a passcode.
    const wrong: RouteBody<'POST /auth/login'> = { email: 'a@example.com', passcode: 'x' };
    expect(wrong.email).toBe('a@example.com');
  });

  it("declare a body's schema only while it reads the route's body (bodySchema)", () => {
    expectTypeOf<
      ReadsBody<typeof reviseQuoteBody, RouteBody<'POST /quotes/:id/revise'>>
    >().toEqualTypeOf<true>();
    expect(bodySchema('POST /products', createProductBody)).toBe(createProductBody);
    // @ts-expect-error POST /products takes a product, which the revision's schema does not read.
    expect(bodySchema('POST /products', reviseQuoteBody)).toBe(reviseQuoteBody);
    // @ts-expect-error the schema reads an entry's comment, not what the route table names.
    expect(bodySchema('POST /entries/:id/followup-days', commentBody)).toBe(commentBody);
  });

  it('compare the fields of a body at every depth, not only at the top', () => {
    type Line = { qty: number; name?: string };
    expectTypeOf<SameFields<{ lines: Line[] }, { lines: Line[] }>>().toEqualTypeOf<true>();
    expectTypeOf<
      SameFields<{ lines: Line[] }, { lines: (Line & { description?: string })[] }>
    >().toEqualTypeOf<false>();
    expectTypeOf<
      SameFields<
        { send: { email: { to: string[] } | null } },
        { send: { email?: { to: string[]; html?: string } | null } }
      >
    >().toEqualTypeOf<false>();
    // A field the server reads as it comes (`unknown`) agrees with any shape.
    expectTypeOf<
      SameFields<{ customer: { _id: string } }, { customer: unknown }>
    >().toEqualTypeOf<true>();
    const lineSchema = z.object({ lines: z.array(z.object({ qty: z.number() })) });
    // @ts-expect-error POST /quotes/:id/revise's lines name more fields than this schema reads.
    expect(bodySchema('POST /quotes/:id/revise', lineSchema)).toBe(lineSchema);
  });

  it('read a body that may be left out as {}, and schemas read in turn as one', () => {
    expectTypeOf<
      ReadsBody<typeof logoutBody, RouteBody<'POST /auth/logout'>>
    >().toEqualTypeOf<true>();
    // A body that may be left out is read as {}, which a schema needing a field refuses.
    type NeedsField = z.ZodObject<{ everywhere: z.ZodBoolean }>;
    expectTypeOf<ReadsBody<NeedsField, { everywhere: boolean }>>().toEqualTypeOf<true>();
    expectTypeOf<
      ReadsBody<NeedsField, { everywhere: boolean } | undefined>
    >().toEqualTypeOf<false>();
    expectTypeOf<
      ReadsBody<readonly [typeof createBody, typeof createTaxBody], RouteBody<'POST /customers'>>
    >().toEqualTypeOf<true>();
    // Without the GST details' schema, gstin and billingState are read by nothing.
    expectTypeOf<
      ReadsBody<readonly [typeof createBody], RouteBody<'POST /customers'>>
    >().toEqualTypeOf<false>();
    expect(bodySchema('POST /auth/register', [registerBody])).toEqual([registerBody]);
  });
});

describe('the JSON bodies of the route table', () => {
  it('are each read by a schema declared with bodySchema(), the uploads aside', () => {
    const declared = new Set(
      sourceFiles(path.join(SRC, 'features')).flatMap((file) =>
        declaredKeys(readFileSync(file, 'utf8')),
      ),
    );
    const bodies = routesWithBody();
    expect(bodies.length).toBeGreaterThan(40);
    const withoutSchema = bodies.filter(({ key }) => !declared.has(key)).map(({ key }) => key);
    expect(withoutSchema.sort()).toEqual(Object.keys(READ_WITHOUT_SCHEMA).sort());
    // Only files sent as multipart form data are read without a schema.
    const multipart = bodies.filter((route) => route.multipart).map(({ key }) => key);
    expect(multipart.sort()).toEqual(Object.keys(READ_WITHOUT_SCHEMA).sort());
    // And each declaration is of a route that names a body.
    const named = new Set(bodies.map(({ key }) => key));
    expect([...declared].filter((key) => !named.has(key))).toEqual([]);
  });

  it('are found declared however the call is laid out', () => {
    const source = [
      "export const a = bodySchema('POST /auth/login', z.object({}));",
      'export const b = bodySchema(',
      "  'PUT /admin/roles/:id',",
      '  roleBody,',
      ');',
      "const c = parseBody(quoteBody, req); // 'POST /quotes'",
    ].join('\n');
    expect(declaredKeys(source)).toEqual(['POST /auth/login', 'PUT /admin/roles/:id']);
  });
});
