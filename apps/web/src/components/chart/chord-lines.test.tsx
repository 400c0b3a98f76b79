import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChordLine } from './chord-lines.tsx';

/** The opening tag of the first element with `attribute`, as rendered. */
const tagWith = (html: string, attribute: string) =>
  new RegExp(`<[a-z]+ [^>]*${attribute}[^>]*>`).exec(html)?.[0] ?? '';

describe('a chord line with its languages', () => {
  it('puts the other language’s line under it, with its language, quieter when second', () => {
    const html = renderToStaticMarkup(
      <ChordLine
        line={{
          chords: 'D',
          lyrics: 'Holy, holy, holy',
          lang: 'en',
          under: [{ text: 'Santo, santo, santo', lang: 'es', second: true }],
        }}
      />,
    );
    expect(html.startsWith('<div data-line-group')).toBe(true);
    const line = tagWith(html, 'data-line="both"');
    expect(line).toContain('lang="en"');
    expect(line).toContain('dir="ltr"');
    const translation = tagWith(html, 'data-translation');
    expect(translation).toContain('lang="es"');
    expect(translation).toContain('data-second');
    expect(html.indexOf('Holy, holy')).toBeLessThan(html.indexOf('Santo, santo'));
  });

  it('lays a Hebrew line out from the right, its chords read left to right', () => {
    const html = renderToStaticMarkup(
      <ChordLine line={{ chords: 'Dm    A', lyrics: 'הבאנו שלום', lang: 'he' }} />,
    );
    expect(tagWith(html, 'data-line="both"')).toContain('dir="rtl"');
    // The spoken copy of the chords stays left to right.
    expect(tagWith(html, 'data-spoken')).toContain('dir="ltr"');
    expect(html).not.toContain('data-line-group');
  });

  it('finds a line’s direction from its letters when the song has no language', () => {
    const html = renderToStaticMarkup(<ChordLine line={{ chords: '', lyrics: 'سلام عليكم' }} />);
    expect(tagWith(html, 'data-line="lyrics"')).toContain('dir="rtl"');
    expect(tagWith(html, 'data-line="lyrics"')).not.toContain('lang=');
  });
});
