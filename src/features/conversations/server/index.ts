/**
 * What other features may use of conversations: the reports the administration console handles,
 * and the files a leaving account takes with it. Its tables are join targets through `tables.ts`.
 */
export { closeReportAs, openReport, reportsFor } from './moderation.service';
export { presentReport, presentReportedMessages } from './reports.presenter';
export { storedKeysOfPerson } from './conversations.repo';
