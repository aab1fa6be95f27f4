import { useState } from 'react';
import {
  useChangeBlogPostStatus,
  useRemoveBlogPost,
  useSaveBlogPost,
} from '../../api/blog-posts.api';
import {
  useCreateHelpArticle,
  useRemoveHelpArticle,
  useSaveSitePage,
} from '../../api/site-pages.api';
import { toast } from '../../components/toaster';
import {
  blogPostDeleteMachine,
  blogPostDialogMachine,
  blogPostPublishMachine,
  createBlogPostDeleteImplementations,
  createBlogPostDialogImplementations,
  createBlogPostPublishImplementations,
  createHelpArticleDeleteImplementations,
  createSitePageDialogImplementations,
  helpArticleDeleteMachine,
  sitePageDialogMachine,
} from '../../machines/blog-posts.actors';

/*
 * 'Gestión Web y Blog''s machines with this screen's dependencies, each made once per
 * screen (STYLE.md §2); what they do is in src/machines/blog-posts.actors.ts.
 */

export function useBlogPostDialogLogic() {
  const save = useSaveBlogPost();
  const [logic] = useState(() =>
    blogPostDialogMachine.provide(
      createBlogPostDialogImplementations({
        savePost: (change) => save.mutateAsync(change),
        toast,
      }),
    ),
  );
  return logic;
}

function useRowDeps() {
  const remove = useRemoveBlogPost();
  const status = useChangeBlogPostStatus();
  return {
    removePost: (id: number) => remove.mutateAsync(id),
    changeStatus: (change: Parameters<typeof status.mutateAsync>[0]) => status.mutateAsync(change),
    toast,
  };
}

export function useBlogPostRowLogic() {
  const deps = useRowDeps();
  const [logic] = useState(() => ({
    remove: blogPostDeleteMachine.provide(createBlogPostDeleteImplementations(deps)),
    publish: blogPostPublishMachine.provide(createBlogPostPublishImplementations(deps)),
  }));
  return logic;
}

export function useSitePageLogic() {
  const save = useSaveSitePage();
  const create = useCreateHelpArticle();
  const remove = useRemoveHelpArticle();
  const [logic] = useState(() => {
    const deps = {
      savePage: (change: Parameters<typeof save.mutateAsync>[0]) => save.mutateAsync(change),
      createArticle: (values: Parameters<typeof create.mutateAsync>[0]) =>
        create.mutateAsync(values),
      removeArticle: (slug: string) => remove.mutateAsync(slug),
      toast,
    };
    return {
      dialog: sitePageDialogMachine.provide(createSitePageDialogImplementations(deps)),
      remove: helpArticleDeleteMachine.provide(createHelpArticleDeleteImplementations(deps)),
    };
  });
  return logic;
}
