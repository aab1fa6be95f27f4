import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type ReactNode, useId } from 'react';
import { type Control, Controller } from 'react-hook-form';
import type { RegisterRequest } from '../../../contract/auth.schema';

/** A page opened beside the form, so what was typed stays. */
function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link href={to} target="_blank" rel="noopener">
      {children}
    </Link>
  );
}

interface ConsentBoxProps {
  control: Control<RegisterRequest>;
  name: 'accept_terms' | 'accept_data_policy';
  label: ReactNode;
}

/** One box the person must tick, with the contract's refusal under it. */
function ConsentBox({ control, name, label }: ConsentBoxProps) {
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl required error={Boolean(fieldState.error)}>
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value === true}
                onChange={(_, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
                slotProps={{
                  input: {
                    'aria-describedby': fieldState.error ? errorId : undefined,
                    'aria-invalid': fieldState.error ? true : undefined,
                    required: true,
                  },
                }}
              />
            }
            label={label}
          />
          {fieldState.error && (
            <FormHelperText id={errorId}>{fieldState.error.message}</FormHelperText>
          )}
        </FormControl>
      )}
    />
  );
}

/**
 * What a sign-up accepts (issue #33 item 8): the terms of use and the data-processing
 * authorisation of the privacy notice (Ley 1581), each read on its own page; the versions
 * shown travel in the form's hidden fields.
 */
export function SignUpConsents({ control }: { control: Control<RegisterRequest> }) {
  return (
    <Stack sx={{ my: 1 }}>
      <ConsentBox
        control={control}
        name="accept_terms"
        label={
          <>
            Acepto los términos y condiciones (
            <TextLink to="/terminos">leer los términos y condiciones</TextLink>)
          </>
        }
      />
      <ConsentBox
        control={control}
        name="accept_data_policy"
        label={
          <>
            Autorizo el tratamiento de mis datos personales según la política de privacidad (
            <TextLink to="/privacidad">leer la política de privacidad</TextLink>)
          </>
        }
      />
    </Stack>
  );
}
