import Typography from '@mui/material/Typography';

/**
 * An item's notes (the passage of a sermon, who prays), with the line breaks they
 * were written with. Nothing for an item without notes.
 */
export function ItemNotes({ notes, fontSize }: { notes: string; fontSize: string }) {
  if (notes.trim() === '') return null;
  return (
    <Typography
      component="p"
      sx={{ fontSize, lineHeight: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {notes}
    </Typography>
  );
}
