import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { Controller, type Resolver, useForm, type UseFormReturn } from 'react-hook-form';
import {
  type HelpArticleCreate,
  type HelpArticleCreateInput,
  type SitePage,
  type SitePageSummary,
  helpArticleCreateSchema,
  sitePageWriteSchema,
} from '../../../contract/site-pages.schema';
import { sitePageQuery } from '../../api/site-pages.api';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import type { RequestFailure } from '../../lib/request-failure';
import { MarkdownEditor } from './markdown-editor';

const FIELDS = ['title', 'slug', 'position', 'body_markdown'] as const;

interface FormInput {
  title: string;
  slug: string;
  position: string;
  body_markdown: string;
}

interface SitePageDialogProps {
  open: boolean;
  /** The page or article edited; null writes a new help article. */
  page: SitePageSummary | null;
  busy: boolean;
  failure: RequestFailure | null;
  onCancel: () => void;
  onSave: (values: HelpArticleCreateInput) => void;
}

/** 'Editar página' / 'Nuevo artículo de ayuda': title, (slug), order and Markdown text. */
export function SitePageDialog({ open, page, ...props }: SitePageDialogProps) {
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={props.busy ? undefined : props.onCancel}
      aria-labelledby="site-page-dialog-title"
      fullWidth
      fullScreen={phone}
      maxWidth="lg"
    >
      <DialogTitle id="site-page-dialog-title">
        {page ? `Editar «${page.title}»` : 'Nuevo artículo de ayuda'}
      </DialogTitle>
      {open &&
        (page ? (
          <LoadedPage slug={page.slug} {...props} />
        ) : (
          <PageForm key="new" page={null} {...props} />
        ))}
    </Dialog>
  );
}

function LoadedPage({
  slug,
  ...props
}: { slug: string } & Omit<SitePageDialogProps, 'open' | 'page'>) {
  const page = useQuery(sitePageQuery(slug));
  if (page.isPending)
    return (
      <DialogContent role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <CircularProgress size={24} aria-hidden /> Cargando…
      </DialogContent>
    );
  if (page.isError)
    return (
      <>
        <DialogContent>
          <Alert severity="error">{page.error.message}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onCancel}>Cerrar</Button>
        </DialogActions>
      </>
    );
  return <PageForm key={page.data.slug} page={page.data} {...props} />;
}

/** The contract's schema over the inputs; an empty order is "not sent" (kept, or last). */
const resolverFor = (editing: boolean): Resolver<FormInput, unknown, HelpArticleCreate> => {
  const resolve = zodResolver(
    editing ? sitePageWriteSchema : helpArticleCreateSchema,
  ) as unknown as Resolver<FormInput, unknown, HelpArticleCreate>;
  return (values, context, options) =>
    resolve(
      { ...values, position: values.position.trim() || undefined } as unknown as FormInput,
      context,
      options,
    );
};

function PageForm({
  page,
  busy,
  failure,
  onCancel,
  onSave,
}: Omit<SitePageDialogProps, 'open' | 'page'> & { page: SitePage | null }) {
  const form = useForm<FormInput, unknown, HelpArticleCreate>({
    resolver: resolverFor(page !== null),
    defaultValues: {
      title: page?.title ?? '',
      slug: page?.slug ?? '',
      position: page ? String(page.position) : '',
      body_markdown: page?.body_markdown ?? '',
    },
  });
  const plainForm = form as unknown as UseFormReturn<FormInput>;
  useServerFieldErrors(plainForm, failure, FIELDS);
  const onAField = failure && FIELDS.some((field) => failure.fieldErrors[field]);
  const isHelp = page === null || page.kind === 'help';

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit(({ slug, ...values }) =>
        onSave(page ? values : { ...values, slug }),
      )}
    >
      <DialogContent sx={{ pt: 0 }}>
        {failure && !onAField && <Alert severity="error">{failure.message}</Alert>}
        {page?.is_default && (
          <Alert severity="info" sx={{ mb: 1 }}>
            Este texto es el incluido con la plataforma. Al guardar, el sitio mostrará tu versión.
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' },
            columnGap: 2,
          }}
        >
          <TextField
            label="Título"
            required
            autoComplete="off"
            {...textFieldProps(plainForm, 'title')}
          />
          {page === null ? (
            <TextField
              label="Slug (dirección)"
              autoComplete="off"
              {...textFieldProps(plainForm, 'slug')}
              helperText={form.formState.errors.slug?.message ?? 'Vacío: se toma del título'}
            />
          ) : (
            <TextField label="Slug (dirección)" value={page.slug} disabled id="field-slug" />
          )}
          {isHelp && (
            <TextField
              label="Orden"
              inputMode="numeric"
              {...textFieldProps(plainForm, 'position')}
              helperText={form.formState.errors.position?.message ?? 'Menor aparece primero'}
            />
          )}
        </Box>
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
