import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import type { AccessRow } from '../contract/access-table';
import { createAccessRowCheck } from './auth/access-rows';
import { createClubSessionLoader } from './auth/club-session';
import {
  assertClubRouteGuarded,
  createClubGuard,
  createClubRoute,
} from './auth/require-club-permission';
import { createRequireUser } from './auth/require-user';
import { createTokenService } from './auth/tokens';
import type { AppConfig } from './config';
import type { DbHandle } from './db/client';
import { appConfigRoutes } from './features/app-config/app-config.routes';
import { createAuthService } from './features/auth/auth.service';
import { authRoutes } from './features/auth/auth.routes';
import { categoriesRoutes } from './features/categories/categories.routes';
import { createCategoriesService } from './features/categories/categories.service';
import { clubsRoutes } from './features/clubs/clubs.routes';
import { createClubsService } from './features/clubs/clubs.service';
import { healthRoutes } from './features/health/health.routes';
import { membersRoutes } from './features/members/members.routes';
import { createMembersService } from './features/members/members.service';
import { createAdminGuards } from './features/modules/admin-guards';
import { modulesRoutes } from './features/modules/modules.routes';
import { createModulesService } from './features/modules/modules.service';
import { onboardingRoutes } from './features/onboarding/onboarding.routes';
import { peopleRoutes } from './features/people/people.routes';
import { registerLinkRequestRoutes } from './features/link-requests/link-requests.routes';
import { playerPhotosRoutes } from './features/players/player-photos.routes';
import { playersRoutes } from './features/players/players.routes';
import { createPlayersService } from './features/players/players.service';
import { playerImportsRoutes } from './features/player-imports/player-imports.routes';
import { createPlayerImportsService } from './features/player-imports/player-imports.service';
import { createOnboardingService } from './features/onboarding/onboarding.service';
import { createRequireSession } from './features/onboarding/session';
import { profileRoutes } from './features/profile/profile.routes';
import { createMedicalData } from './features/profile/medical-data';
import { createPersonPhotos } from './features/profile/person-photos';
import { createProfileService } from './features/profile/profile.service';
import { rolesRoutes } from './features/roles/roles.routes';
import { createRolesService } from './features/roles/roles.service';
import { trainersRoutes } from './features/trainers/trainers.routes';
import { createTrainersService } from './features/trainers/trainers.service';
import { referenceRoutes } from './features/reference/reference.routes';
import { createReferenceService } from './features/reference/reference.service';
import { usersRoutes } from './features/users/users.routes';
import type { Clock } from './lib/clock';
import { clientErrorHandler, errorHandler, frameworkErrorHandler } from './lib/error-handler';
import { type HttpLimits, httpLimitOptions } from './lib/http-limits';
import { registerCompression } from './lib/compression';
import { safeLoggerOptions } from './lib/log-safety';
import { decorateRateLimitStore } from './lib/rate-limits';
import { helmetOptions, securityHeadersHook } from './lib/security-headers';
import type { Mailer } from './mail/mailer';
import { MailOutbox } from './mail/outbox';
import { registerOpenApiDocs } from './openapi/openapi-docs';
import { registerCalendarRoutes } from './calendar-routes';
import { registerDashboardRoutes } from './dashboard-routes';
import { registerFamilyRoutes } from './family-routes';
import { registerPlatformRoutes } from './platform-routes';
import { registerMoneyRoutes } from './money-routes';
import { registerNotificationRoutes } from './notification-routes';
import { registerStaticSite } from './static-site';
import { type FileStorage, createDiskStorage } from './storage/storage';

// Any message the contract does not spell out itself comes out in Spanish too.
z.config(z.locales.es());

export interface AppDeps {
  /** The open database (see `openDb`). */
  db: DbHandle;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  /** Uploaded files (profile photos); defaults to the disk under `<dataDir>/uploads`. */
  storage?: FileStorage;
  /** Fastify logger options; off unless given (tests stay quiet, main.ts turns it on). */
  logger?: FastifyServerOptions['logger'];
  /** Body size and timeouts; the defaults suit production, tests shorten them. */
  httpLimits?: Partial<HttpLimits>;
  /** Access table rows of routes a test adds to the app (contract/access-table.ts has the app's). */
  extraAccessRows?: readonly AccessRow[];
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
  storage = createDiskStorage(path.join(config.dataDir, 'uploads')),
  logger = false,
  httpLimits,
  extraAccessRows,
}: AppDeps): FastifyInstance {
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
  // Only JSON bodies: a text/plain body is refused like any other non-JSON one.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body is no body; anything else goes through Fastify's (safe) JSON parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body.toString(), done);
  });
  app.decorateRequest('currentUser', null);
  // The per-IP limits of every feature count in the database, shared by every instance.
  decorateRateLimitStore(app, handle.db);

  // A route with a body schema and no body at all reports each missing field, not "not an object".
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });

  app.register(fastifyHelmet, helmetOptions);
  registerCompression(app); // before every route: JSON over 1 KB goes brotli/gzip
  // Set before the route runs, so errors carry them too: no-store on /api, HSTS over HTTPS.
  app.addHook('onRequest', securityHeadersHook);

  registerOpenApiDocs(app, DOCS_PREFIX);

  const tokens = createTokenService(config.jwtSecret, clock);
  const requireUser = createRequireUser(handle.db, tokens);
  const outbox = new MailOutbox(handle.db, mailer, clock, app.log);
  app.addHook('onClose', async () => outbox.idle());
  const auth = createAuthService({ db: handle.db, clock, tokens, outbox, appUrl: config.appUrl });

  // Every /api/pla_club_teams/:id route must go through clubGuard, or the start-up stops.
  const clubGuard = createClubGuard(handle.db);
  const clubRoute = createClubRoute(requireUser, clubGuard, createClubSessionLoader(handle.db));
  app.addHook('onRoute', (route) => assertClubRouteGuarded(route, clubGuard));
  // Every /api route must have its row in the role × operation table, with the same permission.
  app.addHook('onRoute', createAccessRowCheck(extraAccessRows));

  app.register(healthRoutes, { prefix: '/api', handle });
  app.register(authRoutes, { prefix: '/api', auth });
  app.register(usersRoutes, { prefix: '/api', db: handle.db, requireUser });
  const requireSession = createRequireSession(requireUser);
  app.register(onboardingRoutes, {
    prefix: '/api',
    onboarding: createOnboardingService({ db: handle.db, clock }),
    requireSession,
  });
  const photos = createPersonPhotos({ db: handle.db, storage, clock });
  app.register(profileRoutes, {
    prefix: '/api',
    profile: createProfileService({ db: handle.db, clock, photos }),
    medical: createMedicalData({ db: handle.db, clock }),
    requireSession,
  });
  app.register(appConfigRoutes, { prefix: '/api', config });
  app.register(clubsRoutes, {
    prefix: '/api',
    clubs: createClubsService({ db: handle.db, clock }),
    requireUser,
    clubRoute,
  });
  const rolesService = createRolesService(handle.db, clock);
  const adminGuards = createAdminGuards({
    db: handle.db,
    requireUser,
    managesSomeClub: rolesService.managesSomeClub,
  });
  app.register(modulesRoutes, {
    prefix: '/api',
    modules: createModulesService(handle.db),
    guards: adminGuards,
  });
  app.register(rolesRoutes, { prefix: '/api', roles: rolesService, guards: adminGuards });
  const reference = createReferenceService(handle.db);
  app.register(referenceRoutes, { prefix: '/api', reference, requireUser });
  // What a club feature reads with: its database, the clock (an export's file name) and guard.
  const clubFeature = { prefix: '/api', db: handle.db, clock, clubRoute };
  const members = createMembersService({ db: handle.db, clock });
  app.register(membersRoutes, { ...clubFeature, members });
  const categories = createCategoriesService({ db: handle.db, clock });
  app.register(categoriesRoutes, { ...clubFeature, categories });
  const linkDeps = { db: handle.db, clock, outbox, appUrl: config.appUrl };
  const players = createPlayersService(linkDeps);
  app.register(playersRoutes, { ...clubFeature, players });
  app.register(playerPhotosRoutes, { prefix: '/api', players, photos, db: handle.db, clubRoute });
  app.register(peopleRoutes, { prefix: '/api', db: handle.db, requireUser });
  const trainers = createTrainersService({ db: handle.db, clock, outbox, appUrl: config.appUrl });
  app.register(trainersRoutes, { ...clubFeature, trainers });
  registerLinkRequestRoutes(app, { ...linkDeps, clubRoute, requireUser });
  const playerImports = createPlayerImportsService(linkDeps);
  app.register(playerImportsRoutes, { prefix: '/api', playerImports, db: handle.db, clubRoute });
  const club = { db: handle.db, clock, clubRoute, outbox, appUrl: config.appUrl };
  registerNotificationRoutes(app, { ...club, requireUser, guards: adminGuards });
  registerMoneyRoutes(app, { ...club, storage });
  registerCalendarRoutes(app, club);
  registerPlatformRoutes(app, { ...club, storage, requireUser });
  registerFamilyRoutes(app, { ...club, tokens, requireUser });
  registerDashboardRoutes(app, { db: handle.preparedByText, clock, requireUser });

  // Last: the built SPA, pre-compressed, and the answer to every path nobody else knows.
  registerStaticSite(app, config.staticDir);

  return app;
}
