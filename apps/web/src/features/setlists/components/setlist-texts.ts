/** Where each setlist screen lives (spec section 2, route list). */
export const setlistPaths = {
  list: '/setlists',
  create: '/setlists/new',
  view: (id: string) => `/setlists/view/${encodeURIComponent(id)}`,
  edit: (id: string) => `/setlists/edit/${encodeURIComponent(id)}`,
  live: (id: string) => `/setlists/live/${encodeURIComponent(id)}`,
  presenter: (id: string) => `/setlists/presenter/${encodeURIComponent(id)}`,
  /** The set's songs in practice mode, one after another; `song` counts from 1. */
  practice: (id: string, song?: number) =>
    `/setlists/practice/${encodeURIComponent(id)}${song ? `?song=${song}` : ''}`,
};
