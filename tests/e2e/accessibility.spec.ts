import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * The helper every spec calls must really fail: a page with known serious violations is
 * refused with the rule ids in the message, and a clean page passes.
 */

test('the axe helper refuses a page with low contrast and an unlabelled field', async ({
  page,
}) => {
  await page.setContent(`
    <html lang="es"><head><title>Prueba</title></head><body><main>
      <h1>Prueba</h1>
      <p style="color:#9e9e9e;background:#ffffff">Texto gris claro</p>
      <input type="text">
    </main></body></html>`);
  const failure = await expectAccessible(page, 'a page made to fail').then(
    () => null,
    (error: unknown) => error as Error,
  );
  expect(failure, 'the helper throws').not.toBeNull();
  expect(failure!.message).toContain('color-contrast (serious)');
  expect(failure!.message).toContain('label (critical)');
  expect(failure!.message).toContain('Elements must meet minimum color contrast ratio thresholds');
  expect(failure!.message).toMatch(/at p\b/);
});

test('the axe helper accepts a page without violations', async ({ page }) => {
  await page.setContent(`
    <html lang="es"><head><title>Prueba</title></head><body><main>
      <h1>Prueba</h1>
      <label>Nombre <input type="text"></label>
    </main></body></html>`);
  await expectAccessible(page, 'a clean page');
});
