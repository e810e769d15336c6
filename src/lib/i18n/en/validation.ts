/** What the shared schemas say about refused input (also the server's, so they live in src/domain). */
export { validationMessages as texts } from '../../../domain/validation-messages';
