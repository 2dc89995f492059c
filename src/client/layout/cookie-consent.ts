import { createContext } from 'react';

/** The server's render says whether its visitor has accepted; the browser reads its own cookie. */
export const ServerConsentContext = createContext<boolean | undefined>(undefined);
