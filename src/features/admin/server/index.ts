/**
 * What the administrator's user actions (src/server/workflows/admin-user-actions.ts) use of the
 * console: who is an administrator, who may be removed, the user list and its presenters.
 */
export { administratorOf } from './admin-guard';
export { accountRemovalRefusal, isAdministrator } from './admin.policy';
export { presentPagination } from './admin-requests.presenter';
export { presentAdminUser } from './admin-users.presenter';
export {
  countActiveAdministrators,
  findUser,
  listUsers,
  type AdminUserRow,
} from './admin-users.repo';
