import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDay } from '../../../contract/dates.format';
import { ADULT_AGE, ageOn, isoToday, type PersonStatus } from '../../../contract/people.schema';
import {
  type Player,
  type PlayerListParams,
  playerSortFields,
} from '../../../contract/players.schema';
import { type RowActions, rowActionsColumn, statusColumn } from '../../components/grid/row-columns';
import type { GridCardSpec } from '../../components/grid/server-grid-cards';
import type { ServerGridSpec } from '../../components/grid/use-server-grid';
import { photoConsentDescription, photoConsentText } from './player-photo-consent';

/** 'Ana Pérez'. */
export const fullName = (player: Pick<Player, 'name' | 'lastname'>) =>
  `${player.name} ${player.lastname}`;

/** '12 años · 15/03/2014', or '—' without a birth date. */
export const ageAndBirth = (birthDate: string | null) =>
  birthDate ? `${ageOn(birthDate, isoToday())} años · ${formatDay(birthDate)}` : '—';

/** Under 18 on today's date (a guardian's contact applies). */
export const isMinor = (birthDate: string | null) =>
  birthDate !== null && ageOn(birthDate, isoToday()) < ADULT_AGE;

/** 'TI 1023456789', or '—' without a document. */
export const documentText = (player: Player) =>
  player.document_type && player.document_number
    ? `${player.document_type} ${player.document_number}`
    : '—';

/** 'Marta Pérez · 3001234567' for a minor's guardian; '—' otherwise. */
export const guardianText = (player: Player) =>
  isMinor(player.birth_date) && player.guardian_name
    ? [player.guardian_name, player.guardian_phone].filter(Boolean).join(' · ')
    : '—';

const initials = (player: Player) =>
  `${player.name.charAt(0)}${player.lastname.charAt(0)}`.toLocaleUpperCase('es');

/** The players grid on the list contract: by name, no filter at first. */
export const playersGrid: ServerGridSpec<PlayerListParams, Player> = {
  getRowId: (player) => player.id,
  sortable: playerSortFields,
  defaultSort: 'name',
};

/** A player's card on a phone: the name, the main fields and the buttons. */
export const playerCard = (withActions: boolean): GridCardSpec => ({
  title: 'name',
  fields: ['document_number', 'birth_date', 'category', 'guardian', 'photo_consent', 'status'],
  ...(withActions ? { actions: 'actions' } : {}),
});

/** What the rows do: the switch's call and refresh; a missing button (no permission) is not drawn. */
export interface PlayerRowActions extends RowActions<Player> {
  canChangeStatus: boolean;
  changeStatus: (id: number, status: PersonStatus) => Promise<unknown>;
  refresh: () => unknown;
  /** 'Invitar acudiente' on a minor's row; absent without players.update. */
  onInviteGuardian?: (player: Player) => void;
}

const text = (value: string | number | null) => (value === null ? '—' : String(value));

/**
 * The columns of 'Jugadores'. Sortable ones carry the server's sort field as their
 * `field` (contract/players.schema.ts `playerSortFields`); the CSV takes the headers and
 * the `valueGetter` texts, in Spanish.
 */
export function playersColumns(actions: PlayerRowActions): GridColDef<Player>[] {
  const { onEdit, onDelete, onInviteGuardian } = actions;
  // A minor's guardian is invited from the row; the bulk action covers anyone selected.
  const more = onInviteGuardian
    ? [
        {
          label: 'Invitar acudiente',
          onClick: onInviteGuardian,
          shownFor: (player: Player) => isMinor(player.birth_date),
        },
      ]
    : [];
  return [
    {
      field: 'name',
      headerName: 'Nombre',
      flex: 1,
      minWidth: 200,
      valueGetter: (_value, player) => fullName(player),
      renderCell: ({ row }) => (
        // Spans: the phone card puts the title in a paragraph.
        <Stack
          component="span"
          direction="row"
          sx={{ gap: 1, alignItems: 'center', height: '100%' }}
        >
          <Avatar
            component="span"
            src={row.photo_url ?? undefined}
            alt=""
            sx={{ width: 28, height: 28, bgcolor: 'secondary.main', fontSize: '0.75rem' }}
          >
            {initials(row)}
          </Avatar>
          <Box component="span">{fullName(row)}</Box>
        </Stack>
      ),
    },
    {
      field: 'document_number',
      headerName: 'Documento',
      width: 150,
      valueGetter: (_value, player) => documentText(player),
    },
    {
      field: 'birth_date',
      headerName: 'Edad · Nacimiento',
      width: 170,
      valueGetter: (_value, player) => ageAndBirth(player.birth_date),
    },
    {
      field: 'category',
      headerName: 'Categoría',
      width: 140,
      sortable: false,
      valueGetter: (_value, player) => player.category?.name ?? 'Sin categoría',
    },
    {
      field: 'position',
      headerName: 'Posición',
      width: 120,
      sortable: false,
      valueGetter: (_value, player) => text(player.position),
    },
    {
      field: 'jersey_number',
      headerName: 'Camiseta',
      width: 100,
      sortable: false,
      valueGetter: (_value, player) => text(player.jersey_number),
    },
    {
      field: 'guardian',
      headerName: 'Acudiente',
      width: 220,
      sortable: false,
      valueGetter: (_value, player) => guardianText(player),
    },
    {
      // Where the family allows the player's photos; the channels in full on hover or focus.
      field: 'photo_consent',
      headerName: 'Fotos',
      width: 170,
      sortable: false,
      valueGetter: (_value, player) => photoConsentText(player.photo_consent),
      renderCell: ({ row, value }) => (
        <Tooltip title={photoConsentDescription(row.photo_consent)} describeChild>
          <span>{value as string}</span>
        </Tooltip>
      ),
    },
    statusColumn<Player>(
      {
        canChange: actions.canChangeStatus,
        change: actions.changeStatus,
        refresh: actions.refresh,
        noun: 'jugador',
      },
      fullName,
    ),
    ...rowActionsColumn<Player>({ onEdit, onDelete, more }, fullName),
  ];
}
