import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import type { PersonStatus } from '../../../contract/people.schema';
import {
  type Trainer,
  type TrainerListParams,
  trainerSortFields,
} from '../../../contract/trainers.schema';
import { type RowActions, rowActionsColumn, statusColumn } from '../../components/grid/row-columns';
import type { GridCardSpec } from '../../components/grid/server-grid-cards';
import type { ServerGridSpec } from '../../components/grid/use-server-grid';
import { trainerName } from '../../machines/trainers.actors';

/** The trainers grid on the list contract: by name, no filter at first. */
export const trainersGrid: ServerGridSpec<TrainerListParams, Trainer> = {
  getRowId: (trainer) => trainer.id,
  sortable: trainerSortFields,
  defaultSort: 'name',
};

/** A trainer's card on a phone: the name, the fields, the status and the buttons. */
export const trainerCard = (withActions: boolean): GridCardSpec => ({
  title: 'name',
  fields: ['document', 'email', 'phone', 'categories', 'status'],
  ...(withActions ? { actions: 'actions' } : {}),
});

/** Added by the club with an e-mail and never signed in: the invitation is still open. */
export const invitationPending = (trainer: Trainer) => !trainer.has_account && !!trainer.email;

/** What the rows do: the switch's call and refresh; a missing button (no permission) is not drawn. */
export interface TrainerRowActions extends RowActions<Trainer> {
  canChangeStatus: boolean;
  changeStatus: (id: number, status: PersonStatus) => Promise<unknown>;
  refresh: () => unknown;
}

const initials = (trainer: Trainer) => `${trainer.name[0] ?? ''}${trainer.lastname[0] ?? ''}`;

/**
 * The columns of 'Entrenadores'. Sortable ones carry the server's sort field as their
 * `field` (contract/trainers.schema.ts `trainerSortFields`).
 */
export function trainersColumns(actions: TrainerRowActions): GridColDef<Trainer>[] {
  const { onEdit, onDelete } = actions;
  return [
    {
      field: 'name',
      headerName: 'Nombre',
      flex: 1,
      minWidth: 240,
      valueGetter: (_value, trainer) => trainerName(trainer),
      renderCell: ({ row }) => (
        <Stack
          component="span"
          direction="row"
          sx={{ gap: 1, alignItems: 'center', height: '100%', flexWrap: 'wrap' }}
        >
          <Avatar
            component="span"
            src={row.photo_url ?? undefined}
            alt=""
            sx={{ width: 28, height: 28, bgcolor: 'secondary.main', fontSize: '0.75rem' }}
          >
            {initials(row)}
          </Avatar>
          <span>{trainerName(row)}</span>
          {invitationPending(row) && (
            <Chip
              component="span"
              label="Invitación pendiente"
              size="small"
              color="warning"
              variant="outlined"
            />
          )}
        </Stack>
      ),
    },
    {
      field: 'document',
      headerName: 'Documento',
      width: 150,
      sortable: false,
      valueGetter: (_value, trainer) =>
        trainer.document_number
          ? `${trainer.document_type ?? ''} ${trainer.document_number}`.trim()
          : '—',
    },
    {
      field: 'email',
      headerName: 'Correo',
      flex: 1,
      minWidth: 200,
      sortable: false,
      valueGetter: (_value, trainer) => trainer.email ?? '—',
    },
    {
      field: 'phone',
      headerName: 'Teléfono',
      width: 140,
      sortable: false,
      valueGetter: (_value, trainer) => trainer.phone ?? '—',
    },
    {
      field: 'categories',
      headerName: 'Categorías',
      flex: 1,
      minWidth: 180,
      sortable: false,
      // The CSV gets the names; the cell shows them as chips.
      valueGetter: (_value, trainer) => trainer.categories.map(({ name }) => name).join(', '),
      renderCell: ({ row }) => (
        <Stack
          component="span"
          direction="row"
          sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center', height: '100%' }}
        >
          {row.categories.map((category) => (
            <Chip component="span" key={category.id} label={category.name} size="small" />
          ))}
        </Stack>
      ),
    },
    statusColumn<Trainer>(
      {
        canChange: actions.canChangeStatus,
        change: actions.changeStatus,
        refresh: actions.refresh,
        noun: 'entrenador',
      },
      trainerName,
    ),
    ...rowActionsColumn<Trainer>({ onEdit, onDelete }, trainerName),
  ];
}
