import type { FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage, type Language } from '../../src/domain/language';

/**
 * The language the server answers a request in: the signed-in investor's stored choice, else
 * the request's Accept-Language (the app sends the language shown on screen), else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  return request.userLanguage ?? languageFromAcceptLanguage(request.headers['accept-language']) ?? 'en';
}
