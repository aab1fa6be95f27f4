import type { Page } from '@playwright/test';
import { logInAs } from './support/accounts';
import { expectAccessible, openSettled, settled } from './support/axe';
import { CLUB, DAY_MS, pageHeaders, sessionsAsSeen } from './support/calendar-api';
import { expect, test } from './support/fixtures';

/*
 * Issue #18, part 4: every screen each demo role reaches, under axe (WCAG 2.1 AA, the rules
 * of support/axe.ts) on a desktop and on a phone. A role's screens are the links of its own
 * menu, read from the drawn sidebar (a page added to the menu is checked here without
 * touching this file), and the pages reached from them: the user menu's, the forms and the
 * roll call. Each screen is drawn at 1280 px, checked, shrunk to 390 px and checked again;
 * none may be refused, nor call what the role may not (page-permissions.spec.ts has the
 * refusals on purpose).
 * The Sistema pages and the public site at both widths are in platform-a11y.spec.ts;
 * dialogs and steps of a flow are checked by each flow's own spec.
 */

// Every call a screen makes that the server answers 403 fails the walk (issue #33 item 2:
// the menu and the pages follow what the role may do), and no page of a role's menu may
// answer 'No tienes permiso'.
test.use({ failOnRefusedCalls: true });

// The roles' walks only read and each logs in on its own: they spread over the workers
// (by default a file's tests run one after the other in one worker, and this is the
// longest file of the suite).
test.describe.configure({ mode: 'parallel' });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A page that needs an id the demo data decides: found through the API as the role. */
type PathOf = (page: Page) => Promise<string>;

interface Role {
  label: string;
  email: string;
  /** Screens besides the menu's (absolute paths or paths found through the API). */
  extra: (string | PathOf)[];
  /** Menu sections not walked here (covered elsewhere). */
  skipSections?: string[];
}

const ACCOUNT_PAGES = ['/home/account', '/home/settings'];

/** The edit form of the first player the role lists. */
const playerForm: PathOf = async (page) => {
  const answer = await page.request.get(`/api/pla_club_teams/${CLUB}/players?page=1&pageSize=10`, {
    headers: await pageHeaders(page),
  });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { id: number }[] };
  expect(data.length, 'the demo club lists players').toBeGreaterThan(0);
  return `/home/player-create/${data[0]!.id}`;
};

/** The roll call of a session of the last or next week the role sees. */
const rollCall: PathOf = async (page) => {
  const now = Date.now();
  const sessions = await sessionsAsSeen(
    page,
    new Date(now - 7 * DAY_MS),
    new Date(now + 7 * DAY_MS),
  );
  expect(sessions.length, 'the demo calendar has sessions around today').toBeGreaterThan(0);
  return `/home/attendance/${sessions[0]!.id}`;
};

const ROLES: Role[] = [
  {
    label: 'the owner',
    email: 'propietario@demo.club',
    extra: [
      ...ACCOUNT_PAGES,
      '/home/subscription',
      '/home/create-club-team',
      `/home/create-club-team/${CLUB}`,
      '/home/player-create',
      playerForm,
      '/home/trainings',
      rollCall,
    ],
  },
  { label: 'the trainer', email: 'entrenador@demo.club', extra: [...ACCOUNT_PAGES, rollCall] },
  { label: 'the accountant', email: 'contador@demo.club', extra: ACCOUNT_PAGES },
  {
    label: 'the player',
    email: 'jugador@demo.club',
    extra: [...ACCOUNT_PAGES, '/home/player-dashboard'],
  },
  {
    label: 'the parent',
    email: 'padre@demo.club',
    extra: [...ACCOUNT_PAGES, '/home/parent-dashboard'],
  },
  {
    label: 'the super admin',
    email: 'admin@demo.club',
    extra: [...ACCOUNT_PAGES, '/admin/dashboard', '/dev/statecharts'],
    skipSections: ['Sistema'],
  },
  {
    label: 'a user without a club',
    email: 'sinclub@demo.club',
    extra: [...ACCOUNT_PAGES, '/home/create-club-team'],
  },
];

/** The enabled links of the drawn sidebar, in menu order, without the skipped sections. */
async function menuPaths(page: Page, skipSections: string[]): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu.getByRole('link').first()).toBeVisible();
  const links = await menu.locator('a[href]').evaluateAll(
    (anchors, skipped) =>
      anchors
        .filter((anchor) => {
          const section = anchor.closest('[aria-labelledby], [aria-label]');
          const heading = section?.getAttribute('aria-labelledby')
            ? document.getElementById(section.getAttribute('aria-labelledby')!)?.textContent
            : section?.getAttribute('aria-label');
          return !skipped.includes(heading ?? '');
        })
        .map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname),
    skipSections,
  );
  return [...new Set(links)];
}

/** The screen's own path, for the label (the dashboard may send a family elsewhere). */
const shown = (page: Page) => new URL(page.url()).pathname;

for (const role of ROLES) {
  test(`every screen of ${role.label} has no serious axe violation at 1280 and 390 px`, async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await logInAs(page, role.email);
    const fromMenu = await menuPaths(page, role.skipSections ?? []);
    expect(fromMenu.length, `${role.label} has a menu`).toBeGreaterThan(0);
    const paths = [...fromMenu];
    for (const entry of role.extra) {
      paths.push(typeof entry === 'string' ? entry : await entry(page));
    }
    // About 6 s a screen (two widths) on a busy 2-core machine.
    test.setTimeout(20_000 + paths.length * 12_000);

    for (const path of new Set(paths)) {
      await test.step(path, async () => {
        await page.setViewportSize(DESKTOP);
        await openSettled(page, path);
        await expect(
          page.getByRole('heading', { name: 'No tienes permiso', level: 1 }),
          `${path} refused to ${role.label}`,
        ).toHaveCount(0);
        const screen = shown(page);
        await expectAccessible(page, `${screen} as ${role.label} at 1280 px`, { soft: true });
        await page.setViewportSize(PHONE);
        await settled(page);
        await expectAccessible(page, `${screen} as ${role.label} at 390 px`, { soft: true });
      });
    }
  });
}
