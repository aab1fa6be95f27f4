import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

interface SubmitButtonProps {
  label: string;
  /** The machine is waiting for the server: show progress. */
  busy: boolean;
  /** The machine would not accept a submit now. */
  disabled?: boolean;
}

/** A form's submit button: full width, disabled with a spinner while the call runs. */
export function SubmitButton({ label, busy, disabled = false }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={busy || disabled}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      sx={{ mt: 2 }}
    >
      {label}
    </Button>
  );
}
