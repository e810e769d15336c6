/** What the shared schemas say about refused input (also the server's, so they live in src/domain). */
export { validationMessagesKo as texts } from '../../../domain/validation-messages.ko';
