import { z } from 'zod';
import { clientProfileBody } from '../../features/accounts/accounts.schema';
import { providerProfileBody } from '../../features/providers/providers.schema';

/**
 * The profile form of PUT /users/profile as the API document shows it: a client's fields, or a
 * provider's with an optional picture. The route reads the form itself and checks it against
 * the role's own schema (clientProfileBody or providerProfileBody).
 */
export const profileFormBody = z.union([
  clientProfileBody.describe('A client: name, phone, usual place and location'),
  providerProfileBody
    .extend({
      profile_picture: z
        .file()
        .optional()
        .describe('JPEG or PNG, at most 5 MB; multipart/form-data only'),
    })
    .describe('A provider: contact details, rate, picture and service area'),
]);
