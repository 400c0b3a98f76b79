import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useThemeMode } from '../theme-mode/theme-mode-context.ts';
import { themeToggleLabel } from './nav-items.ts';

/** The logged-out visitor's theme switch; logged-in users have it in the account menu. */
export function ThemeToggleButton() {
  const { mode, toggleMode } = useThemeMode();
  const label = themeToggleLabel(mode);
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={toggleMode} aria-label={label}>
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}
