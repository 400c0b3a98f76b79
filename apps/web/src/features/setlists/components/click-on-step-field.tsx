import { useId } from 'react';
import { Controller } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { CLICK_ON_STEP, DEFAULT_CLICK_ON_STEP } from '@segue/shared';
import type { ClickOnStep } from '@segue/shared';
import type { SetlistFormControl } from './setlist-form-values.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

const CHOICE_KEYS = {
  follow: 'setlists.click.follow',
  stop: 'setlists.click.stop',
} as const satisfies Record<ClickOnStep, string>;

interface ClickOnStepFieldProps {
  control: SetlistFormControl;
  disabled?: boolean | undefined;
}

/**
 * What the band's running click does when a driver moves the set on to another song: follow
 * that song's tempo from its first bar line, or stop (docs/DECISIONS.md, "The click").
 */
export function ClickOnStepField({ control, disabled }: ClickOnStepFieldProps) {
  const t = useT();
  const labelId = useId();
  return (
    <Controller
      control={control}
      name="clickOnStep"
      render={({ field }) => (
        <FormControl component="fieldset" disabled={disabled}>
          <FormLabel id={labelId} component="legend">
            {t('setlists.click.legend')}
          </FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            name={field.name}
            value={field.value ?? DEFAULT_CLICK_ON_STEP}
            onChange={(_event, value) => field.onChange(value)}
            onBlur={field.onBlur}
          >
            {CLICK_ON_STEP.map((choice) => (
              <FormControlLabel
                key={choice}
                value={choice}
                control={<Radio />}
                label={t(CHOICE_KEYS[choice])}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}
