import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { SnackbarProvider } from 'notistack';
import { ToastContent } from './toast-content';

/**
 * The toasts (spec §9): one at a time for 5 s, variants `default` and `destructive`. Mounted
 * once beside the app; screens call notistack's `enqueueSnackbar`, which shows its toast
 * here. The app imports this lazily, so the first load draws without notistack.
 */
export function Toaster() {
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
