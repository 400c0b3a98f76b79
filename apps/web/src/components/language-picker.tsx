import { useMemo, useState } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { canonicalTag, COMMON_LANGUAGES, languageLabel } from './chart/language-names.ts';

interface LanguagePickerProps {
  label: string;
  /** The chosen tag; null for none. */
  value: string | null;
  onChange: (tag: string | null) => void;
  /** The tags offered; the common languages when left out. A typed tag is taken too. */
  options?: readonly string[] | undefined;
  /** Tags not to offer (a part's own language, translations it already has). */
  exclude?: readonly string[] | undefined;
  /** Its text under the field: a problem when `error`, else help. */
  helperText?: string | undefined;
  error?: boolean | undefined;
  autoFocus?: boolean | undefined;
  /** Offers no free entry (the setlist's languages come from its songs). */
  listOnly?: boolean | undefined;
  size?: 'small' | 'medium';
  fullWidth?: boolean | undefined;
}

const filter = createFilterOptions<string>({
  // Found by its own name, its English name or its tag: "esp", "Spanish", "es".
  stringify: (tag) => `${languageLabel(tag)} ${englishName(tag)}`,
});

let english: Intl.DisplayNames | null | undefined;
function englishName(tag: string): string {
  try {
    english ??= new Intl.DisplayNames(['en'], { type: 'language' });
    return english.of(tag) ?? '';
  } catch {
    return '';
  }
}

/** A tag the browser reads as one (`es`, `pt-BR`), canonically written; null for anything else. */
function typedTag(text: string): string | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(trimmed)) return null;
  return canonicalTag(trimmed);
}

/**
 * A language, searched among common languages by their own names ("Español (es)", "한국어
 * (ko)"), or typed as a BCP 47 tag.
 */
export function LanguagePicker({
  label,
  value,
  onChange,
  options,
  exclude = [],
  helperText,
  error,
  autoFocus,
  listOnly = false,
  size = 'small',
  fullWidth,
}: LanguagePickerProps) {
  const [input, setInput] = useState(value ? languageLabel(value) : '');
  const offered = useMemo(() => {
    const all = [...(options ?? COMMON_LANGUAGES)];
    if (value && !all.some((tag) => tag.toLowerCase() === value.toLowerCase())) all.unshift(value);
    return all.filter((tag) => !exclude.some((x) => x.toLowerCase() === tag.toLowerCase()));
  }, [options, value, exclude]);
  return (
    <Autocomplete<string, false, false, boolean>
      freeSolo={!listOnly}
      autoHighlight
      options={offered}
      value={value}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, chosen) => {
        if (chosen === null) {
          onChange(null);
          return;
        }
        // A typed text is a tag, or the label of an offered language.
        const tag = offered.includes(chosen)
          ? chosen
          : (offered.find((t) => languageLabel(t).toLowerCase() === chosen.toLowerCase()) ??
            typedTag(chosen));
        if (tag) {
          onChange(tag);
          setInput(languageLabel(tag));
        }
      }}
      filterOptions={filter}
      getOptionLabel={(tag) => (offered.includes(tag) ? languageLabel(tag) : tag)}
      renderOption={({ key, ...props }, tag) => (
        <li key={key} {...props} lang={tag}>
          {languageLabel(tag)}
        </li>
      )}
      size={size}
      fullWidth={fullWidth}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={helperText}
          error={error}
          autoFocus={autoFocus}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'off', spellCheck: false },
          }}
        />
      )}
    />
  );
}
