import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  isLanguage,
  type Language,
} from '../../shared/languages';

declare module 'fastify' {
  interface FastifyRequest {
    /** The person's language: the `lang` cookie, else Slovak (spec core §1: Slovak is the default). */
    language: Language;
  }
}

/** Read when asked for (an error message, a mail, a page): most API answers never need it. */
export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest('language', {
    getter(this: FastifyRequest): Language {
      const fromCookie = this.cookies[LANGUAGE_COOKIE];
      return isLanguage(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
    },
  });
}
