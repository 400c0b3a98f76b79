import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import IconButton from '@mui/material/IconButton';
import type { TooltipProps } from '@mui/material/Tooltip';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { whenIdle } from '../../lib/when-idle.ts';
import { useThemeMode } from '../theme-mode/theme-mode-context.ts';
import { themeToggleLabel } from './nav-items.ts';
import { useT } from '../../lib/i18n/i18n.ts';

// The tooltip (with its positioning engine) is not needed to paint the bar: it loads once the
// page is idle, or as soon as the pointer or focus reaches the button.
let loadedTooltip: ComponentType<TooltipProps> | null = null;
let tooltipLoad: Promise<ComponentType<TooltipProps>> | null = null;
function loadTooltip(): Promise<ComponentType<TooltipProps>> {
  tooltipLoad ??= import('@mui/material/Tooltip').then((m) => (loadedTooltip = m.default));
  return tooltipLoad;
}

/** The logged-out visitor's theme switch; logged-in users have it in the account menu. */
export function ThemeToggleButton() {
  const { mode, toggleMode } = useThemeMode();
  const t = useT();
  const label = t(themeToggleLabel(mode));
  const [Tooltip, setTooltip] = useState(() => loadedTooltip);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Wrapping the button in the tooltip mounts it anew: a keyboard user keeps the focus.
  const refocus = useRef(false);

  const addTooltip = useCallback(() => {
    void loadTooltip().then((loaded) => {
      refocus.current = document.activeElement === buttonRef.current;
      setTooltip(() => loaded);
    });
  }, []);
  useEffect(() => (Tooltip ? undefined : whenIdle(addTooltip)), [Tooltip, addTooltip]);

  useLayoutEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    buttonRef.current?.focus();
  }, [Tooltip]);

  const button = (
    <IconButton
      ref={buttonRef}
      color="inherit"
      onClick={toggleMode}
      aria-label={label}
      onPointerEnter={Tooltip ? undefined : addTooltip}
      onFocus={Tooltip ? undefined : addTooltip}
    >
      {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
  return Tooltip ? <Tooltip title={label}>{button}</Tooltip> : button;
}
