/**
 * The mixed workload: what the screens of the demo club really call, by weight (per 1,000
 * requests), each as the demo role that opens it, with the working club's X-Club-Id as
 * the browser sends it:
 *
 * | kind | weight | who | what |
 * | --- | --- | --- | --- |
 * | sign-in | 2 | the five demo accounts in turn | `POST /api/login` (scrypt: slow by design) |
 * | current user | 120 | every role and player | `GET /api/user` (each app start and tab) |
 * | notifications polling | 258 | 2,000 players + the roles | `GET /api/notifications/unread-count` (the shell, every 30 s) |
 * | players list | 140 | owner, trainer | page 1 of 25 by name; by category; searched |
 * | payments list | 140 | owner, accountant | the period's page 1 of 25 by due date; pending; by category |
 * | categories list | 50 | owner | page 1 of 100 by name (the payments toolbar's select) |
 * | dashboards | 40 each | owner, accountant, trainer, player, parent | `GET /api/dashboard/<role>` |
 * | record a payment | 50 | accountant | `POST …/payments/{id}/records` 1,000 pesos in cash |
 * | approve a record | 40 | accountant | `POST …/records/{id}/approve` (a family's proof) |
 *
 * One sign-in per 500 requests: at 1 request a second, each user signs in again about
 * every 8 minutes (more often than people do; scrypt makes it the costliest request).
 */
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import type { Target } from './loops';
import type { MixKind } from './mix-run';
import { type DemoRole, type LoadData, ROLE_EMAILS, type WriteTargets } from './fixtures';

const DASHBOARDS: [DemoRole, string][] = [
  ['owner', 'club-owner'],
  ['accountant', 'accountant'],
  ['trainer', 'trainer'],
  ['player', 'player'],
  ['parent', 'parent'],
];

/** The kinds of the mix against `base` (an app server or the proxy in front of two). */
export function mixedWorkload(base: string, data: LoadData, writes: WriteTargets): MixKind[] {
  const { bench, payments, roles } = data;
  const club = `${base}/api/pla_club_teams/${bench.clubId}`;
  const as = (token: string, json = false): Record<string, string> => ({
    authorization: `Bearer ${token}`,
    'x-club-id': String(bench.clubId),
    ...(json ? { 'content-type': 'application/json' } : {}),
  });
  const get = (role: DemoRole, url: string): Target => ({
    method: 'GET',
    url,
    headers: as(roles[role]),
  });
  const everyone = [...Object.values(roles), ...data.players.slice(0, 200)];
  const polling = [...data.players, ...Object.values(roles)];
  const players = (query: string) => `${club}/players?page=1&pageSize=25&sort=name${query}`;
  const paymentsList = (query: string) =>
    `${club}/payments?page=1&pageSize=25&sort=due_date&period=${payments.period}${query}`;
  const owed = `&status=pending`;
  const byCategory = `&category_id=${bench.categoryId}`;
  return [
    {
      name: 'sign-in (POST /api/login)',
      class: 'login',
      weight: 2,
      targets: Object.values(ROLE_EMAILS).map((email) => ({
        method: 'POST',
        url: `${base}/api/login`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      })),
    },
    {
      name: 'current user (GET /api/user)',
      class: 'read',
      weight: 120,
      targets: everyone.map((token) => ({
        method: 'GET',
        url: `${base}/api/user`,
        headers: as(token),
      })),
    },
    {
      name: 'notifications unread-count',
      class: 'read',
      weight: 258,
      targets: polling.map((token) => ({
        method: 'GET',
        url: `${base}/api/notifications/unread-count`,
        headers: as(token),
      })),
    },
    {
      name: 'players list (25)',
      class: 'read',
      weight: 140,
      targets: (['owner', 'trainer'] as const).flatMap((role) => [
        get(role, players('')),
        get(role, players(`&categorySection=${bench.categoryId}`)),
        get(role, players(`&q=${encodeURIComponent(bench.term)}`)),
      ]),
    },
    {
      name: 'payments list (25)',
      class: 'read',
      weight: 140,
      targets: (['owner', 'accountant'] as const).flatMap((role) => [
        get(role, paymentsList('')),
        get(role, paymentsList(owed)),
        get(role, paymentsList(byCategory)),
      ]),
    },
    {
      name: 'categories list (100)',
      class: 'read',
      weight: 50,
      targets: [get('owner', `${club}/categories?page=1&pageSize=100&sort=name`)],
    },
    ...DASHBOARDS.map(([role, kind]): MixKind => ({
      name: `dashboard ${kind}`,
      class: 'read',
      weight: 40,
      targets: [get(role, `${base}/api/dashboard/${kind}`)],
    })),
    {
      name: 'record a payment (write)',
      class: 'write',
      weight: 50,
      targets: writes.recordOn.map((paymentId) => ({
        method: 'POST',
        url: `${club}/payments/${paymentId}/records`,
        headers: as(roles.accountant, true),
        body: JSON.stringify({
          amount: 1000,
          payment_method_id: writes.methodId,
          paid_on: data.today,
          reference: 'carga',
        }),
      })),
    },
    {
      name: 'approve a record (write)',
      class: 'write',
      weight: 40,
      targets: writes.approve.map(([paymentId, recordId]) => ({
        method: 'POST',
        url: `${club}/payments/${paymentId}/records/${recordId}/approve`,
        headers: as(roles.accountant),
      })),
    },
  ];
}

/** Every read target once: a refusal here would only show as failures under load. */
export async function checkReads(kinds: readonly MixKind[]): Promise<void> {
  for (const kind of kinds) {
    if (kind.class !== 'read') continue;
    for (const target of kind.targets.slice(0, 8)) {
      const answer = await fetch(target.url, { headers: target.headers });
      if (!answer.ok) throw new Error(`${kind.name} answered ${answer.status} for ${target.url}`);
      await answer.arrayBuffer();
    }
  }
}
