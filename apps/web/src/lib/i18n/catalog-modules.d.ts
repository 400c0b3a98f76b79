// The catalogs' parts, served compiled by lingui-catalogs.ts.
declare module 'virtual:segue-catalog/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}

declare module 'virtual:segue-catalogs' {
  import type { Messages } from '@lingui/core';
  /** `"<locale>/<namespace>"` to the part's import. */
  export const loaders: Record<string, () => Promise<{ default: Messages }>>;
}
