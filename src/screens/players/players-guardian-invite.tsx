import PersonAdd from '@mui/icons-material/PersonAddAlt1Outlined';
import Sell from '@mui/icons-material/SellOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import type { Player } from '../../../contract/players.schema';
import { useSaveFlow } from '../../components/use-machine-flow';
import { GUARDIAN_INVITE_OPTIONS } from '../../machines/parents.actors';
import { fullName } from './players.columns';
import { useGuardianInviteLogic } from './players.logic';

/**
 * The 'Invitar acudiente' dialog's actor for the players grid: `open(players)` from a row
 * (one) or the bar (the selected ones), `dialogProps` for GuardianInviteDialog.
 */
export function useGuardianInvite(clubId: number) {
  const invite = useSaveFlow(useGuardianInviteLogic(clubId), GUARDIAN_INVITE_OPTIONS);
  const { open: start } = invite;
  const open = useCallback(
    (players: readonly Player[]) =>
      start({
        playerIds: players.map(({ id }) => id),
        names: Object.fromEntries(players.map((player) => [player.id, fullName(player)])),
      }),
    [start],
  );
  return {
    open,
    dialogProps: {
      clubId,
      subject: invite.subject,
      busy: invite.busy,
      failure: invite.failure,
      onCancel: invite.close,
      onSubmit: invite.submit,
    },
  };
}

/**
 * The bar over the grid while players are selected: how many, 'Invitar acudiente' and,
 * for who manages the money, 'Asignar descuento'.
 */
export function PlayersSelectionBar({
  selected,
  onInvite,
  onAssignDiscount,
}: {
  selected: readonly Player[];
  onInvite: (players: readonly Player[]) => void;
  onAssignDiscount?: (playerIds: number[]) => void;
}) {
  if (selected.length === 0) return null;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Acciones sobre los jugadores seleccionados"
      sx={{ p: 1.5, mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Typography sx={{ mr: 1 }}>
        {selected.length === 1
          ? '1 jugador seleccionado'
          : `${selected.length} jugadores seleccionados`}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        startIcon={<PersonAdd />}
        onClick={() => onInvite(selected)}
      >
        Invitar acudiente
      </Button>
      {onAssignDiscount && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<Sell />}
          onClick={() => onAssignDiscount(selected.map(({ id }) => id))}
        >
          Asignar descuento
        </Button>
      )}
    </Paper>
  );
}
