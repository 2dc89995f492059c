import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { clientProfileBody } from '../../features/accounts/accounts.schema';
import {
  canEditClientProfile,
  canEditProviderProfile,
  updateClientProfile,
  type SessionUser,
} from '../../features/accounts/server';
import { providerProfileBody } from '../../features/providers/providers.schema';
import { seedFirstLeadAlert } from '../../features/leads/server';
import { preparePicture, updateProviderProfile } from '../../features/providers/server';

/**
 * Saves the profile form of the person's role: name, phone, usual place and location for a client
 * (accounts); contact details, rate, picture and service area for a provider (providers). The
 * form is checked against the role's own schema. A provider whose profile is now complete gets
 * their first job alert from its service area, once ever (leads, docs/leads.md).
 */
export async function saveOwnProfile(
  ctx: ServerContext,
  me: SessionUser,
  form: { fields: Record<string, unknown>; picture?: Buffer | undefined },
) {
  if (canEditClientProfile(me)) {
    await updateClientProfile(ctx, me, clientProfileBody.parse(form.fields));
  } else if (canEditProviderProfile(me)) {
    const input = providerProfileBody.parse(form.fields);
    const picture = form.picture ? await preparePicture(form.picture) : undefined;
    await updateProviderProfile(ctx, me, input, picture);
    await seedFirstLeadAlert(ctx, me.id);
  } else {
    throw new AppError('insufficient_permissions', 'Insufficient permissions.');
  }
}
