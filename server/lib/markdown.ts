import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/*
 * Markdown written by the super admin (blog posts, the public pages) becomes HTML the
 * public site injects as it is, so it is made safe here, on the server, twice over:
 * markdown-it does not pass raw HTML through (html: false), and sanitize-html then keeps
 * only an allowlist of tags and attributes, links to http(s)/mailto and images from
 * http(s) or this site's own files.
 */

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** Where an image may come from besides http(s): the app's own served files. */
const LOCAL_IMAGE = /^\/(?:uploads|api\/files)\/[A-Za-z0-9/._-]+$/;

const LINK_REL = 'noopener noreferrer nofollow';
const ALLOWED_HREF = /^(?:https?:\/\/|mailto:)/i;

const allowedTags = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'strong',
  'em',
  's',
  'code',
  'pre',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

function isAllowedImageSource(src: string): boolean {
  return /^https?:\/\//i.test(src) || LOCAL_IMAGE.test(src);
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    th: ['style'],
    td: ['style'],
    ol: ['start'],
  },
  // markdown-it aligns table cells with `style="text-align:…"`; nothing else survives.
  allowedStyles: {
    th: { 'text-align': [/^(?:left|right|center)$/] },
    td: { 'text-align': [/^(?:left|right|center)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Only absolute http(s) and mailto links keep their href (no relative or odd schemes).
    a: (tagName, { href, title }) => ({
      tagName,
      attribs: {
        ...(href !== undefined && ALLOWED_HREF.test(href) && { href }),
        ...(title !== undefined && { title }),
        rel: LINK_REL,
      },
    }),
  },
  exclusiveFilter: (frame) =>
    // An image whose source is not allowed goes entirely (an <img> without src is noise);
    // a link whose href was dropped keeps its text.
    frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src ?? ''),
};

/** Cleans HTML to the allowlist above; also usable on HTML that did not come from Markdown. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, sanitizeOptions);
}

/** Markdown → HTML safe to inject in a public page. */
export function renderMarkdown(source: string): string {
  return sanitizeContentHtml(markdown.render(source));
}

/** The plain text of Markdown (for meta descriptions and search): no tags, collapsed spaces. */
export function markdownToText(source: string): string {
  return sanitizeHtml(markdown.render(source), { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, ' ')
    .trim();
}
