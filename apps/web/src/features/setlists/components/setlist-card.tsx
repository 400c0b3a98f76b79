import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Setlist } from '@segue/shared';
import { useSetlistRights } from '../api/setlist-rights.ts';
import { SetlistActionIcon, setlistActions } from './setlist-actions.tsx';
import { formatSetlistDate } from './setlist-dates.ts';

/**
 * One setlist of /setlists on a phone: what its table row shows, with Live View first and as
 * a full button, since that is what a musician opens on stage.
 */
export function SetlistCard({ setlist }: { setlist: Setlist }) {
  const { live, presenter, view, edit } = setlistActions(setlist);
  const { mayEdit } = useSetlistRights()(setlist);
  const notes = setlist.notes.trim();
  return (
    <Card component="li" variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {setlist.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatSetlistDate(setlist.date)}
        </Typography>
        <Typography
          variant="body2"
          sx={{
            mt: 1,
            // Two lines at most, as the table's one-line cell: the whole text is on View.
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: 2,
            overflow: 'hidden',
            overflowWrap: 'anywhere',
            color: notes ? undefined : 'text.secondary',
          }}
        >
          {notes || '-'}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, justifyContent: 'space-between' }}>
        <Button
          component={RouterLink}
          to={live.to}
          variant="contained"
          startIcon={live.icon}
          aria-label={live.name}
        >
          {live.label}
        </Button>
        <Stack direction="row">
          {(mayEdit ? [presenter, view, edit] : [presenter, view]).map((action) => (
            <SetlistActionIcon key={action.label} action={action} />
          ))}
        </Stack>
      </CardActions>
    </Card>
  );
}
