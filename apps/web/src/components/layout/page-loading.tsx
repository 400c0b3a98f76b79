import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred progress indicator for content that is on its way. */
export function PageLoading() {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}
    >
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
