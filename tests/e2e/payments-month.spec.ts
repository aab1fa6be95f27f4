import type { Locator, Page } from '@playwright/test';
import { logInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * Issue #12 "Done when": the demo club's accountant runs a month in the browser. She
 * generates a period, records money received at the desk, approves one family's proof
 * and rejects another with a reason, cancels a payment with a reason and downloads a PDF
 * receipt. After each step the header figures move by exactly what the grid row said.
 */

/** '$ 1.234.000' → 1234000. */
const pesos = (text: string) => Number(text.replace(/[^\d]/g, ''));

const figure = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Cifras del periodo' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** The figure's amount, once it stops changing after a refresh. */
async function amountOf(page: Page, title: string) {
  const value = figure(page, title).locator('p').first();
  await expect(value).toHaveText(/\$/);
  return pesos((await value.textContent()) ?? '');
}

/** 'En revisión' and 'Vencidos' say '3 pagos · $ 240.000': the count. */
async function countOf(page: Page, title: string) {
  const value = figure(page, title).locator('p').first();
  await expect(value).toHaveText(/pago/);
  return Number(/^(\d+)/.exec((await value.textContent()) ?? '')?.[1]);
}

async function filterStatus(page: Page, status: string) {
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
}

/** Opens the drawer of the grid's first row and answers it with its balance. */
async function openFirst(page: Page): Promise<{ drawer: Locator; balance: number }> {
  const grid = page.getByRole('grid', { name: 'Pagos del club' });
  await grid
    .getByRole('button', { name: /^Ver el pago de / })
    .first()
    .click();
  const drawer = page
    .getByRole('region')
    .filter({ has: page.getByRole('heading', { name: 'Abonos' }) })
    .filter({ has: page.getByRole('heading', { name: 'Historial' }) });
  await expect(drawer.getByText('Saldo', { exact: true })).toBeVisible();
  const balance = pesos(
    (await drawer
      .getByText('Saldo', { exact: true })
      .locator('xpath=following-sibling::*[1]')
      .textContent()) ?? '',
  );
  return { drawer, balance };
}

const closeDrawer = (page: Page) =>
  page.getByRole('button', { name: 'Cerrar', exact: true }).click();

test('the accountant runs a month in the browser and the figures follow the grid', async ({
  page,
}) => {
  test.slow();
  await logInAs(page, 'contador@demo.club');
  await page.goto('/home/payments');
  const grid = page.getByRole('grid', { name: 'Pagos del club' });
  await expect(grid.getByRole('button', { name: /^Ver el pago de / }).first()).toBeVisible();

  // 1. Generate next month: the preview, then what the server created.
  const period = page.getByRole('combobox', { name: 'Periodo' });
  const thisMonth = (await period.textContent()) ?? '';
  await period.click();
  const options = page.getByRole('option');
  const index = await options.evaluateAll(
    (all, current) => all.findIndex((option) => option.textContent === current),
    thisMonth,
  );
  // The newest month first: next month is the option above this one.
  await options.nth(index - 1).click();
  await page.getByRole('button', { name: 'Generar cobros del periodo' }).first().click();
  const generation = page.getByRole('dialog', { name: /^Generar cobros de / });
  await generation.getByRole('button', { name: 'Generar' }).click();
  await expect(generation.getByText(/^Se crear(on|á) \d+ pagos?/)).toBeVisible();
  await generation.getByRole('button', { name: 'Cerrar' }).click();
  await expect(grid.getByRole('button', { name: /^Ver el pago de / }).first()).toBeVisible();

  // Back to this month, where the work is.
  await period.click();
  await page.getByRole('option', { name: thisMonth, exact: true }).click();
  const collected = await amountOf(page, 'Recaudado en el mes');
  const billed = await amountOf(page, 'Facturado');
  const debt = await amountOf(page, 'Por cobrar');
  const inReview = await countOf(page, 'En revisión');

  // 2. Money received at the desk: the whole balance, in cash; a receipt number.
  await filterStatus(page, 'Pendiente');
  const pending = await openFirst(page);
  await pending.drawer.getByRole('button', { name: 'Registrar abono' }).click();
  const record = page.getByRole('dialog', { name: 'Registrar abono' });
  await record.getByLabel(/Medio de pago/).click();
  await page.getByRole('option', { name: 'Efectivo' }).click();
  await record.getByLabel(/Referencia/).fill('Caja 1');
  await expectAccessible(page, 'Registrar abono');
  await record.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText(/^Abono registrado: recibo N\.º \d+$/)).toBeVisible();
  await expect(pending.drawer.getByText('Pagado', { exact: true }).first()).toBeVisible();

  // 3. Its PDF receipt.
  const download = page.waitForEvent('download');
  await pending.drawer.getByRole('button', { name: 'Descargar recibo' }).first().click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^recibo-\d+\.pdf$/);
  const bytes = await (await pdf.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(page, 'Pago');
  // The drawer is modal: the figures are read once it is closed.
  await closeDrawer(page);
  await expect.poll(() => amountOf(page, 'Recaudado en el mes')).toBe(collected + pending.balance);
  await expect.poll(() => amountOf(page, 'Por cobrar')).toBe(debt - pending.balance);

  // 4. Two families' proofs: one approved, one rejected with a reason.
  await filterStatus(page, 'En revisión');
  const proof = await openFirst(page);
  await proof.drawer.getByRole('button', { name: 'Aprobar' }).first().click();
  await page
    .getByRole('dialog', { name: 'Aprobar comprobante' })
    .getByRole('button', { name: 'Aprobar' })
    .click();
  await expect(page.getByText(/^Comprobante aprobado: recibo N\.º \d+$/)).toBeVisible();
  await closeDrawer(page);
  await expect.poll(() => countOf(page, 'En revisión')).toBe(inReview - 1);
  const second = await openFirst(page);
  await second.drawer.getByRole('button', { name: 'Rechazar' }).first().click();
  const reject = page.getByRole('dialog', { name: 'Rechazar comprobante' });
  await reject.getByLabel(/Motivo/).fill('La imagen no deja leer el valor');
  await reject.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText('Comprobante rechazado', { exact: true })).toBeVisible();
  await expect(second.drawer.getByText(/La imagen no deja leer el valor/).first()).toBeVisible();
  await closeDrawer(page);
  await expect.poll(() => countOf(page, 'En revisión')).toBe(inReview - 2);

  // 5. A payment cancelled with a reason: no longer billed nor owed.
  await filterStatus(page, 'Pendiente');
  const billedNow = await amountOf(page, 'Facturado');
  const debtNow = await amountOf(page, 'Por cobrar');
  const cancelled = await openFirst(page);
  await cancelled.drawer.getByRole('button', { name: 'Anular' }).click();
  const cancel = page.getByRole('dialog', { name: 'Anular pago' });
  await cancel.getByLabel(/Motivo/).fill('Se retiró del club');
  await cancel.getByRole('button', { name: 'Anular' }).click();
  await expect(page.getByText('Pago anulado', { exact: true })).toBeVisible();
  await expect(cancelled.drawer.getByText('Motivo: Se retiró del club')).toBeVisible();
  await closeDrawer(page);
  await expect.poll(() => amountOf(page, 'Facturado')).toBe(billedNow - cancelled.balance);
  await expect.poll(() => amountOf(page, 'Por cobrar')).toBe(debtNow - cancelled.balance);
  expect(billedNow).toBe(billed);
});
