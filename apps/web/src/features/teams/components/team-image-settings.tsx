import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEAM_IMAGE } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSetTeamImage, useTeamImage } from '../../../lib/teams/team-image.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/** The team's image for the projector's Logo screen: admins upload, replace or remove it. */
export function TeamImageSettings({ team }: { team: { _id: string; name: string } }) {
  const t = useT();
  const image = useTeamImage(team._id);
  const setImage = useSetTeamImage(team._id);
  const { showToast } = useToast();
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const send = (file: File | null) => {
    setError(null);
    setImage.mutate(file, {
      onSuccess: () =>
        showToast(file ? t('teams.imageUploaded') : t('teams.imageRemoved'), 'success'),
      // The server's own words: the type it read from the bytes, or the size limit.
      onError: (failure) => setError(errorMessage(failure, t('teams.imageFailed'))),
    });
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('teams.imageHeading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('teams.imageHint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box
          sx={{
            width: 192,
            aspectRatio: '16 / 9',
            bgcolor: '#000000',
            color: '#ffffff',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            flexShrink: 0,
            p: 1,
          }}
        >
          {image.url ? (
            <Box
              component="img"
              src={image.url}
              alt={t('teams.imageAlt', { team: team.name })}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Typography sx={{ fontWeight: 700, textAlign: 'center', overflowWrap: 'anywhere' }}>
              {team.name}
            </Typography>
          )}
        </Box>
        <Stack spacing={1}>
          {!image.isPending && !image.hasImage && (
            <Typography variant="body2">{t('teams.imageNone')}</Typography>
          )}
          <Stack direction="row" spacing={1}>
            {/* A plain button that opens the file picker: a label dressed as a button is a
                role axe refuses on a label. */}
            <Button
              variant="outlined"
              onClick={() => fileInput.current?.click()}
              disabled={setImage.isPending}
            >
              {image.hasImage ? t('teams.imageReplace') : t('teams.imageUpload')}
            </Button>
            <input
              ref={fileInput}
              id={inputId}
              type="file"
              hidden
              aria-label={image.hasImage ? t('teams.imageReplace') : t('teams.imageUpload')}
              accept={TEAM_IMAGE.mediaTypes.join(',')}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (file) send(file);
              }}
            />
            {image.hasImage && (
              <Button color="error" onClick={() => send(null)} disabled={setImage.isPending}>
                {t('teams.imageRemove')}
              </Button>
            )}
          </Stack>
          {error && (
            <Typography role="alert" variant="body2" color="error">
              {error}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
