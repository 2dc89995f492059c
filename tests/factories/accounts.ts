import { randomBytes } from 'node:crypto';
import { hashPassword, type ScryptCost } from '../../src/features/accounts/server/password';
import type { Db } from '../../src/server/db/database';
import {
  administratorProfiles,
  clientProfiles,
  providerProfiles,
  users,
} from '../../src/server/db/schema';
import type { Category } from '../../src/shared/categories';
import type { Language } from '../../src/shared/languages';
import type { AccountStatus, Role } from '../../src/shared/statuses';

/**
 * scrypt at 1/128 of the production cost (N=2^10 instead of 2^17): milliseconds instead of a
 * second. Only tests use it: they give it to `buildApp({ passwordCost })`, and the factories here
 * hash with it. Hashes record their cost, so the app verifies these like any other.
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
/** The password of every account the factories make, unless a test names another. */
export const TEST_PASSWORD = 'Remeslo2025x';

const unique = () => randomBytes(4).toString('hex');

const DEFAULT_NAMES: Record<Role, string> = {
  client: 'Klára Klientová',
  provider: 'Peter Majster',
  administrator: 'Administrator',
};

export interface AccountFields {
  name?: string;
  email?: string;
  /** null: an account without a password, as Google sign-up makes. */
  password?: string | null;
  emailVerified?: boolean;
  accountStatus?: AccountStatus;
  preferredLanguage?: Language;
  /** The client's phone, or the provider's contact phone. */
  phoneNumber?: string | null;
  serviceCategory?: Category | null;
}

/**
 * An account written straight into the database, with the rows registration and a followed
 * verification link leave (an administrator's as ADMIN_EMAIL makes it). Use it wherever signing
 * up is not what the test is about.
 */
export async function createAccount(db: Db, role: Role, fields: AccountFields = {}) {
  const email = fields.email ?? `${role}-${unique()}@example.test`;
  const password = fields.password === undefined ? TEST_PASSWORD : fields.password;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        name: fields.name ?? DEFAULT_NAMES[role],
        role,
        passwordHash: password === null ? null : await hashPassword(password, TEST_PASSWORD_COST),
        emailVerified: fields.emailVerified ?? true,
        accountStatus: fields.accountStatus ?? 'active',
        preferredLanguage: fields.preferredLanguage ?? 'sk',
      })
      .returning();
    const userId = user!.id;
    if (role === 'client') {
      await tx.insert(clientProfiles).values({ userId, phoneNumber: fields.phoneNumber ?? null });
    } else if (role === 'provider') {
      await tx.insert(providerProfiles).values({
        userId,
        contactEmail: email,
        contactPhone: fields.phoneNumber ?? null,
        serviceCategory: fields.serviceCategory ?? null,
      });
    } else {
      await tx.insert(administratorProfiles).values({ userId, permissions: ['*'] });
    }
    return user!;
  });
}

export function createClient(
  db: Db,
  overrides: Pick<AccountFields, 'name' | 'email' | 'accountStatus' | 'emailVerified'> = {},
) {
  return createAccount(db, 'client', { phoneNumber: '+421 900 111 222', ...overrides });
}

export function createProvider(db: Db, overrides: { name?: string; category?: Category } = {}) {
  return createAccount(db, 'provider', {
    phoneNumber: '+421 900 333 444',
    serviceCategory: overrides.category ?? 'plumbing',
    ...(overrides.name ? { name: overrides.name } : {}),
  });
}
