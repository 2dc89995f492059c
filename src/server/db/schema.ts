/** Every table of the product, re-exported from the feature that owns it. */
export * from '../../features/accounts/server/accounts.table';
export * from '../../features/requests/server/requests.table';
export * from '../../features/bids/server/bids.table';
export * from '../../features/reviews/server/reviews.table';
export * from '../../features/contact/server/contact.table';
export * from '../../features/admin/server/admin.table';
export * from '../../features/challenge/server/challenge.table';
export * from '../../features/accounts/server/two-factor.table';
