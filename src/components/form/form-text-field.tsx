import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEventHandler, FocusEventHandler, Ref } from 'react';

/** What `textFieldProps(form, name)` gives, plus the field's own label and input type. */
export interface FormTextFieldProps {
  label: string;
  type?: string;
  autoComplete?: string;
  id: string;
  name: string;
  inputRef: Ref<HTMLInputElement>;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  error: boolean;
  helperText?: string;
}

/**
 * An outlined text field put together from the parts MUI's TextField renders (FormControl,
 * InputLabel, OutlinedInput, FormHelperText), with TextField's ids, ARIA links and the
 * theme's `fullWidth` + `margin="normal"`. TextField also carries Select, Menu and Popover
 * for its `select` mode: about 20 KB of gzip the sign-in screens, which are in the first
 * load, never use. Use it like TextField: `<FormTextField label="…" {...textFieldProps(form, 'email')} />`.
 */
export function FormTextField({ label, error, helperText, id, ...input }: FormTextFieldProps) {
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth margin="normal" variant="outlined" error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperTextId} {...input} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
