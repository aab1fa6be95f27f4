import { fromPromise } from 'xstate';
import type {
  BlogPost,
  BlogPostStatus,
  BlogPostSummary,
  BlogPostWriteInput,
} from '../../contract/blog-posts.schema';
import type {
  HelpArticleCreateInput,
  SitePage,
  SitePageSummary,
} from '../../contract/site-pages.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import { saveFor, type SaveImplementations } from './save.machine';
import type { Toast } from './toast';

/*
 * 'Gestión Web y Blog' (issue #17): its flows with their effects (STYLE.md §2). The API
 * calls are plain functions described here; src/api/blog-posts.api.ts's and
 * site-pages.api.ts's mutations satisfy them, tests pass fakes.
 */

export const EDITOR_DIALOG_OPTIONS = { dialog: true, afterSave: 'close' } as const;

/** The post the editor opens on; null writes a new one. */
export type BlogPostToEdit = BlogPostSummary | null;

export const blogPostDialogMachine = saveFor<BlogPostToEdit, BlogPostWriteInput, BlogPost>();

export interface BlogPostDialogDeps {
  savePost: (change: { id: number | null; values: BlogPostWriteInput }) => Promise<BlogPost>;
  toast: Toast;
}

export function createBlogPostDialogImplementations(deps: BlogPostDialogDeps) {
  return {
    actors: {
      save: fromPromise<BlogPost, { subject: BlogPostToEdit | null; values: BlogPostWriteInput }>(
        ({ input: { subject, values } }) => deps.savePost({ id: subject?.id ?? null, values }),
      ),
    },
    actions: {
      notifySaved: (_, { subject, output }) =>
        deps.toast(
          subject ? `Entrada «${output.title}» guardada` : `Entrada «${output.title}» creada`,
        ),
    },
  } satisfies SaveImplementations<BlogPostToEdit, BlogPostWriteInput, BlogPost>;
}

/** 'Eliminar' on a post: always asked first. */
export const blogPostDeleteMachine = confirmActionFor<
  Pick<BlogPostSummary, 'id' | 'title'>,
  void
>();

/** 'Publicar' / 'Despublicar' on a row: runs at once (the status it goes to is the subject's). */
export const blogPostPublishMachine = confirmActionFor<
  { id: number; title: string; status: BlogPostStatus },
  BlogPost
>();

export interface BlogPostRowDeps {
  removePost: (id: number) => Promise<unknown>;
  changeStatus: (change: { id: number; status: BlogPostStatus }) => Promise<BlogPost>;
  toast: Toast;
}

const refused =
  (toast: Toast) =>
  (_: unknown, { message }: { message: string }) =>
    toast(message, { variant: 'destructive' });

export function createBlogPostDeleteImplementations(deps: BlogPostRowDeps) {
  return {
    actors: {
      run: fromPromise<void, { subject: Pick<BlogPostSummary, 'id' | 'title'> }>(
        async ({ input }) => {
          await deps.removePost(input.subject.id);
        },
      ),
    },
    actions: {
      notifyDone: (_, { subject }) => deps.toast(`Entrada «${subject.title}» eliminada`),
      notifyRefused: refused(deps.toast),
    },
  } satisfies ConfirmActionImplementations<Pick<BlogPostSummary, 'id' | 'title'>, void>;
}

export function createBlogPostPublishImplementations(deps: BlogPostRowDeps) {
  return {
    actors: {
      run: fromPromise<
        BlogPost,
        { subject: { id: number; title: string; status: BlogPostStatus } }
      >(({ input: { subject } }) => deps.changeStatus({ id: subject.id, status: subject.status })),
    },
    actions: {
      notifyDone: (_, { output }) =>
        deps.toast(
          output.status === 'published'
            ? `Entrada «${output.title}» publicada`
            : `Entrada «${output.title}» pasó a borrador`,
        ),
      notifyRefused: refused(deps.toast),
    },
  } satisfies ConfirmActionImplementations<
    { id: number; title: string; status: BlogPostStatus },
    BlogPost
  >;
}

/** The page or article the editor opens on; null writes a new help article. */
export type SitePageToEdit = SitePageSummary | null;

export const sitePageDialogMachine = saveFor<SitePageToEdit, HelpArticleCreateInput, SitePage>();

export interface SitePageDeps {
  savePage: (change: { slug: string; values: HelpArticleCreateInput }) => Promise<SitePage>;
  createArticle: (values: HelpArticleCreateInput) => Promise<SitePage>;
  removeArticle: (slug: string) => Promise<unknown>;
  toast: Toast;
}

export function createSitePageDialogImplementations(deps: SitePageDeps) {
  return {
    actors: {
      save: fromPromise<
        SitePage,
        { subject: SitePageToEdit | null; values: HelpArticleCreateInput }
      >(({ input: { subject, values } }) =>
        subject ? deps.savePage({ slug: subject.slug, values }) : deps.createArticle(values),
      ),
    },
    actions: {
      notifySaved: (_, { subject, output }) =>
        deps.toast(subject ? `«${output.title}» guardada` : `Artículo «${output.title}» creado`),
    },
  } satisfies SaveImplementations<SitePageToEdit, HelpArticleCreateInput, SitePage>;
}

/** 'Eliminar' on a help article the super admin added: always asked first. */
export const helpArticleDeleteMachine = confirmActionFor<
  Pick<SitePageSummary, 'slug' | 'title'>,
  void
>();

export function createHelpArticleDeleteImplementations(deps: SitePageDeps) {
  return {
    actors: {
      run: fromPromise<void, { subject: Pick<SitePageSummary, 'slug' | 'title'> }>(
        async ({ input }) => {
          await deps.removeArticle(input.subject.slug);
        },
      ),
    },
    actions: {
      notifyDone: (_, { subject }) => deps.toast(`Artículo «${subject.title}» eliminado`),
      notifyRefused: refused(deps.toast),
    },
  } satisfies ConfirmActionImplementations<Pick<SitePageSummary, 'slug' | 'title'>, void>;
}
