/**
 * What other features may use of conversations: the reports the administration console handles,
 * the files a leaving account takes with it, and the threads of a request (whose pages a change
 * of the request concerns), and the thread of a disputed job for the administrators' case. Its
 * tables are join targets through `tables.ts`.
 */
export { closeReportAs, openReport, reportsFor } from './moderation.service';
export { presentReport, presentReportedMessages } from './reports.presenter';
export { storedKeysOfPerson, threadsOfRequest } from './conversations.repo';
export { threadOfCase } from './case-thread';
