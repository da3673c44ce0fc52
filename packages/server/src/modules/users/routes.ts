import { userApi } from '@ebt/core/users';
import { handle, routeTable } from '../../platform/routes.js';
import { addUser } from './add.js';
import { updateUser } from './change.js';
import { getRecipientUser, getUser } from './detail.js';
import { updateRecipientUser } from './recipient-users.js';
import { searchUsers } from './search.js';

// Users: each contract of @ebt/core/users (userApi) bound to its use case.
export default routeTable([
  handle(userApi.search, (req) => searchUsers(req.ctx, req.query)),
  handle(userApi.add, (req) => addUser(req.ctx, req.body)),
  handle(userApi.detail, (req) => getUser(req.ctx, req.params.id)),
  handle(userApi.update, (req) => updateUser(req.ctx, req.params.id, req.body)),
  handle(userApi.recipientUser, (req) => getRecipientUser(req.ctx, req.params.id)),
  handle(userApi.updateRecipientUser, (req) => updateRecipientUser(req.ctx, req.params.id, req.body)),
]);
