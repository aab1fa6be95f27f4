import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { textFieldProps } from '../../components/form/form-helpers';
import { COUNTRIES, MONTHS } from './club-labels';

/**
 * What the form edits: text as typed ('' for empty), months as numbers 1–12. The resolver
 * hands the submit the contract's parsed values under this same type.
 */
export type ClubFormFields = {
  name: string;
  description: string;
  sport: string;
  country: string;
  state: string;
  city: string;
  address: string;
  nit: string;
  phone: string;
  email: string;
  color: string;
  season_start_month: number;
  season_end_month: number;
};

/** The fields the server may refuse by name; its messages go under them. */
export const CLUB_FORM_FIELDS = [
  'name',
  'description',
  'sport',
  'country',
  'state',
  'city',
  'address',
  'nit',
  'phone',
  'email',
  'color',
  'season_start_month',
  'season_end_month',
] as const satisfies ReadonlyArray<keyof ClubFormFields>;

type Form = UseFormReturn<ClubFormFields>;

const SELECTS = {
  country: {
    label: 'País',
    options: COUNTRIES.map(({ code, name }) => ({ value: code, label: name })),
  },
  season_start_month: {
    label: 'Inicio de temporada',
    options: MONTHS.map((label, index) => ({ value: index + 1, label })),
  },
  season_end_month: {
    label: 'Fin de temporada',
    options: MONTHS.map((label, index) => ({ value: index + 1, label })),
  },
} as const;

function SelectField({ form, name }: { form: Form; name: keyof typeof SELECTS }) {
  const { label, options } = SELECTS[name];
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          id={`field-${name}`}
          label={label}
          {...field}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

const pair = { display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { sm: '1fr 1fr' } } as const;

/** The club's fields, in the order a person fills them. */
export function ClubFormFieldset({ form }: { form: Form }) {
  const color = useWatch({ control: form.control, name: 'color' });
  const swatch = /^#[0-9A-Fa-f]{6}$/.test(color) ? color : 'transparent';
  const props = (name: keyof ClubFormFields) => textFieldProps(form, name);
  return (
    <>
      <TextField label="Nombre del club" required autoComplete="organization" {...props('name')} />
      <TextField label="Descripción" multiline minRows={2} {...props('description')} />
      <Box sx={pair}>
        <TextField label="Deporte" {...props('sport')} />
        <TextField label="NIT" placeholder="900.123.456-7" {...props('nit')} />
      </Box>
      <Box sx={pair}>
        <SelectField form={form} name="country" />
        <TextField label="Departamento" {...props('state')} />
      </Box>
      <Box sx={pair}>
        <TextField label="Ciudad" {...props('city')} />
        <TextField label="Dirección" {...props('address')} />
      </Box>
      <Box sx={pair}>
        <TextField label="Teléfono" type="tel" autoComplete="tel" {...props('phone')} />
        <TextField label="Correo del club" type="email" autoComplete="email" {...props('email')} />
      </Box>
      <TextField
        label="Color"
        placeholder="#RRGGBB"
        {...props('color')}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Box
                  aria-hidden
                  sx={{
                    width: 20,
                    height: 20,
                    borderRadius: 1,
                    border: 1,
                    borderColor: 'divider',
                    bgcolor: swatch,
                  }}
                />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={pair}>
        <SelectField form={form} name="season_start_month" />
        <SelectField form={form} name="season_end_month" />
      </Box>
    </>
  );
}
