import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Resolver, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import {
  type BlogPost,
  type BlogPostSummary,
  type BlogPostWrite,
  type BlogPostWriteInput,
  blogPostStatuses,
  blogPostStatusLabels,
  blogPostWriteSchema,
} from '../../../contract/blog-posts.schema';
import { blogPostQuery } from '../../api/blog-posts.api';
import { textFieldProps } from '../../components/form/form-helpers';
import { CoverImageField } from './blog-covers-field';
import {
  type DocumentDialogProps,
  MarkdownDocumentDialog,
  MarkdownDocumentForm,
  SlugField,
} from './markdown-document-dialog';

const FIELDS = ['title', 'slug', 'excerpt', 'cover_image_url', 'status', 'body_markdown'] as const;

interface FormInput {
  title: string;
  slug: string;
  excerpt: string;
  cover_image_url: string;
  status: BlogPostWrite['status'];
  body_markdown: string;
}

type PostFormProps = DocumentDialogProps<BlogPostWriteInput>;

interface BlogPostDialogProps extends PostFormProps {
  open: boolean;
  /** The post edited (its row); null writes a new one. */
  post: BlogPostSummary | null;
}

/** 'Nueva entrada' / 'Editar entrada': the fields, and the Markdown with its preview. */
export function BlogPostDialog({ open, post, ...props }: BlogPostDialogProps) {
  return (
    <MarkdownDocumentDialog
      open={open}
      titleId="blog-post-dialog-title"
      title={post ? 'Editar entrada' : 'Nueva entrada'}
      busy={props.busy}
      onCancel={props.onCancel}
      load={post ? blogPostQuery(post.id) : null}
      loadingText="Cargando la entrada…"
      renderForm={(loaded) => <PostForm key={loaded?.id ?? 'new'} post={loaded} {...props} />}
    />
  );
}

const toInput = (post: BlogPost | null): FormInput => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  excerpt: post?.excerpt ?? '',
  cover_image_url: post?.cover_image_url ?? '',
  status: post?.status ?? 'draft',
  body_markdown: post?.body_markdown ?? '',
});

function PostForm({ post, onSave, ...props }: PostFormProps & { post: BlogPost | null }) {
  const form = useForm<FormInput, unknown, BlogPostWrite>({
    resolver: zodResolver(blogPostWriteSchema) as unknown as Resolver<
      FormInput,
      unknown,
      BlogPostWrite
    >,
    defaultValues: toInput(post),
  });
  const plainForm = form as unknown as UseFormReturn<FormInput>;
  const [coverUrl, title] = useWatch({
    control: plainForm.control,
    name: ['cover_image_url', 'title'],
  });

  return (
    <MarkdownDocumentForm
      form={plainForm}
      fields={FIELDS}
      {...props}
      onSubmit={form.handleSubmit((values) => onSave(values))}
      columns="2fr 1fr"
      below={
        <>
          <CoverImageField
            url={coverUrl}
            title={title}
            onChange={(url) =>
              plainForm.setValue('cover_image_url', url, {
                shouldDirty: true,
                shouldValidate: true,
              })
            }
            disabled={props.busy}
          />
          <TextField
            label="Resumen"
            multiline
            minRows={2}
            {...textFieldProps(plainForm, 'excerpt')}
          />
        </>
      }
    >
      <Controller
        control={form.control}
        name="status"
        render={({ field }) => (
          <TextField
            select
            label="Estado"
            id="field-status"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            inputRef={field.ref}
          >
            {blogPostStatuses.map((status) => (
              <MenuItem key={status} value={status}>
                {blogPostStatusLabels[status]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <SlugField form={plainForm} />
      <TextField
        label="Imagen de portada (URL)"
        autoComplete="off"
        inputMode="url"
        {...textFieldProps(plainForm, 'cover_image_url')}
      />
    </MarkdownDocumentForm>
  );
}
