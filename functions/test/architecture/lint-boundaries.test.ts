// The lint rules that keep the server's and the web app's dependencies one way (eslint.config.js)
// fail on what they are there to stop: a cycle, a feature reaching into another's files, a
// lower layer importing a higher one.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The rules that fire when `file` (a real path) starts with `imports`. */
async function rulesBroken(file: string, imports: string): Promise<string[]> {
  const { readFileSync } = await import('node:fs');
  const filePath = path.join(ROOT, file);
  const [result] = await eslint.lintText(`${imports}\n${readFileSync(filePath, 'utf8')}`, {
    filePath,
  });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

// Each call lints with the cycle check, which reads the whole import graph: seconds, not ms.
describe('lint of server imports', { timeout: 120_000 }, () => {
  it('passes the code as it is', async () => {
    expect(await rulesBroken('functions/src/features/messaging/window.ts', '')).toEqual([]);
  });

  it('fails on a cycle', async () => {
    // entries imports messaging; messaging importing entries back closes a loop.
    const broken = await rulesBroken(
      'functions/src/features/messaging/window.ts',
      "import '../entries';",
    );
    expect(broken).toContain('import-x/no-cycle');
  });

  it("fails on an import of another feature's files", async () => {
    const broken = await rulesBroken(
      'functions/src/features/entries/list.ts',
      "import '../messaging/outbound-worker';",
    );
    expect(broken).toContain('import-x/no-restricted-paths');
  });

  it('fails on a lower layer importing a higher one', async () => {
    for (const [file, imports] of [
      ['functions/src/http/errors.ts', "import '../features/customers';"],
      ['functions/src/domain/entries/record.ts', "import '../../features/entries';"],
      ['functions/src/features/users/routes.ts', "import '../../app/api-router';"],
    ])
      expect(await rulesBroken(file, imports), file).toContain('import-x/no-restricted-paths');
  });
});

describe('lint of collection names', { timeout: 120_000 }, () => {
  it('fails on a collection or a document path written as a string', async () => {
    for (const code of [
      "void getDb().collection('users');",
      'void getDb().doc(`users/${String(1)}`);',
      "void getDb().collectionGroup('history');",
    ]) {
      // service.ts imports getDb itself (imports are hoisted above this line).
      const broken = await rulesBroken('functions/src/features/templates/service.ts', code);
      expect(broken, code).toContain('no-restricted-syntax');
    }
  });
});

describe("lint of a message's collections", { timeout: 120_000 }, () => {
  it('fails on outboundMessages or conversationMessages named outside domain/messages', async () => {
    for (const code of [
      "export const queue = 'outboundMessages';",
      "export const thread = 'conversationMessages/x';",
      "import { CONVERSATION_MESSAGES } from '../../domain/messages/constants';\nvoid CONVERSATION_MESSAGES;",
    ]) {
      const broken = await rulesBroken('functions/src/features/entries/list.ts', code);
      expect(broken, code).toContain('no-restricted-syntax');
    }
  });

  it("fails on an import of domain/messages' files other than its index", async () => {
    for (const file of [
      'functions/src/features/entries/list.ts',
      'functions/src/domain/inbound/markers.ts',
    ]) {
      const depth = file.includes('/features/') ? '../../domain/messages' : '../messages';
      const broken = await rulesBroken(file, `import '${depth}/queue-store';`);
      expect(broken, file).toContain('import-x/no-restricted-paths');
    }
  });

  it('passes the owner itself naming them', async () => {
    const broken = await rulesBroken(
      'functions/src/domain/messages/thread-store.ts',
      "export const again = 'conversationMessages';",
    );
    expect(broken).toEqual([]);
  });
});

describe('lint of the database handle', { timeout: 120_000 }, () => {
  it('fails on getDb() or getFirestore() imported outside a data owner', async () => {
    for (const code of [
      "import { getDb } from '../../firebase';\nvoid getDb;",
      "import { getFirestore } from 'firebase-admin/firestore';\nvoid getFirestore;",
    ]) {
      const broken = await rulesBroken('functions/src/features/users/routes.ts', code);
      expect(broken, code).toContain('no-restricted-imports');
    }
  });

  it("passes getDb() in a collection's owner", async () => {
    const broken = await rulesBroken(
      'functions/src/domain/customers/store.ts',
      "import { getDb as db } from '../../firebase';\nvoid db;",
    );
    expect(broken).not.toContain('no-restricted-imports');
  });
});

describe('lint of web imports', { timeout: 120_000 }, () => {
  it('passes the code as it is', async () => {
    expect(
      await rulesBroken('web/src/features/customers/components/customer-page.tsx', ''),
    ).toEqual([]);
  });

  it("fails on an import of another feature's files", async () => {
    const broken = await rulesBroken(
      'web/src/features/customers/components/customer-page.tsx',
      "import '../../entries/components/entry-parts';",
    );
    expect(broken).toContain('import-x/no-restricted-paths');
  });

  it('fails on a building block importing a screen or shared data reaching up', async () => {
    for (const [file, imports] of [
      ['web/src/lib/clip.tsx', "import '../features/customers';"],
      ['web/src/resources/roles.ts', "import '../features/roles';"],
      ['web/src/features/users/components/users-page.tsx', "import '../../../app/pages';"],
    ])
      expect(await rulesBroken(file, imports), file).toContain('import-x/no-restricted-paths');
  });

  it('fails on a cycle', async () => {
    // customers imports entries; entries importing customers back closes a loop.
    const broken = await rulesBroken(
      'web/src/features/entries/components/entry-parts.tsx',
      "import '../../customers';",
    );
    expect(broken).toContain('import-x/no-cycle');
  });
});

describe('lint of tools and browser tests', { timeout: 120_000 }, () => {
  it('passes the code as it is', async () => {
    expect(await rulesBroken('tools/stack/seed.ts', '')).toEqual([]);
    expect(await rulesBroken('e2e/entries.test.ts', '')).toEqual([]);
  });

  it("fails on an import of the server's internals", async () => {
    for (const [file, imports] of [
      ['tools/stack/seed.ts', "import '../../functions/src/domain/writes/records.ts';"],
      [
        'tools/bench/scale/recompute.ts',
        "import '../../../functions/src/features/dashboard/recompute.ts';",
      ],
      ['e2e/entries.test.ts', "import '../functions/src/clock.ts';"],
    ])
      expect(await rulesBroken(file, imports), file).toContain('import-x/no-restricted-paths');
  });

  it('fails on a cycle', async () => {
    // stack.ts imports config.ts; config.ts importing stack.ts back closes a loop.
    const broken = await rulesBroken('tools/stack/config.ts', "import './stack.ts';");
    expect(broken).toContain('import-x/no-cycle');
  });
});
