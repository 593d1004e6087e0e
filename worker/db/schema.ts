import { sql } from 'drizzle-orm';
import { customType, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ANSWER_KINDS, type Citation } from '../../contracts/ai';
import type { DubForm, DubIteration, DubStage, SpeakerClone } from '../../contracts/dubbing';
import type { FitKind } from '../../contracts/dubbing-engine';
import { LOCALES } from '../../contracts/locale';
import { MEETING_MODES } from '../../contracts/meeting';
import { RECORD_STATUSES, RECORD_TYPES } from '../../contracts/record-vocabulary';
import { SUMMARY_STATUSES } from '../../contracts/summary';
import type { MediaSummary } from '../../contracts/summary';
import type { TranscribeForm } from '../../contracts/transcription';
import { VOCABULARY_TYPES } from '../../contracts/vocabulary-rules';
import { LINE_ID_RECORD_STRIDE } from './line-id';
import type { AppliedVocabulary } from '../../contracts/vocabulary';
import type { Voiceprint } from '../../contracts/voiceprints';
import type { ApiKeyScope } from '../../contracts/api-paths';

/**
 * The Drizzle schema is the single source of the database layout: `npm run db:generate` writes
 * migrations/ from it, and `wrangler d1 migrations apply` is the only thing that changes a database.
 * Times are epoch milliseconds.
 */
const createdAt = () => integer('created_at').notNull();

/*
 * Relations (foreign keys; D1 always enforces them). A row that only makes sense with its parent goes with it
 * (ON DELETE CASCADE): a record's lines, jobs, summary, meeting, dubbing rows and uploads; a library's entries;
 * a user's sessions, folders, records and libraries. Money history never vanishes: balances, charges,
 * purchases, pay orders and redeemed cards refuse the deletion of their user or package (RESTRICT), and a
 * folder holding records cannot be deleted until they are moved. Charges name their work by `work_ref`
 * text, not by key, so deleting a record keeps what it cost.
 */
const ownedBy = (name = 'user_id') =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const paidBy = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' });
const ofRecord = () =>
  integer('record_id')
    .notNull()
    .references(() => records.id, { onDelete: 'cascade' });
/**
 * A line's translations by language as JSON, with none stored as '' rather than '{}': most lines of most
 * records have none, and a transcript's rows are most of D1 (bench:storage), so the two bytes count.
 */
const translationsJson = customType<{ data: Record<string, string>; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => (Object.keys(value).length === 0 ? '' : JSON.stringify(value)),
  fromDriver: (value) => (value === '' ? {} : (JSON.parse(value) as Record<string, string>)),
});
const ofPackage = () =>
  integer('package_id')
    .notNull()
    .references(() => packages.id, { onDelete: 'restrict' });

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    username: text('username'),
    email: text('email'),
    phone: text('phone'),
    /** `pbkdf2-sha256$iterations$salt$hash`, null until a password is set (code or social sign-up). */
    passwordHash: text('password_hash'),
    wechatOpenId: text('wechat_open_id'),
    googleSub: text('google_sub'),
    /** Guests are keyed by a random id their browser keeps, so a returning guest gets the same account. */
    visitorId: text('visitor_id'),
    /** '1' when the owner's QR code may be used to join their meetings, '0' when not (spec §3). */
    shareStatus: text('share_status', { enum: ['0', '1'] })
      .notNull()
      .default('0'),
    /** Whether later records name speakers whose voice matches one of the user's voice profiles (on by default). */
    identifyVoices: integer('identify_voices', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username').on(t.username),
    uniqueIndex('users_email').on(t.email),
    uniqueIndex('users_phone').on(t.phone),
    uniqueIndex('users_wechat').on(t.wechatOpenId),
    uniqueIndex('users_google').on(t.googleSub),
    uniqueIndex('users_visitor').on(t.visitorId),
  ],
);

/** One row per issued token: logout and password change revoke rows, and tokens die with them. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: ownedBy(),
    source: integer('source').notNull(),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Download tickets already used (services/download-tickets.ts): each opens its download once, kept until it expires. */
export const spentTickets = sqliteTable(
  'spent_tickets',
  {
    id: text('id').primaryKey(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('spent_tickets_expiry').on(t.expiresAt)],
);

/** Codes sent by email or SMS; only a hash is kept, each with its own expiry and try budget. */
export const verificationCodes = sqliteTable(
  'verification_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('codes_target').on(t.target, t.createdAt)],
);

/** Click captchas: the expected points, and once solved the single-use pass the sign-in must present. */
export const captchas = sqliteTable('captchas', {
  id: text('id').primaryKey(),
  answer: text('answer').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: integer('expires_at').notNull(),
  passToken: text('pass_token'),
  usedAt: integer('used_at'),
});

/** OAuth 2.0 authorization requests in flight: the state we sent, its PKCE verifier and nonce, used once. */
export const oauthStates = sqliteTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider', { enum: ['google'] }).notNull(),
  verifier: text('verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
  /** Set when the flow links the provider to this signed-in user instead of signing in. */
  bindUserId: integer('bind_user_id').references(() => users.id, { onDelete: 'cascade' }),
});

/** Rate-limit counters, keyed by what is limited (`login:acct:…`, `code:ip:…`). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Messages that would be sent by email or SMS; in development they land here (GET /prod-api/dev/outbox). */
export const outbox = sqliteTable('outbox', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/** What can be bought or redeemed (spec §3 Package). packageType: '1' SVIP, '2' VIP, '3' duration, '5' AI voiceover. */
export const packages = sqliteTable('packages', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  packageType: text('package_type', { enum: ['1', '2', '3', '5'] }).notNull(),
  packageName: text('package_name').notNull(),
  /** Prices in fen (¥0.01) so sums stay exact. */
  priceFen: integer('price_fen').notNull(),
  orgPriceFen: integer('org_price_fen').notNull(),
  validPeriod: integer('valid_period').notNull(),
  /** 1 year, 2 month, 3 day. */
  validPeriodUnit: integer('valid_period_unit').notNull(),
  /** Seconds of transcription or dubbing a time package grants; 0 for memberships. */
  seconds: integer('seconds').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * A package's name and description in one interface language, so the pay dialog and bills speak the buyer's
 * language. A language without a row shows the package's own `package_name`. Edited with `npm run admin`.
 */
export const packageTexts = sqliteTable(
  'package_texts',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: LOCALES }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.locale] })],
);

/** A user's balance per account type: valid until when, and seconds left for time packages. */
export const accounts = sqliteTable(
  'accounts',
  {
    userId: paidBy(),
    accountType: text('account_type', { enum: ['svip', 'vip', 'duration', 'dubbing'] }).notNull(),
    validUntil: integer('valid_until').notNull(),
    remainingSeconds: integer('remaining_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountType] })],
);

/** Seconds used per user, day (UTC) and feature, for the daily limits of spec §6. */
export const dailyUsage = sqliteTable(
  'daily_usage',
  {
    userId: ownedBy(),
    day: text('day').notNull(),
    feature: text('feature').notNull(),
    seconds: integer('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.feature] })],
);

/** Every charge, unique by the work it pays for, so a retried job can never be charged twice. */
export const costRecords = sqliteTable(
  'cost_records',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: paidBy(),
    feature: text('feature').notNull(),
    workRef: text('work_ref').notNull(),
    seconds: integer('seconds').notNull(),
    /** Which account paid: a membership's daily allowance or a time package's balance. */
    accountType: text('account_type').notNull(),
    /** Random per attempt: the statements that follow the insert in one batch act only if this attempt won. */
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cost_work').on(t.workRef), index('cost_user').on(t.userId, t.createdAt)],
);

/** Every purchase or redemption, unique by its order number or card code. */
export const buyRecords = sqliteTable(
  'buy_records',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: paidBy(),
    packageId: ofPackage(),
    channel: text('channel', { enum: ['card', 'pay'] }).notNull(),
    reference: text('reference').notNull(),
    amountFen: integer('amount_fen').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('buy_reference').on(t.channel, t.reference), index('buy_user').on(t.userId, t.createdAt)],
);

/**
 * Pay orders (spec §3 pay order), one per `outTradeNo`. The price is copied from the package when the order
 * is made, so a later price change never alters what a notification must match. The PaymentOrder Durable
 * Object of the same name drives the status; `creditNonce` is set by the one settlement that credits.
 */
export const payOrders = sqliteTable(
  'pay_orders',
  {
    outTradeNo: text('out_trade_no').primaryKey(),
    userId: paidBy(),
    packageId: ofPackage(),
    amountFen: integer('amount_fen').notNull(),
    payType: text('pay_type').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'expired'] }).notNull(),
    /** The provider's id for the payment: PayPal's order id from creation, else the transaction id once paid. */
    providerRef: text('provider_ref'),
    creditNonce: text('credit_nonce'),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
    paidAt: integer('paid_at'),
  },
  (t) => [index('pay_order_user').on(t.userId, t.createdAt)],
);

/** Card codes minted by the admin command; redeemed at most once. */
export const cardCodes = sqliteTable('card_codes', {
  code: text('code').primaryKey(),
  packageId: ofPackage(),
  createdAt: createdAt(),
  redeemedBy: integer('redeemed_by').references(() => users.id, { onDelete: 'restrict' }),
  redeemedAt: integer('redeemed_at'),
  /** Random per redemption attempt, so the grant in the same batch applies only for the one that won. */
  redeemNonce: text('redeem_nonce'),
});

/**
 * Record folders (spec §3 Folder): a per-user tree at most FOLDER.maxDepth deep. `ancestors` is the
 * comma-separated id path from the root ('0' for a top-level folder), so depth checks need no recursion.
 * Each user has one default folder (created on first use) that cannot be deleted and receives the
 * records of deleted folders.
 */
export const folders = sqliteTable(
  'folders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: ownedBy(),
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
    ancestors: text('ancestors').notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Sibling names are unique, so two concurrent creations of "name" end as name and name(1), never twins.
    uniqueIndex('folders_sibling_name').on(t.userId, t.parentId, t.name),
    uniqueIndex('folders_default').on(t.userId).where(sql`${t.isDefault} = 1`),
  ],
);

/**
 * One records model for meetings, uploaded transcriptions and dubbing projects (spec §1, §3 Record).
 * Times are epoch ms, durations ms. A record is shared while `shareToken` is set; revoking clears it, so
 * an old link stops working at once.
 */
export const records = sqliteTable(
  'records',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: ownedBy(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'no action' }),
    name: text('name').notNull(),
    type: text('type', { enum: RECORD_TYPES }).notNull(),
    status: text('status', { enum: RECORD_STATUSES }).notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    favourite: integer('favourite', { mode: 'boolean' }).notNull().default(false),
    audioLanguage: text('audio_language').notNull().default('zh-CN'),
    /** Target language of the translation, null when the record is not translated. */
    translationLanguage: text('translation_language'),
    /** R2 key of the record's media (uploaded file, meeting audio or dubbed video), deleted with the record. */
    mediaKey: text('media_key'),
    /** Why the last job failed, shown beside the retry action. */
    errorReason: text('error_reason'),
    shareToken: text('share_token'),
    shareAllowCopy: integer('share_allow_copy', { mode: 'boolean' }).notNull().default(false),
    shareExpiresAt: integer('share_expires_at'),
    sharedAt: integer('shared_at'),
    /**
     * When a person last saved the record's lines (the editor): its summary reads out of date only after this,
     * never because a job or a meeting's completion added lines.
     */
    linesEditedAt: integer('lines_edited_at'),
    /** While lines are translated again after an edit or a "translate again": when that was queued; null when none is. */
    retranslateAt: integer('retranslate_at'),
    /** The page a browser plugin session subtitled (an http(s) address), kept as the record's note; null otherwise. */
    sourceUrl: text('source_url'),
    /**
     * Where semantic retrieval is bound (docs/search-and-ask.md): how many of the record's lines (places 0…n−1) the
     * VECTORIZE index holds vectors for, so a shorter transcript or a deletion removes exactly those; null when none.
     */
    vectorLines: integer('vector_lines'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('records_user_created').on(t.userId, t.createdAt),
    index('records_user_updated').on(t.userId, t.updatedAt),
    index('records_user_folder').on(t.userId, t.folderId, t.createdAt),
    index('records_user_name').on(t.userId, t.name),
    index('records_user_duration').on(t.userId, t.durationMs),
    uniqueIndex('records_share_token').on(t.shareToken),
    // Deleting a folder looks up the records still in it.
    index('records_folder').on(t.folderId),
  ],
);

/**
 * Subtitle lines of a record (spec §3 Subtitle line), ordered by `seq`. `translations` maps a language
 * code to the line's translation, so a meeting translated into several languages keeps them all.
 * (record, seq) is the key: a redelivered job rewrites its lines instead of duplicating them. A transcript's
 * rows are most of D1 (bench:storage), so a line is stored as little as it can be: the table is WITHOUT ROWID
 * (migration 0018, which drizzle-kit cannot express), so each line is stored once, in key order, with no rowid
 * and no second index; a line's `id` (the API's line id) is computed from its key, never stored (line-id.ts); it
 * stores its duration, not its end (migration 0020); its speaker is a number into `line_speakers`. Lines are read
 * and replaced through services/lines.ts.
 */
export const segments = sqliteTable(
  'segments',
  {
    recordId: ofRecord(),
    seq: integer('seq').notNull(),
    id: integer('id')
      .notNull()
      .generatedAlwaysAs(sql.raw(`record_id * ${LINE_ID_RECORD_STRIDE} + seq`), { mode: 'virtual' }),
    startMs: integer('start_ms').notNull(),
    /** Stored instead of the end, a smaller number (a byte less on most lines); `endMs` is computed from it. */
    durationMs: integer('duration_ms').notNull(),
    endMs: integer('end_ms').notNull().generatedAlwaysAs(sql`start_ms + duration_ms`, { mode: 'virtual' }),
    text: text('text').notNull(),
    translations: translationsJson('translations').notNull().default(sql`''`),
    /** The line's speaker in `line_speakers`, 0 for none. */
    speakerNo: integer('speaker_no').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.seq] })],
);

/**
 * The speakers of a record's lines, numbered from 1 per record (WITHOUT ROWID, as `segments`): a name is stored
 * once, not on each of its lines, and renaming a speaker changes one row. `pitchHz` is the middle of the voice
 * pitches recognition heard in their lines; dubbing gives the speaker a voice of that register. `voiceprint`
 * (contracts/voiceprints.ts, about 250 bytes) is what transcription measured of their voice, so saving the
 * speaker as a voice profile later needs no second look at the audio.
 */
export const lineSpeakers = sqliteTable(
  'line_speakers',
  {
    recordId: ofRecord(),
    no: integer('no').notNull(),
    name: text('name').notNull(),
    pitchHz: integer('pitch_hz'),
    voiceprint: text('voiceprint', { mode: 'json' }).$type<Voiceprint>(),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.no] })],
);

/**
 * Voice profiles: a voice a user saved under a name (never audio, only its voiceprint), so later records of
 * that user name the speaker who has it. Private to the user; deleting one deletes its voiceprint.
 */
export const voiceProfiles = sqliteTable(
  'voice_profiles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: ownedBy(),
    name: text('name').notNull(),
    voiceprint: text('voiceprint', { mode: 'json' }).$type<Voiceprint>().notNull(),
    /** When the user last confirmed that the person agreed to their voice being kept (null: saved before it was asked). */
    consentedAt: integer('consented_at'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('voice_profiles_name').on(t.userId, t.name)],
);

/**
 * Files uploaded for transcription (spec §3 uploaded file record), stored in R2 by multipart upload.
 * The browser PUTs parts straight to presigned URLs and reports each part's ETag, so an interrupted upload
 * resumes with the parts that landed. Rows never submitted are cleaned up with their objects.
 */
export const uploads = sqliteTable(
  'uploads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: ownedBy(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    chunkSize: integer('chunk_size').notNull(),
    partCount: integer('part_count').notNull(),
    /** R2 key of the object. */
    objectName: text('object_name').notNull(),
    /**
     * The multipart upload writing the object, by which the browser names the upload until it is submitted. A
     * submitted upload belongs to its record and is never named so again: the id, long and indexed, is cleared,
     * as these rows outlive their upload with the record (bench:storage).
     */
    uploadId: text('upload_id'),
    state: text('state', { enum: ['uploading', 'uploaded', 'submitted'] }).notNull(),
    /** Which dialog uploaded it: its limits (size, length, format) apply, and only its submit takes it. */
    kind: text('kind', { enum: ['transcription', 'dubbing'] })
      .notNull()
      .default('transcription'),
    /** Probed by the engine when the upload completes. */
    durationMs: integer('duration_ms'),
    /** The record its submission made; the upload row goes with that record. */
    recordId: integer('record_id').references(() => records.id, { onDelete: 'cascade' }),
    /** The dialog's choices from a submission that was refused (quota), so reopening the dialog can resume it. */
    form: text('form', { mode: 'json' }).$type<TranscribeForm>(),
    createdAt: createdAt(),
    completedAt: integer('completed_at'),
  },
  (t) => [
    uniqueIndex('uploads_upload_id').on(t.uploadId).where(sql`${t.uploadId} IS NOT NULL`),
    index('uploads_user').on(t.userId, t.createdAt),
    index('uploads_state').on(t.state, t.createdAt),
    index('uploads_record').on(t.recordId),
  ],
);

/** Parts of an upload that reached storage, with the ETag the completion must name. */
export const uploadParts = sqliteTable(
  'upload_parts',
  {
    uploadRowId: integer('upload_row_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    partNumber: integer('part_number').notNull(),
    etag: text('etag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadRowId, t.partNumber] })],
);

/**
 * WeChat QR sign-ins and bindings in flight (spec §7 getQrCode, getOpenId): the random scene the QR code
 * carries, the openid WeChat reported scanning it, used once. A scanned scene lives a few minutes longer
 * than its QR code, so the person can still finish the bind step.
 */
export const wechatScenes = sqliteTable(
  'wechat_scenes',
  {
    scene: text('scene').primaryKey(),
    /** Set when the scan links WeChat to this signed-in user instead of signing in. */
    bindUserId: integer('bind_user_id').references(() => users.id, { onDelete: 'cascade' }),
    openId: text('open_id'),
    scannedAt: integer('scanned_at'),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('wechat_scenes_expires').on(t.expiresAt)],
);

/** The official account's access token, shared by every isolate until it expires: WeChat caps how often one may be fetched. */
export const wechatTokens = sqliteTable('wechat_tokens', {
  appId: text('app_id').primaryKey(),
  accessToken: text('access_token').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/**
 * A file transcription job (one per record): its options and how far it got. Queue messages carry only
 * the record id and stage; every stage checks `stage` first, so a redelivered message does nothing twice.
 */
export const transcriptionJobs = sqliteTable('transcription_jobs', {
  recordId: integer('record_id')
    .primaryKey()
    .references(() => records.id, { onDelete: 'cascade' }),
  userId: ownedBy(),
  stage: text('stage', { enum: ['prepare', 'chunks', 'assemble', 'translate', 'done', 'failed'] }).notNull(),
  speaker: integer('speaker', { mode: 'boolean' }).notNull().default(false),
  maxSpeakers: integer('max_speakers'),
  /** Interface language at submission: speaker names are written in it. */
  locale: text('locale').notNull(),
  chunkCount: integer('chunk_count').notNull().default(0),
  /** Resolved at submission, so later edits to the libraries do not change a job already under way. */
  vocabulary: text('vocabulary', { mode: 'json' }).$type<Partial<AppliedVocabulary>>().notNull().default({}),
  /** When the current stage started: its deadline counts from here (services/job-deadlines.ts). */
  updatedAt: integer('updated_at').notNull(),
  /** When the hourly sweep last sent this row's stage again (services/job-deadlines.ts): once per stage, then it fails. */
  resumedAt: integer('resumed_at'),
});

/**
 * Pieces of a running job's audio, recognised in parallel; (record, index) is unique so a piece is stored
 * once. What a piece heard lives in R2 (services/transcription/pieces.ts); these rows are the fan-in counter
 * and are deleted when the job ends, so a finished job leaves none.
 */
export const jobChunks = sqliteTable(
  'job_chunks',
  {
    recordId: ofRecord(),
    idx: integer('idx').notNull(),
    startMs: integer('start_ms').notNull(),
    endMs: integer('end_ms').notNull(),
    /** Set once the piece's lines are stored in R2. */
    done: integer('done', { mode: 'boolean' }).notNull().default(false),
    /** Milliseconds of the piece recognised so far while it runs, as the engine reports them: the progress bar moves within a piece. */
    heardMs: integer('heard_ms').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.idx] })],
);

/**
 * A live meeting's settings beside its record (type 'meeting'; status and duration live on the record).
 * The room (durable-objects/MeetingRoom) holds the live state and writes back here and to `segments`.
 */
export const meetings = sqliteTable(
  'meetings',
  {
    recordId: integer('record_id')
      .primaryKey()
      .references(() => records.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: MEETING_MODES }).notNull(),
    sourceLanguage: text('source_language').notNull(),
    targetLanguages: text('target_languages', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** The invitation link's token, kept when the invitation is closed so reopening gives the same link. */
    inviteToken: text('invite_token'),
    inviteOpen: integer('invite_open', { mode: 'boolean' }).notNull().default(false),
    /** The six-digit projection code while the meeting is live (ScreenCodes holds the code → meeting map). */
    screenCode: text('screen_code'),
    startedAt: integer('started_at'),
    endedAt: integer('ended_at'),
    /** Resolved at creation, so editing a library mid-meeting does not change what the room applies. */
    vocabulary: text('vocabulary', { mode: 'json' }).$type<AppliedVocabulary>().notNull().default({ hotwords: [], terms: [], sensitive: [] }),
  },
  (t) => [uniqueIndex('meetings_invite_token').on(t.inviteToken)],
);

/**
 * A record's AI summary (a meeting's minutes), one row per record, made by the `summary` job. `summary` is the
 * last one made and survives a re-run or a failed one; `linesHash` fingerprints the lines it was made from, so
 * an edited transcript shows the summary as out of date.
 */
export const summaries = sqliteTable('summaries', {
  recordId: integer('record_id')
    .primaryKey()
    .references(() => records.id, { onDelete: 'cascade' }),
  userId: ownedBy(),
  status: text('status', { enum: SUMMARY_STATUSES }).notNull(),
  /** Why the last run failed, kept until a run succeeds. */
  errorReason: text('error_reason'),
  summary: text('summary', { mode: 'json' }).$type<MediaSummary>(),
  linesHash: text('lines_hash'),
  generatedAt: integer('generated_at'),
  /** When the summary was queued: its deadline counts from here (services/job-deadlines.ts). */
  updatedAt: integer('updated_at').notNull(),
  /** When the hourly sweep last sent this row's stage again (services/job-deadlines.ts): once per stage, then it fails. */
  resumedAt: integer('resumed_at'),
});

/** Vocabulary library folders (spec §3): a per-user tree at most VOCABULARY_LIMITS.folderDepth deep. */
export const vocabFolders = sqliteTable(
  'vocab_folders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: ownedBy(),
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('vocab_folders_sibling_name').on(t.userId, t.parentId, t.name)],
);

/**
 * Vocabulary libraries (spec §3): proprietary words, translation terms or sensitive words. `count` is kept
 * in the same batch as every entry change, so lists never count rows.
 */
export const vocabLibraries = sqliteTable(
  'vocab_libraries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: ownedBy(),
    /** null: at the top level, where the libraries of a deleted folder land. */
    folderId: integer('folder_id').references(() => vocabFolders.id, { onDelete: 'set null' }),
    type: text('type', { enum: VOCABULARY_TYPES }).notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    targetLanguage: text('target_language'),
    count: integer('count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('vocab_libraries_user').on(t.userId, t.type, t.updatedAt),
    index('vocab_libraries_folder').on(t.userId, t.folderId),
    // Deleting a folder looks up the libraries in it by the folder alone.
    index('vocab_libraries_in_folder').on(t.folderId),
  ],
);

/** A library's entries; (library, text) is unique so an import or a retry never adds a word twice. */
export const vocabEntries = sqliteTable(
  'vocab_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    libraryId: integer('library_id')
      .notNull()
      .references(() => vocabLibraries.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The term's translation; '' for words and sensitive words. */
    translation: text('translation').notNull().default(''),
  },
  (t) => [uniqueIndex('vocab_entries_text').on(t.libraryId, t.text)],
);

/**
 * A dubbing project beside its record (type 'dubbing'; status and duration live on the record, its lines in
 * `segments`). `stage` says how far the current run got; `version` counts the videos dubbed so far.
 */
export const dubProjects = sqliteTable('dub_projects', {
  recordId: integer('record_id')
    .primaryKey()
    .references(() => records.id, { onDelete: 'cascade' }),
  userId: ownedBy(),
  form: text('form', { mode: 'json' }).$type<DubForm>().notNull(),
  stage: text('stage').$type<DubStage>().notNull(),
  progress: integer('progress').notNull().default(0),
  /** speaker label → voice id; speakers not listed get a voice chosen by their order. */
  voices: text('voices', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
  /**
   * speaker label → their cloned voice at the provider (ElevenLabs' voice id; null for a reference sample, kept
   * in R2 beside the dubbed videos), so a speaker keeps one clone across re-dubs; deleted at the provider with the project.
   */
  clones: text('clones', { mode: 'json' }).$type<Record<string, SpeakerClone>>().notNull().default({}),
  version: integer('version').notNull().default(0),
  /** The latest dubbed video in R2 and when it is deleted (spec §9: kept 7 days). */
  outputKey: text('output_key'),
  expiresAt: integer('expires_at'),
  /** When the current stage started: a run's deadline counts from here (services/job-deadlines.ts). */
  updatedAt: integer('updated_at').notNull(),
  /** When the hourly sweep last sent this row's stage again (services/job-deadlines.ts): once per stage, then it fails. */
  resumedAt: integer('resumed_at'),
});

/**
 * What the last dubbing spoke for each line and how it fitted its slot. A line whose text, time or voice
 * differs from this is "changed": the editor marks it and a re-dub speaks it anew.
 */
export const dubLines = sqliteTable(
  'dub_lines',
  {
    /** No key to `segments`: saving an edited transcript rewrites its lines, and what was dubbed must outlive that. */
    segmentId: integer('segment_id').primaryKey(),
    recordId: ofRecord(),
    text: text('text').notNull(),
    voice: text('voice').notNull(),
    startMs: integer('start_ms').notNull(),
    endMs: integer('end_ms').notNull(),
    fit: text('fit').$type<FitKind>().notNull(),
    tempo: integer('tempo_permille').notNull(),
  },
  (t) => [index('dub_lines_record').on(t.recordId)],
);

/** Saved versions of a project's lines (spec §7 createIteration, getIteration); a dubbing run saves one with its video. */
export const dubIterations = sqliteTable(
  'dub_iterations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    recordId: ofRecord(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    /** How many lines the version holds (its rows in `dub_iteration_lines`), for the versions list. */
    lineCount: integer('line_count').notNull().default(0),
    /** How the version's video was voiced: `cloned` when any speaker spoke in their own cloned voice; null for a version saved by hand. */
    voiceMode: text('voice_mode').$type<NonNullable<DubIteration['voices']>>(),
    outputKey: text('output_key'),
    expiresAt: integer('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dub_iterations_version').on(t.recordId, t.version)],
);

/**
 * A saved version's lines, one row each, so a long video's version never meets D1's row size limit as a
 * single JSON value would. Times in ms; `seq` is the line's place in the version.
 */
export const dubIterationLines = sqliteTable(
  'dub_iteration_lines',
  {
    iterationId: integer('iteration_id')
      .notNull()
      .references(() => dubIterations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    startMs: integer('start_ms').notNull(),
    endMs: integer('end_ms').notNull(),
    text: text('text').notNull(),
    translation: text('translation').notNull(),
    speaker: text('speaker').notNull(),
  },
  (t) => [primaryKey({ columns: [t.iterationId, t.seq] })],
);

/**
 * Questions asked of records and their answers, so a follow-up keeps its context and the record page shows the
 * earlier turns after a reload. A conversation about one record names it (one per user and record, cleared from
 * the record's Ask panel); one across records has none.
 */
export const askConversations = sqliteTable(
  'ask_conversations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: ownedBy(),
    recordId: integer('record_id').references(() => records.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('ask_conversations_user_record').on(t.userId, t.recordId)],
);

/** One question and its answer; `citations` as the API answers them (contracts/ai.ts Citation). */
export const askTurns = sqliteTable(
  'ask_turns',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => askConversations.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    kind: text('kind', { enum: ANSWER_KINDS }).notNull(),
    citations: text('citations', { mode: 'json' }).$type<Citation[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ask_turns_conversation').on(t.conversationId, t.id)],
);

/**
 * A user's webhook endpoints (docs/webhooks.md). `secret` is the Standard Webhooks `whsec_<base64>` key; after a
 * rotation the previous one keeps signing beside it until `previousSecretUntil`, so receivers can switch without
 * losing deliveries. `failingSince` is the first failed attempt since the last success: past three days the
 * endpoint is disabled and its owner told.
 */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: ownedBy(),
    url: text('url').notNull(),
    events: text('events', { mode: 'json' }).$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: integer('previous_secret_until'),
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    failingSince: integer('failing_since'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_user').on(t.userId)],
);

/**
 * One event sent to one endpoint, under its Standard Webhooks id (`msg_…`, the receiver's idempotency key, kept by
 * a replay). `payload` is the exact body signed; the row holds the attempt count, so a redelivered queue message
 * for an attempt already made does nothing.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The last attempt's HTTP status; 0 when no answer came (refused address, network error, timeout). */
    lastStatus: integer('last_status'),
    /** The start of the last answer's body, or why no answer came. */
    lastAnswer: text('last_answer'),
    nextAttemptAt: integer('next_attempt_at'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt)],
);

/**
 * Personal API keys (docs/api.md): only the SHA-256 of the key is kept, so a leaked database does not leak
 * keys; the prefix shown in the list is the key's first characters. Revoking sets `revoked_at`, and the
 * key is refused from the next request on.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: ownedBy(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    scopes: text('scopes', { mode: 'json' }).$type<ApiKeyScope[]>().notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash').on(t.keyHash), index('api_keys_user').on(t.userId)],
);
