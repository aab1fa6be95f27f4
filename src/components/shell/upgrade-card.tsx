import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';

/** The Pro plan's dialog, loaded when first asked for. */
const UpgradeDialog = lazy(() =>
  import('./upgrade-dialog').then((module) => ({ default: module.UpgradeDialog })),
);

/** The invitation to the Pro plan at the bottom of the sidebar (spec §1). */
export function UpgradeCard() {
  const [open, setOpen] = useState(false);
  // Mounted from the first click on, so closing it still plays its transition.
  const [asked, setAsked] = useState(false);
  return (
    <>
      {/* Compact (issue #17): with the menu it fits a 1280×800 window without scrolling. */}
      <Card variant="outlined" sx={{ m: 1, flexShrink: 0 }}>
        <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
          <Typography
            variant="subtitle2"
            component="p"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: 700, mb: 0.5 }}
          >
            <WorkspacePremiumOutlined fontSize="small" color="primary" aria-hidden />
            Actualizar a Pro
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Desbloquea todas las funciones y obtén acceso ilimitado a nuestro equipo de soporte.
          </Typography>
          <Button
            variant="contained"
            size="small"
            fullWidth
            onClick={() => {
              setAsked(true);
              setOpen(true);
            }}
          >
            Actualizar
          </Button>
        </CardContent>
      </Card>
      {asked && (
        <Suspense fallback={null}>
          <UpgradeDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
