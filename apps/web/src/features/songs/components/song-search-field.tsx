import { useEffect, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

const SEARCH_DELAY_MS = 250;
/** The server's limit for `q`. */
const QUERY_MAX_LENGTH = 200;

/**
 * The library's search box: reports the trimmed text once typing pauses, so the table below
 * re-renders per search rather than per keystroke.
 */
export function SongSearchField({ onSearch }: { onSearch: (query: string) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    onSearch(query);
  }, [query, onSearch]);

  return (
    <TextField
      type="search"
      label={t('songs.searchLabel')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      fullWidth
      autoComplete="off"
      slotProps={{
        htmlInput: { maxLength: QUERY_MAX_LENGTH },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
