import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { nextBeats, startClick } from '@segue/shared';
import type { BeatEvent, BeatSource } from './beat-events.ts';
import { BeatPulse } from './beat-pulse.tsx';
import { TimingReadout } from './click-settings-panel.tsx';

/** What a person reads: the markup without its tags and emotion's style elements. */
const text = (html: string) =>
  html
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const source = (current: BeatEvent | null): BeatSource => ({
  current,
  subscribe: () => () => undefined,
});

const state = startClick(120, { beatsPerBar: 3, beatUnit: 4, pulse: 'beat' }, 1, 0);
const beats = nextBeats(state, 0, state.downbeatAt + 5000);

describe('BeatPulse', () => {
  it('counts the bar with the beat sounding now marked, hidden from screen readers', () => {
    const html = renderToStaticMarkup(
      <BeatPulse source={source({ beat: beats[4]!, beatsPerBar: 3 })} />,
    );
    const counter = /<div[^>]*aria-hidden="true"[^>]*>(.*)<\/div>/.exec(html)![1]!;
    expect(text(counter)).toBe('1 2 3');
    // The beat sounding now (the second of the first bar after the count-in) is the bold one.
    const bold = /\.(css-\w+)\{[^}]*font-weight:700/.exec(html)![1]!;
    expect(new RegExp(`class="[^"]*${bold}">(\\d+)<`).exec(html)![1]).toBe('2');
    // A still label for screen readers; nothing that speaks on every beat.
    expect(html).toContain('>Beat</span>');
    expect(html).not.toMatch(/aria-live|role="status"|role="alert"/);
  });

  it('says when it counts in, and shows nothing while the click is silent', () => {
    const countIn = renderToStaticMarkup(
      <BeatPulse source={source({ beat: beats[0]!, beatsPerBar: 3 })} />,
    );
    expect(countIn).toContain('Count-in');
    expect(
      renderToStaticMarkup(<BeatPulse source={source({ beat: beats[3]!, beatsPerBar: 3 })} />),
    ).not.toContain('Count-in');
    expect(renderToStaticMarkup(<BeatPulse source={source(null)} />)).toBe('');
    expect(renderToStaticMarkup(<BeatPulse source={null} />)).toBe('');
  });
});

describe('TimingReadout', () => {
  it('shows the offset and the round trip, or that they are being measured', () => {
    expect(
      text(renderToStaticMarkup(<TimingReadout timing={{ offsetMs: 12.34, roundTripMs: 23.6 }} />)),
    ).toBe('Timing Offset to the server: 12.3 ms · round trip 24 ms');
    expect(
      text(renderToStaticMarkup(<TimingReadout timing={{ offsetMs: -0.04, roundTripMs: 3 }} />)),
    ).toBe('Timing Offset to the server: 0.0 ms · round trip 3 ms');
    expect(
      text(renderToStaticMarkup(<TimingReadout timing={{ offsetMs: -812.25, roundTripMs: 41 }} />)),
    ).toContain('−812.3 ms');
    expect(text(renderToStaticMarkup(<TimingReadout timing={null} />))).toBe(
      'Timing Measuring the offset to the server…',
    );
  });
});
