import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { TEXTS } from '@segue/shared';

/** Stands where the Active Team card goes until the user has a team. */
export function NoTeamCard() {
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {TEXTS.noTeamSelected}
        </Typography>
      </CardContent>
    </Card>
  );
}
