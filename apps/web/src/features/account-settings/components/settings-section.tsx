import { useId } from 'react';
import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

interface SettingsSectionProps {
  title: string;
  /** Marks a section whose action cannot be undone. */
  danger?: boolean;
  children: ReactNode;
}

/** One card of Account Settings: a region named by its h2. */
export function SettingsSection({ title, danger = false, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={danger ? { borderColor: 'error.main', borderWidth: 2 } : undefined}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography
          id={headingId}
          variant="h6"
          component="h2"
          gutterBottom
          sx={{ fontWeight: 700 }}
        >
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
