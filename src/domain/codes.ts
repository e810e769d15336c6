import { CODE_LENGTH } from './limits';

/** The sign-in and authenticator codes' shape, for the code fields without the schema library. */
export const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);
/** Whether a typed value is a whole code (the forms check before sending, the server again). */
export const isCode = (value: string): boolean => CODE_PATTERN.test(value);
/** What a code field keeps of what was typed or pasted: its digits, at most CODE_LENGTH. */
export const keepCodeDigits = (value: string): string => value.replace(/\D/g, '').slice(0, CODE_LENGTH);
