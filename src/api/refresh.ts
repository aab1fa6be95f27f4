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
  | 'club';

/** What a write changed: the resource and the club it belongs to. */
export interface Change {
  resource: ChangedResource;
  clubId: number;
}

/** The club's own figures and the platform's, shown on the dashboards. */
const FIGURES = ['dashboards'] as const;
const PLATFORM_FIGURES: readonly QueryKey[] = [
  ['admin', 'dashboard'],
  ['admin', 'analytics'],
];

interface Affected {
  /** Resources cached under the club (`clubScope(clubId, name)`). */
  club: readonly string[];
  /** Keys outside the club's scope. */
  global?: readonly QueryKey[];
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
  return [
    ...affected.club.map((name) => clubScope(clubId, name) as QueryKey),
    ...(affected.global ?? []),
  ];
}

/** Marks stale (and refetches what is on screen) everything `change` affects. */
export async function refreshAfter(queryClient: QueryClient, change: Change): Promise<void> {
  await Promise.all(
    keysChangedBy(change).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** A mutation's options part that names what it changes: `useMutation({ ...changes('players', clubId), … })`. */
export const changes = (resource: ChangedResource, clubId: number) =>
  ({ meta: { invalidates: { resource, clubId } } }) as const;

/**
 * The refresh after a write a machine's actor sent itself (not through `useMutation`):
 * the same table, stable per resource and club.
 */
export function useRefreshAfter(resource: ChangedResource, clubId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    () => refreshAfter(queryClient, { resource, clubId }),
    [queryClient, resource, clubId],
  );
}
