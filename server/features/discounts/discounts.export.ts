import { type DiscountListResponse, discountKindLabels } from '../../../contract/discounts.schema';
import { personStatusLabels } from '../../../contract/people.schema';
import type { ExportColumn } from '../../lib/list-export';

type Discount = DiscountListResponse['data'][number];

/** The discounts export (issue #34 item 3): a fixed value is money, a percentage a number. */
export const discountExportColumns: ExportColumn<Discount>[] = [
  { header: 'Nombre', kind: 'text', cell: (row) => row.name },
  { header: 'Descripción', kind: 'text', cell: (row) => row.description },
  { header: 'Tipo', kind: 'text', cell: (row) => discountKindLabels[row.kind] },
  {
    header: 'Porcentaje',
    kind: 'number',
    cell: (row) => (row.kind === 'percentage' ? row.value : null),
  },
  { header: 'Valor fijo', kind: 'money', cell: (row) => (row.kind === 'fixed' ? row.value : null) },
  { header: 'Jugadores', kind: 'number', cell: (row) => row.player_count },
  { header: 'Estado', kind: 'text', cell: (row) => personStatusLabels[row.status] },
  { header: 'Creado', kind: 'datetime', cell: (row) => row.created_at },
];
