import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { FormEventHandler, ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import type { RequestFailure } from '../../lib/request-failure';
import { MarkdownEditor } from './markdown-editor';
import { FormDialog, useReportDirty } from '../../components/form/form-dialog';

/** What a document's dialog (a blog post, a site page) gets from its tab's save machine. */
export interface DocumentDialogProps<Values> {
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (values: Values) => void;
}

interface MarkdownDocumentDialogProps<Doc, Key extends QueryKey> {
  open: boolean;
  /** The title's id: the dialog's accessible name. */
  titleId: string;
  title: string;
  busy: boolean;
  onCancel: () => void;
  /** The edited document's query, read whole first (a list row has no Markdown); null: new. */
  load: UseQueryOptions<Doc, Error, Doc, Key> | null;
  /** Said while the document loads. */
  loadingText: string;
  /** The form of a document (null: a new one); the caller keys it by the document. */
  renderForm: (doc: Doc | null) => ReactNode;
}

/** The dialog of a Markdown document: full screen on a phone, loads an edited one first. */
export function MarkdownDocumentDialog<Doc, Key extends QueryKey>(
  props: MarkdownDocumentDialogProps<Doc, Key>,
) {
  const { open, titleId, title, busy, onCancel, load, renderForm } = props;
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  return (
    <FormDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby={titleId}
      fullWidth
      fullScreen={phone}
      maxWidth="lg"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {open &&
        (load ? (
          <LoadedDocument
            load={load}
            loadingText={props.loadingText}
            onCancel={onCancel}
            renderForm={renderForm}
          />
        ) : (
          renderForm(null)
        ))}
    </FormDialog>
  );
}

function LoadedDocument<Doc, Key extends QueryKey>({
  load,
  loadingText,
  onCancel,
  renderForm,
}: Pick<MarkdownDocumentDialogProps<Doc, Key>, 'loadingText' | 'onCancel' | 'renderForm'> & {
  load: UseQueryOptions<Doc, Error, Doc, Key>;
}) {
  const doc = useQuery(load);
  if (doc.isPending)
    return (
      <DialogContent role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <CircularProgress size={24} aria-hidden /> {loadingText}
      </DialogContent>
    );
  if (doc.isError)
    return (
      <>
        <DialogContent>
          <Alert severity="error">{doc.error.message}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cerrar</Button>
        </DialogActions>
      </>
    );
  return renderForm(doc.data);
}

/** The inputs every document's form has. */
export interface DocumentInput {
  title: string;
  slug: string;
  body_markdown: string;
}

interface MarkdownDocumentFormProps<Input extends DocumentInput> {
  /** The form, as its inputs (the contract's output type cast away). */
  form: UseFormReturn<Input>;
  /** The fields the server's field errors are put on. */
  fields: readonly (keyof Input & string)[];
  failure: RequestFailure | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Said above the fields. */
  notice?: ReactNode;
  /** The grid's columns from `md` up: 'Título' and then `children`. */
  columns: string;
  children: ReactNode;
  /** Between the grid and the Markdown. */
  below?: ReactNode;
}

/**
 * A document's form: the server's message when it names no field, 'Título' and the
 * caller's fields in a grid, the Markdown with its preview, 'Cancelar' and 'Guardar'.
 */
export function MarkdownDocumentForm<Input extends DocumentInput>(
  props: MarkdownDocumentFormProps<Input>,
) {
  const { failure, busy, onCancel, fields } = props;
  // The generic form seen as the fields every document has.
  const form = props.form as unknown as UseFormReturn<DocumentInput>;
  useServerFieldErrors(form, failure, fields as readonly (keyof DocumentInput)[]);
  useReportDirty(form.formState.isDirty);
  const onAField = failure && fields.some((field) => failure.fieldErrors[field]);

  return (
    <Box component="form" noValidate onSubmit={props.onSubmit}>
      <DialogContent sx={{ pt: 0 }}>
        {failure && !onAField && <Alert severity="error">{failure.message}</Alert>}
        {props.notice}
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: props.columns },
            columnGap: 2,
          }}
        >
          <TextField
            label="Título"
            required
            autoComplete="off"
            {...textFieldProps(form, 'title')}
          />
          {props.children}
        </Box>
        {props.below}
        <Controller
          control={form.control}
          name="body_markdown"
          render={({ field, fieldState }) => (
            <MarkdownEditor
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
          Guardar
        </Button>
      </DialogActions>
    </Box>
  );
}

/** 'Slug (dirección)' of a document the form names: empty, the server takes it from the title. */
export function SlugField<Input extends DocumentInput>(props: { form: UseFormReturn<Input> }) {
  const form = props.form as unknown as UseFormReturn<DocumentInput>;
  return (
    <TextField
      label="Slug (dirección)"
      autoComplete="off"
      {...textFieldProps(form, 'slug')}
      helperText={form.formState.errors.slug?.message ?? 'Vacío: se toma del título'}
    />
  );
}
