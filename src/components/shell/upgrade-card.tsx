import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { UpgradeDialog } from './upgrade-dialog';

/** The invitation to the Pro plan at the bottom of the sidebar (spec §1). */
export function UpgradeCard() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Card variant="outlined" sx={{ m: 1.5, flexShrink: 0 }}>
        <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
          <Typography
            variant="subtitle2"
            component="p"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: 700, mb: 0.5 }}
          >
            <WorkspacePremiumOutlined fontSize="small" color="primary" aria-hidden />
            Actualizar a Pro
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Desbloquea todas las funciones y obtén acceso ilimitado a nuestro equipo de soporte.
          </Typography>
          <Button variant="contained" size="small" fullWidth onClick={() => setOpen(true)}>
            Actualizar
          </Button>
        </CardContent>
      </Card>
      <UpgradeDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
