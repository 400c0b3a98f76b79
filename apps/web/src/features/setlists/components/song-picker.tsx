import { useState } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useT } from '../../../lib/i18n/i18n.ts';

/** A song as the picker shows it. */
export interface SongChoice {
  _id: string;
  title: string;
  artist: string;
}

// Spec section 2: the picker searches by song title. It offers the whole library, and lists at
// most 200 matches at a time so a library of thousands opens at once; typing narrows it.
const filterByTitle = createFilterOptions<SongChoice>({
  stringify: (song) => song.title,
  limit: 200,
});

interface SongPickerProps {
  /** The team's songs. */
  options: SongChoice[];
  /** The chosen songs, in setlist order (a song played again is there twice). */
  value: SongChoice[];
  onAdd: (song: SongChoice) => void;
  /** Removes the chosen song at that place in the order. */
  onRemove: (index: number) => void;
  onClear: () => void;
  loading: boolean;
  /** Why the songs cannot be offered, or the shared schema's complaint about the choice. */
  error?: string | undefined;
  disabled?: boolean;
}

/** "Songs": chooses the setlist's songs by title; new choices go to the end of the order. */
export function SongPicker({
  options,
  value,
  onAdd,
  onRemove,
  onClear,
  loading,
  error,
  disabled = false,
}: SongPickerProps) {
  // The typed text is kept here: Autocomplete empties its own on every new `value`, and the
  // chosen songs are rebuilt when the library arrives, which erased what someone had already
  // typed while it loaded. A pick or the clear button empties it, as before.
  const t = useT();
  const [input, setInput] = useState('');
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'reset') setInput(text);
      }}
      loading={loading}
      disabled={disabled}
      filterOptions={filterByTitle}
      // A chosen song leaves the list, so picking an option always adds it.
      filterSelectedOptions
      disableCloseOnSelect
      getOptionLabel={(song) => song.title}
      getOptionKey={(song) => song._id}
      isOptionEqualToValue={(option, chosen) => option._id === chosen._id}
      onChange={(_event, next, reason, details) => {
        if (reason === 'clear') {
          setInput('');
          onClear();
        } else if (reason === 'selectOption' && details) {
          setInput('');
          onAdd(details.option);
        } else if (reason === 'removeOption') {
          // By place: a song played twice has two chips, and only the one deleted goes.
          const index = value.findIndex((song, i) => song !== next[i]);
          if (index >= 0) onRemove(index);
        }
      }}
      renderOption={(props, song) => {
        const { key, ...optionProps } = props;
        return (
          <li key={key} {...optionProps}>
            <ListItemText primary={song.title} secondary={song.artist || undefined} />
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('setlists.songPicker.label')}
          error={Boolean(error)}
          helperText={error}
          placeholder={value.length === 0 ? t('setlists.songPicker.search') : undefined}
        />
      )}
    />
  );
}
