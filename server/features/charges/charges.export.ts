import { type ChargeListResponse, chargeConceptLabels } from '../../../contract/charges.schema';
import { personStatusLabels } from '../../../contract/people.schema';
import type { ExportColumn } from '../../lib/list-export';

type Charge = ChargeListResponse['data'][number];

const names = (list: { name: string }[]) => list.map((each) => each.name).join(', ');

/** The charges export (issue #34 item 3): what a charge bills, money as numbers. */
export const chargeExportColumns: ExportColumn<Charge>[] = [
  { header: 'Nombre', kind: 'text', cell: (row) => row.name },
  { header: 'Concepto', kind: 'text', cell: (row) => chargeConceptLabels[row.concept] },
  { header: 'Valor', kind: 'money', cell: (row) => row.amount },
  { header: 'Frecuencia', kind: 'text', cell: (row) => row.frequency.name },
  { header: 'Día de pago', kind: 'number', cell: (row) => row.due_day },
  { header: 'Fecha de pago', kind: 'date', cell: (row) => row.due_date },
  { header: 'Vigente desde', kind: 'date', cell: (row) => row.valid_from },
  { header: 'Vigente hasta', kind: 'date', cell: (row) => row.valid_until },
  { header: 'Categorías', kind: 'text', cell: (row) => names(row.categories) },
  { header: 'Jugadores', kind: 'text', cell: (row) => names(row.players) },
  { header: 'Excluidos', kind: 'text', cell: (row) => names(row.excluded_players) },
  { header: 'Descuentos', kind: 'text', cell: (row) => names(row.discounts) },
  { header: 'Estado', kind: 'text', cell: (row) => personStatusLabels[row.status] },
];
