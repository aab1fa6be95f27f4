import Campaign from '@mui/icons-material/CampaignOutlined';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { AuthContext } from '../../app/auth-context';
import { hasPermission } from '../../lib/permissions';
import { selectPermissions } from '../../machines/auth.selectors';

/* The dialog (its form, the roles and categories) loads on the first click. */
const AnnouncementDialog = lazy(() =>
  import('./announcement-dialog').then((module) => ({ default: module.AnnouncementDialog })),
);

/** Whether the user may send announcements: communications.create in the working club, or super admin. */
export function useCanAnnounce(): boolean {
  const permissions = AuthContext.useSelector(selectPermissions);
  return hasPermission(permissions, 'communications.create');
}

/**
 * 'Enviar anuncio' in the notification centre's header (issue #13 item 2), for whom may
 * send one; nothing for the others.
 */
export function AnnounceButton() {
  const canAnnounce = useCanAnnounce();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (!canAnnounce) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<Campaign />}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Enviar anuncio
      </Button>
      {used && (
        <Suspense fallback={null}>
          <AnnouncementDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
