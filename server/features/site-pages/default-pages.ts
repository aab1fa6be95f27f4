import type { FixedPageSlug, SitePageKind } from '../../../contract/site-pages.schema';
import { defaultAboutPage } from './default-about-page';
import { defaultHelpArticles } from './default-help-articles';
import { defaultPrivacyPage, defaultTermsPage } from './default-legal-pages';

/** A page's text as the code ships it. */
export interface DefaultPage {
  slug: string;
  kind: SitePageKind;
  title: string;
  body: string;
  position: number;
}

/** The fixed pages: always there, a saved row replaces the default text. */
export const defaultFixedPages: Record<FixedPageSlug, DefaultPage> = {
  terminos: { slug: 'terminos', kind: 'page', position: 0, ...defaultTermsPage },
  privacidad: { slug: 'privacidad', kind: 'page', position: 0, ...defaultPrivacyPage },
  about: { slug: 'about', kind: 'page', position: 0, ...defaultAboutPage },
};

/** The help centre's included articles, positions 10, 20, … so new ones fit in between. */
export const defaultHelpPages: DefaultPage[] = defaultHelpArticles.map((article, index) => ({
  ...article,
  kind: 'help',
  position: (index + 1) * 10,
}));

const byDefaultSlug = new Map<string, DefaultPage>(
  [...Object.values(defaultFixedPages), ...defaultHelpPages].map((page) => [page.slug, page]),
);

/** The default of `slug` (a fixed page or an included help article), if the code has one. */
export const defaultPageOf = (slug: string): DefaultPage | undefined => byDefaultSlug.get(slug);
