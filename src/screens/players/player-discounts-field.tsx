import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { listDiscounts, discountsKey, useAssignableDiscounts } from '../../api/discounts.api';
import type { PlayerDiscountsChange } from '../../machines/players.actors';
import { FormSection } from './player-form-fields';

const heldParams = (playerId: number) =>
  ({ page: 1, pageSize: 100, sort: 'name', player_id: playerId }) as const;

interface PlayerDiscountsFieldProps {
  clubId: number;
  /** The player edited; null for a new one (who holds none yet). */
  playerId: number | null;
  /** What was chosen; null while untouched (nothing is sent). */
  value: PlayerDiscountsChange | null;
  onChange: (change: PlayerDiscountsChange) => void;
}

/**
 * 'Descuentos': the club's active discounts the player holds (a sibling rule reaches
 * families through their guardians and is not chosen here). Saved after the player, with
 * each discount's own call (players.actors.ts).
 */
export function PlayerDiscountsField({
  clubId,
  playerId,
  value,
  onChange,
}: PlayerDiscountsFieldProps) {
  const options = useAssignableDiscounts(clubId).data ?? [];
  const held = useQuery({
    queryKey: discountsKey(clubId, heldParams(playerId ?? 0)),
    queryFn: () => listDiscounts(clubId, heldParams(playerId!)),
    enabled: playerId !== null,
  });
  const before = (held.data?.data ?? [])
    .filter((discount) => discount.kind !== 'siblings')
    .map((discount) => discount.id);
  const chosen = value?.after ?? before;
  return (
    <FormSection title="Descuentos">
      <Autocomplete
        multiple
        id="field-discount_ids"
        options={options.map(({ id, name }) => ({ id, name }))}
        getOptionLabel={(option) => option.name}
        noOptionsText="El club no tiene descuentos activos"
        loading={playerId !== null && held.isPending}
        disabled={playerId !== null && held.isPending}
        value={options.filter((option) => chosen.includes(option.id))}
        isOptionEqualToValue={(option, picked) => option.id === picked.id}
        onChange={(_event, picked) =>
          onChange({ before, after: picked.map((option) => option.id) })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Descuentos"
            helperText="Se aplican en los cobros vinculados a cada descuento"
          />
        )}
      />
    </FormSection>
  );
}
