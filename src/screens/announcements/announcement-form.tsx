import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Resolver, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  ANNOUNCEMENT_LINKS,
  type AnnouncementRole,
  announcementCreateSchema,
} from '../../../contract/announcements.schema';
import {
  NOTIFICATION_PRIORITIES,
  type NotificationPriority,
  notificationPriorityLabels,
} from '../../../contract/notifications.schema';
import { useReportDirty } from '../../components/form/form-dialog';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import type { RequestFailure } from '../../lib/request-failure';
import type { AnnouncementTarget, AnnouncementValues } from '../../machines/announcements.actors';
import { AnnouncementAudienceFields } from './announcement-audience-fields';

/** The contract's announcement plus who it is for (the super admin's 'Para'). */
const formSchema = announcementCreateSchema.extend({ to: z.enum(['club', 'platform']) });

/** What the inputs hold ('' for no link). */
export interface AnnouncementFormInput {
  to: AnnouncementTarget;
  title: string;
  message: string;
  priority: NotificationPriority;
  roles: AnnouncementRole[];
  category_ids: number[];
  action_url: string;
}
export type AnnouncementFormOutput = z.output<typeof formSchema>;
export type AnnouncementFormApi = UseFormReturn<
  AnnouncementFormInput,
  unknown,
  AnnouncementFormOutput
>;

/** The contract's schema over the inputs ('' link: none). */
const resolver = zodResolver(formSchema) as unknown as Resolver<
  AnnouncementFormInput,
  unknown,
  AnnouncementFormOutput
>;

const FIELDS = ['title', 'message', 'priority', 'roles', 'category_ids', 'action_url'] as const;

const selectProps = { slotProps: { inputLabel: { shrink: true } } } as const;

interface AnnouncementFormProps {
  /** The working club (0: none, then only the super admin's alert to every club). */
  clubId: number;
  /** The super admin: may send to every club as a system alert. */
  canAlert: boolean;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (values: AnnouncementValues) => void;
}

export function AnnouncementForm({
  clubId,
  canAlert,
  busy,
  failure,
  onCancel,
  onSave,
}: AnnouncementFormProps) {
  const form: AnnouncementFormApi = useForm<AnnouncementFormInput, unknown, AnnouncementFormOutput>(
    {
      resolver,
      defaultValues: {
        to: clubId > 0 ? 'club' : 'platform',
        title: '',
        message: '',
        priority: clubId > 0 ? 'medium' : 'high',
        roles: [],
        category_ids: [],
        action_url: '',
      },
    },
  );
  const plainForm = form as unknown as UseFormReturn<AnnouncementFormInput>;
  useServerFieldErrors(plainForm, failure, FIELDS);
  useReportDirty(form.formState.isDirty);
  const to = useWatch({ control: form.control, name: 'to' });
  const onAField = failure && FIELDS.some((field) => failure.fieldErrors[field]);

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => onSave(values))}>
      <DialogContent sx={{ pt: 0 }}>
        {failure && !onAField && <Alert severity="error">{failure.message}</Alert>}
        {canAlert && (
          <Controller
            control={form.control}
            name="to"
            render={({ field }) => (
              <TextField
                select
                label="Para"
                id="field-to"
                {...field}
                inputRef={field.ref}
                onChange={(event) => {
                  field.onChange(event);
                  form.setValue('priority', event.target.value === 'platform' ? 'high' : 'medium');
                }}
                {...selectProps}
              >
                <MenuItem value="club" disabled={clubId <= 0}>
                  Este club
                </MenuItem>
                <MenuItem value="platform">Todos los clubes (alerta del sistema)</MenuItem>
              </TextField>
            )}
          />
        )}
        <TextField
          label="Título"
          required
          autoComplete="off"
          {...textFieldProps(plainForm, 'title')}
        />
        <TextField
          label="Mensaje"
          required
          multiline
          minRows={3}
          {...textFieldProps(plainForm, 'message')}
        />
        <Controller
          control={form.control}
          name="priority"
          render={({ field }) => (
            <TextField
              select
              label="Prioridad"
              id="field-priority"
              {...field}
              inputRef={field.ref}
              {...selectProps}
            >
              {NOTIFICATION_PRIORITIES.map((each) => (
                <MenuItem key={each} value={each}>
                  {notificationPriorityLabels[each]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {to === 'club' && <AnnouncementAudienceFields form={form} clubId={clubId} />}
        <Controller
          control={form.control}
          name="action_url"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Enlace opcional"
              id="field-action_url"
              {...field}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? 'La pantalla que se abre al tocar el aviso'}
              {...selectProps}
            >
              <MenuItem value="">Sin enlace</MenuItem>
              {ANNOUNCEMENT_LINKS.map((link) => (
                <MenuItem key={link.path} value={link.path}>
                  {link.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Enviando…' : 'Enviar'}
        </Button>
      </DialogActions>
    </Box>
  );
}
