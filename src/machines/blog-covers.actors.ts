import { fromPromise } from 'xstate';
import { saveFor, type SaveImplementations } from './save.machine';

/*
 * 'Subir imagen' of the blog post editor (issue #17): the shared save machine as a form
 * (no dialog of its own) that stays open after each upload, so another image may follow.
 * The upload is a plain function (src/api/blog-posts.api.ts's `uploadBlogCover`); tests
 * pass fakes.
 */

export const COVER_UPLOAD_OPTIONS = { dialog: false, afterSave: 'edit' } as const;

/** Values: the chosen image; output: the address the server stored it under. */
export const blogCoverUploadMachine = saveFor<never, File, string>();

export interface BlogCoverUploadDeps {
  uploadCover: (image: File) => Promise<string>;
  /** Puts the stored image's address in the post's `cover_image_url`. */
  uploaded: (url: string) => void;
}

export function createBlogCoverUploadImplementations(deps: BlogCoverUploadDeps) {
  return {
    actors: {
      save: fromPromise<string, { subject: never | null; values: File }>(({ input }) =>
        deps.uploadCover(input.values),
      ),
    },
    actions: { notifySaved: (_, { output }) => deps.uploaded(output) },
  } satisfies SaveImplementations<never, File, string>;
}
