import { useState } from 'react';
import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import type { TeamRole } from '@segue/shared';
import { useT } from '../../lib/i18n/i18n.ts';
import { ShareDialog, type JoinCodeControl } from './share-dialog.tsx';

interface ShareWithCongregationButtonProps {
  setlistId: string;
  teamId: string;
  role: TeamRole;
  joinCode?: JoinCodeControl | undefined;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

/** "Share with the congregation" and its dialog; the caller shows it to drivers only. */
export function ShareWithCongregationButton({
  variant = 'outlined',
  size,
  ...dialog
}: ShareWithCongregationButtonProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        startIcon={<QrCode2Icon />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {t('share.share')}
      </Button>
      <ShareDialog open={open} onClose={() => setOpen(false)} {...dialog} />
    </>
  );
}
