import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { AUDIENCE_SETTINGS_TEXTS, FOLLOW_LIMITS } from '@segue/shared';
import { RoomLimitReadOnly } from './congregation-phones-section.tsx';

const settings = { licenceConfirmed: true, roomDefault: FOLLOW_LIMITS.roomDefault };

/** The markup without Emotion's style sheets, and its text as a reader gets it. */
function render(roomLimit: number | null) {
  const html = renderToStaticMarkup(<RoomLimitReadOnly saved={{ ...settings, roomLimit }} />)
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/&#x27;/g, "'");
  const input = /<input[^>]*>/.exec(html)?.[0] ?? '';
  return { html, input, text: html.replace(/<[^>]+>/g, ' ') };
}

describe('RoomLimitReadOnly', () => {
  it('shows the team’s number in a field that cannot be changed, and says who can', () => {
    const { html, input, text } = render(300);
    expect(text).toContain(AUDIENCE_SETTINGS_TEXTS.roomLimitLabel);
    expect(input).toContain('value="300"');
    expect(input).toContain('readOnly=""');
    expect(text).toContain(AUDIENCE_SETTINGS_TEXTS.readOnly);
    expect(html).not.toContain('<button');
  });

  it('shows the default as the placeholder of an empty field', () => {
    const { input } = render(null);
    expect(input).toContain('value=""');
    expect(input).toContain('placeholder="5,000"');
  });
});
