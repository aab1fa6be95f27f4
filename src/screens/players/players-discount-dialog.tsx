import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useCallback, useState } from 'react';
import { useAssignDiscountPlayers, useAssignableDiscounts } from '../../api/discounts.api';
import { FormDialog } from '../../components/form/form-dialog';
import { useSaveFlow } from '../../components/use-machine-flow';
import { toast } from '../../components/toaster';
import type { RequestFailure } from '../../lib/request-failure';
import {
  type DiscountChoice,
  type PlayersToDiscount,
  DISCOUNT_DIALOG_OPTIONS,
  createPlayersDiscountImplementations,
  playersDiscountMachine,
} from '../../machines/discounts.actors';

/** The players grid's 'Asignar descuento' machine, made once per screen (STYLE.md §2). */
function usePlayersDiscountLogic(clubId: number) {
  const assign = useAssignDiscountPlayers(clubId);
  const [logic] = useState(() =>
    playersDiscountMachine.provide(
      createPlayersDiscountImplementations({
        assignPlayers: (change) => assign.mutateAsync(change),
        toast,
      }),
    ),
  );
  return logic;
}

/**
 * 'Asignar descuento' for the players grid's selection: `open(playerIds)`, and the props
 * of PlayersDiscountDialog.
 */
export function usePlayersDiscount(clubId: number) {
  const discount = useSaveFlow(usePlayersDiscountLogic(clubId), DISCOUNT_DIALOG_OPTIONS);
  const { open: start } = discount;
  const open = useCallback((playerIds: number[]) => start({ playerIds }), [start]);
  return {
    open,
    dialogProps: {
      clubId,
      subject: discount.subject,
      busy: discount.busy,
      failure: discount.failure,
      onCancel: discount.close,
      onSave: discount.submit,
    },
  };
}

interface PlayersDiscountDialogProps {
  clubId: number;
  subject: PlayersToDiscount | null;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (values: DiscountChoice) => void;
}

/** Choose one of the club's active discounts and confirm it for the selected players. */
export function PlayersDiscountDialog({
  subject,
  busy,
  onCancel,
  ...props
}: PlayersDiscountDialogProps) {
  return (
    <FormDialog
      open={subject !== null}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby="players-discount-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="players-discount-title">Asignar descuento</DialogTitle>
      {subject && (
        <DiscountChoiceForm subject={subject} busy={busy} onCancel={onCancel} {...props} />
      )}
    </FormDialog>
  );
}

function DiscountChoiceForm({
  clubId,
  subject,
  busy,
  failure,
  onCancel,
  onSave,
}: Omit<PlayersDiscountDialogProps, 'subject'> & { subject: PlayersToDiscount }) {
  const discounts = useAssignableDiscounts(clubId);
  const [chosen, setChosen] = useState('');
  const [missing, setMissing] = useState(false);
  const n = subject.playerIds.length;
  const options = discounts.data ?? [];
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const discount = options.find((each) => String(each.id) === chosen);
        if (!discount) {
          setMissing(true);
          return;
        }
        onSave({ discount: { id: discount.id, name: discount.name } });
      }}
    >
      <DialogContent sx={{ pt: 0 }}>
        {failure && <Alert severity="error">{failure.message}</Alert>}
        <DialogContentText>
          {n === 1 ? 'Al jugador seleccionado' : `A los ${n} jugadores seleccionados`} se les aplica
          en los cobros vinculados al descuento.
        </DialogContentText>
        <TextField
          select
          required
          label="Descuento"
          id="field-discount"
          value={chosen}
          onChange={(event) => {
            setChosen(event.target.value);
            setMissing(false);
          }}
          error={missing}
          helperText={
            missing
              ? 'Elige un descuento'
              : discounts.isSuccess && options.length === 0
                ? 'El club no tiene descuentos activos para asignar'
                : undefined
          }
        >
          {options.map((discount) => (
            <MenuItem key={discount.id} value={String(discount.id)}>
              {discount.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
          Asignar
        </Button>
      </DialogActions>
    </Box>
  );
}
