import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CCLI_LIMITS, CcliLicenceInputSchema, CcliReportQuerySchema } from '@segue/shared';
import type { CcliReport, CcliReportQuery, TeamDetails } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import {
  downloadCcliReport,
  useCcliLicence,
  useCcliReport,
  useSaveCcliLicence,
} from '../api/ccli.ts';
import { lastFullQuarter } from './ccli-period.ts';
import { CongregationPhonesSection } from './congregation-phones-section.tsx';
import { teamFieldError } from './team-messages.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/**
 * CCLI: the team's licence number, what the licence allows on the congregation's phones, and the
 * usage report of a period, with its CSV (admins).
 */
export function CcliTab({ team }: { team: TeamDetails }) {
  return (
    <Stack spacing={4}>
      <LicenceSection teamId={team._id} />
      <CongregationPhonesSection teamId={team._id} />
      <UsageReportSection teamId={team._id} />
    </Stack>
  );
}

function LicenceSection({ teamId }: { teamId: string }) {
  const t = useT();
  const licence = useCcliLicence(teamId);
  return (
    <Box component="section" aria-labelledby="ccli-licence-title">
      <Typography id="ccli-licence-title" variant="h6" component="h2" gutterBottom>
        {t('teams.ccliLicenceHeading')}
      </Typography>
      {licence.isPending ? (
        <CircularProgress aria-label={t('teams.ccliLoadingLicence')} />
      ) : licence.isError ? (
        <Alert severity="error">
          {errorMessage(licence.error, t('teams.ccliFailedToLoadLicence'))}
        </Alert>
      ) : (
        <LicenceForm teamId={teamId} saved={licence.data.ccliLicence} />
      )}
    </Box>
  );
}

function LicenceForm({ teamId, saved }: { teamId: string; saved: string | null }) {
  const t = useT();
  const save = useSaveCcliLicence(teamId);
  const { showToast } = useToast();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(CcliLicenceInputSchema),
    defaultValues: { ccliLicence: saved ?? '' },
  });

  const onSubmit = handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: (answer) => {
        // The number as the server keeps it (trimmed; empty is none).
        reset({ ccliLicence: answer.ccliLicence ?? '' });
        showToast(t('teams.ccliLicenceSaved'), 'success');
      },
      onError: (error) => {
        const text = errorMessage(error, t('teams.ccliFailedToSaveLicence'));
        setError('ccliLicence', { message: text });
        showToast(text, 'error');
      },
    });
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: 'flex-start' }}
    >
      <TextField
        label={t('teams.ccliLicenceLabel')}
        autoComplete="off"
        {...register('ccliLicence')}
        error={Boolean(errors.ccliLicence)}
        helperText={teamFieldError(errors.ccliLicence?.message) ?? t('teams.ccliLicenceHelp')}
        fullWidth
        slotProps={{ htmlInput: { maxLength: CCLI_LIMITS.licenceMaxLength } }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={save.isPending}
        sx={{ flexShrink: 0, height: 56 }}
      >
        {t('teams.ccliSaveLicence')}
      </Button>
    </Stack>
  );
}

function UsageReportSection({ teamId }: { teamId: string }) {
  const t = useT();
  const [period, setPeriod] = useState<CcliReportQuery>(() => lastFullQuarter());
  const checked = CcliReportQuerySchema.safeParse(period);
  const valid = checked.success ? checked.data : null;
  const report = useCcliReport(teamId, valid);
  const { showToast } = useToast();
  const [downloading, setDownloading] = useState(false);

  const onDownload = async () => {
    if (!valid) return;
    setDownloading(true);
    try {
      await downloadCcliReport(teamId, valid);
    } catch (error) {
      showToast(errorMessage(error, t('teams.ccliFailedToDownload')), 'error');
    } finally {
      setDownloading(false);
    }
  };

  const dayField = (key: keyof CcliReportQuery, label: string) => (
    <TextField
      label={label}
      type="date"
      value={period[key]}
      onChange={(event) => setPeriod((current) => ({ ...current, [key]: event.target.value }))}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', sm: 200 } }}
    />
  );

  return (
    <Box component="section" aria-labelledby="ccli-report-title">
      <Typography id="ccli-report-title" variant="h6" component="h2" gutterBottom>
        {t('teams.ccliReportHeading')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, mb: 2 }}
      >
        {dayField('from', t('teams.ccliFrom'))}
        {dayField('to', t('teams.ccliTo'))}
        <Button
          variant="outlined"
          disabled={!valid || downloading}
          onClick={() => void onDownload()}
          sx={{ height: 56 }}
        >
          {t('teams.ccliDownloadCsv')}
        </Button>
      </Stack>
      {!checked.success ? (
        <Alert severity="warning">{teamFieldError(checked.error.issues[0]?.message)}</Alert>
      ) : report.isError ? (
        <Alert severity="error">
          {errorMessage(report.error, t('teams.ccliFailedToLoadReport'))}
        </Alert>
      ) : report.isPending ? (
        <CircularProgress aria-label={t('teams.ccliLoadingReport')} />
      ) : report.data.rows.length === 0 ? (
        <Typography color="text.secondary">{t('teams.ccliEmpty')}</Typography>
      ) : (
        <UsageTable report={report.data} />
      )}
    </Box>
  );
}

function UsageTable({ report }: { report: CcliReport }) {
  const t = useT();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" sx={{ '& caption': { captionSide: 'top', px: 2 } }}>
        <caption>
          {t('teams.ccliCaption', { services: report.setlists, from: report.from, to: report.to })}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{t('teams.ccliColumnTitle')}</TableCell>
            <TableCell>{t('teams.ccliColumnArtist')}</TableCell>
            <TableCell>{t('teams.ccliColumnCcli')}</TableCell>
            <TableCell align="right">{t('teams.ccliColumnUses')}</TableCell>
            <TableCell>{t('teams.ccliColumnLastUsed')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={row.songId}>
              <TableCell component="th" scope="row">
                {row.title}
              </TableCell>
              <TableCell>{row.artist}</TableCell>
              <TableCell sx={row.ccli ? undefined : { color: 'text.secondary' }}>
                {row.ccli ?? t('teams.ccliNoSongNumber')}
              </TableCell>
              <TableCell align="right">{row.uses}</TableCell>
              <TableCell>{row.lastUsed}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
