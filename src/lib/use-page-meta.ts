import { useEffect } from 'react';

export const SITE_NAME = 'Gestión deportiva';

/** The page's `<title>`: 'Blog · Gestión deportiva'; the bare site name when the title is it. */
export function pageTitle(title: string): string {
  return title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;
}

function descriptionTag(): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (existing) return existing;
  const meta = document.createElement('meta');
  meta.name = 'description';
  document.head.appendChild(meta);
  return meta;
}

/**
 * Sets the document's title and meta description while the page is shown (public pages are
 * shared and indexed, issue #17), and puts back the description when it leaves. The title
 * stays: the next page sets its own (here or through src/app/document-title.ts, which
 * may already have done so when this page's cleanup runs).
 */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    const meta = descriptionTag();
    const previousDescription = meta.content;
    document.title = pageTitle(title);
    meta.content = description;
    return () => {
      meta.content = previousDescription;
    };
  }, [title, description]);
}
