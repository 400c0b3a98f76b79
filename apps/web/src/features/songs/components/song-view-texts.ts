/** The song form for this song. */
export const songEditPath = (id: string) => `/songs/${encodeURIComponent(id)}/edit`;
