import { personStatusLabels } from '../../../contract/people.schema';
import { personGenderLabels } from '../../../contract/profile.schema';
import type { TrainerListResponse } from '../../../contract/trainers.schema';
import type { ExportColumn } from '../../lib/list-export';

type Trainer = TrainerListResponse['data'][number];

/** The trainers export (issue #34 item 3): the grid's columns. */
export const trainerExportColumns: ExportColumn<Trainer>[] = [
  { header: 'Nombre', kind: 'text', cell: (row) => row.name },
  { header: 'Apellido', kind: 'text', cell: (row) => row.lastname },
  { header: 'Tipo de documento', kind: 'text', cell: (row) => row.document_type },
  { header: 'Número de documento', kind: 'text', cell: (row) => row.document_number },
  { header: 'Fecha de nacimiento', kind: 'date', cell: (row) => row.birth_date },
  {
    header: 'Género',
    kind: 'text',
    cell: (row) => (row.gender ? personGenderLabels[row.gender] : null),
  },
  { header: 'Teléfono', kind: 'text', cell: (row) => row.phone },
  { header: 'Correo electrónico', kind: 'text', cell: (row) => row.email },
  {
    header: 'Categorías',
    kind: 'text',
    cell: (row) => row.categories.map((category) => category.name).join(', '),
  },
  { header: 'Estado', kind: 'text', cell: (row) => personStatusLabels[row.status] },
  { header: 'Ingreso', kind: 'datetime', cell: (row) => row.joined_at },
];
