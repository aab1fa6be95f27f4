import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { parsePesos, pesosText } from '../../lib/money';

/*
 * An amount typed in pesos and handed on in minor units (src/lib/money.ts). The text stays
 * what the person types while they type; it is rewritten in es-CO ('120.000') when they
 * leave the field. With react-hook-form, wrap it in a Controller:
 *   <Controller name="amount" control={control} render={({ field, fieldState }) =>
 *     <MoneyField label="Valor" value={field.value} onChange={field.onChange}
 *       onBlur={field.onBlur} error={fieldState.error?.message} />} />
 */

export interface MoneyFieldProps {
  label: string;
  /** Minor units, or null while empty. */
  value: number | null | undefined;
  onChange: (minor: number | null) => void;
  onBlur?: () => void;
  /** The error to show (a field that cannot be read as pesos says so itself). */
  error?: string | undefined;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
}

const UNREADABLE = 'Escribe un valor en pesos, por ejemplo 120.000';

export function MoneyField({
  value,
  onChange,
  onBlur,
  error,
  helperText,
  ...field
}: MoneyFieldProps) {
  const [text, setText] = useState(value == null ? '' : pesosText(value));
  const [unreadable, setUnreadable] = useState(false);

  // A value set from outside (a reset, an edited row) replaces the text, during render
  // (React's "adjusting state when a prop changes").
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    const shown = parsePesos(text);
    if (value == null ? shown !== null : shown !== value) {
      setText(value == null ? '' : pesosText(value));
    }
  }

  const message = unreadable ? UNREADABLE : error;
  return (
    <TextField
      {...field}
      fullWidth
      margin="normal"
      value={text}
      error={Boolean(message)}
      helperText={message ?? helperText}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { inputMode: 'numeric' },
      }}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        const minor = typed.trim() === '' ? null : parsePesos(typed);
        setUnreadable(typed.trim() !== '' && minor === null);
        onChange(minor);
      }}
      onBlur={() => {
        const minor = parsePesos(text);
        if (minor !== null) setText(pesosText(minor));
        onBlur?.();
      }}
    />
  );
}
