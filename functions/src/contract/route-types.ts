// What each route of the route table (routes.ts) answers, and the JSON body it takes where the
// server reads one: the server's handlers can only answer that shape (http/access.ts `route()`),
// and the web's client (web/src/lib/api-client.ts) returns it and takes only that body, so an
// answer or a body that does not match fails to compile on either side; each JSON body's zod
// schema is declared with `bodySchema()` (http/validate.ts), which compiles only while it reads
// that body and names its fields (test/http/route-types.test.ts finds one for each). A
// route without a JSON body says nothing about it; `FileAnswer` marks a download (CSV, PDF, an
// uploaded file), which the server sends rather than answering JSON. Like everything in
// contract/, plain TypeScript without imports but from itself.
import type {
  AssignRoleAnswer,
  BulkCustomersRequest,
  BulkResult,
  CreatedEntry,
  Customer,
  CustomerImportAnswer,
  CustomerInput,
  CustomerPage,
  DuplicateFailure,
  Dashboard,
  EmailSendRequest,
  EmployeeChoice,
  EntryPage,
  EventsResult,
  HistoryItem,
  LoginInput,
  LogoutRequest,
  MeAnswer,
  MergeAnswer,
  MessageAnswer,
  OtpRequest,
  PendingEntry,
  PendingUser,
  PublicSettings,
  RegisterInput,
  Role,
  RoleDraft,
  ScheduledFollowUp,
  SessionAnswer,
  Stats,
  Template,
  TemplateDraft,
  TestResult,
  UploadAnswer,
  User,
  VerifyOtpInput,
  WebhookResult,
  WhatsAppSendRequest,
  WhatsAppTestRequest,
} from './answers';
import type {
  AudienceCount,
  AudienceRequest,
  Broadcast,
  BroadcastRequest,
  BroadcastSummary,
} from './broadcasts';
import type {
  ConversationMessage,
  ConversationPage,
  InboxPage,
  ReplyRequest,
} from './conversations';
import type { TimelinePage } from './customer-timeline';
import type { SavedSearch } from './customers';
import type {
  CreateEntryBody,
  Entry,
  EntryUpdate,
  FollowUpDaysRequest,
  FollowUpRequest,
  ResendRequest,
} from './entries';
import type { PreviewRequest, WhatsAppPreview, WhatsAppTemplate } from './messaging';
import type { MyDay } from './my-day';
import type { LiveNotification } from './notifications';
import type { Product, ProductChange, ProductDraft, ProductImportResult } from './products';
import type {
  Quote,
  QuotePage,
  QuoteRequest,
  QuoteRevision,
  SendQuoteRequest,
  SendQuoteResponse,
} from './quotes';
import type { RouteKey } from './routes';
import type { SavedReply, SavedReplyInput } from './saved-replies';
import type { FixedPdf, SettingsUpdate, SettingsView } from './settings';

/** A download: the server sends the file (`type`) instead of JSON; the web reads it as a Blob. */
export interface FileAnswer<Type extends string = string> {
  readonly file: Type;
}

/** A multipart upload's body: the web sends FormData, the server reads it with busboy. */
export interface MultipartBody {
  readonly multipart: true;
}

/** A deletion's answer: the id that went. */
export interface DeletedAnswer {
  ok: true;
  _id: string;
}

/** An entry after a send: the sends that failed beside it. */
export type SentEntry = Entry & { failed: string[] };

/** GET /health: the backends the API needs are up (a 503 names those that are not). */
export interface HealthAnswer {
  status: 'ok';
}
export interface HealthDown {
  status: 'unavailable';
  down: string[];
  message: string;
}

/** A 502 of POST /entries/{id}/resend: the sends that failed again, and the entry as it is. */
export interface ResendFailure {
  message: string;
  failed: string[];
  entry: Entry;
}

/** A 502 of a test send: the provider's error. */
export interface TestFailure {
  message: string;
  provider: string;
  to: string | string[];
}

/**
 * Each route's answer, its request body where it takes one, and (`failure`) the JSON body of a
 * refusal that carries more than the `{ message }` every error answers.
 */
export interface RouteTypes {
  'GET /health': { answer: HealthAnswer; failure: HealthDown };
  'POST /auth/login': { answer: SessionAnswer; body: LoginInput };
  'POST /auth/otp/request': { answer: MessageAnswer; body: OtpRequest };
  'POST /auth/otp/verify': { answer: SessionAnswer; body: VerifyOtpInput };
  'POST /auth/register': { answer: MessageAnswer; body: RegisterInput };
  'POST /auth/logout': { answer: MessageAnswer; body: LogoutRequest | undefined };
  'GET /auth/me': { answer: MeAnswer };
  'GET /admin/users': { answer: User[] };
  'GET /admin/users/pending': { answer: PendingUser[] };
  'POST /admin/users/assign-role': {
    answer: AssignRoleAnswer;
    body: { role: string; userIds: string[] };
  };
  'POST /admin/users/:id/approve': { answer: User; body: { role: string } };
  'DELETE /admin/users/:id/reject': { answer: MessageAnswer };
  'GET /admin/roles': { answer: Role[] };
  'POST /admin/roles': { answer: Role; body: RoleDraft };
  'PUT /admin/roles/:id': { answer: Role; body: RoleDraft };
  'DELETE /admin/roles/:id': { answer: MessageAnswer };
  'GET /me/saved-replies': { answer: SavedReply[] };
  'POST /me/saved-replies': { answer: SavedReply; body: SavedReplyInput };
  'DELETE /me/saved-replies/:id': { answer: DeletedAnswer };
  'GET /me/saved-searches': { answer: SavedSearch[] };
  'POST /me/saved-searches': { answer: SavedSearch; body: Pick<SavedSearch, 'name' | 'filters'> };
  'DELETE /me/saved-searches/:id': { answer: DeletedAnswer };
  'GET /settings/public': { answer: PublicSettings };
  'GET /admin/templates': { answer: Template[] };
  'POST /admin/templates': { answer: Template; body: TemplateDraft };
  'PUT /admin/templates/:id': { answer: Template; body: Partial<TemplateDraft> };
  'DELETE /admin/templates/:id': { answer: DeletedAnswer };
  'GET /settings/fixed-pdfs': { answer: FixedPdf[] };
  'GET /admin/settings': { answer: SettingsView };
  'PUT /admin/settings': { answer: SettingsView; body: SettingsUpdate };
  'POST /integrations/whatsapp/test': {
    answer: TestResult;
    body: WhatsAppTestRequest | undefined;
    failure: TestFailure;
  };
  'POST /integrations/email/test': { answer: TestResult; failure: TestFailure };
  'POST /integrations/whatsapp/send': {
    answer: TestResult;
    body: WhatsAppSendRequest;
    failure: TestFailure;
  };
  'POST /integrations/email/send': {
    answer: TestResult;
    body: EmailSendRequest;
    failure: TestFailure;
  };
  'GET /customers': { answer: CustomerPage | Customer[] };
  'GET /customers/export.csv': { answer: FileAnswer<'text/csv'> };
  'GET /customers/:id': { answer: Customer };
  'GET /customers/:id/timeline': { answer: TimelinePage };
  'POST /customers': { answer: Customer; body: Partial<CustomerInput>; failure: DuplicateFailure };
  'POST /customers/bulk': {
    answer: BulkResult;
    body: BulkCustomersRequest;
    failure: DuplicateFailure;
  };
  'POST /customers/import.csv': { answer: CustomerImportAnswer; body: MultipartBody };
  'POST /customers/merge': { answer: MergeAnswer; body: { primaryId: string; mergeIds: string[] } };
  'PUT /customers/:id': {
    answer: Customer;
    body: Partial<CustomerInput>;
    failure: DuplicateFailure;
  };
  'PUT /customers/:id/owner': { answer: Customer; body: { ownerId: string | null } };
  'GET /customers/:id/conversation': { answer: ConversationPage };
  'POST /customers/:id/conversation': { answer: ConversationMessage; body: ReplyRequest };
  'POST /customers/:id/conversation/read': { answer: { unread: number } };
  'GET /inbox': { answer: InboxPage };
  'DELETE /customers/:id': { answer: { deleted: true } };
  'POST /uploads': { answer: UploadAnswer; body: MultipartBody };
  'GET /files/uploads/:id': { answer: FileAnswer };
  'GET /entries': { answer: EntryPage | Entry[] };
  'GET /entries/employees': { answer: EmployeeChoice[] };
  'POST /entries': { answer: CreatedEntry; body: CreateEntryBody };
  'PUT /entries/:id': { answer: Entry; body: Partial<EntryUpdate> };
  'POST /entries/:id/confirm': { answer: Entry };
  'DELETE /entries/:id': { answer: { _id: string; deleted: true } };
  'GET /entries/:id/history': { answer: HistoryItem[] };
  'POST /entries/:id/history/comment': {
    answer: HistoryItem;
    body: { text: string; when?: string | null };
  };
  'POST /entries/:id/followup': { answer: ScheduledFollowUp; body: FollowUpRequest };
  'POST /entries/:id/followup-days': { answer: ScheduledFollowUp; body: FollowUpDaysRequest };
  'POST /entries/:id/resend': { answer: SentEntry; body: ResendRequest; failure: ResendFailure };
  'PUT /admin/entries/:id/assign-employee': { answer: Entry; body: { employeeId: string | null } };
  'GET /admin/entries/pending': { answer: PendingEntry[] };
  'POST /admin/entries/:id/approve': { answer: Entry };
  'DELETE /admin/entries/:id/reject': { answer: Entry };
  'GET /integrations/whatsapp/webhook': { answer: FileAnswer<'text/plain'> };
  'POST /integrations/whatsapp/webhook': { answer: WebhookResult };
  'POST /integrations/email/events': { answer: EventsResult };
  'POST /broadcasts/audience': { answer: AudienceCount; body: AudienceRequest };
  'POST /broadcasts': { answer: Broadcast; body: BroadcastRequest };
  'GET /broadcasts': { answer: BroadcastSummary[] };
  'GET /broadcasts/:id': { answer: Broadcast };
  'GET /broadcasts/:id/recipients.csv': { answer: FileAnswer<'text/csv'> };
  'POST /broadcasts/:id/test': { answer: { to: string; preview: string } };
  'POST /broadcasts/:id/start': { answer: Broadcast };
  'POST /broadcasts/:id/pause': { answer: Broadcast };
  'POST /broadcasts/:id/resume': { answer: Broadcast };
  'POST /broadcasts/:id/cancel': { answer: Broadcast };
  'GET /broadcasts/:id/new-matches': { answer: AudienceCount };
  'POST /broadcasts/:id/new-matches': { answer: Broadcast };
  'GET /whatsapp/templates': { answer: WhatsAppTemplate[] };
  'POST /admin/whatsapp/templates/sync': { answer: WhatsAppTemplate[] };
  'POST /whatsapp/preview': { answer: WhatsAppPreview; body: PreviewRequest };
  'GET /dashboard/all': { answer: Dashboard };
  'GET /dashboard/my-day': { answer: MyDay };
  'GET /overview': { answer: Dashboard['overview'] };
  'GET /series': { answer: Dashboard['series'] };
  'GET /channel-breakdown': { answer: Dashboard['channelBreakdown'] };
  'GET /recent': { answer: Dashboard['recent'] };
  'GET /dashboard/funnel': { answer: Dashboard['funnel'] };
  'GET /dashboard/categories': { answer: Dashboard['categories'] };
  'GET /dashboard/employees': { answer: Dashboard['employees'] };
  'GET /followups/due': { answer: Dashboard['followUpsDue'] };
  'GET /admin/stats': { answer: Stats };
  'GET /notifications/latest': { answer: LiveNotification[] };
  'GET /notifications/stream': { answer: FileAnswer<'text/event-stream'> };
  'GET /products': { answer: Product[] };
  'GET /products/export.csv': { answer: FileAnswer<'text/csv'> };
  'POST /products/import.csv': { answer: ProductImportResult; body: MultipartBody };
  'POST /products': { answer: Product; body: ProductDraft };
  'PUT /products/:id': { answer: Product; body: ProductChange };
  'GET /quotes': { answer: QuotePage };
  'GET /quotes/:id': { answer: Quote };
  'GET /quotes/:id/pdf': { answer: FileAnswer<'application/pdf'> };
  'POST /quotes': { answer: Quote; body: QuoteRequest };
  'POST /quotes/:id/revise': { answer: Quote; body: QuoteRevision };
  'POST /quotes/:id/accept': { answer: Quote };
  'POST /quotes/:id/decline': { answer: Quote };
  'POST /quotes/:id/send': { answer: SendQuoteResponse; body: SendQuoteRequest };
}

/** Fails to compile while a route of the table has no line above (or a line has no route). */
export type RouteTypesComplete = [
  Exclude<RouteKey, keyof RouteTypes>,
  Exclude<keyof RouteTypes, RouteKey>,
] extends [never, never]
  ? true
  : never;
export const routeTypesComplete: RouteTypesComplete = true;

/** What route `K` answers. */
export type RouteAnswer<K extends RouteKey> = RouteTypes[K]['answer'];

/** The JSON body of route `K`'s refusals beyond `{ message }`; never when it has none. */
export type RouteFailure<K extends RouteKey> = RouteTypes[K] extends { failure: infer F }
  ? F
  : never;

/** The body route `K` takes; undefined when it reads none. */
export type RouteBody<K extends RouteKey> = RouteTypes[K] extends { body: infer B } ? B : undefined;
