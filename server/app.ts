import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import type { AccessRow } from '../contract/access-table';
import { createAppDeps } from './app-deps';
import { createAccessRowCheck } from './auth/access-rows';
import { assertClubRouteGuarded } from './auth/require-club-permission';
import type { AppConfig } from './config';
import type { DbHandle } from './db/client';
import { poolStatsReader } from './db/pool';
import { accountPlugin } from './features/account/account.plugin';
import { adminClubsPlugin } from './features/admin-clubs/admin-clubs.plugin';
import { adminUsersPlugin } from './features/admin-users/admin-users.plugin';
import { analyticsPlugin } from './features/analytics/analytics.plugin';
import { announcementsPlugin } from './features/announcements/announcements.plugin';
import { appConfigPlugin } from './features/app-config/app-config.plugin';
import { attendancePlugin } from './features/attendance/attendance.plugin';
import { auditLogPlugin } from './features/audit-log/audit-log.plugin';
import { authPlugin } from './features/auth/auth.plugin';
import { blogPostsPlugin } from './features/blog-posts/blog-posts.plugin';
import { calendarFeedsPlugin } from './features/calendar-feeds/calendar-feeds.plugin';
import { callUpsPlugin } from './features/call-ups/call-ups.plugin';
import { categoriesPlugin } from './features/categories/categories.plugin';
import { chargesPlugin } from './features/charges/charges.plugin';
import { clubSettingsPlugin } from './features/club-settings/club-settings.plugin';
import { clubsPlugin } from './features/clubs/clubs.plugin';
import { communicationsPlugin } from './features/communications/communications.plugin';
import { contactMessagesPlugin } from './features/contact-messages/contact-messages.plugin';
import { dashboardsPlugin } from './features/dashboards/dashboards.plugin';
import { discountsPlugin } from './features/discounts/discounts.plugin';
import { exportsPlugin, serveListExports } from './features/exports/exports.plugin';
import { healthPlugin } from './features/health/health.plugin';
import type { ReadinessCheck } from './features/health/health.service';
import { invitationsPlugin } from './features/invitations/invitations.plugin';
import { linkRequestsPlugin } from './features/link-requests/link-requests.plugin';
import { membersPlugin } from './features/members/members.plugin';
import { metricsPlugin } from './features/metrics/metrics.plugin';
import { modulesPlugin } from './features/modules/modules.plugin';
import { notificationsPlugin } from './features/notifications/notifications.plugin';
import { onboardingPlugin } from './features/onboarding/onboarding.plugin';
import { parentsPlugin } from './features/parents/parents.plugin';
import { paymentGenerationPlugin } from './features/payment-generation/payment-generation.plugin';
import { paymentMethodsPlugin } from './features/payment-methods/payment-methods.plugin';
import { paymentsPlugin } from './features/payments/payments.plugin';
import { peoplePlugin } from './features/people/people.plugin';
import { plansPlugin } from './features/plans/plans.plugin';
import {
  platformHealthPlugin,
  recordServerErrors,
} from './features/platform-health/platform-health.plugin';
import {
  platformSettingsPlugin,
  serveStoredWhatsapp,
} from './features/platform-settings/platform-settings.plugin';
import { playerImportsPlugin } from './features/player-imports/player-imports.plugin';
import { playersPlugin } from './features/players/players.plugin';
import { profilePlugin } from './features/profile/profile.plugin';
import { referencePlugin } from './features/reference/reference.plugin';
import { reportsPlugin } from './features/reports/reports.plugin';
import { rolesPlugin } from './features/roles/roles.plugin';
import { sessionsPlugin } from './features/sessions/sessions.plugin';
import { sitePagesPlugin } from './features/site-pages/site-pages.plugin';
import { trainersPlugin } from './features/trainers/trainers.plugin';
import { usersPlugin } from './features/users/users.plugin';
import type { Clock } from './lib/clock';
import { clientErrorHandler, errorHandler, frameworkErrorHandler } from './lib/error-handler';
import { type HttpLimits, httpLimitOptions } from './lib/http-limits';
import { acceptJsonBodiesOnly } from './lib/json-bodies';
import { registerCompression } from './lib/compression';
import { safeLoggerOptions } from './lib/log-safety';
import { type AppMetrics, createAppMetrics, recordHttpMetrics } from './lib/metrics';
import { decorateRateLimitStore } from './lib/rate-limits';
import { securityHeadersHook } from './lib/security-headers';
import type { Mailer } from './mail/mailer';
import { registerOpenApiDocs } from './openapi/openapi-docs';
import { registerStaticSite } from './static-site';
import type { JobQueue } from './queue/job-queue';
import { openStorage } from './storage/open-storage';
import type { FileStorage } from './storage/storage';

// Any message the contract does not spell out itself comes out in Spanish too.
z.config(z.locales.es());

/** What `buildApp` is given; the features get the `AppDeps` built from it (app-deps.ts). */
export interface BuildAppOptions {
  /** The open database (see `openDb`). */
  db: DbHandle;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  /** Uploaded files (photos, covers, proofs); defaults to the configured one (open-storage.ts). */
  storage?: FileStorage;
  /** Fastify logger options; off unless given (tests stay quiet, main.ts turns it on). */
  logger?: FastifyServerOptions['logger'];
  /** Body size and timeouts; the defaults suit production, tests shorten them. */
  httpLimits?: Partial<HttpLimits>;
  /** Access table rows of routes a test adds to the app (contract/access-table.ts has the app's). */
  extraAccessRows?: readonly AccessRow[];
  /**
   * The started job queue (server/queue/job-queue.ts): every e-mail also gets its job, and
   * the super admin's panel lists and retries failures. Tests that do not need it omit it.
   */
  queue?: JobQueue;
  /** The app's Prometheus metrics; a fresh set unless the caller shares it (with the job queue). */
  metrics?: AppMetrics;
  /** Readiness checks besides the database and the storage (the job queue's). */
  readiness?: readonly ReadinessCheck[];
}

const DOCS_PREFIX = '/api/docs';

/**
 * Builds the whole application from its dependencies without listening, so tests drive
 * it through `inject` and `main.ts` alone owns the socket. Features are registered here
 * explicitly, so the API reads top to bottom.
 */
export function buildApp({
  db: handle,
  config,
  clock,
  mailer,
  storage = openStorage(config),
  logger = false,
  httpLimits,
  extraAccessRows,
  queue,
  metrics = createAppMetrics({ poolStats: poolStatsReader(handle) }),
  readiness,
}: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    // Secrets redacted and SQL parameters kept out of every logger the app gets.
    logger: logger === false ? false : safeLoggerOptions(logger === true ? {} : logger),
    ...httpLimitOptions(httpLimits),
    // Router errors (undecodable URL, over-long parameter) answer in the app's format.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // A hop count becomes proxy-addr's "trust the n nearest hops".
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Route ids never need more; a safety net against giant URLs.
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  acceptJsonBodiesOnly(app);
  app.decorateRequest('currentUser', null);
  // The per-IP limits of every feature count in the database, shared by every instance.
  decorateRateLimitStore(app, handle.db);

  // A route with a body schema and no body at all reports each missing field, not "not an object".
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });

  // Set before the route runs, so errors carry them too: helmet's, no-store on /api, HSTS over HTTPS.
  app.addHook('onRequest', securityHeadersHook);
  registerCompression(app); // before every route: JSON over 1 KB goes brotli/gzip

  registerOpenApiDocs(app, DOCS_PREFIX);

  const deps = createAppDeps({
    handle,
    config,
    clock,
    mailer,
    storage,
    queue,
    log: app.log,
    metrics,
    readiness,
  });
  // Every answer counted by its route's pattern, for GET /metrics.
  recordHttpMetrics(app, metrics);
  app.addHook('onClose', async () => deps.outbox.idle());

  // Every /api/pla_club_teams/:id route must go through clubGuard, or the start-up stops.
  app.addHook('onRoute', (route) => assertClubRouteGuarded(route, deps.clubGuard));
  // Every /api route must have its row in the role × operation table, with the same permission.
  app.addHook('onRoute', createAccessRowCheck(extraAccessRows));
  // Root-level decorations: every 5xx reaches server_errors, GET /api/config the stored
  // number, every list's POST <list>/export the queued exports.
  recordServerErrors(app, deps);
  serveStoredWhatsapp(app, deps);
  serveListExports(app, deps);

  // The features, one plugin each (server/features/<r>/<r>.plugin.ts), all under /api.
  const api = { prefix: '/api', deps };
  app.register(healthPlugin, api);
  app.register(authPlugin, api);
  app.register(usersPlugin, api);
  app.register(onboardingPlugin, api);
  app.register(profilePlugin, api);
  app.register(appConfigPlugin, api);
  app.register(clubsPlugin, api);
  app.register(modulesPlugin, api);
  app.register(rolesPlugin, api);
  app.register(referencePlugin, api);
  app.register(membersPlugin, api);
  app.register(categoriesPlugin, api);
  app.register(playersPlugin, api);
  app.register(peoplePlugin, api);
  app.register(trainersPlugin, api);
  app.register(linkRequestsPlugin, api);
  app.register(playerImportsPlugin, api);
  app.register(notificationsPlugin, api);
  app.register(announcementsPlugin, api);
  app.register(discountsPlugin, api);
  app.register(chargesPlugin, api);
  app.register(paymentMethodsPlugin, api);
  app.register(paymentsPlugin, api);
  app.register(paymentGenerationPlugin, api);
  app.register(sessionsPlugin, api);
  app.register(attendancePlugin, api);
  app.register(callUpsPlugin, api);
  app.register(calendarFeedsPlugin, api);
  app.register(plansPlugin, api);
  app.register(contactMessagesPlugin, api);
  app.register(accountPlugin, api);
  app.register(clubSettingsPlugin, api);
  app.register(blogPostsPlugin, api);
  app.register(sitePagesPlugin, api);
  app.register(adminClubsPlugin, api);
  app.register(adminUsersPlugin, api);
  app.register(auditLogPlugin, api);
  app.register(communicationsPlugin, api);
  app.register(analyticsPlugin, api);
  app.register(reportsPlugin, api);
  app.register(platformHealthPlugin, api);
  app.register(platformSettingsPlugin, api);
  app.register(invitationsPlugin, api);
  app.register(parentsPlugin, api);
  app.register(dashboardsPlugin, api);
  app.register(exportsPlugin, api);

  // Outside /api: Prometheus's scrape, behind METRICS_TOKEN.
  app.register(metricsPlugin, { deps });

  // Last: the built SPA, pre-compressed, and the answer to every path nobody else knows.
  registerStaticSite(app, config.staticDir);

  return app;
}
