import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import type { Toast, ToastAction } from '../machines/toast';
import { ToastContent } from './toast-content';

/** Toasts asked for before the toaster is on the page (it loads after the first draw). */
const waiting: Array<() => void> = [];
let mounted = false;

/** A titled toast: the title in bold, then the message (its own element, for tests too). */
function TitledMessage({ title, message }: { title: string; message: string }) {
  return (
    <span>
      <strong>{title}</strong> <span>{message}</span>
    </span>
  );
}

/** A toast's action button: it runs the action and closes its toast. */
const actionButton = (action: ToastAction) => (key: string | number) => (
  <Button
    color="inherit"
    size="small"
    onClick={() => {
      closeSnackbar(key);
      action.onClick();
    }}
  >
    {action.label}
  </Button>
);

/**
 * Shows a toast (spec §9): what screens and actor factories call. Reads notistack's
 * `enqueueSnackbar` at call time, and holds a toast asked for before the toaster is mounted
 * until it is.
 */
export const toast: Toast = (message, options) => {
  const { title, action, ...rest } = options ?? {};
  const text = title ? <TitledMessage title={title} message={message} /> : message;
  // A toast with a button stays long enough to reach it with the keyboard.
  const withAction = action ? { action: actionButton(action), autoHideDuration: 15_000 } : {};
  const show = () => enqueueSnackbar(text, { ...rest, ...withAction });
  if (mounted) show();
  else waiting.push(show);
};

/**
 * The toasts: one at a time for 5 s, variants `default` and `destructive`. Mounted once
 * beside the app, which imports it lazily, so the first load draws without notistack.
 */
export function Toaster() {
  useEffect(() => {
    mounted = true;
    for (const show of waiting.splice(0)) show();
    return () => {
      mounted = false;
      waiting.length = 0;
    };
  }, []);
  return (
    <SnackbarProvider
      maxSnack={1}
      autoHideDuration={5000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={{ default: ToastContent, destructive: ToastContent }}
      iconVariant={{ destructive: <ErrorOutline fontSize="small" sx={{ mr: 1 }} /> }}
    />
  );
}
