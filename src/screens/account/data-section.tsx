import Button from '@mui/material/Button';
import { exportAccount } from '../../api/account.api';
import { toast } from '../../components/toaster';
import { handOver } from '../../lib/hand-over';
import { createAccountFormImplementations } from '../../machines/account.actors';
import { AccountSection, FormFailure, useAccountForm } from './account-form';

/** 'Mis datos': downloads what the platform holds about me, as a JSON file. */
export function DataSection() {
  const download = useAccountForm(() =>
    createAccountFormImplementations({
      send: async () => {
        const blob = await exportAccount();
        handOver(blob, `mis-datos-${new Date().toISOString().slice(0, 10)}.json`);
        return { message: 'Descargamos tus datos' };
      },
      done: ({ message }) => toast(message),
    }),
  );
  return (
    <AccountSection
      id="datos"
      title="Mis datos"
      description="Un archivo JSON con tu perfil, tus clubes y roles, tus fichas de jugador, tus pagos y tus notificaciones."
    >
      <Button
        variant="outlined"
        sx={{ mt: 1 }}
        disabled={download.busy}
        aria-busy={download.busy}
        onClick={() => download.submit({})}
      >
        {download.busy ? 'Preparando…' : 'Descargar mis datos'}
      </Button>
      <FormFailure message={download.failure?.message} />
    </AccountSection>
  );
}
