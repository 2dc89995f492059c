/** Every table of the product, re-exported from the feature that owns it. */
export * from '../../features/places/server/tables';
export * from '../../features/accounts/server/tables';
export * from '../../features/requests/server/tables';
export * from '../../features/requests/server/completion-tables';
export * from '../../features/requests/server/invitation-tables';
export * from '../../features/reviews/server/tables';
export * from '../../features/providers/server/tables';
export * from '../../features/contact/server/tables';
export * from '../../features/admin/server/tables';
export * from '../../features/challenge/server/tables';
export * from '../../features/notifications/server/tables';
export * from '../../features/conversations/server/tables';
export * from '../../features/leads/server/tables';
export * from '../../features/verifications/server/tables';
