import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  isLanguage,
  languageFromAcceptLanguage,
  type Language,
} from '../../shared/languages';

declare module 'fastify' {
  interface FastifyRequest {
    /** The person's language: the `lang` cookie, else the browser's Accept-Language, else Slovak. */
    language: Language;
  }
}

export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.addHook('onRequest', async (request) => {
    const fromCookie = request.cookies[LANGUAGE_COOKIE];
    request.language = isLanguage(fromCookie)
      ? fromCookie
      : (languageFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE);
  });
}
