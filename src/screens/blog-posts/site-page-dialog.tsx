import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { type Resolver, useForm, type UseFormReturn } from 'react-hook-form';
import {
  type HelpArticleCreate,
  type HelpArticleCreateInput,
  type SitePage,
  type SitePageSummary,
  helpArticleCreateSchema,
  sitePageWriteSchema,
} from '../../../contract/site-pages.schema';
import { sitePageQuery } from '../../api/site-pages.api';
import { textFieldProps } from '../../components/form/form-helpers';
import {
  type DocumentDialogProps,
  MarkdownDocumentDialog,
  MarkdownDocumentForm,
  SlugField,
} from './markdown-document-dialog';

const FIELDS = ['title', 'slug', 'position', 'body_markdown'] as const;

interface FormInput {
  title: string;
  slug: string;
  position: string;
  body_markdown: string;
}

type PageFormProps = DocumentDialogProps<HelpArticleCreateInput>;

interface SitePageDialogProps extends PageFormProps {
  open: boolean;
  /** The page or article edited; null writes a new help article. */
  page: SitePageSummary | null;
}

/** 'Editar página' / 'Nuevo artículo de ayuda': title, (slug), order and Markdown text. */
export function SitePageDialog({ open, page, ...props }: SitePageDialogProps) {
  return (
    <MarkdownDocumentDialog
      open={open}
      titleId="site-page-dialog-title"
      title={page ? `Editar «${page.title}»` : 'Nuevo artículo de ayuda'}
      busy={props.busy}
      onCancel={props.onCancel}
      load={page ? sitePageQuery(page.slug) : null}
      loadingText="Cargando…"
      renderForm={(loaded) => <PageForm key={loaded?.slug ?? 'new'} page={loaded} {...props} />}
    />
  );
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

function PageForm({ page, onSave, ...props }: PageFormProps & { page: SitePage | null }) {
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
  const isHelp = page === null || page.kind === 'help';

  return (
    <MarkdownDocumentForm
      form={plainForm}
      fields={FIELDS}
      {...props}
      onSubmit={form.handleSubmit(({ slug, ...values }) =>
        onSave(page ? values : { ...values, slug }),
      )}
      columns="2fr 1fr 1fr"
      notice={
        page?.is_default && (
          <Alert severity="info" sx={{ mb: 1 }}>
            Este texto es el incluido con la plataforma. Al guardar, el sitio mostrará tu versión.
          </Alert>
        )
      }
    >
      {page === null ? (
        <SlugField form={plainForm} />
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
    </MarkdownDocumentForm>
  );
}
