import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import type { ChargeScope } from '../../../contract/charges.schema';
import { categoriesListQuery } from '../../api/categories.api';
import { useChargeDiscounts } from '../../api/charges.api';
import { playersListQuery } from '../../api/players.api';
import type { ChargeValues } from '../../machines/charges.actors';
import type { ChargeFormInput, PersonOption } from './charge-form';

type Form = UseFormReturn<ChargeFormInput, unknown, ChargeValues>;

const scopeLabels: Record<ChargeScope, string> = {
  all: 'Todos los jugadores',
  categories: 'Algunas categorías',
  players: 'Algunos jugadores',
};

const ACTIVE_CATEGORIES = { page: 1, pageSize: 100, sort: 'name', status: 'active' } as const;

/** 'Aplica a', its categories or players, the excluded players and the discounts. */
export function ChargeLinksFields({ form, clubId }: { form: Form; clubId: number }) {
  const scope = useWatch({ control: form.control, name: 'scope' });
  const categories = useQuery(categoriesListQuery(clubId)(ACTIVE_CATEGORIES));
  const discounts = useChargeDiscounts(clubId);
  const categoryOptions = (categories.data?.data ?? []).map(({ id, name }) => ({ id, name }));
  const discountOptions = (discounts.data?.data ?? []).map(({ id, name }) => ({ id, name }));
  return (
    <>
      <Controller
        control={form.control}
        name="scope"
        render={({ field }) => (
          <TextField
            select
            label="Aplica a"
            id="field-scope"
            {...field}
            inputRef={field.ref}
            slotProps={{ inputLabel: { shrink: true } }}
          >
            {(['all', 'categories', 'players'] as const).map((each) => (
              <MenuItem key={each} value={each}>
                {scopeLabels[each]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {scope === 'categories' && (
        <IdsField form={form} name="category_ids" label="Categorías" options={categoryOptions} />
      )}
      {scope === 'players' && (
        <PeopleField form={form} clubId={clubId} name="player_ids" label="Jugadores" />
      )}
      <PeopleField
        form={form}
        clubId={clubId}
        name="excluded_player_ids"
        label="Jugadores excluidos"
      />
      <IdsField form={form} name="discount_ids" label="Descuentos" options={discountOptions} />
    </>
  );
}

interface IdsFieldProps {
  form: Form;
  name: 'category_ids' | 'discount_ids';
  label: string;
  options: { id: number; name: string }[];
}

/** A multi-select of a short club list (categories, discounts) bound to ids. */
function IdsField({ form, name, label, options }: IdsFieldProps) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          id={`field-${name}`}
          options={options}
          getOptionLabel={(option) => option.name}
          noOptionsText="No hay opciones"
          value={options.filter((option) => field.value.includes(option.id))}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          onChange={(_event, picked) => field.onChange(picked.map((option) => option.id))}
          onBlur={field.onBlur}
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
      )}
    />
  );
}

interface PeopleFieldProps {
  form: Form;
  clubId: number;
  name: 'player_ids' | 'excluded_player_ids';
  label: string;
}

/** Players of the club searched by name as the person types (the players list with `q`). */
function PeopleField({ form, clubId, name, label }: PeopleFieldProps) {
  const [typed, setTyped] = useState('');
  const found = useQuery(
    playersListQuery(clubId)({ page: 1, pageSize: 25, sort: 'name', q: typed || undefined }),
  );
  const options: PersonOption[] = (found.data?.data ?? []).map((player) => ({
    id: player.id,
    label: `${player.name} ${player.lastname}`,
  }));
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          id={`field-${name}`}
          options={options}
          filterOptions={(each) => each}
          loading={found.isFetching}
          loadingText="Buscando jugadores…"
          noOptionsText="Ningún jugador coincide"
          value={field.value}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          onChange={(_event, picked) => field.onChange(picked)}
          onInputChange={(_event, text) => setTyped(text)}
          onBlur={field.onBlur}
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
      )}
    />
  );
}
