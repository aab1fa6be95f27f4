import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { isoWeekdayLabels } from '../../../contract/sessions.schema';
import { IsoDateField } from '../../components/form/iso-date-field';
import type { SessionFormValues } from '../../machines/sessions.actors';
import type { SessionFormInput } from './session-form.values';

/** L M X J V S D: the Spanish one-letter weekdays, ISO 1–7. */
const LETTERS = ['L', 'M', 'X', 'J', 'V', 'S', 'D'] as const;

type Form = UseFormReturn<SessionFormInput, unknown, SessionFormValues>;

/** 'Repetir semanalmente': the weekdays, and 'Hasta' a date or a 'Número de sesiones'. */
export function SessionRepeatFields({ form }: { form: Form }) {
  const { control } = form;
  const repeat = useWatch({ control, name: 'repeat' });
  const endMode = useWatch({ control, name: 'endMode' });
  return (
    <>
      <Controller
        control={control}
        name="repeat"
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Switch
                checked={field.value}
                onChange={(_, checked) => field.onChange(checked)}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label="Repetir semanalmente"
          />
        )}
      />
      {repeat && (
        <>
          <Controller
            control={control}
            name="weekdays"
            render={({ field, fieldState }) => (
              <FormControl margin="normal" error={Boolean(fieldState.error)} fullWidth>
                <FormLabel id="session-weekdays-label">Días de la semana</FormLabel>
                <ToggleButtonGroup
                  aria-labelledby="session-weekdays-label"
                  value={field.value}
                  onChange={(_, days: number[]) => field.onChange(days)}
                  size="small"
                  sx={{ mt: 1, flexWrap: 'wrap' }}
                >
                  {LETTERS.map((letter, index) => (
                    <ToggleButton
                      key={letter}
                      value={index + 1}
                      aria-label={isoWeekdayLabels[index]}
                      sx={{ minWidth: 40 }}
                    >
                      {letter}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
          <Controller
            control={control}
            name="endMode"
            render={({ field }) => (
              <FormControl margin="dense">
                <FormLabel id="session-end-mode-label">Termina</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="session-end-mode-label"
                  value={field.value}
                  onChange={(_, value) => field.onChange(value)}
                >
                  <FormControlLabel value="until" control={<Radio />} label="Hasta una fecha" />
                  <FormControlLabel
                    value="count"
                    control={<Radio />}
                    label="Tras un número de sesiones"
                  />
                </RadioGroup>
              </FormControl>
            )}
          />
          {endMode === 'until' ? (
            <IsoDateField control={control} name="until" label="Hasta" required />
          ) : (
            <Controller
              control={control}
              name="count"
              render={({ field, fieldState }) => (
                <TextField
                  label="Número de sesiones"
                  id="field-count"
                  required
                  fullWidth
                  margin="normal"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
                />
              )}
            />
          )}
        </>
      )}
    </>
  );
}
