// Query keys more than one feature touches. A feature's own keys stay in its api.ts; these live here so that
// a feature which changes shared data (the account page renames the user shown in the header) does not import
// another feature's files.

/** authApi.currentUser: the signed-in user behind the header, the guards and the navigation. */
export const currentUserKey = ['auth', 'current-user'] as const;
