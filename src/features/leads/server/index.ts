/**
 * What other features and workflows may use of leads: the first alert made from a completed
 * profile's service area. Its tables are join targets through `tables.ts`.
 */
export { seedFirstLeadAlert } from './leads.service';
