export * from './texts.ts';
export * from './constants.ts';
export * from './schemas/accounts.ts';
export * from './names.ts';
export * from './schemas/teams.ts';
export * from './schemas/songs.ts';
export * from './schemas/setlists.ts';
export * from './live.ts';
