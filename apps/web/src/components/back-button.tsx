import { useNavigate } from 'react-router';
import IconButton from '@mui/material/IconButton';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useT } from '../lib/i18n/i18n.ts';

/** Goes back one page, or to the dashboard when this page was opened first (a new tab, a link). */
export function BackButton() {
  const t = useT();
  const navigate = useNavigate();
  const onBack = () => {
    // React Router numbers its history entries; 0 is the first page of this tab's visit.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate('/dashboard'));
  };
  return (
    <IconButton aria-label={t('shell.back')} onClick={onBack} edge="start">
      <ArrowBackIcon />
    </IconButton>
  );
}
