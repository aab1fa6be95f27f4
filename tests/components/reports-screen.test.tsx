import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { platformMessages } from '../../contract/platform.schema';
import { reportMessages } from '../../contract/reports.schema';
import { ReportsScreen } from '../../src/screens/reports/reports-screen';
import { renderRoutes } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const saved: string[] = [];
beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

const encoder = new TextEncoder();

/** A streamed report answer whose chunks the test releases one by one. */
function streamedReport(total: number) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: (error: unknown) => controller.error(error),
    response: () =>
      new Response(body, {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="reporte-clubes-2026-11-24.csv"',
          'x-total-rows': String(total),
        },
      }),
  };
}

/** Renders the screen with report requests answered by `answer`, recording their URLs. */
function renderScreen(answer: (url: URL, init?: RequestInit) => Promise<Response> | Response) {
  const view = renderRoutes(
    '/home/admin/reports',
    [{ path: '/home/admin/reports', element: <ReportsScreen /> }],
    {
      user: userWithRole('Propietario del Club', { is_super_admin: true }),
      api: () => [404, { message: 'Recurso no encontrado' }],
    },
  );
  const fallback = globalThis.fetch;
  const urls: URL[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.startsWith('/api/admin/reports/')) return fallback(input, init);
    urls.push(url);
    return Promise.resolve(answer(url, init));
  });
  return { ...view, urls };
}

const card = (name: string) => screen.getByRole('region', { name });

describe('reports screen', () => {
  it('describes each report and downloads a CSV with a determinate progress bar', async () => {
    const report = streamedReport(2);
    const { urls } = renderScreen(() => report.response());
    expect(screen.getByRole('heading', { level: 1, name: 'Reportes del Sistema' })).toBeVisible();
    const clubs = card('Clubes');
    expect(within(clubs).getByText(/propietario, jugadores activos, miembros/)).toBeVisible();
    expect(within(card('Usuarios')).getByText(/Nunca incluye contraseñas/)).toBeVisible();
    expect(within(card('Pagos por club y mes')).getByLabelText('Desde (mes)')).toBeVisible();

    await userEvent.click(within(clubs).getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Archivados' }));
    await userEvent.click(within(clubs).getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0]!.pathname).toBe('/api/admin/reports/clubs.csv');
    expect(urls[0]!.searchParams.get('status')).toBe('archived');

    report.push('\uFEFFID;Nombre\r\n1;Club A\r\n');
    expect(await within(clubs).findByText('Descargando… 50 % de 2 filas')).toBeVisible();
    expect(within(clubs).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    report.push('2;Club B\r\n');
    report.end();
    expect(
      await within(clubs).findByText('Listo: reporte-clubes-2026-11-24.csv (2 filas)'),
    ).toBeVisible();
    expect(saved).toEqual(['reporte-clubes-2026-11-24.csv']);
  });

  it('cancels a download in progress, aborting its request', async () => {
    const signals: AbortSignal[] = [];
    renderScreen((_url, init) => {
      if (init?.signal) signals.push(init.signal);
      const report = streamedReport(100);
      init?.signal?.addEventListener('abort', () =>
        report.fail(new DOMException('Cancelada', 'AbortError')),
      );
      report.push('\uFEFFID;Nombre\r\n');
      return report.response();
    });
    const users = card('Usuarios');
    await userEvent.click(within(users).getByRole('radio', { name: 'Excel (XLSX)' }));
    await userEvent.click(within(users).getByRole('button', { name: 'Descargar' }));
    await userEvent.click(await within(users).findByRole('button', { name: 'Cancelar' }));
    expect(await within(users).findByText('Descarga cancelada')).toBeVisible();
    expect(within(users).queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(saved).toEqual([]);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
  });

  it("shows the server's refusal in Spanish", async () => {
    renderScreen(() =>
      Response.json({ message: platformMessages.superAdminOnly }, { status: 403 }),
    );
    const payments = card('Pagos por club y mes');
    await userEvent.click(within(payments).getByRole('button', { name: 'Descargar' }));
    expect(await within(payments).findByText(platformMessages.superAdminOnly)).toBeVisible();
  });

  it('refuses a month range that ends before it starts', async () => {
    const { urls } = renderScreen(() => streamedReport(0).response());
    const payments = card('Pagos por club y mes');
    await userEvent.type(within(payments).getByLabelText('Desde (mes)'), '2026-05');
    await userEvent.type(within(payments).getByLabelText('Hasta (mes)'), '2026-03');
    expect(within(payments).getByText(reportMessages.range)).toBeVisible();
    expect(within(payments).getByRole('button', { name: 'Descargar' })).toBeDisabled();
    expect(urls).toHaveLength(0);
  });
});
