import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { can } from '@segue/shared';
import type { AudienceLink, TeamRole } from '@segue/shared';
import { errorMessage } from '../../lib/api-client.ts';
import { dateTimeFormat } from '../../lib/i18n/format.ts';
import { useT } from '../../lib/i18n/i18n.ts';
import {
  useAudienceLink,
  useConfirmAudienceLicence,
  useCreateAudienceLink,
  useWithdrawAudienceLink,
} from '../../lib/follow/audience-link.ts';
import { shortAddress } from '../../lib/follow/short-address.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { useToast } from '../toasts/toast-context.ts';
import { shareStep } from './share-step.ts';

/** The join code on the projector, where the dialog can show it (the live view). */
export interface JoinCodeControl {
  shown: boolean;
  onShow: (shown: boolean) => void;
}

interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  setlistId: string;
  /** The setlist's team. */
  teamId: string;
  /** The viewer's role in it: only the owner confirms the licence. */
  role: TeamRole;
  joinCode?: JoinCodeControl | undefined;
}

const UNTIL_FORMAT = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions;

/**
 * "Share with the congregation", for a setlist's drivers: the owner's licence confirmation
 * first (once for the team), then the link: its short address, Copy, the join code on the
 * projector (live view), and Withdraw.
 */
export function ShareDialog({
  open,
  onClose,
  setlistId,
  teamId,
  role,
  joinCode,
}: ShareDialogProps) {
  const t = useT();
  const titleId = useId();
  const status = useAudienceLink(setlistId, teamId, open);
  const create = useCreateAudienceLink(setlistId, teamId);
  const confirmLicence = useConfirmAudienceLicence(teamId);
  const mayConfirmLicence = can({ role }, 'confirmAudienceLicence');
  const step = shareStep({
    status: status.data,
    loadFailed: status.isError,
    createFailed: create.isError,
    mayConfirmLicence,
  });

  // Without a link, opening the dialog makes one: one request per opening, also where React
  // runs an effect twice.
  const asked = useRef(false);
  const { mutate: createLink, isPending: creating, reset: forgetCreate } = create;
  useEffect(() => {
    if (!open) {
      // A failure of an earlier opening is not this one's.
      asked.current = false;
      forgetCreate();
      return;
    }
    if (step.kind !== 'create' || asked.current || creating) return;
    asked.current = true;
    createLink();
  }, [open, step.kind, creating, createLink, forgetCreate]);

  const retry = () => {
    if (step.kind === 'failed' && step.action === 'load') void status.refetch();
    else create.mutate();
  };
  // Once confirmed, the step is `create`, and the dialog makes the link.
  const giveLicence = () => confirmLicence.mutate();

  const title = step.kind === 'confirm-licence' ? t('share.licenceTitle') : t('share.share');
  const busy = creating || confirmLicence.isPending;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {step.kind === 'link' ? (
        <LinkContent
          link={step.link}
          setlistId={setlistId}
          teamId={teamId}
          joinCode={joinCode}
          // The server takes its code off the projectors (docs/DECISIONS.md, "The congregation
          // follows"); the dialog has nothing more to show.
          onWithdrawn={onClose}
          onClose={onClose}
        />
      ) : (
        <>
          <DialogContent>
            {(step.kind === 'loading' || step.kind === 'create') && (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <CircularProgress size={24} aria-hidden />
                <Typography role="status">{t('share.preparing')}</Typography>
              </Stack>
            )}
            {step.kind === 'confirm-licence' && (
              <DialogContentText>{t('share.licenceQuestion')}</DialogContentText>
            )}
            {step.kind === 'owner-must-confirm' && (
              <DialogContentText>{t('share.licenceOwnerOnly')}</DialogContentText>
            )}
            {step.kind === 'failed' && (
              <Alert severity="error" role="alert">
                {step.action === 'load'
                  ? errorMessage(status.error, t('share.loadFailed'))
                  : errorMessage(create.error, t('share.createFailed'))}
              </Alert>
            )}
            {confirmLicence.isError && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {errorMessage(confirmLicence.error, t('share.licenceFailed'))}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>
              {step.kind === 'confirm-licence' ? t('share.cancel') : t('share.close')}
            </Button>
            {step.kind === 'confirm-licence' && (
              <Button variant="contained" onClick={giveLicence} disabled={busy}>
                {t('share.licenceConfirm')}
              </Button>
            )}
            {step.kind === 'failed' && (
              <Button variant="contained" onClick={retry} disabled={busy}>
                {t('share.tryAgain')}
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

interface LinkContentProps {
  link: AudienceLink;
  setlistId: string;
  teamId: string;
  joinCode: JoinCodeControl | undefined;
  onWithdrawn: () => void;
  onClose: () => void;
}

/** A live link: its address to read out or copy, its code on the projector, and Withdraw. */
function LinkContent({
  link,
  setlistId,
  teamId,
  joinCode,
  onWithdrawn,
  onClose,
}: LinkContentProps) {
  const t = useT();
  const { showToast } = useToast();
  const withdraw = useWithdrawAudienceLink(setlistId, teamId);
  const [confirming, setConfirming] = useState(false);
  const addressId = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      showToast(t('share.copied'), 'success');
    } catch {
      showToast(t('share.copyFailed'), 'warning');
    }
  };
  const withdrawNow = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        showToast(t('share.withdrawn'), 'success');
        onWithdrawn();
      },
      onError: (error) => {
        setConfirming(false);
        showToast(errorMessage(error, t('share.withdrawFailed')), 'error');
      },
    });

  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('share.explain')}</DialogContentText>
        <Typography id={addressId} variant="subtitle2" component="p">
          {t('share.linkLabel')}
        </Typography>
        {/* The whole URL is what Copy takes and the QR code carries; people read this one. */}
        <Box
          aria-labelledby={addressId}
          role="group"
          sx={{
            my: 0.5,
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: '1rem',
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {shortAddress(link.url)}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('share.validUntil', {
            when: dateTimeFormat(UNTIL_FORMAT).format(new Date(link.expiresAt)),
          })}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          <Button variant="contained" onClick={() => void copy()}>
            {t('share.copy')}
          </Button>
          {joinCode && (
            <Button variant="outlined" onClick={() => joinCode.onShow(!joinCode.shown)}>
              {joinCode.shown ? t('share.hideJoinCode') : t('share.showJoinCode')}
            </Button>
          )}
          <Button color="error" onClick={() => setConfirming(true)} disabled={withdraw.isPending}>
            {t('share.withdraw')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('share.close')}</Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        title={t('share.withdrawTitle')}
        message={t('share.withdrawMessage')}
        confirmLabel={t('share.withdrawConfirm')}
        onConfirm={withdrawNow}
        onClose={() => setConfirming(false)}
        pending={withdraw.isPending}
      />
    </>
  );
}
