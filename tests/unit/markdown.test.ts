import { describe, expect, it } from 'vitest';
import { slugify } from '../../contract/blog-posts.schema';
import { markdownToText, renderMarkdown } from '../../server/lib/markdown';

/** An element or attribute that could run script: none may come out of renderMarkdown. */
const DANGEROUS =
  /<script|<iframe|<style|<[^>]*\son\w+\s*=|<[^>]*\s(?:href|src)\s*=\s*"\s*(?:javascript|data|vbscript):/i;

describe('renderMarkdown: Markdown to HTML safe to inject', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['[x](javascript:alert(1))', '[x](javascript:alert(1))'],
    ['[x](JaVaScRiPt:alert(1))', '[x](JaVaScRiPt:alert(1))'],
    ['![x](javascript:alert(1))', '![x](javascript:alert(1))'],
    ['[x](data:text/html;base64,PHNjcmlwdD4=)', '[x](data:text/html;base64,PHNjcmlwdD4=)'],
    ['<iframe src="https://evil.example"></iframe>', '&lt;iframe'],
    ['<a href="javascript:alert(1)">x</a>', '&lt;a href='],
  ])('leaves %j as harmless text', (source, escaped) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(DANGEROUS);
    expect(html).toContain(escaped);
  });

  it('renders headings, lists, emphasis, code, quotes and tables', () => {
    const html = renderMarkdown(
      '## Título\n\n- uno\n- **dos**\n\n> cita\n\n`x < 1`\n\n| a | b |\n|:-|-:|\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>Título</h2>');
    expect(html).toContain('<li><strong>dos</strong></li>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<code>x &lt; 1</code>');
    expect(html).toContain('<th style="text-align:left">a</th>');
  });

  it('keeps http(s) and mailto links with rel noopener noreferrer nofollow, drops other hrefs', () => {
    expect(renderMarkdown('[a](https://ejemplo.co) y https://club.co/x')).toBe(
      '<p><a href="https://ejemplo.co" rel="noopener noreferrer nofollow">a</a> y ' +
        '<a href="https://club.co/x" rel="noopener noreferrer nofollow">https://club.co/x</a></p>\n',
    );
    expect(renderMarkdown('[m](mailto:hola@club.co)')).toContain('href="mailto:hola@club.co"');
    expect(renderMarkdown('[r](/blog)')).toBe(
      '<p><a rel="noopener noreferrer nofollow">r</a></p>\n',
    );
  });

  it('keeps images from http(s) and the site files only', () => {
    const html = renderMarkdown(
      '![a](https://x.co/a.png) ![b](/uploads/blog/b.png) ![c](c.png) ![d](//evil.co/d.png)',
    );
    expect(html).toContain('<img src="https://x.co/a.png" alt="a" />');
    expect(html).toContain('<img src="/uploads/blog/b.png" alt="b" />');
    expect(html).not.toContain('c.png');
    expect(html).not.toContain('evil.co');
  });
});

describe('markdownToText and slugify', () => {
  it('gives the plain text of Markdown', () => {
    expect(markdownToText('# Hola\n\n**Ñandú** y [enlace](https://a.co)')).toBe(
      'Hola Ñandú y enlace',
    );
  });

  it('turns a title into a slug without accents or symbols', () => {
    expect(slugify('¿Cómo cobrar la mensualidad?')).toBe('como-cobrar-la-mensualidad');
    expect(slugify('  Sub-17   Campeón!! ')).toBe('sub-17-campeon');
    expect(slugify('¡¡¡')).toBe('');
  });
});
