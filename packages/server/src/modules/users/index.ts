// What the users module offers other modules (decision 0019): the user-admin module's role change keeps a user's staff
// links in line with the new role, as the staff form's save does.
export { syncStaffPlaces } from './queries.js';
