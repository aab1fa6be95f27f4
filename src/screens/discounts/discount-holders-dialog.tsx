import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DiscountHolder } from '../../../contract/discount-holders.schema';
import type { Discount } from '../../../contract/discounts.schema';
import { discountHoldersQuery } from '../../api/discounts.api';
import { playersListQuery } from '../../api/players.api';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';
import type { DiscountPlayersValues } from '../../machines/discounts.actors';
import type { RequestFailure } from '../../lib/request-failure';

/** A player as the picker shows it. */
interface PlayerOption {
  id: number;
  label: string;
}

const optionOf = (player: Pick<DiscountHolder, 'id' | 'name' | 'lastname'>): PlayerOption => ({
  id: player.id,
  label: `${player.name} ${player.lastname}`,
});

/** 'Se asigna a 2 y se quita a 1.' / 'Sin cambios.' */
function changeText(added: number, removed: number) {
  const parts = [added > 0 && `se asigna a ${added}`, removed > 0 && `se quita a ${removed}`];
  const text = parts.filter(Boolean).join(' y ');
  return text ? `${text[0]!.toUpperCase()}${text.slice(1)}.` : 'Sin cambios.';
}

interface DiscountPlayersDialogProps {
  clubId: number;
  open: boolean;
  /** The discount whose players are chosen. */
  discount: Pick<Discount, 'id' | 'name'> | null;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (values: DiscountPlayersValues) => void;
}

/**
 * 'Asignar jugadores': the players who hold the discount now, to add and remove from with
 * a search over the club's players; saving sends only the difference.
 */
export function DiscountPlayersDialog({
  clubId,
  open,
  discount,
  busy,
  failure,
  onCancel,
  onSave,
}: DiscountPlayersDialogProps) {
  return (
    <FormDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby="discount-players-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="discount-players-title">
        Asignar jugadores{discount ? `: ${discount.name}` : ''}
      </DialogTitle>
      {open && discount && (
        <HoldersLoader
          key={discount.id}
          clubId={clubId}
          discountId={discount.id}
          busy={busy}
          failure={failure}
          onCancel={onCancel}
          onSave={onSave}
        />
      )}
    </FormDialog>
  );
}

type LoaderProps = Pick<
  DiscountPlayersDialogProps,
  'clubId' | 'busy' | 'failure' | 'onCancel' | 'onSave'
> & { discountId: number };

/** Waits for who holds the discount, then starts the picker from them. */
function HoldersLoader({ clubId, discountId, ...props }: LoaderProps) {
  const holders = useQuery(discountHoldersQuery(clubId, discountId));
  if (holders.isError) {
    return (
      <DialogContent>
        <Alert severity="error">No se pudieron cargar los jugadores del descuento.</Alert>
      </DialogContent>
    );
  }
  if (!holders.data) {
    return (
      <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Cargando jugadores del descuento" />
      </DialogContent>
    );
  }
  return <PlayersPicker clubId={clubId} holders={holders.data.map(optionOf)} {...props} />;
}

function PlayersPicker({
  clubId,
  holders,
  busy,
  failure,
  onCancel,
  onSave,
}: Omit<LoaderProps, 'discountId'> & { holders: PlayerOption[] }) {
  const [picked, setPicked] = useState(holders);
  const [typed, setTyped] = useState('');
  const found = useQuery(
    playersListQuery(clubId)({ page: 1, pageSize: 25, sort: 'name', q: typed || undefined }),
  );
  const options = (found.data?.data ?? []).map(optionOf);
  const had = new Set(holders.map((holder) => holder.id));
  const has = new Set(picked.map((player) => player.id));
  const add = picked.filter((player) => !had.has(player.id)).map((player) => player.id);
  const remove = holders.filter((holder) => !has.has(holder.id)).map((holder) => holder.id);
  useReportDirty(add.length + remove.length > 0);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ add, remove });
      }}
    >
      <DialogContent sx={{ pt: 0 }}>
        {failure && <Alert severity="error">{failure.message}</Alert>}
        <DialogContentText sx={{ mb: 1 }}>
          {holders.length === 0
            ? 'Ningún jugador tiene este descuento todavía.'
            : `Lo tienen ${holders.length === 1 ? '1 jugador' : `${holders.length} jugadores`}. Quita o agrega jugadores.`}
        </DialogContentText>
        <Autocomplete
          multiple
          id="field-discount-players"
          options={options}
          filterOptions={(each) => each}
          loading={found.isFetching}
          loadingText="Buscando jugadores…"
          noOptionsText="Ningún jugador coincide"
          value={picked}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          getOptionLabel={(option) => option.label}
          renderOption={({ key, ...props }, option, { selected }) => (
            <li key={key} {...props}>
              {option.label}
              {selected ? ' (ya lo tiene)' : ''}
            </li>
          )}
          onChange={(_event, value) => setPicked(value)}
          onInputChange={(_event, text, reason) => {
            if (reason !== 'reset') setTyped(text);
          }}
          renderInput={(params) => (
            <TextField {...params} label="Jugadores" placeholder="Busca por nombre o documento" />
          )}
        />
        <DialogContentText variant="body2" sx={{ mt: 1 }}>
          {changeText(add.length, remove.length)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
          Guardar
        </Button>
      </DialogActions>
    </Box>
  );
}
