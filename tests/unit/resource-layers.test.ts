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
  e2e: (r: string) => `tests/e2e/${r}*.spec.ts`,
} as const;
type Layer = keyof typeof LAYERS;
const layers = Object.keys(LAYERS) as Layer[];

const isDirectory = (relative: string) => {
  const full = path.join(root, relative);
  return existsSync(full) && statSync(full).isDirectory();
};

const apiTests = readdirSync(path.join(root, 'tests/api'));
const browserTests = readdirSync(path.join(root, 'tests/e2e'));

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
 * Whether `resource` has its file in `layer` (the test folders are matched as their globs say); a
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
    case 'e2e':
      return browserTests.some((file) => file.startsWith(resource) && file.endsWith('.spec.ts'));
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
  account: {
    e2e: "Mi Cuenta's phone and password, tests/e2e/platform.spec.ts",
  },
  'admin-clubs': {
    screens: "a tab of the super admin's Sistema page, src/screens/admin-system/",
    e2e: 'the super admin suspends a club in tests/e2e/platform.spec.ts',
  },
  'admin-users': {
    screens: "a tab of the super admin's Sistema page, src/screens/admin-system/",
    e2e: "the Sistema page's Usuarios tab and its drawer under axe, tests/e2e/platform-a11y.spec.ts",
  },
  analytics: {
    e2e: "Análisis Global's figures in tests/e2e/screen-defects.spec.ts, its page under axe in platform-a11y.spec.ts",
  },
  announcements: {
    e2e: "an owner's announcement reaching the trainer, tests/e2e/notifications.spec.ts",
  },
  'app-config': {
    screens:
      'no page: the shell reads it (src/components/shell/), the super admin edits it in src/screens/super-admin-panel/settings-section.tsx',
    e2e: 'the help button that opens WhatsApp, tests/e2e/shell.spec.ts',
  },
  'attendance-counts': {
    server: 'a shape of the attendance and dashboards contracts, served by their features',
    api: 'no endpoint of its own (attendance.api.ts and dashboards.api.ts read it)',
    screens: 'no page: the dashboards and the roll call show the rates',
    e2e: 'the attendance rates of the dashboards, tests/e2e/dashboards.spec.ts',
  },
  'audit-log': {
    screens: "a tab of the super admin's Sistema page, src/screens/admin-system/",
    e2e: "the Sistema page's Auditoría tab under axe, tests/e2e/platform-a11y.spec.ts",
  },
  'blog-covers': {
    api: 'src/api/blog-posts.api.ts',
    e2e: 'no browser test uploads a cover: tests/components/cover-image-field.test.tsx and tests/api/blog-covers.test.ts do',
  },
  'blog-posts': {
    e2e: 'the super admin publishes a post that shows on /blog, tests/e2e/platform.spec.ts',
  },
  'calendar-feeds': {
    screens: "the calendar's subscribe dialog, src/screens/calendar/calendar-feeds-*",
  },
  'child-identity': {
    api: 'src/api/parents.api.ts',
    'api-tests': 'tests/api/parent-children.test.ts',
    e2e: "no browser test opens 'Editar datos': tests/components/parent-dashboard.test.tsx and tests/api/parent-children.test.ts do",
  },
  'club-settings': {
    screens: 'the billing section of Configuración, src/screens/settings/club-billing-section.tsx',
    e2e: "the owner's Configuración (its billing section) under axe, tests/e2e/screens-a11y.spec.ts",
  },
  'co-guardians': {
    api: 'src/api/parents.api.ts',
    screens: 'src/screens/parents/co-guardian-invite-dialog.tsx',
    e2e: 'the primary guardian invites and revokes another, tests/e2e/parents-guardians.spec.ts',
  },
  communications: {
    e2e: 'the super admin sends a mass announcement, tests/e2e/platform.spec.ts',
  },
  'contact-messages': {
    screens: 'the public site, src/screens/public/contact-screen.tsx',
    e2e: 'a visitor writes to the club through /contact, tests/e2e/platform.spec.ts',
  },
  'discount-holders': {
    api: 'src/api/discounts.api.ts',
    e2e: "the discount's 'Asignar jugadores', tests/e2e/discounts.spec.ts",
  },
  exports: {
    screens:
      "no page: every grid's Exportar button, src/components/grid/grid-export-button.tsx and use-queued-export.ts",
  },
  'family-payments': {
    server: "a part of a family's summary (contract/parents.schema.ts), served with it",
    api: 'src/api/parents.api.ts',
    screens: "the families' dashboards, src/screens/parents/family-payments.tsx",
    'api-tests': 'tests/api/dashboards-families.test.ts',
    e2e: "the guardian's schedule and debt, tests/e2e/parents.spec.ts",
  },
  invitations: {
    e2e: 'an invitation opened in another browser, tests/e2e/roles-and-invitations.spec.ts',
  },
  'medical-data': {
    api: 'src/api/profile.api.ts',
    screens:
      "the onboarding's medical step and Mi cuenta (src/screens/onboarding/, src/screens/account/)",
    e2e: "the onboarding's medical step, tests/e2e/onboarding.spec.ts",
  },
  members: {
    e2e: 'Asignación de Roles a Usuarios, tests/e2e/roles-and-invitations.spec.ts',
  },
  modules: {
    screens: 'the modules section of Roles, src/screens/roles/roles-modules-section.tsx',
    e2e: 'a switched-off module leaves the menu, tests/e2e/page-permissions.spec.ts',
  },
  notifications: {
    screens:
      'the bell in the shell (src/components/notifications/) and the preferences in src/screens/settings/',
  },
  'payment-actions': {
    e2e: 'the accountant records, approves, rejects and cancels, tests/e2e/payments-month.spec.ts',
  },
  'payment-bulk': {
    e2e: 'a bulk reminder on minors, tests/e2e/payment-reminders.spec.ts',
  },
  'payment-details': {
    e2e: 'the Pagos drawer, tests/e2e/payments.spec.ts and payments-month.spec.ts',
  },
  'payment-generation': {
    e2e: 'a month generated, tests/e2e/payments-month.spec.ts and payments.spec.ts',
  },
  'payment-proofs': {
    e2e: 'a proof sent and approved (tests/e2e/parents.spec.ts) or rejected (parents-guardians.spec.ts)',
  },
  health: {
    api: 'no client: the load balancer and monitors call /api/health/live and /ready (docs/deploy.md)',
    screens: 'no page: read by the load balancer, not by people',
    e2e: 'no page: tests/api/health.test.ts covers what a balancer sees',
  },
  people: {
    screens: "the person fields of the players' and trainers' forms (src/components/person/)",
    'api-tests': 'tests/api/validate-document.test.ts, players.test.ts and trainers.test.ts',
    e2e: 'the person fields of tests/e2e/players.spec.ts and trainers.spec.ts',
  },
  plans: {
    screens:
      'src/screens/subscription/ (the club), src/screens/public/pricing-screen.tsx and src/screens/super-admin-panel/',
    'api-tests': 'tests/api/subscription.test.ts and platform-settings.test.ts',
    e2e: 'the public plans in tests/e2e/platform.spec.ts, the upgrade dialog in shell.spec.ts',
  },
  'platform-health': {
    screens: 'src/screens/super-admin-panel/health-section.tsx',
    e2e: 'Super Administración under axe, tests/e2e/platform-a11y.spec.ts',
  },
  'platform-settings': {
    screens: 'src/screens/super-admin-panel/settings-section.tsx',
    e2e: 'Super Administración under axe, tests/e2e/platform-a11y.spec.ts',
  },
  profile: {
    screens: 'Mi cuenta, src/screens/account/, and the onboarding steps',
    e2e: "the onboarding's steps (tests/e2e/onboarding.spec.ts) and Mi Cuenta (platform.spec.ts)",
  },
  receipts: {
    e2e: "the accountant's PDF receipt, tests/e2e/payments-month.spec.ts",
  },
  reference: {
    screens: 'no page: countries, cities and document types fill the forms',
    e2e: 'no page of its own: the forms other specs fill read it',
  },
  reports: {
    e2e: 'the Reportes page under axe, tests/e2e/platform-a11y.spec.ts',
  },
  'session-choices': {
    api: 'src/api/sessions.api.ts',
    screens: 'the session form, src/screens/sessions/',
    e2e: 'the session form, tests/e2e/calendar.spec.ts',
  },
  sessions: {
    e2e: 'the calendar page where sessions are made, tests/e2e/calendar.spec.ts',
  },
  'site-pages': {
    screens:
      'a tab of the Blog page (src/screens/blog-posts/site-pages-tab.tsx); the public pages in src/screens/public/',
    e2e: "the public pages and the Blog page's Páginas tab, tests/e2e/platform.spec.ts and platform-a11y.spec.ts",
  },
  users: {
    screens:
      'no page: the signed-in user feeds the shell and the route guard; the super admin lists users as admin-users',
    e2e: 'no page: the signed-in user shows in the top bar, tests/e2e/shell.spec.ts',
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
      'no-such-resource: tests/e2e/no-such-resource*.spec.ts',
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

/*
 * Machines (issue #35 item 1, part 3): a file of src/machines/ is named after the contract
 * resource its flow serves (`<r>.actors.ts`, `<r>-<flow>.machine.ts`), or after a generic
 * machine or an app-wide flow listed here with its reason.
 */

/** Machines and flows that serve no one resource: file name (before its role) → why. */
const MACHINE_FLOWS: Record<string, string> = {
  save: 'the generic save-once machine every form and dialog reuses (saveFor)',
  'confirm-action': 'the generic ask → confirm → run machine of every archive, revoke and delete',
  'status-toggle':
    "a grid row's status switch, the confirm-action machine shared by trainers and players",
  'discard-changes': "the «¿Descartar los cambios?» of every form dialog's Esc or click outside",
  toast: 'the type of the toast every actor factory is handed',
  'route-guard': 'the app-wide guard of every route (src/app/route-guard.tsx), its rules beside it',
};

const machineFiles = readdirSync(path.join(root, 'src/machines')).filter((file) =>
  file.endsWith('.ts'),
);

/** A file's flow: its name before the role (`invitations-answer.machine.ts` → `invitations-answer`). */
const flowOf = (file: string) => file.slice(0, file.indexOf('.'));

/** The machine files named neither after a resource (`<r>` or `<r>-…`) nor in `flows`. */
const misnamedMachines = (files: string[], resources: string[], flows: Record<string, string>) =>
  files.filter((file) => {
    const flow = flowOf(file);
    return !(flow in flows) && !resources.some((r) => flow === r || flow.startsWith(`${r}-`));
  });

describe('each machine file starts with its resource (issue #35 item 1)', () => {
  it('names every src/machines file after a contract resource or a listed flow', () => {
    expect(machineFiles).toContain('save.machine.ts');
    expect(misnamedMachines(machineFiles, contractResources(), MACHINE_FLOWS)).toEqual([]);
  });

  it('fails for a machine named after no resource', () => {
    const files = ['invitation.machine.ts', 'categories.actors.ts', 'made-up-flow.selectors.ts'];
    expect(misnamedMachines(files, ['categories', 'invitations'], {})).toEqual([
      'invitation.machine.ts',
      'made-up-flow.selectors.ts',
    ]);
    expect(misnamedMachines(files, ['invitations'], { 'made-up-flow': 'a reason' })).toEqual([
      'invitation.machine.ts',
      'categories.actors.ts',
    ]);
  });

  it('lists only flows that have files, are no resource and say why', () => {
    const resources = new Set(contractResources());
    const flows = new Set(machineFiles.map(flowOf));
    for (const [name, reason] of Object.entries(MACHINE_FLOWS)) {
      expect(flows.has(name), `src/machines/${name}.*`).toBe(true);
      expect(resources.has(name), `contract/${name}.schema.ts`).toBe(false);
      expect(reason.length).toBeGreaterThan(10);
    }
  });
});
