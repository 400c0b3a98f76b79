import { useId } from 'react';
import type { ChangeEventHandler, FocusEventHandler, InputHTMLAttributes, Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface PlainTextFieldProps {
  /** As on TextField: the root element's (react-hook-form finds the input inside it). */
  ref?: Ref<HTMLDivElement>;
  name?: string;
  label: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** TextField's `slotProps.htmlInput`. */
  htmlInputProps?: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * MUI's outlined TextField for a plain text input, put together from the parts TextField itself
 * renders (FormControl, InputLabel, OutlinedInput, FormHelperText) with the same ids, labels and
 * classes. TextField also carries its `select` mode, which brings Select, Menu, Popover and Modal
 * into the first load: the Login page, which must load fast, uses this instead.
 */
export function PlainTextField({
  ref,
  label,
  helperText,
  error = false,
  required = false,
  fullWidth = false,
  autoFocus = false,
  htmlInputProps,
  ...inputProps
}: PlainTextFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      ref={ref}
      className="MuiTextField-root"
      variant="outlined"
      error={error}
      required={required}
      fullWidth={fullWidth}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...inputProps}
        id={id}
        label={label}
        aria-describedby={helperTextId}
        autoFocus={autoFocus}
        fullWidth={fullWidth}
        inputProps={htmlInputProps}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
