/*
 * The `operationId` of every API operation (issue #35 item 7), derived in one place from
 * the method and the path, so a generated client has `listClubPlayers()` or
 * `approveClubPaymentRecord()` and no route file has to name itself:
 *
 *   GET    /api/pla_club_teams/:id/players            listClubPlayers
 *   POST   /api/pla_club_teams/:id/players            createClubPlayer
 *   GET    /api/pla_club_teams/:id/players/:playerId  getClubPlayer
 *   PATCH  /api/pla_club_teams/:id/players/:playerId  updateClubPlayer
 *   POST   /api/…/records/:recordId/approve           approveClubPaymentRecord
 *   GET    /api/pla_club_teams/:id/players/export     exportClubPlayers
 *   POST   /api/pla_club_teams/:id/players/export     queueExportClubPlayers
 *
 * Where the rule reads poorly, `operationIdOverrides` names the operation; a route may
 * also set `schema.operationId` itself, which wins over both.
 */

/** Last path words that are an action on what precedes them (`…/records/:recordId/approve`). */
const ACTIONS = new Set([
  'accept',
  'answer',
  'approve',
  'archive',
  'authorize',
  'cancel',
  'close',
  'complete',
  'confirm',
  'decline',
  'exempt',
  'export',
  'leave',
  'lock',
  'preview',
  'reactivate',
  'reject',
  'remind',
  'reopen',
  'suspend',
  'toggle',
  'unlock',
]);

/** Operations whose derived name is poor, by `METHOD /path` as Fastify registers them. */
export const operationIdOverrides: Readonly<Record<string, string>> = {
  'POST /api/register': 'register',
  'POST /api/login': 'login',
  'POST /api/logout': 'logout',
  'POST /api/logout-all': 'logoutEverywhere',
  'POST /api/forgot-password': 'requestPasswordReset',
  'POST /api/reset-password': 'resetPassword',
  'GET /api/user': 'getCurrentUser',
  'GET /api/admin/audit-log': 'listAdminAuditLogEntries',
  'GET /api/user/permissions': 'listCurrentUserPermissions',
  'GET /api/user/available-modules': 'listCurrentUserModules',
  'POST /api/onboarding/step/:step': 'saveOnboardingStep',
  'PUT /api/profile/update-step': 'saveProfileStep',
  'GET /api/profile/required-fields/:role': 'listProfileRequiredFields',
  'POST /api/profile/photo': 'uploadProfilePhoto',
  'GET /api/files/photos/:name': 'getPhotoFile',
  'GET /api/files/covers/:name': 'getCoverFile',
  'GET /api/config': 'getAppConfig',
  'GET /api/modules/:id/permissions/:permission': 'checkModulePermission',
  'POST /api/admin/roles/permissions': 'setAdminRolePermissions',
  'GET /api/admin/country/:id': 'getCountry',
  'GET /api/admin/country/:id/states': 'listCountryStates',
  'GET /api/admin/country/:id/state/:stateId/cities': 'listStateCities',
  'GET /api/admin/sports': 'listSports',
  'GET /api/admin/frequencies': 'listFrequencies',
  'GET /api/admin/genders': 'listGenders',
  'GET /api/admin/countries': 'listCountries',
  'PUT /api/pla_club_teams/:id/members/:userId/roles': 'setClubMemberRoles',
  'GET /api/pla_club_teams/:id/categories-birthday/:birthday/gender/:gender':
    'listClubCategoriesForBirthdayAndGender',
  'PATCH /api/pla_club_teams/:id/categories/:categoryId/players': 'assignClubCategoryPlayers',
  'PATCH /api/pla_club_teams/:id/categories/:categoryId/trainers': 'assignClubCategoryTrainers',
  'POST /api/pla_club_teams/:id/players/:playerId/photo': 'uploadClubPlayerPhoto',
  'GET /api/validate-document': 'validateDocument',
  'GET /api/link-requests/by-token/:token': 'getLinkRequestByToken',
  'POST /api/link-requests/by-token/:token/accept': 'acceptLinkRequestByToken',
  'POST /api/link-requests/by-token/:token/decline': 'declineLinkRequestByToken',
  'GET /api/pla_club_teams/:id/player-imports/template': 'getClubPlayerImportTemplate',
  'POST /api/pla_club_teams/:id/player-imports/preview': 'previewClubPlayerImport',
  'POST /api/pla_club_teams/:id/player-imports': 'importClubPlayers',
  'GET /api/notifications/stats': 'getNotificationStats',
  'GET /api/notifications/dropdown': 'listRecentNotifications',
  'GET /api/notifications/unread-count': 'getUnreadNotificationCount',
  'PATCH /api/notifications/mark-all-read': 'markAllNotificationsRead',
  'PATCH /api/notifications/:id/read': 'markNotificationRead',
  'GET /api/notifications/preferences': 'getNotificationPreferences',
  'PUT /api/notifications/preferences': 'updateNotificationPreferences',
  'PATCH /api/pla_club_teams/:id/discounts/:discountId/players': 'setClubDiscountPlayers',
  'GET /api/pla_club_teams/:id/payments/summary': 'getClubPaymentSummary',
  'POST /api/pla_club_teams/:id/payments/:paymentId/proofs': 'uploadClubPaymentProof',
  'POST /api/pla_club_teams/:id/payments/bulk': 'applyClubPaymentBulkAction',
  'GET /api/public/receipts/:token': 'getPublicReceiptPdf',
  'POST /api/pla_club_teams/:id/payments/generation/preview': 'previewClubPaymentGeneration',
  'POST /api/pla_club_teams/:id/payments/generation': 'generateClubPayments',
  'PUT /api/pla_club_teams/:id/sessions/:sessionId/result': 'setClubSessionResult',
  'GET /api/pla_club_teams/:id/sessions/choices': 'getClubSessionChoices',
  'PUT /api/pla_club_teams/:id/sessions/:sessionId/attendance': 'saveClubSessionAttendance',
  'GET /api/pla_club_teams/:id/attendance-figures': 'getClubAttendanceFigures',
  'GET /api/pla_club_teams/:id/sessions/:sessionId/call-ups': 'getClubSessionCallUps',
  'PUT /api/pla_club_teams/:id/sessions/:sessionId/call-ups': 'setClubSessionCallUps',
  'GET /api/calendar-feeds/:token.ics': 'getCalendarFeedIcs',
  'POST /api/contact-messages': 'sendContactMessage',
  'POST /api/account/password': 'changeAccountPassword',
  'POST /api/account/email': 'requestAccountEmailChange',
  'POST /api/account/email/confirm': 'confirmAccountEmailChange',
  'POST /api/account/clubs/:id/leave': 'leaveClub',
  'GET /api/account/export': 'exportAccountData',
  'GET /api/pla_club_teams/:id/settings': 'getClubSettings',
  'POST /api/admin/blog-posts/cover': 'uploadAdminBlogPostCover',
  'POST /api/admin/markdown-preview': 'previewMarkdown',
  'POST /api/admin/users/:id/password-reset': 'sendAdminUserPasswordReset',
  'POST /api/admin/communications/preview': 'previewAdminCommunication',
  'POST /api/admin/communications': 'sendAdminCommunication',
  'GET /api/admin/analytics': 'getAdminAnalytics',
  'GET /api/admin/reports/:report.:format': 'downloadAdminReport',
  'GET /api/admin/platform-health': 'getPlatformHealth',
  'POST /api/admin/job-failures/:queue/:id/retry': 'retryAdminJobFailure',
  'GET /api/admin/platform-settings': 'getPlatformSettings',
  'PUT /api/admin/platform-settings': 'updatePlatformSettings',
  'POST /api/parents/invite': 'inviteParent',
  'POST /api/parents/register/:token': 'registerParent',
  'PUT /api/parents/child/:id/authorize': 'authorizeChild',
  'POST /api/parents/child/:id/invite-guardian': 'inviteChildGuardian',
  'PUT /api/parents/child/:id/photo-consent': 'setChildPhotoConsent',
  'PUT /api/parents/child/:id/identity': 'updateChildIdentity',
  'GET /api/parents/children': 'listChildren',
  'GET /api/dashboard/club-owner': 'getClubOwnerDashboard',
  'GET /api/dashboard/accountant': 'getAccountantDashboard',
  'GET /api/dashboard/trainer': 'getTrainerDashboard',
  'GET /api/dashboard/player': 'getPlayerDashboard',
  'GET /api/dashboard/parent': 'getParentDashboard',
  'GET /api/dashboard/super-admin': 'getSuperAdminDashboard',
};

/** Path words: `pla_club_teams` is the club, `receipt.pdf` two words, `/api` none. */
const wordsOf = (segment: string) =>
  (segment === 'pla_club_teams' ? 'clubs' : segment).split(/[-_.]/).filter(Boolean);

const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('ses') || word.endsWith('xes')
      ? word.slice(0, -2)
      : word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')
        ? word.slice(0, -1)
        : word;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operationId the rule gives `method url` (a Fastify url: `/api/pla_club_teams/:id`).
 * Every path word before a parameter is singular (`clubs/:id` → Club); the verb comes
 * from the method, or from an action word at the end.
 */
export function derivedOperationId(method: string, url: string): string {
  const segments = url.replace(/^\/api\//, '').split('/');
  const endsWithParam = segments.at(-1)?.startsWith(':') ?? false;
  const nouns: string[] = [];
  segments.forEach((segment, index) => {
    if (segment.startsWith(':')) return;
    const words = wordsOf(segment);
    const beforeParam = segments[index + 1]?.startsWith(':') ?? false;
    if (beforeParam) words.push(singular(words.pop() ?? ''));
    nouns.push(...words);
  });
  let verb: string;
  const last = nouns.at(-1) ?? '';
  if (!endsWithParam && ACTIONS.has(last)) {
    verb = nouns.pop() ?? '';
    // The GET downloads the file; the POST beside it queues the same export.
    if (verb === 'export' && method === 'POST') verb = 'queueExport';
  } else if (method === 'GET') {
    verb = endsWithParam || singular(last) === last ? 'get' : 'list';
  } else if (method === 'POST') {
    verb = 'create';
    if (!endsWithParam) nouns.push(singular(nouns.pop() ?? ''));
  } else if (method === 'DELETE') {
    verb = 'delete';
  } else {
    verb = 'update';
  }
  return verb + nouns.map(capitalise).join('');
}

/** The operationId of `method url`: the override when there is one, the rule otherwise. */
export const operationIdOf = (method: string, url: string): string =>
  operationIdOverrides[`${method} ${url}`] ?? derivedOperationId(method, url);
