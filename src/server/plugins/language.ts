import type { FastifyInstance } from 'fastify';
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

export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.addHook('onRequest', (request, _reply, done) => {
    const fromCookie = request.cookies[LANGUAGE_COOKIE];
    request.language = isLanguage(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
    done();
  });
}
