import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue #35 item 1: a resource's name tells where its files are. Each contract resource
 * (`contract/<r>.schema.ts`; its friends `contract/<r>.<role>.ts` belong to the same
 * resource) has a file in every layer under the same name, or a written exception here
 * saying where it lives instead and why (docs/adding-a-resource.md, "The layer check").
 * "To move in #35 item 1" marks a debt rather than a reason.
 */

const root = path.resolve(import.meta.dirname, '../..');

const LAYERS = {
  server: (r: string) => `server/features/${r}/`,
  api: (r: string) => `src/api/${r}.api.ts`,
  screens: (r: string) => `src/screens/${r}/`,
  'api-tests': (r: string) => `tests/api/${r}*.test.ts`,
} as const;
type Layer = keyof typeof LAYERS;
const layers = Object.keys(LAYERS) as Layer[];

const isDirectory = (relative: string) => {
  const full = path.join(root, relative);
  return existsSync(full) && statSync(full).isDirectory();
};

const apiTests = readdirSync(path.join(root, 'tests/api'));

/**
 * Sub-resources: resource → its parent. A sub-resource's server and screen files sit in
 * its parent's folders, named after it (`server/features/payments/receipts.routes.ts`,
 * `src/screens/payments/receipts-links.tsx`); its api file and API tests keep its own name
 * (`src/api/receipts.api.ts`, `tests/api/receipts*.test.ts`), as every resource's do.
 */
const SUBRESOURCES: Record<string, string> = {
  'payment-actions': 'payments',
  'payment-bulk': 'payments',
  'payment-details': 'payments',
  'payment-generation': 'payments',
  'payment-proofs': 'payments',
  receipts: 'payments',
  'blog-covers': 'blog-posts',
  'discount-holders': 'discounts',
  'session-choices': 'sessions',
  'co-guardians': 'parents',
  'child-identity': 'parents',
  'medical-data': 'profile',
};

/** Whether the folder `dir` holds a file named after `resource` (`<r>.*` or `<r>-*`). */
const holdsFileOf = (dir: string, resource: string) =>
  isDirectory(dir) &&
  readdirSync(path.join(root, dir)).some(
    (file) => file.startsWith(`${resource}.`) || file.startsWith(`${resource}-`),
  );

/**
 * Whether `resource` has its file in `layer` (tests/api is matched as the glob says); a
 * sub-resource's server and screens may also be files in its parent's folder.
 */
const hasLayer = (resource: string, layer: Layer, subresources = SUBRESOURCES): boolean => {
  const parent = subresources[resource];
  switch (layer) {
    case 'server':
    case 'screens':
      return (
        isDirectory(LAYERS[layer](resource)) ||
        (parent !== undefined && holdsFileOf(LAYERS[layer](parent), resource))
      );
    case 'api':
      return existsSync(path.join(root, LAYERS.api(resource)));
    case 'api-tests':
      return apiTests.some((file) => file.startsWith(resource) && file.endsWith('.test.ts'));
  }
};

/** Where the check looks for `resource` in `layer`, as its failures say. */
const expectedAt = (resource: string, layer: Layer, subresources = SUBRESOURCES) => {
  const parent = subresources[resource];
  return parent !== undefined && (layer === 'server' || layer === 'screens')
    ? `${LAYERS[layer](resource)} or ${LAYERS[layer](parent)}${resource}[.-]*`
    : LAYERS[layer](resource);
};

/** Contract modules every resource shares: no layer of their own is expected. */
const SHARED: Record<string, string> = {
  common: 'ids, paging and sorting shapes every list uses',
  'api-error': 'the error body every refusal answers with',
  money: 'amounts and currencies, used by every money resource',
  'image-url': 'the rule for an image address (blog covers, site pages, photos)',
  platform: "the super admin endpoints' common refusal; each page has its own contract file",
  'plan-limit':
    "the 409 of a club past its plan's players (server/features/plans/plan-limit.ts, src/components/plan-limit-alert.tsx, tests/api/plan-limit.test.ts)",
};

/** Today's gaps: resource → layer → where it lives instead, and why. */
const EXCEPTIONS: Record<string, Partial<Record<Layer, string>>> = {
  'admin-clubs': { screens: "a tab of the super admin's Sistema page, src/screens/admin-system/" },
  'admin-users': { screens: "a tab of the super admin's Sistema page, src/screens/admin-system/" },
  'audit-log': { screens: "a tab of the super admin's Sistema page, src/screens/admin-system/" },
  'app-config': {
    screens:
      'no page: the shell reads it (src/components/shell/), the super admin edits it in src/screens/super-admin-panel/settings-section.tsx',
  },
  'attendance-counts': {
    server: 'a shape of the attendance and dashboards contracts, served by their features',
    api: 'no endpoint of its own (attendance.api.ts and dashboards.api.ts read it)',
    screens: 'no page: the dashboards and the roll call show the rates',
  },
  'blog-covers': { api: 'src/api/blog-posts.api.ts' },
  'calendar-feeds': {
    screens: "the calendar's subscribe dialog, src/screens/calendar/calendar-feeds-*",
  },
  'call-ups': {
    screens: 'src/screens/calendar/ (call-up-*, call-ups.logic.ts); to move in #35 item 1',
  },
  'child-identity': {
    api: 'src/api/parents.api.ts',
    screens: 'src/screens/families/child-identity-dialog.tsx',
    'api-tests': 'tests/api/parent-children.test.ts',
  },
  'club-settings': {
    screens: 'the billing section of Configuración, src/screens/settings/club-billing-section.tsx',
  },
  'co-guardians': {
    api: 'src/api/parents.api.ts',
    screens: 'src/screens/families/co-guardian-invite-dialog.tsx',
  },
  'contact-messages': { screens: 'the public site, src/screens/public/contact-screen.tsx' },
  'discount-holders': { api: 'src/api/discounts.api.ts' },
  'family-payments': {
    server: "a part of a family's summary (contract/parents.schema.ts), served with it",
    api: 'src/api/parents.api.ts',
    screens: "the families' dashboards, src/screens/families/family-payments.tsx",
    'api-tests': 'tests/api/dashboards-families.test.ts',
  },
  'medical-data': {
    api: 'src/api/profile.api.ts',
    screens:
      "the onboarding's medical step and Mi cuenta (src/screens/onboarding/, src/screens/account/)",
  },
  modules: { screens: 'the modules section of Roles, src/screens/roles/roles-modules-section.tsx' },
  notifications: {
    screens:
      'the bell in the shell (src/components/notifications/) and the preferences in src/screens/settings/',
  },
  parents: { screens: 'src/screens/families/; to move in #35 item 1' },
  people: {
    screens: "the person fields of the players' and trainers' forms (src/components/person/)",
    'api-tests': 'tests/api/validate-document.test.ts, players.test.ts and trainers.test.ts',
  },
  plans: {
    screens:
      'src/screens/subscription/ (the club), src/screens/public/pricing-screen.tsx and src/screens/super-admin-panel/',
    'api-tests': 'tests/api/subscription.test.ts and platform-settings.test.ts',
  },
  'platform-health': { screens: 'src/screens/super-admin-panel/health-section.tsx' },
  'platform-settings': { screens: 'src/screens/super-admin-panel/settings-section.tsx' },
  profile: { screens: 'Mi cuenta, src/screens/account/, and the onboarding steps' },
  reference: { screens: 'no page: countries, cities and document types fill the forms' },
  'session-choices': {
    api: 'src/api/sessions.api.ts',
    screens: 'the session form, src/screens/calendar/',
  },
  sessions: {
    screens:
      'src/screens/calendar/ (session-*) and the roll call in src/screens/attendance/; to move in #35 item 1',
  },
  'site-pages': {
    screens:
      'a tab of the Blog page (src/screens/blog-posts/site-pages-tab.tsx); the public pages in src/screens/public/',
  },
  users: {
    screens:
      'no page: the signed-in user feeds the shell and the route guard; the super admin lists users as admin-users',
  },
};

/** The contract's resources: every `contract/<r>.schema.ts`. */
const contractResources = () =>
  readdirSync(path.join(root, 'contract'))
    .filter((file) => file.endsWith('.schema.ts'))
    .map((file) => file.slice(0, -'.schema.ts'.length))
    .sort();

/** The layers `resource` lacks that no exception explains, as "resource: where". */
const unexplainedGaps = (
  resources: string[],
  exceptions: Record<string, Partial<Record<Layer, string>>>,
  subresources = SUBRESOURCES,
) =>
  resources
    .filter((resource) => !(resource in SHARED))
    .flatMap((resource) =>
      layers
        .filter(
          (layer) => !hasLayer(resource, layer, subresources) && !exceptions[resource]?.[layer],
        )
        .map((layer) => `${resource}: ${expectedAt(resource, layer, subresources)}`),
    );

describe('each contract resource has a file in every layer (issue #35 item 1)', () => {
  it('finds the resources and their layers where the check looks', () => {
    const resources = contractResources();
    expect(resources).toContain('categories');
    expect(resources.length).toBeGreaterThan(50);
    for (const layer of layers) expect(hasLayer('categories', layer)).toBe(true);
  });

  it('has a file in each layer, or a written exception', () => {
    expect(unexplainedGaps(contractResources(), EXCEPTIONS)).toEqual([]);
  });

  it('fails for a resource without its files', () => {
    expect(unexplainedGaps(['no-such-resource'], {})).toEqual(
      layers.map((layer) => `no-such-resource: ${LAYERS[layer]('no-such-resource')}`),
    );
    const explained = { 'no-such-resource': { server: 'lives elsewhere, for a reason' } };
    expect(unexplainedGaps(['no-such-resource'], explained)).not.toContain(
      'no-such-resource: server/features/no-such-resource/',
    );
  });

  it('fails for a sub-resource without its files in its own name or in its parent folders', () => {
    const orphan = { 'no-such-resource': 'payments' };
    expect(unexplainedGaps(['no-such-resource'], {}, orphan)).toEqual([
      'no-such-resource: server/features/no-such-resource/ or server/features/payments/no-such-resource[.-]*',
      'no-such-resource: src/api/no-such-resource.api.ts',
      'no-such-resource: src/screens/no-such-resource/ or src/screens/payments/no-such-resource[.-]*',
      'no-such-resource: tests/api/no-such-resource*.test.ts',
    ]);
    // Files named after it count in its parent's folders only, and only as a sub-resource.
    expect(hasLayer('receipts', 'server')).toBe(true);
    expect(hasLayer('receipts', 'server', { receipts: 'categories' })).toBe(false);
    expect(hasLayer('receipts', 'server', {})).toBe(false);
  });

  it('names sub-resources and parents the contract has', () => {
    const resources = new Set(contractResources());
    const unknown = Object.entries(SUBRESOURCES)
      .flatMap((pair) => pair)
      .filter((name) => !resources.has(name));
    expect(unknown).toEqual([]);
  });

  it('keeps no exception the tree no longer needs (delete it when the file arrives)', () => {
    const resources = new Set(contractResources());
    const stale = Object.entries(EXCEPTIONS).flatMap(([resource, gaps]) =>
      !resources.has(resource)
        ? [`${resource}: no contract/${resource}.schema.ts`]
        : (Object.keys(gaps) as Layer[])
            .filter((layer) => hasLayer(resource, layer))
            .map((layer) => `${resource}: ${expectedAt(resource, layer)} exists`),
    );
    const sharedGone = Object.keys(SHARED).filter((name) => !resources.has(name));
    expect([...stale, ...sharedGone]).toEqual([]);
  });

  it('gives every exception a reason', () => {
    for (const gaps of Object.values(EXCEPTIONS))
      for (const reason of Object.values(gaps)) expect(reason?.length).toBeGreaterThan(10);
  });
});
