import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { t } from '../lib/i18n/i18n.ts';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (e.g. the user navigates away), a shown error is cleared. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches rendering errors below it and offers a reload instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error while rendering', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) {
      this.setState({ error: null });
    }
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;

    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, sm: 4 } }}>
        <Paper role="alert" sx={{ p: 3, maxWidth: 720, width: '100%' }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('shell.somethingWentWrong')}
          </Typography>
          <Box
            component="pre"
            sx={{
              p: 2,
              m: 0,
              mb: 2,
              bgcolor: 'action.hover',
              borderRadius: 1,
              overflow: 'auto',
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              fontSize: '0.875rem',
            }}
          >
            {error.message || error.name}
          </Box>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('shell.tryAgain')}
          </Button>
        </Paper>
      </Box>
    );
  }
}
