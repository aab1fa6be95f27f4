import { z } from 'zod';
import type { $ZodRegistry, $ZodType } from 'zod/v4/core';
import * as account from '../../contract/account.schema';
import * as adminClubs from '../../contract/admin-clubs.schema';
import * as adminUsers from '../../contract/admin-users.schema';
import * as analytics from '../../contract/analytics.schema';
import * as announcements from '../../contract/announcements.schema';
import * as apiError from '../../contract/api-error.schema';
import * as appConfig from '../../contract/app-config.schema';
import * as attendance from '../../contract/attendance.schema';
import * as auditLog from '../../contract/audit-log.schema';
import * as auth from '../../contract/auth.schema';
import * as blogCovers from '../../contract/blog-covers.schema';
import * as blogPosts from '../../contract/blog-posts.schema';
import * as calendarFeeds from '../../contract/calendar-feeds.schema';
import * as callUps from '../../contract/call-ups.schema';
import * as categories from '../../contract/categories.schema';
import * as charges from '../../contract/charges.schema';
import * as childIdentity from '../../contract/child-identity.schema';
import * as clubSettings from '../../contract/club-settings.schema';
import * as clubs from '../../contract/clubs.schema';
import * as coGuardians from '../../contract/co-guardians.schema';
import * as common from '../../contract/common.schema';
import * as communications from '../../contract/communications.schema';
import * as contactMessages from '../../contract/contact-messages.schema';
import * as dashboards from '../../contract/dashboards.schema';
import * as discountHolders from '../../contract/discount-holders.schema';
import * as discounts from '../../contract/discounts.schema';
import * as exportsContract from '../../contract/exports.schema';
import * as familyPayments from '../../contract/family-payments.schema';
import * as health from '../../contract/health.schema';
import * as invitations from '../../contract/invitations.schema';
import * as linkRequests from '../../contract/link-requests.schema';
import * as medicalData from '../../contract/medical-data.schema';
import * as members from '../../contract/members.schema';
import * as modules from '../../contract/modules.schema';
import * as notifications from '../../contract/notifications.schema';
import * as onboarding from '../../contract/onboarding.schema';
import * as parents from '../../contract/parents.schema';
import * as paymentActions from '../../contract/payment-actions.schema';
import * as paymentBulk from '../../contract/payment-bulk.schema';
import * as paymentDetails from '../../contract/payment-details.schema';
import * as paymentGeneration from '../../contract/payment-generation.schema';
import * as paymentMethods from '../../contract/payment-methods.schema';
import * as paymentProofs from '../../contract/payment-proofs.schema';
import * as payments from '../../contract/payments.schema';
import * as people from '../../contract/people.schema';
import * as plans from '../../contract/plans.schema';
import * as platformHealth from '../../contract/platform-health.schema';
import * as platformSettings from '../../contract/platform-settings.schema';
import * as playerImports from '../../contract/player-imports.schema';
import * as players from '../../contract/players.schema';
import * as profile from '../../contract/profile.schema';
import * as receipts from '../../contract/receipts.schema';
import * as reference from '../../contract/reference.schema';
import * as reports from '../../contract/reports.schema';
import * as roles from '../../contract/roles.schema';
import * as sessionChoices from '../../contract/session-choices.schema';
import * as sessions from '../../contract/sessions.schema';
import * as sitePages from '../../contract/site-pages.schema';
import * as trainers from '../../contract/trainers.schema';
import * as users from '../../contract/users.schema';

/*
 * The contract's zod schemas as named OpenAPI components (issue #35 item 7): a body or an
 * answer that is a contract export becomes `$ref: '#/components/schemas/<Name>'`, so a
 * client generated from the document gets `Player` or `PaymentList` instead of anonymous
 * types. The name is the export's without `Schema` (`playerListSchema` → `PlayerList`).
 * tests/api/openapi.test.ts fails when a contract module with schemas is missing here.
 */

/** Every contract module that exports zod schemas, keyed by its name (the prefix of a clash). */
export const contractModules: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  account,
  adminClubs,
  adminUsers,
  analytics,
  announcements,
  apiError,
  appConfig,
  attendance,
  auditLog,
  auth,
  blogCovers,
  blogPosts,
  calendarFeeds,
  callUps,
  categories,
  charges,
  childIdentity,
  clubSettings,
  clubs,
  coGuardians,
  common,
  communications,
  contactMessages,
  dashboards,
  discountHolders,
  discounts,
  exports: exportsContract,
  familyPayments,
  health,
  invitations,
  linkRequests,
  medicalData,
  members,
  modules,
  notifications,
  onboarding,
  parents,
  paymentActions,
  paymentBulk,
  paymentDetails,
  paymentGeneration,
  paymentMethods,
  paymentProofs,
  payments,
  people,
  plans,
  platformHealth,
  platformSettings,
  playerImports,
  players,
  profile,
  receipts,
  reference,
  reports,
  roles,
  sessionChoices,
  sessions,
  sitePages,
  trainers,
  users,
};

/** The component name of a contract export: `playerListSchema` → `PlayerList`. */
const componentNameOf = (exportName: string) =>
  exportName.replace(/Schema$/, '').replace(/^./, (first) => first.toUpperCase());

const pascal = (key: string) => key.replace(/^./, (first) => first.toUpperCase());

/**
 * Metadata of a schema the docs registry does not name: the global registry's (where
 * `.describe()` and `.meta()` write), so descriptions still reach the document. The ids
 * stay out of the global registry: z.toJSONSchema elsewhere (the fast serializer) would
 * otherwise start emitting `$ref`s.
 */
class MetadataWithGlobalFallback<V> extends WeakMap<$ZodType, V> {
  override get(schema: $ZodType): V | undefined {
    return super.get(schema) ?? (z.globalRegistry._map.get(schema) as V | undefined);
  }

  override has(schema: $ZodType): boolean {
    return super.has(schema) || z.globalRegistry._map.has(schema);
  }
}

let registry: $ZodRegistry<{ id: string }> | undefined;

/**
 * The registry naming every contract export that is a zod schema and whose name ends in
 * `Schema`; a schema exported twice keeps its first name, and a name two modules share is
 * prefixed with the second module's (`ReferenceDocumentType`). Built once, on the first
 * request for the document, never when the app starts.
 */
export function contractComponents(): $ZodRegistry<{ id: string }> {
  if (registry) return registry;
  const built = z.registry<{ id: string }>();
  built._map = new MetadataWithGlobalFallback();
  const named = new Set<unknown>();
  for (const [moduleName, exports] of Object.entries(contractModules)) {
    for (const [exportName, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodType) || !exportName.endsWith('Schema') || named.has(value)) {
        continue;
      }
      let id = componentNameOf(exportName);
      if (built._idmap.has(id)) id = pascal(moduleName) + id;
      built.add(value, { ...z.globalRegistry.get(value), id });
      named.add(value);
    }
  }
  registry = built;
  return registry;
}
