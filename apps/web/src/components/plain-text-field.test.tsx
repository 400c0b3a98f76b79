import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import TextField from '@mui/material/TextField';
import { PlainTextField } from './plain-text-field.tsx';

// Emotion names its styles after a hash and the components' labels, which differ between
// TextField's styled root and a plain FormControl; the markup and the CSS must be the same.
const withoutEmotionClasses = (html: string) =>
  html.replace(/ data-emotion="[^"]*"/g, '').replace(/ ?css-[\w-]+/g, '');

describe('PlainTextField', () => {
  it('renders what TextField renders for a plain field', () => {
    const props = {
      name: 'email',
      label: 'Email',
      type: 'email',
      autoComplete: 'email',
      required: true,
      fullWidth: true,
    };
    expect(withoutEmotionClasses(renderToStaticMarkup(<PlainTextField {...props} />))).toBe(
      withoutEmotionClasses(renderToStaticMarkup(<TextField {...props} />)),
    );
  });

  it('renders what TextField renders for a field with an error and input attributes', () => {
    const props = {
      name: 'otp',
      label: 'Authentication Code',
      autoComplete: 'one-time-code',
      required: true,
      fullWidth: true,
      error: true,
      helperText: 'The code from your authenticator app, or a backup code.',
    };
    const htmlInput = { inputMode: 'numeric', maxLength: 32 } as const;
    expect(
      withoutEmotionClasses(
        renderToStaticMarkup(<PlainTextField {...props} htmlInputProps={htmlInput} />),
      ),
    ).toBe(
      withoutEmotionClasses(
        renderToStaticMarkup(<TextField {...props} slotProps={{ htmlInput }} />),
      ),
    );
  });
});
