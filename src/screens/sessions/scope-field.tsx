import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import {
  sessionScopeLabels,
  sessionScopes,
  type SessionScope,
} from '../../../contract/sessions.schema';

interface ScopeFieldProps {
  value: SessionScope;
  onChange: (scope: SessionScope) => void;
  label?: string;
}

/** 'Solo este / Este y los siguientes / Toda la serie', for an occurrence of a series. */
export function ScopeField({ value, onChange, label = '¿Qué sesiones?' }: ScopeFieldProps) {
  const id = useId();
  return (
    <FormControl margin="normal">
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup
        aria-labelledby={id}
        value={value}
        onChange={(_, next) => onChange(next as SessionScope)}
      >
        {sessionScopes.map((scope) => (
          <FormControlLabel
            key={scope}
            value={scope}
            control={<Radio />}
            label={sessionScopeLabels[scope]}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
