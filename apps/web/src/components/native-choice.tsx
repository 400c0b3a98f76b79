import TextField from '@mui/material/TextField';

/** A labelled native select: cheap to load, and the phone's own picker. */
export function NativeChoice<V extends string>(props: {
  label: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
  disabled?: boolean;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.target.value as V)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {props.options.map(([value, name]) => (
        <option key={value} value={value}>
          {name}
        </option>
      ))}
    </TextField>
  );
}
