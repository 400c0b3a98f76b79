import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Recording, SongLink } from '@segue/shared';
import { LinkItem, RecordingItem } from './song-recordings-section.tsx';

const recording: Recording = {
  id: 'rec-1',
  songId: 'song-1',
  name: 'Full band take',
  type: 'audio/mpeg',
  size: 123_456,
  durationMs: 187_000,
  addedBy: { id: 'user-1', name: 'Ada Tester' },
  createdAt: '2026-11-28T10:00:00.000Z',
  marks: [],
};

const link: SongLink = {
  id: 'link-1',
  songId: 'song-1',
  name: 'Rehearsal video',
  url: 'https://www.example.com/watch?v=1&t=2',
  addedBy: null,
  createdAt: '2026-11-28T10:00:00.000Z',
};

/** The markup without Emotion's style sheets, and its text as a reader gets it. */
function render(element: ReactElement) {
  const client = new QueryClient();
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>{element}</QueryClientProvider>,
  )
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/&amp;/g, '&');
  return { html, text: html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ') };
}

const noop = () => undefined;

describe('RecordingItem', () => {
  it('shows the name, the length and who added it, with Play and, for an editor, Delete', () => {
    const { html, text } = render(
      <RecordingItem recording={recording} mayDelete deleteDisabled={false} onDelete={noop} />,
    );
    expect(text).toContain('Full band take');
    expect(text).toContain('3:07 · Added by Ada Tester');
    expect(html).toContain(`aria-label="Play Full band take"`);
    expect(html).toContain(`aria-label="Delete recording Full band take"`);
    // Nothing is fetched before Play: no player yet.
    expect(html).not.toContain('<audio');
  });

  it('offers no Delete to someone who may not edit the song, and says an unknown length', () => {
    const { html, text } = render(
      <RecordingItem
        recording={{ ...recording, durationMs: null, addedBy: null }}
        mayDelete={false}
        deleteDisabled={false}
        onDelete={noop}
      />,
    );
    expect(text).toContain('— · Added by a deleted account');
    expect(html).toContain(`aria-label="Play Full band take"`);
    expect(html).not.toContain('Delete recording Full band take');
  });
});

describe('LinkItem', () => {
  it('opens in a new tab without a way back to the app, and says where it leads', () => {
    const { html, text } = render(
      <LinkItem link={link} mayDelete deleteDisabled={false} onDelete={noop} />,
    );
    const anchor = /<a [^>]*>/.exec(html)?.[0] ?? '';
    expect(anchor).toContain(`href="${link.url}"`);
    expect(anchor).toContain('target="_blank"');
    expect(anchor).toContain('rel="noopener noreferrer"');
    expect(text).toContain(`Rehearsal video (opens in a new tab)`);
    expect(text).toContain('example.com · Added by a deleted account');
    expect(html).toContain(`aria-label="Delete link Rehearsal video"`);
  });

  it('does not say the host twice for a link named after it', () => {
    const { text } = render(
      <LinkItem
        link={{ ...link, name: 'example.com', addedBy: { id: 'user-1', name: 'Ada Tester' } }}
        mayDelete
        deleteDisabled={false}
        onDelete={noop}
      />,
    );
    expect(text).toContain(`example.com (opens in a new tab)Added by Ada Tester`);
    expect(text).not.toContain('example.com · ');
  });

  it('offers no Delete to someone who may not edit the song', () => {
    const { html } = render(
      <LinkItem link={link} mayDelete={false} deleteDisabled={false} onDelete={noop} />,
    );
    expect(html).not.toContain('Delete link Rehearsal video');
    expect(html).not.toContain('<button');
  });
});
