import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ASSIGNMENT_LINK_LIMITS } from '@segue/shared';
import type { AssignmentLinkAnswer, AssignmentLinkPreview } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { useAnswerAssignmentLink, useAssignmentLink } from '../api/assignment-links.ts';
import { formatClockTime, formatDay, formatList } from '../../../lib/i18n/format.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/** A setlist's day as the mail names it: "Sunday, September 15, 2030". */
const longDay = (day: string) => formatDay(day, 'full');

/**
 * /respond/:token, the page a mailed Accept or Decline link opens, signed in or not. Opening it
 * changes nothing (mail scanners open links too): it shows the service and asks to confirm;
 * the button answers, once.
 */
export function RespondPage() {
  const t = useT();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<'accept' | 'decline'>(
    params.get('answer') === 'decline' ? 'decline' : 'accept',
  );
  const link = useAssignmentLink(token);
  const answer = useAnswerAssignmentLink(token);

  if (link.isPending) return <PageLoading />;
  if (link.isError)
    return <Problem message={errorMessage(link.error, t('setlists.respond.failedToOpen'))} />;
  const service = link.data;
  if (answer.data) return <Answered answer={answer.data} />;
  if (service.status === 'used')
    return <Problem message={t('setlists.respond.used')} service={service} />;
  if (service.status === 'expired')
    return <Problem message={t('setlists.respond.expired')} service={service} />;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <ServiceSummary service={service} />
            <Typography variant="h6" component="h2">
              {mode === 'accept'
                ? t('setlists.respond.confirmAccept')
                : t('setlists.respond.confirmDecline')}
            </Typography>
            {answer.isError && (
              <Alert severity="error">
                {errorMessage(answer.error, t('setlists.respond.failedToAnswer'))}
              </Alert>
            )}
            {mode === 'accept' ? (
              <AcceptForm
                busy={answer.isPending}
                onAccept={() => answer.mutate({ response: 'accepted' })}
                onSwitch={() => setMode('decline')}
              />
            ) : (
              <DeclineForm
                busy={answer.isPending}
                onDecline={(reason) =>
                  answer.mutate({ response: 'declined', ...(reason ? { reason } : {}) })
                }
                onSwitch={() => setMode('accept')}
              />
            )}
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}

function ServiceSummary({
  service,
  heading = 'h1',
}: {
  service: AssignmentLinkPreview;
  heading?: 'h1' | 'h2';
}) {
  const t = useT();
  return (
    <Stack spacing={0.5}>
      <Typography variant="overline" color="text.secondary">
        {t('setlists.respond.title')}
      </Typography>
      <Typography variant="h5" component={heading} sx={{ fontWeight: 700 }}>
        {service.setlistName}
      </Typography>
      <Typography>
        {service.startTime
          ? t('setlists.respond.dayAndTime', {
              day: longDay(service.date),
              time: formatClockTime(service.startTime),
            })
          : longDay(service.date)}
      </Typography>
      <Typography color="text.secondary">{service.teamName}</Typography>
      <Typography>
        {t('setlists.respond.assignedTo', { positions: formatList(service.positions) })}
      </Typography>
    </Stack>
  );
}

function AcceptForm(props: { busy: boolean; onAccept: () => void; onSwitch: () => void }) {
  const t = useT();
  return (
    <Stack direction="row" spacing={2}>
      <Button variant="contained" onClick={props.onAccept} disabled={props.busy}>
        {t('setlists.respond.accept')}
      </Button>
      <Button onClick={props.onSwitch} disabled={props.busy}>
        {t('setlists.respond.orDecline')}
      </Button>
    </Stack>
  );
}

function DeclineForm(props: {
  busy: boolean;
  onDecline: (reason: string) => void;
  onSwitch: () => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const tooLong = reason.length > ASSIGNMENT_LINK_LIMITS.reasonMaxLength;
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLong) props.onDecline(reason.trim());
      }}
    >
      <TextField
        label={t('setlists.respond.reasonLabel')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={2}
        error={tooLong}
        helperText={
          tooLong
            ? t('setlists.respond.reasonTooLong', {
                max: ASSIGNMENT_LINK_LIMITS.reasonMaxLength,
              })
            : t('setlists.respond.reasonHelp')
        }
      />
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" color="error" disabled={props.busy || tooLong}>
          {t('setlists.respond.decline')}
        </Button>
        <Button onClick={props.onSwitch} disabled={props.busy}>
          {t('setlists.respond.orAccept')}
        </Button>
      </Stack>
    </Stack>
  );
}

function Answered({ answer }: { answer: AssignmentLinkAnswer }) {
  const t = useT();
  const positions = formatList(answer.positions);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Alert severity="success" sx={{ mb: 2 }}>
        <Typography component="h1" variant="h6">
          {answer.response === 'accepted'
            ? t('setlists.respond.accepted', { positions, setlist: answer.setlistName })
            : t('setlists.respond.declined', { positions, setlist: answer.setlistName })}
        </Typography>
        {t('setlists.respond.changeLater')}
      </Alert>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        {t('setlists.respond.goToDashboard')}
      </Button>
    </Container>
  );
}

/** Why the link cannot answer, as the page's heading, with the service when it is known. */
function Problem({ message, service }: { message: string; service?: AssignmentLinkPreview }) {
  const t = useT();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        <Typography component="h1" variant="h6">
          {message}
        </Typography>
      </Alert>
      {service && (
        <Card variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <ServiceSummary service={service} heading="h2" />
          </CardContent>
        </Card>
      )}
      <Button component={RouterLink} to="/dashboard" variant="contained">
        {t('setlists.respond.goToDashboard')}
      </Button>
    </Container>
  );
}
