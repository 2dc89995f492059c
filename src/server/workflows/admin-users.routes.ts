import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../context';
import {
  adminDeleteBody,
  adminMessageResponse,
  adminStatusBody,
  adminUserParams,
  adminUserResponse,
  adminUsersQuery,
  adminUsersResponse,
} from '../../features/admin/admin.schema';
import {
  administratorOf,
  presentAdminUser,
  presentPagination,
  type AdminUserRow,
} from '../../features/admin/server';
import {
  deleteUser,
  editUser,
  listUsersForAdministrator,
  setUserStatus,
  unlockUser,
  userForAdministrator,
} from './admin-user-actions';

const userResponse = (row: AdminUserRow) => {
  const user = presentAdminUser(row);
  return { user, user_type: user.role };
};

/**
 * The console's clients and providers (accounts spec §7 "Administration"), inside the admin scope.
 * The body of PUT is the client's or the provider's edit form, checked by the path's role.
 */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/admin/users',
    { schema: { querystring: adminUsersQuery, response: { 200: adminUsersResponse } } },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listUsersForAdministrator(
        ctx,
        administratorOf(request),
        request.query,
      );
      return {
        users: rows.map(presentAdminUser),
        pagination: presentPagination(page, limit, total),
      };
    },
  );

  app.get(
    '/admin/users/:role/:id',
    { schema: { params: adminUserParams, response: { 200: adminUserResponse } } },
    async (request) => {
      const { role, id } = request.params;
      return userResponse(await userForAdministrator(ctx, administratorOf(request), role, id));
    },
  );

  app.put(
    '/admin/users/:role/:id',
    {
      schema: {
        description:
          'Body: the client edit (name, phone_number) or the provider edit (name, contact_email, contact_phone, bio, service_category, location, hourly_rate, experience_years, availability, website, credits), by the path role.',
        params: adminUserParams,
        // Checked in the service against the role's own schema (a union would strip the fields
        // of the other role before the right schema saw them).
        body: z.record(z.string(), z.unknown()),
        response: { 200: adminUserResponse },
      },
    },
    async (request) => {
      const { role, id } = request.params;
      const me = administratorOf(request);
      return userResponse(await editUser(ctx, me, role, id, request.body));
    },
  );

  app.patch(
    '/admin/users/:role/:id/status',
    {
      schema: {
        params: adminUserParams,
        body: adminStatusBody,
        response: { 200: adminUserResponse },
      },
    },
    async (request) => {
      const { role, id } = request.params;
      const me = administratorOf(request);
      const status = request.body.account_status;
      return userResponse(await setUserStatus(ctx, me, role, id, status));
    },
  );

  app.delete(
    '/admin/users/:role/:id',
    {
      schema: {
        params: adminUserParams,
        body: adminDeleteBody,
        response: { 200: adminMessageResponse },
      },
    },
    async (request) => {
      const { role, id } = request.params;
      await deleteUser(ctx, administratorOf(request), role, id, request.body.reason);
      return { message: 'User deleted.' };
    },
  );

  app.post(
    '/admin/users/:role/:id/unlock',
    { schema: { params: adminUserParams, response: { 200: adminUserResponse } } },
    async (request) => {
      const { role, id } = request.params;
      return userResponse(await unlockUser(ctx, administratorOf(request), role, id));
    },
  );
};
