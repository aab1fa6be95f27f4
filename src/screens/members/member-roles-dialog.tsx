import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import { useState } from 'react';
import { memberMessages } from '../../../contract/members.schema';
import { type Role } from '../../../contract/roles.schema';
import type { RequestFailure } from '../../lib/request-failure';
import type { MemberToEdit } from '../../machines/members.actors';
import { fullName } from './members.columns';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';

interface RolesDialogProps {
  /** The member whose roles change; null keeps the dialog closed. */
  member: MemberToEdit | null;
  /** The roles a club assigns (Super Admin left out). */
  roles: Role[];
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (roleIds: number[]) => void;
}

/** 'Cambiar roles': a checkbox per assignable role; at least one stays checked. */
export function MemberRolesDialog({ member, ...props }: RolesDialogProps) {
  return (
    <FormDialog
      open={member !== null}
      busy={props.busy}
      onCancel={props.onCancel}
      aria-labelledby="member-roles-title"
      fullWidth
      maxWidth="xs"
    >
      {member && <RolesForm key={member.user_id} member={member} {...props} />}
    </FormDialog>
  );
}

function RolesForm({
  member,
  roles,
  busy,
  failure,
  onCancel,
  onSave,
}: RolesDialogProps & { member: MemberToEdit }) {
  const [checked, setChecked] = useState(() => member.roles.map(({ id }) => id));
  const toggle = (id: number) =>
    setChecked((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
  const none = checked.length === 0;
  const initial = member.roles.map(({ id }) => id);
  useReportDirty(checked.length !== initial.length || checked.some((id) => !initial.includes(id)));

  return (
    <>
      <DialogTitle id="member-roles-title">Roles de {fullName(member)}</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure.message}
          </Alert>
        )}
        <FormGroup aria-label="Roles">
          {roles.map((role) => (
            <FormControlLabel
              key={role.id}
              label={role.name}
              control={
                <Checkbox checked={checked.includes(role.id)} onChange={() => toggle(role.id)} />
              }
            />
          ))}
        </FormGroup>
        {none && <FormHelperText error>{memberMessages.atLeastOneRole}</FormHelperText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button
          variant="contained"
          disabled={busy || none}
          aria-busy={busy}
          onClick={() => onSave(checked)}
        >
          Guardar
        </Button>
      </DialogActions>
    </>
  );
}
