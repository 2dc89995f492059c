/**
 * What other features may use of requests: the lifecycle service calls, and the `work_requests`
 * table as a join target for titles and states (read only; every change goes through the service).
 */
export {
  assignRequest,
  attachmentKeysOfClient,
  hiresOf,
  lockRequestFacts,
  readRequestFacts,
  releaseHiresOf,
  tellClientsOfReleasedHires,
} from './requests.service';
export { workRequests } from './requests.table';
