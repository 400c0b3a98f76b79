/**
 * The page for practising a song (/songs/{id}/practice), with the service's key when a setlist
 * opens it: the song view and the setlist view both link there.
 */
export const practicePath = (songId: string, serviceKey?: string | null) =>
  `/songs/${encodeURIComponent(songId)}/practice${
    serviceKey ? `?key=${encodeURIComponent(serviceKey)}` : ''
  }`;
