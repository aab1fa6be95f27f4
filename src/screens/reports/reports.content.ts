import type { ReportKind } from '../../../contract/reports.schema';

/** What each report card says it contains, and the filters it offers. */
export const reportCards: {
  report: ReportKind;
  title: string;
  description: string;
  statuses: { value: string; label: string }[];
  months: boolean;
}[] = [
  {
    report: 'clubs',
    title: 'Clubes',
    description:
      'Cada club de la plataforma: estado, plan, propietario, jugadores activos, miembros y fecha de creación.',
    statuses: [
      { value: 'active', label: 'Activos' },
      { value: 'suspended', label: 'Suspendidos' },
      { value: 'archived', label: 'Archivados' },
    ],
    months: false,
  },
  {
    report: 'users',
    title: 'Usuarios',
    description:
      'Cada persona: nombre, correo, estado, si está bloqueada o es super admin, cuántos clubes tiene y cuándo se creó. Nunca incluye contraseñas.',
    statuses: [
      { value: 'active', label: 'Activos' },
      { value: 'inactive', label: 'Inactivos' },
      { value: 'locked', label: 'Bloqueados' },
    ],
    months: false,
  },
  {
    report: 'payments',
    title: 'Pagos por club y mes',
    description:
      'Por club y mes: facturado, recaudado, deuda y cuántos pagos hay en cada estado, con las mismas cifras de la página de Pagos.',
    statuses: [],
    months: true,
  },
];

/** The format note under the choice. */
export const formatHelp =
  "CSV: UTF-8 con separador ';' (abre directo en Excel en español), fechas ISO y pesos enteros. XLSX: libro de Excel.";
