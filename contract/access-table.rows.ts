import type { ModuleAction } from './names';
import type { RoleName } from './roles.schema';
import type { ModuleSlug } from './users.schema';

/*
 * Who may do what (issue #33 item 2): one row per route of the API, in the domain's words.
 * It is data both sides read: the server refuses to start when a route has no row or when
 * its `clubRoute(...)` permission differs from the row's (server/auth/access-rows.ts), the
 * authorisation matrix test takes its expectations from here and never from the code
 * (tests/api/authorization-matrix.test.ts), docs/access-control.md renders it
 * (`npm run access-table`), and the browser asks it which permission an action needs.
 * The rows live here, the helpers in contract/access-table.ts (import from there).
 */

/** A permission name: `<module>.<action>`, or settings.manage (the club's administration). */
export type PermissionName = `${ModuleSlug}.${ModuleAction}` | 'settings.manage';

/**
 * What the server checks before the route runs: a permission in the club of the path (or
 * the working club), nobody ('public'), a session ('signed-in'), the super admin, a secret
 * token in the URL or body ('token'), or a role in the working club (the dashboards).
 */
export type AccessRequirement =
  | { permission: PermissionName }
  | 'public'
  | 'signed-in'
  | 'super-admin'
  | 'token'
  | { role: RoleName };

/**
 * 'all': allowed on everything the route reaches; 'own': allowed, but only on what concerns
 * the caller (a trainer's categories, a player themself, a guardian's authorised children,
 * one's own notifications, what a token opens); 'no': refused.
 */
export type AccessAnswer = 'all' | 'own' | 'no';

/**
 * The callers of the table: nobody signed in; a signed-in person of another club (or of
 * none); the demo roles in their own club; the super admin.
 */
export const accessCallers = [
  'anonymous',
  'outsider',
  'owner',
  'trainer',
  'accountant',
  'player',
  'guardian',
  'superAdmin',
] as const;
export type AccessCaller = (typeof accessCallers)[number];

export interface AccessRow {
  /** Method and path as Fastify registers them; a path ending in `*` covers a prefix. */
  route: string;
  /** The job, in the domain's words. */
  operation: string;
  requires: AccessRequirement;
  who: Readonly<Record<AccessCaller, AccessAnswer>>;
  /** The part of the API it belongs to, as docs/access-control.md groups the rows. */
  group: string;
}

type Who = Record<AccessCaller, AccessAnswer>;

/** Everyone, signed in or not. */
const everyone: Who = {
  anonymous: 'all',
  outsider: 'all',
  owner: 'all',
  trainer: 'all',
  accountant: 'all',
  player: 'all',
  guardian: 'all',
  superAdmin: 'all',
};
/** Whoever holds the secret token of the URL or body: only what it opens. */
const tokenHolder: Who = {
  anonymous: 'own',
  outsider: 'own',
  owner: 'own',
  trainer: 'own',
  accountant: 'own',
  player: 'own',
  guardian: 'own',
  superAdmin: 'own',
};
/** Every signed-in person, on shared reference data. */
const signedInAll: Who = { ...everyone, anonymous: 'no' };
/** Every signed-in person, on their own things (account, notifications, clubs). */
const signedInOwn: Who = { ...tokenHolder, anonymous: 'no' };
/** The super admin alone. */
const superAdminOnly: Who = {
  anonymous: 'no',
  outsider: 'no',
  owner: 'no',
  trainer: 'no',
  accountant: 'no',
  player: 'no',
  guardian: 'no',
  superAdmin: 'all',
};

/**
 * The members of the club, in the order owner, trainer, accountant, player, guardian (with
 * the demo club's role defaults); nobody outside it, and always the super admin.
 */
function members(
  owner: AccessAnswer,
  trainer: AccessAnswer,
  accountant: AccessAnswer,
  player: AccessAnswer,
  guardian: AccessAnswer,
): Who {
  return {
    anonymous: 'no',
    outsider: 'no',
    owner,
    trainer,
    accountant,
    player,
    guardian,
    superAdmin: 'all',
  };
}

const ownerOnly = members('all', 'no', 'no', 'no', 'no');
/** The people who keep the club's money: the owner and the accountant. */
const moneyStaff = members('all', 'no', 'all', 'no', 'no');
/** The money a family sees: staff everything, a player and a guardian their own. */
const moneyReaders = members('all', 'no', 'all', 'own', 'own');
/** Reading the calendar: staff everything, a trainer their categories, families their own. */
const calendarReaders = members('all', 'own', 'no', 'own', 'own');
/** Running sessions: the owner, and a trainer for the categories they train. */
const sessionManagers = members('all', 'own', 'no', 'no', 'no');

/** The path of a club-scoped route, up to the club. */
export const CLUB_PATH = '/api/pla_club_teams/:id';
const C = CLUB_PATH;

/** The rows of one part of the API, under the heading docs/access-control.md shows. */
const group = (title: string, rows: Omit<AccessRow, 'group'>[]): AccessRow[] =>
  rows.map((row) => ({ ...row, group: title }));
const permission = (name: PermissionName) => ({ permission: name });

export const accessTable: readonly AccessRow[] = [
  ...group('Public site, health, API documentation', [
    {
      route: 'GET /api/docs*',
      operation: 'Read the API documentation',
      requires: 'public',
      who: everyone,
    },
    {
      route: 'GET /api/health',
      operation: 'Check the service is up',
      requires: 'public',
      who: everyone,
    },
    {
      route: 'GET /api/health/live',
      operation: 'Check the process is alive (load balancer)',
      requires: 'public',
      who: everyone,
    },
    {
      route: 'GET /api/health/ready',
      operation: 'Check the server can serve: database, storage, queue (load balancer)',
      requires: 'public',
      who: everyone,
    },
    {
      // Outside /api: the only route of the table that is not part of the API.
      route: 'GET /metrics',
      operation: 'Read the Prometheus metrics (METRICS_TOKEN as bearer; 404 while unset)',
      requires: 'token',
      who: tokenHolder,
    },
    {
      route: 'GET /api/config',
      operation: 'Read the public app configuration',
      requires: 'public',
      who: everyone,
    },
    {
      route: 'GET /api/plans',
      operation: 'List the subscription plans',
      requires: 'public',
      who: everyone,
    },
    {
      route: 'POST /api/contact-messages',
      operation: 'Send a message from the contact form',
      requires: 'public',
      who: everyone,
    },
    {
      route: 'GET /api/blog-posts',
      operation: 'List the published blog posts',
      requires: 'public',
      who: everyone,
    },
    {
      route: 'GET /api/blog-posts/:slug',
      operation: 'Read a published blog post',
      requires: 'public',
      who: everyone,
    },
    {
      route: 'GET /api/site-pages/:slug',
      operation: 'Read a page of the public site',
      requires: 'public',
      who: everyone,
    },
    {
      route: 'GET /api/help-articles',
      operation: 'List the help articles',
      requires: 'public',
      who: everyone,
    },
    {
      route: 'GET /api/files/covers/:name',
      operation: 'Read a blog cover image',
      requires: 'public',
      who: everyone,
    },
    {
      route: 'GET /api/files/photos/:name',
      operation: 'Read a profile photo by its unguessable name',
      requires: 'token',
      who: tokenHolder,
    },
  ]),
  ...group('Sign-up, sign-in, password', [
    {
      route: 'POST /api/register',
      operation: 'Create an account',
      requires: 'public',
      who: everyone,
    },
    { route: 'POST /api/login', operation: 'Sign in', requires: 'public', who: everyone },
    { route: 'POST /api/logout', operation: 'Sign out', requires: 'public', who: everyone },
    {
      route: 'POST /api/logout-all',
      operation: 'Sign out of every device',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'POST /api/forgot-password',
      operation: 'Ask for a password reset e-mail',
      requires: 'public',
      who: everyone,
    },
    {
      route: 'POST /api/reset-password',
      operation: 'Reset the password with the e-mailed token',
      requires: 'token',
      who: tokenHolder,
    },
  ]),
  ...group('The signed-in person', [
    {
      route: 'GET /api/user',
      operation: 'Read oneself, one’s clubs and permissions',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/user/permissions',
      operation: 'Read one’s permissions in the working club',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/user/available-modules',
      operation: 'List the modules one may open',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/onboarding/status',
      operation: 'Read one’s onboarding progress',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'POST /api/onboarding/step/:step',
      operation: 'Save an onboarding step',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'PUT /api/onboarding/complete',
      operation: 'Finish the onboarding',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/onboarding/flow/:role',
      operation: 'Read the onboarding steps of a role',
      requires: 'signed-in',
      who: signedInAll,
    },
    {
      route: 'GET /api/profile/completion',
      operation: 'Read how complete one’s profile is',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'PUT /api/profile/update-step',
      operation: 'Save a step of one’s profile',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/profile/required-fields/:role',
      operation: 'Read the profile fields a role needs',
      requires: 'signed-in',
      who: signedInAll,
    },
    {
      route: 'POST /api/profile/photo',
      operation: 'Upload one’s profile photo',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/profile/medical',
      operation: 'Read one’s medical data',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'PUT /api/profile/medical',
      operation: 'Save one’s medical data',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/account',
      operation: 'Read one’s account',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'POST /api/account/password',
      operation: 'Change one’s password',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'POST /api/account/email',
      operation: 'Ask to change one’s e-mail',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'POST /api/account/email/confirm',
      operation: 'Confirm a new e-mail with the e-mailed token',
      requires: 'token',
      who: tokenHolder,
    },
    {
      route: 'POST /api/account/clubs/:id/leave',
      operation: 'Leave a club one belongs to',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/account/export',
      operation: 'Download one’s personal data',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'DELETE /api/account',
      operation: 'Delete one’s account',
      requires: 'signed-in',
      who: signedInOwn,
    },
  ]),
  ...group("Exports (one's own, issue #36)", [
    {
      route: 'GET /api/exports/:id',
      operation: 'Follow one’s queued export',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/exports/:id/file',
      operation: 'Download one’s finished export',
      requires: 'signed-in',
      who: signedInOwn,
    },
  ]),
  ...group("Notifications (one's own)", [
    {
      route: 'GET /api/notifications',
      operation: 'List one’s notifications',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/notifications/stats',
      operation: 'Count one’s notifications by kind',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/notifications/dropdown',
      operation: 'Read one’s latest notifications',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/notifications/unread-count',
      operation: 'Count one’s unread notifications',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'PATCH /api/notifications/mark-all-read',
      operation: 'Mark all one’s notifications read',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'PATCH /api/notifications/:id/read',
      operation: 'Mark one of one’s notifications read',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'PATCH /api/notifications/:id/archive',
      operation: 'Archive one of one’s notifications',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'DELETE /api/notifications/:id',
      operation: 'Delete one of one’s notifications',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/notifications/preferences',
      operation: 'Read one’s notification preferences',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'PUT /api/notifications/preferences',
      operation: 'Save one’s notification preferences',
      requires: 'signed-in',
      who: signedInOwn,
    },
  ]),
  ...group('Reference data', [
    {
      route: 'GET /api/modules',
      operation: 'List the modules',
      requires: 'signed-in',
      who: signedInAll,
    },
    {
      route: 'GET /api/permissions',
      operation: 'List the permissions',
      requires: 'signed-in',
      who: signedInAll,
    },
    {
      route: 'GET /api/modules/:id/access',
      operation: 'Ask whether one may open a module',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/modules/:id/permissions/:permission',
      operation: 'Ask whether one holds a permission of a module',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/admin/sports',
      operation: 'List the sports',
      requires: 'signed-in',
      who: signedInAll,
    },
    {
      route: 'GET /api/admin/frequencies',
      operation: 'List the payment frequencies',
      requires: 'signed-in',
      who: signedInAll,
    },
    {
      route: 'GET /api/admin/genders',
      operation: 'List the genders',
      requires: 'signed-in',
      who: signedInAll,
    },
    {
      route: 'GET /api/admin/countries',
      operation: 'List the countries',
      requires: 'signed-in',
      who: signedInAll,
    },
    {
      route: 'GET /api/admin/country/:id',
      operation: 'Read a country',
      requires: 'signed-in',
      who: signedInAll,
    },
    {
      route: 'GET /api/admin/country/:id/states',
      operation: 'List the states of a country',
      requires: 'signed-in',
      who: signedInAll,
    },
    {
      route: 'GET /api/admin/country/:id/state/:stateId/cities',
      operation: 'List the cities of a state',
      requires: 'signed-in',
      who: signedInAll,
    },
  ]),
  ...group('Modules and roles (Gestión de Roles)', [
    {
      route: 'GET /api/admin/modules',
      operation: 'List the modules to configure',
      requires: permission('settings.manage'),
      who: ownerOnly,
    },
    {
      route: 'POST /api/admin/modules',
      operation: 'Create a module',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'PUT /api/admin/modules/:id',
      operation: 'Edit a module',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'DELETE /api/admin/modules/:id',
      operation: 'Delete a module',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'PUT /api/admin/modules/:id/toggle',
      operation: 'Switch a module on or off for the platform',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/modules/:id/permissions',
      operation: 'List the permissions of a module',
      requires: permission('settings.manage'),
      who: ownerOnly,
    },
    {
      route: 'GET /api/admin/roles',
      operation: 'List the roles to configure',
      requires: permission('settings.manage'),
      who: ownerOnly,
    },
    {
      route: 'POST /api/admin/roles/permissions',
      operation: 'Change what a role may do in a club',
      requires: permission('settings.manage'),
      who: members('own', 'no', 'no', 'no', 'no'),
    },
    {
      route: 'GET /api/admin/roles/:id/configuration',
      operation: 'Read what a role may do in a club',
      requires: permission('settings.manage'),
      who: members('own', 'no', 'no', 'no', 'no'),
    },
  ]),
  ...group('Clubs', [
    {
      route: 'GET /api/pla_club_teams',
      operation: 'List one’s clubs',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'POST /api/pla_club_teams',
      operation: 'Create a club',
      requires: 'signed-in',
      who: signedInAll,
    },
    {
      route: `GET ${C}`,
      operation: 'Read the club',
      requires: permission('club.view'),
      who: ownerOnly,
    },
    {
      route: `PATCH ${C}`,
      operation: 'Edit the club',
      requires: permission('club.update'),
      who: ownerOnly,
    },
    {
      route: `DELETE ${C}`,
      operation: 'Archive the club',
      requires: permission('club.delete'),
      who: ownerOnly,
    },
    {
      route: `GET ${C}/subscription`,
      operation: 'Read the club’s subscription',
      requires: permission('club.view'),
      who: ownerOnly,
    },
    {
      route: `GET ${C}/settings`,
      operation: 'Read the club’s settings',
      requires: permission('settings.manage'),
      who: ownerOnly,
    },
    {
      route: `PATCH ${C}/settings`,
      operation: 'Change the club’s settings',
      requires: permission('settings.manage'),
      who: ownerOnly,
    },
  ]),
  ...group("The club's people, roles and invitations", [
    {
      route: `GET ${C}/members`,
      operation: 'List the club’s people and their roles',
      requires: permission('settings.manage'),
      who: ownerOnly,
    },
    {
      route: `GET ${C}/members/export`,
      operation: 'Export the club’s people and their roles',
      requires: permission('settings.manage'),
      who: ownerOnly,
    },
    {
      route: `POST ${C}/members/export`,
      operation: 'Export the club’s people and their roles through the job queue',
      requires: permission('settings.manage'),
      who: ownerOnly,
    },
    {
      route: `PUT ${C}/members/:userId/roles`,
      operation: 'Change a person’s roles in the club',
      requires: permission('settings.manage'),
      who: ownerOnly,
    },
    {
      route: `POST ${C}/invitations`,
      operation: 'Invite a person to the club',
      requires: permission('settings.manage'),
      who: ownerOnly,
    },
    {
      route: `GET ${C}/invitations`,
      operation: 'List the pending invitations',
      requires: permission('settings.manage'),
      who: ownerOnly,
    },
    {
      route: `DELETE ${C}/invitations/:invitationId`,
      operation: 'Revoke an invitation',
      requires: permission('settings.manage'),
      who: ownerOnly,
    },
    {
      route: 'GET /api/invitations/:token',
      operation: 'Read an invitation by its token',
      requires: 'token',
      who: tokenHolder,
    },
    {
      route: 'POST /api/invitations/:token/accept',
      operation: 'Accept an invitation',
      requires: 'token',
      who: tokenHolder,
    },
    {
      route: 'POST /api/invitations/:token/reject',
      operation: 'Decline an invitation',
      requires: 'token',
      who: tokenHolder,
    },
  ]),
  ...group('Categories', [
    {
      route: `GET ${C}/categories`,
      operation: 'List the categories',
      requires: permission('categories.view'),
      who: ownerOnly,
    },
    {
      route: `GET ${C}/categories/export`,
      operation: 'Export the categories',
      requires: permission('categories.view'),
      who: ownerOnly,
    },
    {
      route: `POST ${C}/categories/export`,
      operation: 'Export the categories through the job queue',
      requires: permission('categories.view'),
      who: ownerOnly,
    },
    {
      route: `POST ${C}/categories`,
      operation: 'Create a category',
      requires: permission('categories.create'),
      who: ownerOnly,
    },
    {
      route: `PATCH ${C}/categories/:categoryId`,
      operation: 'Edit a category',
      requires: permission('categories.update'),
      who: ownerOnly,
    },
    {
      route: `DELETE ${C}/categories/:categoryId`,
      operation: 'Delete a category',
      requires: permission('categories.delete'),
      who: ownerOnly,
    },
    {
      route: `GET ${C}/categories-birthday/:birthday/gender/:gender`,
      operation: 'Find the categories a birth date and gender fit',
      requires: permission('categories.view'),
      who: ownerOnly,
    },
    {
      route: `PATCH ${C}/categories/:categoryId/players`,
      operation: 'Assign players to a category',
      requires: permission('categories.update'),
      who: ownerOnly,
    },
    {
      route: `PATCH ${C}/categories/:categoryId/trainers`,
      operation: 'Assign trainers to a category',
      requires: permission('categories.update'),
      who: ownerOnly,
    },
  ]),
  ...group('Players and their families', [
    {
      route: `GET ${C}/players`,
      operation: 'List the players',
      requires: permission('players.view'),
      who: members('all', 'own', 'no', 'no', 'own'),
    },
    {
      route: `GET ${C}/players/export`,
      operation: 'Export the players (a trainer: of their categories; a guardian: their children)',
      requires: permission('players.view'),
      who: members('all', 'own', 'no', 'no', 'own'),
    },
    {
      route: `POST ${C}/players/export`,
      operation: 'Export the players (a trainer: of their categories; a guardian: their children) through the job queue',
      requires: permission('players.view'),
      who: members('all', 'own', 'no', 'no', 'own'),
    },
    {
      route: `POST ${C}/players`,
      operation: 'Register a player',
      requires: permission('players.create'),
      who: ownerOnly,
    },
    {
      route: `GET ${C}/players/:playerId`,
      operation: 'Read a player',
      requires: permission('players.view'),
      who: members('all', 'own', 'no', 'no', 'own'),
    },
    {
      route: `PATCH ${C}/players/:playerId`,
      operation: 'Edit a player',
      requires: permission('players.update'),
      who: ownerOnly,
    },
    {
      route: `PATCH ${C}/players/:playerId/status`,
      operation: 'Activate or deactivate a player',
      requires: permission('players.update'),
      who: ownerOnly,
    },
    {
      route: `DELETE ${C}/players/:playerId`,
      operation: 'Remove a player from the club',
      requires: permission('players.delete'),
      who: ownerOnly,
    },
    {
      route: `POST ${C}/players/:playerId/photo`,
      operation: 'Upload a player’s photo',
      requires: permission('players.update'),
      who: ownerOnly,
    },
    {
      route: `GET ${C}/players/:playerId/guardians`,
      operation: 'List a player’s guardians',
      requires: permission('players.view'),
      who: members('all', 'own', 'no', 'no', 'own'),
    },
    {
      route: `GET ${C}/player-imports/template`,
      operation: 'Download the players import template',
      requires: permission('players.create'),
      who: ownerOnly,
    },
    {
      route: `POST ${C}/player-imports/preview`,
      operation: 'Check a players import file',
      requires: permission('players.create'),
      who: ownerOnly,
    },
    {
      route: `POST ${C}/player-imports`,
      operation: 'Import players from a file',
      requires: permission('players.create'),
      who: ownerOnly,
    },
    {
      route: 'GET /api/validate-document',
      operation:
        'Check a document number while registering a player or trainer (players/trainers create or update in the club of the query)',
      requires: 'signed-in',
      who: ownerOnly,
    },
    {
      route: 'POST /api/parents/invite',
      operation: 'Invite a guardian for a player (players.update in the club of the body)',
      requires: 'signed-in',
      who: ownerOnly,
    },
    {
      route: 'POST /api/parents/register/:token',
      operation: 'Register as a guardian with the invitation token',
      requires: 'token',
      who: tokenHolder,
    },
    {
      route: 'PUT /api/parents/child/:id/authorize',
      operation: 'Authorise or deny a guardian link of one’s own',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'POST /api/parents/child/:id/invite-guardian',
      operation:
        'Invite another adult as guardian of one’s own child (the authorised primary guardian)',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'PUT /api/parents/child/:id/photo-consent',
      operation: 'Give or withdraw photo consent for one’s child',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'GET /api/parents/children',
      operation: 'List one’s children',
      requires: 'signed-in',
      who: signedInOwn,
    },
    {
      route: 'PUT /api/parents/child/:id/identity',
      operation:
        'Change the identity (names, document, birth date, gender) of a child one is the authorised guardian of',
      requires: 'signed-in',
      who: signedInOwn,
    },
  ]),
  ...group('Link requests (adding a person who belongs elsewhere)', [
    {
      route: `GET ${C}/link-requests`,
      operation: 'List the link requests the club sent (trainer requests with trainers.create)',
      requires: permission('players.create'),
      who: ownerOnly,
    },
    {
      route: `DELETE ${C}/link-requests/:requestId`,
      operation: 'Withdraw a pending link request',
      requires: permission('players.create'),
      who: ownerOnly,
    },
    {
      route: 'GET /api/link-requests',
      operation: 'List the link requests one may answer, for oneself or for one’s minor child',
      requires: 'signed-in',
      who: signedInOwn,
    },
    ...(['accept', 'decline'] as const).map((answer) => ({
      route: `POST /api/link-requests/:requestId/${answer}`,
      operation: `${answer === 'accept' ? 'Accept' : 'Decline'} a link request, for oneself or for one’s minor child`,
      requires: 'signed-in' as const,
      who: signedInOwn,
    })),
    {
      route: 'GET /api/link-requests/by-token/:token',
      operation: 'Read a link request from its e-mailed link',
      requires: 'token',
      who: tokenHolder,
    },
    ...(['accept', 'decline'] as const).map((answer) => ({
      route: `POST /api/link-requests/by-token/:token/${answer}`,
      operation: `${answer === 'accept' ? 'Accept' : 'Decline'} a link request from its e-mailed link`,
      requires: 'token' as const,
      who: tokenHolder,
    })),
  ]),
  ...group('Trainers', [
    {
      route: `GET ${C}/trainers`,
      operation: 'List the trainers',
      requires: permission('trainers.view'),
      who: ownerOnly,
    },
    {
      route: `GET ${C}/trainers/export`,
      operation: 'Export the trainers',
      requires: permission('trainers.view'),
      who: ownerOnly,
    },
    {
      route: `POST ${C}/trainers/export`,
      operation: 'Export the trainers through the job queue',
      requires: permission('trainers.view'),
      who: ownerOnly,
    },
    {
      route: `POST ${C}/trainers`,
      operation: 'Register a trainer',
      requires: permission('trainers.create'),
      who: ownerOnly,
    },
    {
      route: `PATCH ${C}/trainers/:trainerId`,
      operation: 'Edit a trainer',
      requires: permission('trainers.update'),
      who: ownerOnly,
    },
    {
      route: `PATCH ${C}/trainers/:trainerId/status`,
      operation: 'Activate or deactivate a trainer',
      requires: permission('trainers.update'),
      who: ownerOnly,
    },
    {
      route: `DELETE ${C}/trainers/:trainerId`,
      operation: 'Remove a trainer from the club',
      requires: permission('trainers.delete'),
      who: ownerOnly,
    },
  ]),
  ...group('Announcements', [
    {
      route: `POST ${C}/announcements`,
      operation: 'Send an announcement',
      requires: permission('communications.create'),
      who: ownerOnly,
    },
    {
      route: `GET ${C}/announcements`,
      operation: 'List the announcements (a member: those addressed to them)',
      requires: permission('communications.view'),
      who: members('all', 'own', 'no', 'no', 'own'),
    },
  ]),
  ...group('Money: charges, discounts, payment methods', [
    {
      route: `GET ${C}/charges`,
      operation: 'List the charges (a family: those that bill it)',
      requires: permission('payments.view'),
      who: moneyReaders,
    },
    {
      route: `GET ${C}/charges/export`,
      operation: 'Export the charges (a family: those that bill it)',
      requires: permission('payments.view'),
      who: moneyReaders,
    },
    {
      route: `POST ${C}/charges/export`,
      operation: 'Export the charges (a family: those that bill it) through the job queue',
      requires: permission('payments.view'),
      who: moneyReaders,
    },
    {
      route: `POST ${C}/charges`,
      operation: 'Create a charge',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `PATCH ${C}/charges/:chargeId`,
      operation: 'Edit a charge',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `PATCH ${C}/charges/:chargeId/status`,
      operation: 'Activate or deactivate a charge',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `DELETE ${C}/charges/:chargeId`,
      operation: 'Delete a charge',
      requires: permission('payments.delete'),
      who: moneyStaff,
    },
    {
      route: `GET ${C}/discounts`,
      operation: 'List the discounts (a family: those that apply to it)',
      requires: permission('payments.view'),
      who: moneyReaders,
    },
    {
      route: `GET ${C}/discounts/export`,
      operation: 'Export the discounts (a family: those that apply to it)',
      requires: permission('payments.view'),
      who: moneyReaders,
    },
    {
      route: `POST ${C}/discounts/export`,
      operation: 'Export the discounts (a family: those that apply to it) through the job queue',
      requires: permission('payments.view'),
      who: moneyReaders,
    },
    {
      route: `POST ${C}/discounts`,
      operation: 'Create a discount',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `PATCH ${C}/discounts/:discountId`,
      operation: 'Edit a discount',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `PATCH ${C}/discounts/:discountId/status`,
      operation: 'Activate or deactivate a discount',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `DELETE ${C}/discounts/:discountId`,
      operation: 'Delete a discount',
      requires: permission('payments.delete'),
      who: moneyStaff,
    },
    {
      route: `GET ${C}/discounts/:discountId/players`,
      operation: 'List the players who hold a discount',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `PATCH ${C}/discounts/:discountId/players`,
      operation: 'Choose the players a discount applies to',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `GET ${C}/payment-methods`,
      operation: 'List the club’s payment methods',
      requires: permission('payments.view'),
      who: members('all', 'no', 'all', 'all', 'all'),
    },
    {
      route: `PUT ${C}/payment-methods/:methodId`,
      operation: 'Configure a payment method',
      requires: permission('settings.manage'),
      who: ownerOnly,
    },
  ]),
  ...group('Money: payments', [
    {
      route: `GET ${C}/payments`,
      operation: 'List the payments (a family: its own)',
      requires: permission('payments.view'),
      who: moneyReaders,
    },
    {
      route: `GET ${C}/payments/export`,
      operation: 'Export the payments (a family: its own)',
      requires: permission('payments.view'),
      who: moneyReaders,
    },
    {
      route: `POST ${C}/payments/export`,
      operation: 'Export the payments (a family: its own) through the job queue',
      requires: permission('payments.view'),
      who: moneyReaders,
    },
    {
      route: `GET ${C}/payments/summary`,
      operation: 'Sum up the payments (a family: its own)',
      requires: permission('payments.view'),
      who: moneyReaders,
    },
    {
      route: `GET ${C}/payments/:paymentId`,
      operation: 'Read a payment and its history',
      requires: permission('payments.view'),
      who: moneyReaders,
    },
    {
      route: `POST ${C}/payments/:paymentId/proofs`,
      operation: 'Send a proof of payment',
      requires: permission('payments.create'),
      who: moneyReaders,
    },
    {
      route: `GET ${C}/payments/:paymentId/records/:recordId/proof`,
      operation: 'Download a proof of payment',
      requires: permission('payments.view'),
      who: moneyReaders,
    },
    {
      route: `GET ${C}/payments/:paymentId/receipt.pdf`,
      operation: 'Download a receipt',
      requires: permission('payments.view'),
      who: moneyReaders,
    },
    {
      route: `POST ${C}/payments/:paymentId/records`,
      operation: 'Register a payment received',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `POST ${C}/payments/:paymentId/records/:recordId/approve`,
      operation: 'Approve a proof of payment',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `POST ${C}/payments/:paymentId/records/:recordId/reject`,
      operation: 'Reject a proof of payment',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `POST ${C}/payments/:paymentId/cancel`,
      operation: 'Cancel a payment',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `POST ${C}/payments/:paymentId/exempt`,
      operation: 'Exempt a payment',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `POST ${C}/payments/bulk`,
      operation: 'Act on many payments at once',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `POST ${C}/payments/:paymentId/receipt-links`,
      operation: 'Share a receipt by link',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `GET ${C}/payments/:paymentId/receipt-links`,
      operation: 'List a receipt’s shared links',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `DELETE ${C}/payments/:paymentId/receipt-links/:linkId`,
      operation: 'Revoke a receipt’s shared link',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: 'GET /api/public/receipts/:token',
      operation: 'Read a receipt shared by link',
      requires: 'token',
      who: tokenHolder,
    },
    {
      route: `POST ${C}/payments/generation/preview`,
      operation: 'Preview the period’s payments',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
    {
      route: `POST ${C}/payments/generation`,
      operation: 'Generate the period’s payments',
      requires: permission('payments.update'),
      who: moneyStaff,
    },
  ]),
  ...group('Calendar: sessions, attendance, call-ups, feeds', [
    {
      route: `GET ${C}/sessions`,
      operation: 'List the sessions',
      requires: permission('sessions.view'),
      who: calendarReaders,
    },
    {
      route: `GET ${C}/sessions/:sessionId`,
      operation: 'Read a session',
      requires: permission('sessions.view'),
      who: calendarReaders,
    },
    {
      route: `GET ${C}/sessions/choices`,
      operation: 'List the categories and places a session may use',
      requires: permission('sessions.view'),
      who: calendarReaders,
    },
    {
      route: `POST ${C}/sessions`,
      operation: 'Plan a session',
      requires: permission('sessions.create'),
      who: sessionManagers,
    },
    {
      route: `PATCH ${C}/sessions/:sessionId`,
      operation: 'Edit a session',
      requires: permission('sessions.update'),
      who: sessionManagers,
    },
    {
      route: `POST ${C}/sessions/:sessionId/cancel`,
      operation: 'Cancel a session',
      requires: permission('sessions.update'),
      who: sessionManagers,
    },
    {
      route: `DELETE ${C}/sessions/:sessionId`,
      operation: 'Delete a session',
      requires: permission('sessions.delete'),
      who: ownerOnly,
    },
    {
      route: `PUT ${C}/sessions/:sessionId/result`,
      operation: 'Record a match result',
      requires: permission('sessions.update'),
      who: sessionManagers,
    },
    {
      route: `GET ${C}/sessions/:sessionId/attendance`,
      operation: 'Read a session’s attendance',
      requires: permission('sessions.view'),
      who: calendarReaders,
    },
    {
      route: `PUT ${C}/sessions/:sessionId/attendance`,
      operation: 'Take attendance',
      requires: permission('sessions.update'),
      who: sessionManagers,
    },
    {
      route: `POST ${C}/sessions/:sessionId/attendance/close`,
      operation: 'Close the attendance',
      requires: permission('sessions.update'),
      who: sessionManagers,
    },
    {
      route: `POST ${C}/sessions/:sessionId/attendance/reopen`,
      operation: 'Reopen the attendance',
      requires: permission('sessions.update'),
      who: sessionManagers,
    },
    {
      route: `GET ${C}/attendance-figures`,
      operation: 'Read the attendance figures',
      requires: permission('sessions.view'),
      who: calendarReaders,
    },
    {
      route: `GET ${C}/sessions/:sessionId/call-ups`,
      operation: 'Read a session’s call-ups',
      requires: permission('sessions.view'),
      who: calendarReaders,
    },
    {
      route: `PUT ${C}/sessions/:sessionId/call-ups`,
      operation: 'Call up players',
      requires: permission('sessions.update'),
      who: sessionManagers,
    },
    {
      route: `POST ${C}/sessions/:sessionId/call-ups/remind`,
      operation: 'Remind the called-up players',
      requires: permission('sessions.update'),
      who: sessionManagers,
    },
    {
      route: `POST ${C}/sessions/:sessionId/call-ups/:playerId/answer`,
      operation: 'Answer a call-up (a family: for its own player)',
      requires: permission('sessions.view'),
      who: calendarReaders,
    },
    {
      route: `POST ${C}/calendar-feeds`,
      operation: 'Create one’s calendar feed link',
      requires: permission('sessions.view'),
      who: calendarReaders,
    },
    {
      route: `GET ${C}/calendar-feeds`,
      operation: 'List one’s calendar feed links',
      requires: permission('sessions.view'),
      who: calendarReaders,
    },
    {
      route: `DELETE ${C}/calendar-feeds/:feedId`,
      operation: 'Revoke one’s calendar feed link',
      requires: permission('sessions.view'),
      who: calendarReaders,
    },
    {
      route: 'GET /api/calendar-feeds/:token.ics',
      operation: 'Read a calendar feed by its token',
      requires: 'token',
      who: tokenHolder,
    },
  ]),
  ...group('Dashboards (a role in the working club)', [
    {
      route: 'GET /api/dashboard/club-owner',
      operation: 'Read the owner’s dashboard',
      requires: { role: 'Propietario del Club' },
      who: ownerOnly,
    },
    {
      route: 'GET /api/dashboard/accountant',
      operation: 'Read the accountant’s dashboard',
      requires: { role: 'Contador' },
      who: members('no', 'no', 'all', 'no', 'no'),
    },
    {
      route: 'GET /api/dashboard/trainer',
      operation: 'Read the trainer’s dashboard',
      requires: { role: 'Entrenador' },
      who: members('no', 'own', 'no', 'no', 'no'),
    },
    {
      route: 'GET /api/dashboard/player',
      operation: 'Read the player’s dashboard',
      requires: { role: 'Jugador' },
      who: members('no', 'no', 'no', 'own', 'no'),
    },
    {
      route: 'GET /api/dashboard/parent',
      operation: 'Read the guardian’s dashboard',
      requires: { role: 'Padre/Acudiente' },
      who: members('no', 'no', 'no', 'no', 'own'),
    },
    {
      route: 'GET /api/dashboard/super-admin',
      operation: 'Read the platform dashboard',
      requires: { role: 'Super Admin' },
      who: superAdminOnly,
    },
  ]),
  ...group('The platform (super admin)', [
    {
      route: 'POST /api/admin/system-alerts',
      operation: 'Send a system alert',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/system-alerts',
      operation: 'List the system alerts',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/blog-posts/cover',
      operation: 'Upload a blog cover',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/blog-posts',
      operation: 'List the blog posts',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/blog-posts/export',
      operation: 'Export the blog posts',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/blog-posts/export',
      operation: 'Export the blog posts through the job queue',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/blog-posts',
      operation: 'Write a blog post',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/blog-posts/:id',
      operation: 'Read a blog post',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'PUT /api/admin/blog-posts/:id',
      operation: 'Edit a blog post',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'PATCH /api/admin/blog-posts/:id/status',
      operation: 'Publish or withdraw a blog post',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'DELETE /api/admin/blog-posts/:id',
      operation: 'Delete a blog post',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/markdown-preview',
      operation: 'Preview Markdown',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/site-pages',
      operation: 'List the site pages',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/site-pages/:slug',
      operation: 'Read a site page',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'PUT /api/admin/site-pages/:slug',
      operation: 'Edit a site page',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/help-articles',
      operation: 'Write a help article',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'DELETE /api/admin/help-articles/:slug',
      operation: 'Delete a help article',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/clubs',
      operation: 'List every club',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/clubs/export',
      operation: 'Export every club',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/clubs/export',
      operation: 'Export every club through the job queue',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/clubs/:id/suspend',
      operation: 'Suspend a club',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/clubs/:id/reactivate',
      operation: 'Reactivate a club',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/users',
      operation: 'List every user',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/users/export',
      operation: 'Export every user',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/users/export',
      operation: 'Export every user through the job queue',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/users/:id/memberships',
      operation: 'List a user’s clubs',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/users/:id/lock',
      operation: 'Lock a user',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/users/:id/unlock',
      operation: 'Unlock a user',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/users/:id/password-reset',
      operation: 'Send a user a password reset',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/audit-log',
      operation: 'Read the audit log',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/audit-log/export',
      operation: 'Export the audit log',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/audit-log/export',
      operation: 'Export the audit log through the job queue',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/communications/preview',
      operation: 'Preview a platform communication',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/communications',
      operation: 'Send a platform communication',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/communications',
      operation: 'List the platform communications',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/communications/export',
      operation: 'Export the platform communications',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/communications/export',
      operation: 'Export the platform communications through the job queue',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/analytics',
      operation: 'Read the platform analytics',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/reports/:report.:format',
      operation: 'Download a platform report',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/platform-health',
      operation: 'Read the platform’s health',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/job-failures',
      operation: 'List the job queue’s failed jobs',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'POST /api/admin/job-failures/:queue/:id/retry',
      operation: 'Send a failed job again',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'GET /api/admin/platform-settings',
      operation: 'Read the platform settings',
      requires: 'super-admin',
      who: superAdminOnly,
    },
    {
      route: 'PUT /api/admin/platform-settings',
      operation: 'Change the platform settings',
      requires: 'super-admin',
      who: superAdminOnly,
    },
  ]),
];
