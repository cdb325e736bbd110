// The route table's answer and body types (contract/route-types.ts) hold at compile time: tsc
// (npm test's typecheck step) fails on each marked line below without its marker, and on a
// marker that no longer has an error to expect.
import { Router } from 'express';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Role } from '../../src/contract/answers';
import type { RouteAnswer, RouteBody } from '../../src/contract/route-types';
import { route } from '../../src/http/access';
import { bodySchema, type ReadsBody } from '../../src/http/validate';
import { loginBody } from '../../src/features/accounts/schemas';
import { commentBody } from '../../src/features/entries/schemas';
import { createProductBody } from '../../src/features/products/schemas';
import { reviseQuoteBody } from '../../src/features/quotes/schemas';
import { roleBody } from '../../src/features/roles/routes';

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
});
