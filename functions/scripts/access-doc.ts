// Writes docs/access.md from routeTable (npm run docs:access); the route-table test fails when
// the file differs from what this prints.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { routeTable, type Access, type RouteSpec } from '../src/contract/routes';
import { permissionsOf } from '../src/http/access';

export const ACCESS_DOC = path.resolve(__dirname, '../../docs/access.md');

function accessText(access: Access): string {
  if (typeof access === 'string') return access;
  if ('permission' in access) return permissionsOf(access.permission).join(' or ');
  return `admin (others: 403 \`${access.adminOnly}\`)`;
}

function row(spec: RouteSpec): string {
  const access = accessText(spec.access);
  const who = spec.note ? `${access} (${spec.note})` : access;
  return `| ${spec.method.toUpperCase()} | /api${spec.path} | ${who} |`;
}

export function accessDoc(): string {
  return [
    '# Who may call what',
    '',
    '<!-- Generated from routeTable in functions/src/contract/routes.ts by `npm run docs:access`. -->',
    '',
    'Every `/api` route is in one table, `routeTable` in `functions/src/contract/routes.ts`,',
    'which names who may call it: the server registers a route only from it, and the web app',
    'calls only the paths it holds (a call to any other fails to compile). Admin-only routes',
    'answer 403 `Access denied (admin only).`, calls without a session 401. A permission',
    '(`customers.read`, …) is granted by the caller’s role; admins hold every permission.',
    'Sign-in answers the session’s `permissions` (as `GET /api/auth/me` does) and the screens',
    'show only what they allow: the menu’s Products (`products.write`) and Broadcasts',
    '(`broadcasts.send`); on the customers screens Add Customer, Quick Add, Import CSV, Edit and',
    'Merge (`customers.write`), Export CSV (`customers.export`) and Add Entry (`entries.write`);',
    'on Entries a row’s Edit and Follow-up, History’s comment and Channel Details’ Resend',
    '(`entries.write`). Hiding is only for the person: every call is checked here.',
    '',
    '| method | path | access |',
    '|---|---|---|',
    ...(routeTable as readonly RouteSpec[]).map(row),
    '',
    '`functions/test/http/route-matrix.test.ts` calls every route of the table as anonymous, an',
    'unapproved account, sales, accounts, a custom role and admin, and checks each answer against',
    'the table; it needs a sample request for each route and fails when a route has none.',
    '',
  ].join('\n');
}

if (require.main === module) {
  writeFileSync(ACCESS_DOC, accessDoc());
  console.log(`Wrote ${path.relative(process.cwd(), ACCESS_DOC)}`);
}
