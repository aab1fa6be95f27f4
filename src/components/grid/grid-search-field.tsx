import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

interface GridSearchFieldProps {
  /** What the search looks in, e.g. 'Buscar por nombre o correo'. */
  label: string;
  value: string;
  onChange: (text: string) => void;
}

/**
 * The search box above a grid, beside its filters in a row from `sm` or `md` up. Text
 * fields are full width by theme (basis 100% each in the row, shrunk alike), so the box
 * keeps that basis and a floor: with `flex: 1` (basis 0) it was the one item left with no
 * room, 0–14 px wide next to three filters at 1280 px (issue #34 item 6).
 */
export function GridSearchField({ label, value, onChange }: GridSearchFieldProps) {
  return (
    <TextField
      label={label}
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      margin="none"
      sx={{ flex: '1 1 auto', minWidth: { sm: 240 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
