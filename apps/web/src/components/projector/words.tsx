import Box from '@mui/material/Box';

/** Words on the screen: as text, or in a picture drawn by CSS (see ScreenFrame's `picture`). */
export function Words({ text, picture }: { text: string; picture: boolean }) {
  if (!picture) return text;
  return (
    <Box component="span" data-words={text} sx={{ '&::before': { content: 'attr(data-words)' } }} />
  );
}
