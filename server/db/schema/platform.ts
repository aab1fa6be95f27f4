import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/*
 * The super administrator's platform (issue #17): the audit log, the blog and the public
 * pages, platform settings, mass communications, contact messages, e-mail changes, job
 * runs and server errors. Clubs' suspension and plan and users' lock and deletion are
 * columns of their own tables (clubs.ts, users.ts).
 */

/**
 * Sensitive actions (role changes, suspensions, money cancellations, failed logins…),
 * written by the services. Rows are never edited or deleted: migration 0019 adds a
 * trigger that refuses UPDATE and DELETE. Ids are plain integers (no foreign keys), so a
 * row outlives what it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for an anonymous action (a failed login). */
    actorUserId: integer('actor_user_id'),
    /** Dotted, e.g. 'club.suspended', 'user.locked', 'payment.cancelled', 'login.failed'. */
    action: text('action').notNull(),
    clubId: integer('club_id'),
    targetType: text('target_type'),
    targetId: integer('target_id'),
    /** What changed, never a body, password or token. */
    details: jsonb('details').notNull().default({}),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
    index('audit_log_club_idx').on(t.clubId, t.at.desc()),
    index('audit_log_actor_idx').on(t.actorUserId, t.at.desc()),
  ],
);

export const blogPostStatuses = ['draft', 'published'] as const;

/** A post of the public blog, written in Markdown; `/blog/{slug}` shows it when published. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique('blog_posts_slug_unique'),
    excerpt: text('excerpt').notNull().default(''),
    bodyMarkdown: text('body_markdown').notNull().default(''),
    coverImageUrl: text('cover_image_url'),
    status: text('status', { enum: blogPostStatuses }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('blog_posts_status_valid', sql`${t.status} in ('draft', 'published')`),
    check('blog_posts_slug_valid', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    index('blog_posts_published_idx').on(t.status, t.publishedAt.desc(), t.id.desc()),
  ],
);

export const sitePageKinds = ['page', 'help'] as const;

/**
 * The public site's editable pages: 'page' rows are fixed slugs (terminos, privacidad,
 * about); 'help' rows are the help centre's articles. A fixed page without a row shows
 * its default text from the code.
 */
export const sitePages = pgTable(
  'site_pages',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: sitePageKinds }).notNull(),
    slug: text('slug').notNull().unique('site_pages_slug_unique'),
    title: text('title').notNull(),
    bodyMarkdown: text('body_markdown').notNull().default(''),
    /** Order of the help centre's articles. */
    position: smallint('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('site_pages_kind_valid', sql`${t.kind} in ('page', 'help')`),
    check('site_pages_slug_valid', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** Platform-wide settings by key ('whatsapp_number', 'plans'), each a JSON value. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** A mass communication sent by the super admin, kept as its history. */
export const massCommunications = pgTable(
  'mass_communications',
  {
    id: serial('id').primaryKey(),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'announcement' or 'system_alert'. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** { kind: 'all' } | { kind: 'role', role } | { kind: 'clubs', club_ids }. */
    audience: jsonb('audience').notNull(),
    /** 'in_app' and/or 'email'. */
    channels: text('channels').array().notNull(),
    recipients: integer('recipients').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The key the browser made once for the composed message: the same sender and key is
     * the same communication (a retry or a double click), never a second send. Rows from
     * before migration 0024 got a random one.
     */
    idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
    /**
     * The delivery's cursor (issue #36): the highest user id already notified or mailed.
     * Recipients are reached in ascending id, one batch per transaction with the cursor.
     */
    reachedUpTo: integer('reached_up_to').notNull().default(0),
    /** When every recipient had been reached; null while the queue is delivering it. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('mass_communications_created_idx').on(t.createdAt.desc()),
    uniqueIndex('mass_communications_sender_key_idx').on(t.senderUserId, t.idempotencyKey),
  ],
);

/** What a visitor wrote through /contact; also sent to the outbox and the super admins. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc())],
);

/** A change of e-mail waiting for its confirmation link: only the token's sha256 is kept. */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique('email_change_tokens_hash_unique'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_change_tokens_user_idx').on(t.userId, t.createdAt)],
);

/** The last run of each background job, for the super admin panel. */
export const jobRuns = pgTable('job_runs', {
  job: text('job').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** 'running', 'ok' or 'failed'. */
  outcome: text('outcome').notNull(),
  summary: jsonb('summary').notNull().default({}),
});

/** Server errors (5xx) as they happen: method, route pattern and message, never a body. */
export const serverErrors = pgTable(
  'server_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    statusCode: smallint('status_code').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('server_errors_at_idx').on(t.at.desc())],
);
