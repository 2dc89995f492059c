import { PAGE_PATHS } from '../../../shared/routes';

/** The address of a thread's page (/messages/:id). */
export const threadPath = (id: string) => PAGE_PATHS.conversation.replace(':id', id);
