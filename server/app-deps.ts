import type {
  FastifyBaseLogger,
  FastifyPluginAsync,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { createOptionalUser } from './auth/optional-user';
import { type ClubRoute, createClubGuard, createClubRoute } from './auth/require-club-permission';
import { createClubSessionLoader } from './auth/club-session';
import { createRequireUser } from './auth/require-user';
import { createSuperAdminHooks, type SuperAdminHooks } from './auth/super-admin';
import { createTokenService, type TokenService } from './auth/tokens';
import type { AppConfig } from './config';
import type { Db, DbHandle } from './db/client';
import { type AdminGuards, createAdminGuards } from './features/modules/admin-guards';
import type { ReadinessCheck } from './features/health/health.service';
import { createRequireSession } from './features/onboarding/session';
import { createRolesService } from './features/roles/roles.service';
import type { Clock } from './lib/clock';
import {
  type AnalyticsService,
  createAnalyticsService,
} from './features/analytics/analytics.service';
import type { AppMetrics } from './lib/metrics';
import type { Mailer } from './mail/mailer';
import { MailOutbox } from './mail/outbox';
import type { JobQueue } from './queue/job-queue';
import type { FileStorage } from './storage/storage';

/**
 * What every feature plugin is given (`server/features/<r>/<r>.plugin.ts`): the app's
 * resources and the guards its routes spread into their options. A feature takes what it
 * needs from it and builds its own services; nothing here knows about one feature's rules.
 */
export interface AppDeps {
  /** The open database with its prepared-statement variants (health, dashboards). */
  handle: DbHandle;
  /** `handle.db`, the one most features query. */
  db: Db;
  config: AppConfig;
  clock: Clock;
  /** Uploaded files (photos, proofs, receipts, blog covers). */
  storage: FileStorage;
  /** E-mail, written in the transaction that causes it and sent afterwards. */
  outbox: MailOutbox;
  /** The job queue when the server runs one (server/main.ts); absent in most API tests. */
  queue: JobQueue | undefined;
  /** The Prometheus metrics (GET /metrics): mail outcomes, queue sizes and failures. */
  metrics: AppMetrics;
  /**
   * What `GET /api/health/ready` checks besides the database and the storage (the job
   * queue's check); empty when the server runs none.
   */
  readiness: readonly ReadinessCheck[];
  tokens: TokenService;
  /** The signed-in user's hook (401 otherwise): a route's `onRequest` or `preHandler`. */
  requireUser: preHandlerAsyncHookHandler;
  /** `requireUser` answering 'Usuario no autenticado' (onboarding and profile, SPEC §8). */
  requireSession: preHandlerAsyncHookHandler;
  /** `requireUser` for public routes that behave differently for a signed-in caller. */
  optionalUser: preHandlerAsyncHookHandler;
  /** The onRequest hook every `/api/pla_club_teams/:id/…` route must run (checked at start-up). */
  clubGuard: onRequestAsyncHookHandler;
  /** The guard of a `/api/pla_club_teams/:id/…` route (docs/access-control.md). */
  clubRoute: ClubRoute;
  /** The hooks of `/api/admin/modules…` and `/api/admin/roles…` (working club's settings). */
  adminGuards: AdminGuards;
  /** The hooks of a super-admin-only route. */
  superAdmin: SuperAdminHooks;
  /**
   * The platform's figures, computed once for the super admin's dashboard and Análisis
   * Global alike (one kept computation, so both screens show the same one).
   */
  analytics: AnalyticsService;
}

/** The options of every feature plugin: `app.register(plugin, { prefix: '/api', deps })`. */
export interface FeatureOptions {
  deps: AppDeps;
}

/** A feature's one plugin, registered by server/app.ts. */
export type FeaturePlugin = FastifyPluginAsync<FeatureOptions>;

/** Builds the shared resources and guards once, from what `buildApp` was given. */
export function createAppDeps({
  handle,
  config,
  clock,
  mailer,
  storage,
  queue,
  log,
  metrics,
  readiness = [],
}: {
  handle: DbHandle;
  queue?: JobQueue;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  storage: FileStorage;
  log: FastifyBaseLogger;
  metrics: AppMetrics;
  readiness?: readonly ReadinessCheck[];
}): AppDeps {
  const { db } = handle;
  const tokens = createTokenService(config.jwtSecret, clock);
  const requireUser = createRequireUser(db, tokens);
  const clubGuard = createClubGuard(db);
  return {
    handle,
    db,
    config,
    clock,
    storage,
    outbox: new MailOutbox(db, mailer, clock, log, queue, (outcome) =>
      metrics.mailDelivered(outcome),
    ),
    queue,
    metrics,
    readiness,
    tokens,
    requireUser,
    requireSession: createRequireSession(requireUser),
    optionalUser: createOptionalUser(requireUser),
    clubGuard,
    clubRoute: createClubRoute(requireUser, clubGuard, createClubSessionLoader(db)),
    adminGuards: createAdminGuards({
      db,
      requireUser,
      managesSomeClub: createRolesService(db, clock).managesSomeClub,
    }),
    superAdmin: createSuperAdminHooks(requireUser),
    analytics: createAnalyticsService({ db: handle.preparedByText, clock }),
  };
}
