// What the auth module offers other modules (decision 0019: a module's index.ts is its only door): the user-admin
// module's OTP reset clears a user's sign-in lock with the same key the sign-in writes.
export { clearSignInFailures, normalizeUsername, usernameKey } from './sign-in-failures.js';
