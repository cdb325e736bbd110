// One flat config for every workspace: typescript-eslint everywhere, react-hooks for web, and
// import-x for the direction of imports (no cycles; the server's layers and feature boundaries).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

// The server, bottom to top: core (http/, health/, search/, storage/, contract/, jobs/ and the files at
// the root of src/) < domain/ (records several features share, and the one write path for
// customers and entries) < integrations/ (the senders) < features/ < app/ and index.ts (routes
// and jobs composed). A layer imports only from the layers below it.
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const SERVER = 'functions/src';
const CORE = [
  'http',
  'health',
  'search',
  'storage',
  'contract',
  'jobs',
  ...readdirSync(`${ROOT}/${SERVER}`).filter((name) => name.endsWith('.ts') && name !== 'index.ts'),
].map((name) => `./${SERVER}/${name}`);
const ABOVE_CORE = ['domain', 'integrations', 'features', 'app', 'index.ts'];
const FEATURES = readdirSync(`${ROOT}/${SERVER}/features`);

const serverZones = [
  ...CORE.map((target) => ({
    target,
    from: ABOVE_CORE.map((layer) => `./${SERVER}/${layer}`),
    message: 'Core modules import only core modules.',
  })),
  {
    target: `./${SERVER}/domain`,
    from: ['integrations', 'features', 'app', 'index.ts'].map((layer) => `./${SERVER}/${layer}`),
    message: 'domain/ imports only domain/ and core modules.',
  },
  {
    target: `./${SERVER}/integrations`,
    from: ['features', 'app', 'index.ts'].map((layer) => `./${SERVER}/${layer}`),
    message: 'integrations/ imports only domain/ and core modules.',
  },
  // A feature imports another feature only through its index.ts, never its internals.
  ...FEATURES.map((feature) => ({
    target: `./${SERVER}/features/${feature}`,
    from: `./${SERVER}/features`,
    except: [
      `./${feature}`,
      ...FEATURES.filter((f) => f !== feature).map((other) => `./${other}/index.ts`),
    ],
    message: 'Import another feature through its index.ts (what it offers), not its files.',
  })),
  {
    target: `./${SERVER}/features`,
    from: [`./${SERVER}/app`, `./${SERVER}/index.ts`],
    message: 'app/ composes the features: they do not import it.',
  },
  // A message's life has one owner: others ask domain/messages through its index.ts.
  {
    target: [
      ...CORE,
      ...ABOVE_CORE.filter((layer) => layer !== 'domain').map((layer) => `./${SERVER}/${layer}`),
      ...readdirSync(`${ROOT}/${SERVER}/domain`)
        .filter((name) => name !== 'messages')
        .map((name) => `./${SERVER}/domain/${name}`),
    ],
    from: `./${SERVER}/domain/messages`,
    // Its collections' names: only app/seeding.ts may import them (MESSAGE_COLLECTION_RULES).
    except: ['./index.ts', './constants.ts'],
    message: "Ask domain/messages through its index.ts: it alone holds a message's life.",
  },
];

// A collection is named once, by a constant of the code that owns it (docs/data-model.md).
const COLLECTION_NAME_RULES = [
  {
    selector:
      'CallExpression[callee.property.name=/^(collection|collectionGroup)$/] > :matches(Literal, TemplateLiteral).arguments:first-child',
    message: "Name the collection by its owner's constant, not a string written here.",
  },
  {
    // db.doc('users/…') or db.doc(`users/${id}`): a path names its collection too.
    selector:
      "CallExpression[callee.property.name='doc'] > :matches(Literal[value=/\\//], TemplateLiteral:has(TemplateElement[value.raw=/\\//])).arguments:first-child",
    message: "Name the collection by its owner's constant, not a path written here.",
  },
];
// A message's collections are named only by their owner, domain/messages.
const MESSAGE_COLLECTION_RULES = [
  {
    selector: 'Literal[value=/^(outboundMessages|conversationMessages)\\b/]',
    message: "A message's collections belong to domain/messages: ask it by name.",
  },
  {
    selector: 'ImportSpecifier[imported.name=/^(OUTBOUND_MESSAGES|CONVERSATION_MESSAGES)$/]',
    message: "A message's collections belong to domain/messages: ask it by name.",
  },
];

// Who may hold the database handle: getDb() (firebase.ts) is imported only by the data owners,
// each the one module that reads and writes its collections (docs/data-model.md); every other
// file asks its owner by name (getCustomerData, getUser, storeNotification, …).
const DATA_OWNERS = [
  'firebase.ts',
  // Shared records, each collection's owner in domain/.
  'domain/customers/{store,keys,linked}.ts', // customers, customerKeys
  'domain/entries/{store,history,stream}.ts', // entries and their history
  'domain/followups/{store,due,of-entry,customer-name}.ts', // followUps
  'domain/conversations/store.ts', // conversations, inboxCounts
  'domain/messages/{queue-store,thread-store,owner,migrate,broadcast-queue}.ts', // outboundMessages, conversationMessages
  'domain/messages/callback-refusals.ts', // callbackRefusals: Meta's callbacks the webhook refused
  'domain/inbound/{inbox-state,markers,media}.ts', // inbound markers, inbox state
  'domain/figures/{contributions,kept-lists,recent-activity,summary}.ts', // dashboard figures
  'domain/identity/{role-admin,role-store,sessions,user-admin,user-store}.ts', // users, roles, sessions
  'domain/notifications/{feed-docs,notice,once}.ts', // notifications and feeds
  'domain/settings/store.ts', // settings
  'domain/products/store.ts', // products
  'domain/quotes/store.ts', // quotes and their yearly number counters
  'domain/writes/{records,customer-copies,transaction}.ts', // the one write path's transactions
  // Core collections: the health probe, idempotency keys, paged deletes.
  'health/backends.ts',
  'http/idempotency.ts',
  'http/idempotency-cleanup.ts',
  'http/shared-waits.ts', // peopleWaits: how long each api instance's people wait
  'paged-batches.ts',
  // Collections only one feature uses, owned by that feature's data file.
  'features/accounts/otp.ts', // otps
  'features/accounts/rate-limit.ts', // rate-limit counters
  'features/accounts/release-tries.ts', // sign-in throttle counters (given back, settled)
  'features/accounts/take-tries.ts', // sign-in throttle pairs and counters (taken)
  'features/messaging/email-events.ts', // SendGrid event markers
  'features/messaging/catalog.ts', // whatsappTemplates, the approved Meta templates
  'features/broadcasts/store.ts', // broadcasts
  'features/broadcasts/pacing.ts', // sendPacing: the dispatcher's lease and the send slots
  'features/templates/service.ts', // templates
  'features/saved-replies/store.ts', // savedReplies
  'features/saved-searches/store.ts', // savedSearches
  'features/uploads/files.ts', // files
  'features/uploads/file-links.ts', // the file links' signing secret
].map((file) => `${SERVER}/${file}`);

// The web app, bottom to top: lib/ (building blocks) < resources/ (data several screens share,
// every cache key) < features/ (a screen area each, reached by others only through its index.ts)
// < app/ (the shell and the pages table).
const WEB = 'web/src';
const WEB_FEATURES = readdirSync(`${ROOT}/${WEB}/features`);
const webZones = [
  {
    target: `./${WEB}/lib`,
    from: ['resources', 'features', 'app'].map((layer) => `./${WEB}/${layer}`),
    message: 'lib/ holds building blocks: it imports no data, screen or shell.',
  },
  {
    target: `./${WEB}/resources`,
    from: ['features', 'app'].map((layer) => `./${WEB}/${layer}`),
    message: 'resources/ serves the screens: it imports none of them.',
  },
  ...WEB_FEATURES.map((feature) => ({
    target: `./${WEB}/features/${feature}`,
    from: `./${WEB}/features`,
    except: [
      `./${feature}`,
      ...WEB_FEATURES.filter((f) => f !== feature).map((other) => `./${other}/index.ts`),
    ],
    message: 'Import another feature through its index.ts (what it offers), not its files.',
  })),
  {
    target: `./${WEB}/features`,
    from: `./${WEB}/app`,
    message: 'app/ composes the features: they do not import it.',
  },
];

// Tools and browser tests use the server through its public entry points only: the shapes of
// contract/, the records and write path of app/seeding.ts, the clock and jobs of app/testing.ts,
// what each function is given when deployed (app/runtime-options.ts).
const outsideZones = ['tools', 'e2e'].map((dir) => ({
  target: `./${dir}`,
  from: `./${SERVER}`,
  except: ['./contract', './app/seeding.ts', './app/testing.ts', './app/runtime-options.ts'],
  message:
    'Use the server through contract/, app/seeding.ts, app/testing.ts or app/runtime-options.ts.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'web/dist/**',
      'functions/lib/**',
      '**/coverage/**',
      '.emulator-data/**',
      '.local/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'tools/**/*.ts', 'e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // Without these, import-x reads no TypeScript module's imports, and finds no cycle.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['functions/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: serverZones }],
      // A collection is named once, by a constant of the code that owns it (docs/data-model.md).
      'no-restricted-syntax': ['error', ...COLLECTION_NAME_RULES, ...MESSAGE_COLLECTION_RULES],
    },
  },
  {
    // The owner of a message's life names its collections (app/seeding.ts passes the name on
    // to the bench's generated data).
    files: [`${SERVER}/domain/messages/**/*.ts`, `${SERVER}/app/seeding.ts`],
    rules: { 'no-restricted-syntax': ['error', ...COLLECTION_NAME_RULES] },
  },
  {
    files: ['functions/src/**/*.ts'],
    ignores: DATA_OWNERS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)firebase$',
              importNames: ['getDb'],
              message: "Only a data owner holds the database: ask the collection's owner by name.",
            },
          ],
          paths: [
            {
              name: 'firebase-admin/firestore',
              importNames: ['getFirestore'],
              message: "Only a data owner holds the database: ask the collection's owner by name.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    settings: {
      // web/tsconfig.json's paths (the @contract/ alias), as tsc and vite resolve them.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          tsconfig: { configFile: `${ROOT}/web/tsconfig.json` },
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: webZones }] },
  },
  {
    files: ['tools/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: outsideZones }] },
  },
  {
    // The web app imports functions/src/contract/ (its @contract/ alias), so it imports nothing
    // from outside itself (no packages, no server code).
    files: ['functions/src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./)', message: 'contract/ imports only from itself.' }] },
      ],
    },
  },
  {
    // Scripts node loads with --require (tools/stack/api-loopback.cjs) are CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
