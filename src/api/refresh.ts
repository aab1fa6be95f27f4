import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clubScope } from './query-keys';

/*
 * What a write makes stale, in one table (issue #34 item 6: after importing players and
 * generating payments the dashboard still said '0 de 7 pasos', 0 players, $ 0 until a
 * reload). Every write names the resource it changed; the table says which cached reads
 * show it (lists, dashboards with the set-up checklist, counts, the platform's figures),
 * and `refreshAfter` marks them all stale. It runs from one place: the QueryClient's
 * MutationCache reads a mutation's `meta.invalidates` (query-client.ts), and a machine's
 * actor that calls the api directly calls `useRefreshAfter`'s function, which reads the
 * same table.
 */

/** The resources a write may change. */
export type ChangedResource =
  | 'players'
  | 'payments'
  | 'charges'
  | 'categories'
  | 'discounts'
  | 'trainers'
  | 'payment-methods'
  | 'sessions'
  | 'attendance'
  | 'call-ups'
  | 'members'
  | 'invitations'
  | 'link-requests'
  | 'announcements'
  | 'calendar-feeds'
  | 'club'
  // The roll call of a session read again on purpose (a list the server refused, dropped).
  | 'roll-call'
  // A family's own writes (parents' pages): the children, a proof, a co-guardian.
  | 'children'
  | 'payment-proofs'
  | 'guardians'
  // The signed-in person's answers and account.
  | 'account'
  | 'link-request-accepted'
  | 'link-request-declined'
  | 'invitation-answers'
  // The platform's (super admin) writes.
  | 'admin-users'
  | 'admin-clubs'
  | 'blog'
  | 'site-pages'
  | 'modules'
  | 'platform-settings'
  | 'communications'
  | 'job-failures';

/**
 * What a write changed: the resource and the club it belongs to (none for the person's
 * own and the platform's writes; then only the table's keys outside a club are refreshed).
 */
export interface Change {
  resource: ChangedResource;
  clubId?: number;
}

/** The club's own figures and the platform's, shown on the dashboards. */
const FIGURES = ['dashboards'] as const;
const PLATFORM_FIGURES: readonly QueryKey[] = [
  ['admin', 'dashboard'],
  ['admin', 'analytics'],
];

/** The family pages' reads: the guardian's children, their dashboards. */
const FAMILY: readonly QueryKey[] = [
  ['parents', 'children'],
  ['parents', 'dashboard'],
  ['dashboard', 'player'],
];
/** The person's clubs (the club switcher, /home/club-team) and account. */
const OWN_CLUBS: readonly QueryKey[] = [['clubs'], ['account']];
/** Every super-admin write is written to the audit log. */
const AUDIT_LOG: QueryKey = ['admin', 'audit-log'];

interface Affected {
  /** Resources cached under the club (`clubScope(clubId, name)`). */
  club?: readonly string[];
  /** Keys outside the club's scope. */
  global?: readonly QueryKey[];
  /** A part any affected key holds, wherever it sits (a club's or the platform's). */
  anyKeyWith?: readonly string[];
  /**
   * Whether the write may create notifications for the signed-in person or change their
   * read state: the notifications actor (not in the query cache) polls at once.
   */
  notifications?: boolean;
}

/**
 * What each resource's writes make stale. The owner's dashboard carries the set-up
 * checklist ('n de 7 pasos'), so every resource one of its steps counts lists `dashboards`.
 */
export const AFFECTED_BY: Record<ChangedResource, Affected> = {
  players: {
    club: [
      'players',
      'categories',
      'link-requests',
      'payment-generation-preview',
      'call-ups',
      'subscription',
      ...FIGURES,
    ],
    global: PLATFORM_FIGURES,
  },
  payments: {
    club: ['payments', 'payment-generation-preview', ...FIGURES],
    global: [['parents', 'dashboard'], ...PLATFORM_FIGURES],
  },
  charges: {
    club: ['charges', 'discounts', 'payment-generation-preview', ...FIGURES],
  },
  categories: {
    club: [
      'categories',
      'categories-birthday',
      'players',
      'charges',
      'session-choices',
      ...FIGURES,
    ],
  },
  discounts: {
    club: ['discounts', 'charges', 'players', 'payment-generation-preview', ...FIGURES],
  },
  trainers: {
    club: ['trainers', 'categories', 'link-requests', 'session-choices', 'members', ...FIGURES],
  },
  'payment-methods': { club: ['payment-methods', ...FIGURES] },
  sessions: { club: ['sessions', 'call-ups', 'attendance', ...FIGURES] },
  // Not the roll call itself: the sync machine puts the server's sheet on screen, and a
  // refetch must never replace what a trainer is marking (attendance.logic.ts).
  attendance: { club: ['sessions', ...FIGURES] },
  'call-ups': { club: ['call-ups', 'sessions', ...FIGURES] },
  members: { club: ['members', 'trainers', ...FIGURES] },
  invitations: { club: ['invitations', 'members'] },
  // A request sent or withdrawn: nobody joined yet (the person answers on their side).
  'link-requests': { club: ['link-requests'] },
  announcements: { club: ['announcements'] },
  'calendar-feeds': { club: ['calendar-feeds'] },
  club: {
    club: ['detail', 'settings', 'session-choices', 'subscription', ...FIGURES],
    global: [['clubs'], ...PLATFORM_FIGURES],
  },
  'roll-call': { club: ['attendance'] },
  // Photo consents and a child's identity: the child's club's players too, when known.
  children: { club: ['players'], global: FAMILY },
  'payment-proofs': { club: ['payments'], global: FAMILY },
  // Co-guardians invited, authorised or revoked: the child's guardians are under 'players'.
  guardians: { club: ['players'], global: FAMILY },
  account: { global: [['account']] },
  // The person joined the club: their clubs, their children and the club's people.
  'link-request-accepted': {
    club: ['players', 'trainers', 'members', 'link-requests', ...FIGURES],
    global: [['link-requests', 'incoming'], ...OWN_CLUBS, ...FAMILY],
    notifications: true,
  },
  'link-request-declined': {
    club: ['link-requests'],
    global: [['link-requests', 'incoming']],
    notifications: true,
  },
  'invitation-answers': { global: [...OWN_CLUBS, ...FAMILY], notifications: true },
  'admin-users': { global: [['admin', 'users'], AUDIT_LOG, ...PLATFORM_FIGURES] },
  'admin-clubs': { global: [['admin', 'clubs'], AUDIT_LOG, ['clubs'], ...PLATFORM_FIGURES] },
  // The admin's posts and the public blog.
  blog: { global: [['admin', 'blog-posts'], ['blog']] },
  // The admin's pages and the public site (pages, help centre).
  'site-pages': { global: [['admin', 'site-pages'], ['site']] },
  // Every role configuration says whether its modules are active (a club's or the platform's).
  modules: { global: [['platform', 'admin-modules']], anyKeyWith: ['role-configuration'] },
  // The WhatsApp number (app-config) and the plans on the public pricing page.
  'platform-settings': { global: [['admin', 'platform-settings'], ['app-config'], ['plans']] },
  communications: { global: [['admin', 'communications'], AUDIT_LOG] },
  'job-failures': { global: [['admin', 'job-failures'], ['admin', 'platform-health'], AUDIT_LOG] },
};

declare module '@tanstack/react-query' {
  interface Register {
    /** A mutation names what it changes; the MutationCache refreshes it (query-client.ts). */
    mutationMeta: { invalidates?: Change };
  }
}

/** The query keys (prefixes) a change makes stale. */
export function keysChangedBy({ resource, clubId }: Change): QueryKey[] {
  const affected = AFFECTED_BY[resource];
  const inClub = clubId === undefined || clubId <= 0 ? [] : (affected.club ?? []);
  return [
    ...inClub.map((name) => clubScope(clubId ?? 0, name) as QueryKey),
    ...(affected.global ?? []),
  ];
}

/**
 * The notifications actor's poke (it lives in XState, not in the query cache): the
 * notifications provider registers it while someone is signed in.
 */
let notificationsListener: (() => void) | null = null;

/** Registers what a write that touches the person's notifications calls; returns the undo. */
export function onNotificationsChanged(listener: () => void): () => void {
  notificationsListener = listener;
  return () => {
    if (notificationsListener === listener) notificationsListener = null;
  };
}

/** Marks stale (and refetches what is on screen) everything `change` affects. */
export async function refreshAfter(queryClient: QueryClient, change: Change): Promise<void> {
  const affected = AFFECTED_BY[change.resource];
  if (affected.notifications) notificationsListener?.();
  const parts = affected.anyKeyWith ?? [];
  await Promise.all([
    ...keysChangedBy(change).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ...(parts.length > 0
      ? [
          queryClient.invalidateQueries({
            predicate: ({ queryKey }) => parts.some((part) => queryKey.includes(part)),
          }),
        ]
      : []),
  ]);
}

/**
 * A mutation's options part that names what it changes: `useMutation({ ...changes('players', clubId), … })`;
 * the person's and the platform's writes name no club.
 */
export const changes = (resource: ChangedResource, clubId?: number) =>
  ({ meta: { invalidates: { resource, clubId } } }) as const;

/**
 * The refresh after a write a machine's actor sent itself (not through `useMutation`):
 * the same table, stable per resource and club.
 */
export function useRefreshAfter(resource: ChangedResource, clubId?: number) {
  const queryClient = useQueryClient();
  return useCallback(
    () => refreshAfter(queryClient, { resource, clubId }),
    [queryClient, resource, clubId],
  );
}
