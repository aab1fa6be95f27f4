import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * QA's statechart page (issue #13 item 7) in a production build: the super admin's only.
 * Mermaid draws the committed diagrams in the real browser, with the live states of this
 * tab's app-wide actors in the `live` class.
 */

test('the super admin follows the live auth state and its last events', async ({ page }) => {
  await logInAs(page, 'admin@demo.club');
  await page.goto('/dev/statecharts');
  await expect(page.getByRole('heading', { level: 1, name: 'Diagramas de estado' })).toBeVisible();

  const panel = page.getByRole('tabpanel', { name: 'auth (en vivo)' });
  await expect(panel.getByRole('heading', { name: 'Estado actual' })).toBeVisible();
  await expect(
    panel.getByText('authenticated.user.idle, authenticated.permissions.asLoaded'),
  ).toBeVisible();
  // Restoring the stored session: the actor's first events (the page it was sent before
  // it started, then its start), newest first.
  const events = panel.getByRole('list', { name: 'Últimos eventos' });
  await expect(events.getByRole('listitem').last()).toContainText(
    'auth.locationChanged (pathname=/dev/statecharts)',
  );
  await expect(events).toContainText('xstate.init');
  await expect(events).toContainText('xstate.done.actor.loadUser');

  // The diagram as Mermaid drew it: the two current states (one per region) in `live`.
  const diagram = panel.getByRole('region', { name: 'Diagrama de auth' });
  await expect(diagram.locator('svg')).toBeVisible();
  await expect(diagram.locator('svg .live')).toHaveCount(2);
  await expect(diagram.locator('svg .live').first()).toContainText('idle');
  // Drawn in other colours than the states around them.
  const fill = (selector: string) =>
    diagram
      .locator(selector)
      .first()
      .evaluate((node) => getComputedStyle(node).fill);
  expect(await fill('svg .node.live rect')).not.toBe(await fill('svg .node:not(.live) rect'));
  await expectAccessible(page, 'the statechart page on auth');

  // The route guard that let this page show.
  await page.getByRole('tab', { name: 'routeGuard (en vivo)' }).click();
  const guard = page.getByRole('tabpanel', { name: 'routeGuard (en vivo)' });
  await expect(guard.getByText('allowed', { exact: true }).first()).toBeVisible();
  await expect(guard.getByRole('list', { name: 'Últimos eventos' })).toContainText('guard.update');
  await expect(guard.locator('svg .live')).toHaveCount(1);
  await expect(guard.locator('svg .live')).toContainText('allowed');

  // The bell's actor, started with the shell: polling while signed in, its centre closed.
  await page.getByRole('tab', { name: 'notifications (en vivo)' }).click();
  const notifications = page.getByRole('tabpanel', { name: 'notifications (en vivo)' });
  await expect(notifications.getByText(/polling\.active\.\w+, centre\.closed/)).toBeVisible();
  const polled = notifications.getByRole('list', { name: 'Últimos eventos' });
  await expect(polled).toContainText('notifications.start');
  await expect(polled).toContainText('notifications.visibility (hidden=false)');
  await expect.poll(() => notifications.locator('svg .live').count()).toBeGreaterThanOrEqual(2);
});

test('on a phone the diagram scrolls sideways inside its box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAs(page, 'admin@demo.club');
  await page.goto('/dev/statecharts');
  const diagram = page.getByRole('region', { name: 'Diagrama de auth' });
  await expect(diagram.locator('svg .live')).toHaveCount(2);
  const box = await diagram.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
    page: document.documentElement.scrollWidth,
  }));
  expect(box.scroll).toBeGreaterThan(box.client);
  expect(box.page).toBeLessThanOrEqual(390);
  // It opens scrolled sideways to its first current state.
  const shown = await diagram.evaluate((element) => {
    const live = element.querySelector('svg .live')!.getBoundingClientRect();
    const visible = element.getBoundingClientRect();
    return live.left >= visible.left && live.right <= visible.right;
  });
  expect(shown).toBe(true);
  // And the keyboard scrolls it.
  const before = await diagram.evaluate((element) => element.scrollLeft);
  await diagram.focus();
  await page.keyboard.press(before > 0 ? 'ArrowLeft' : 'ArrowRight');
  await expect.poll(() => diagram.evaluate((element) => element.scrollLeft)).not.toBe(before);
});

test('a trainer is refused the page', async ({ page }) => {
  await logInAs(page, 'entrenador@demo.club');
  await page.goto('/dev/statecharts');
  await expect(page.getByRole('heading', { level: 1, name: 'No tienes permiso' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Diagramas de estado' })).toHaveCount(0);
});

test('Mermaid draws every machine’s diagram', async ({ page }) => {
  // One diagram per machine, each drawn by Mermaid in turn: more than 30 s on a busy machine.
  test.slow();
  await logInAs(page, 'admin@demo.club');
  await page.goto('/dev/statecharts');
  const tabs = page.getByRole('tablist', { name: 'Máquinas de estado' }).getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (const tab of await tabs.all()) {
    await tab.click();
    const name = (await tab.textContent()) ?? '';
    const panel = page.getByRole('tabpanel', { name });
    await expect(panel.getByRole('region', { name: /^Diagrama de / }).locator('svg')).toBeVisible();
    await expect(panel.getByText('No se pudo dibujar el diagrama')).toHaveCount(0);
  }
});
