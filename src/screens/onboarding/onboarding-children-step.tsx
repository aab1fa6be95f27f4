import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import type { FormEvent } from 'react';
import {
  type GuardianLinkStatus,
  guardianLinkStatusLabels,
} from '../../../contract/parents.schema';
import { useChildren } from '../../api/parents.api';
import { StepForm } from './onboarding-step-form';
import { useStepStart } from './onboarding-step-start';

const chipColor: Record<GuardianLinkStatus, 'success' | 'warning' | 'error'> = {
  authorized: 'success',
  pending: 'warning',
  denied: 'error',
};

/** 'Tus hijos' (guardian): the children linked to the account and each link's status. */
export function ChildrenStep() {
  const { save } = useStepStart('children');
  const children = useChildren();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save({});
  };
  return (
    <StepForm onSubmit={onSubmit}>
      {children.isPending && (
        <Skeleton variant="rounded" height={120} role="status" aria-label="Cargando tus hijos" />
      )}
      {children.isError && (
        <Alert severity="warning">
          No pudimos cargar tus hijos ahora. Puedes continuar y verlos luego en tu panel.
        </Alert>
      )}
      {children.data?.length === 0 && (
        <Alert severity="info">
          Aún no tienes hijos vinculados. Pide al club que te invite como acudiente desde la ficha
          del jugador.
        </Alert>
      )}
      {children.data && children.data.length > 0 && (
        <List aria-label="Tus hijos">
          {children.data.map((child) => (
            <ListItem key={`${child.club.id}-${child.player.id}`} divider>
              <ListItemText
                primary={`${child.player.name} ${child.player.lastname}`}
                secondary={child.club.name}
              />
              <Chip
                size="small"
                color={chipColor[child.status]}
                label={guardianLinkStatusLabels[child.status]}
              />
            </ListItem>
          ))}
        </List>
      )}
      {children.data?.some((child) => child.status === 'pending') && (
        <Alert severity="info">
          El club revisará tu vínculo. Mientras lo autoriza no verás los datos de ese jugador.
        </Alert>
      )}
    </StepForm>
  );
}
