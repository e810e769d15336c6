import * as limit from './limits';
import { groupThousands } from './numbers';

/**
 * What the schemas say when an input is refused. A schema carries the message's key (see
 * `says`), never its text: the screens show it through the app's catalogue in the reader's
 * language, and the server's error envelope in the request's language (server/i18n/errors.ts).
 * English is the reference; validation-messages.ko.ts has the same keys (the compiler checks).
 * One message per field states the whole rule, so it is right whichever check failed.
 */
const n = groupThousands;

export const validationMessages = {
  // Sign-in and account
  'validation.email.invalid': 'Enter a valid email address.',
  'validation.email.tooLong': 'The email address is too long.',
  'validation.code': `Enter the ${limit.CODE_LENGTH}-digit code.`,
  'validation.authenticatorCode': `Enter the ${limit.CODE_LENGTH}-digit code from your authenticator app.`,
  'validation.recoveryCode': 'A recovery code looks like ABCDE-FGHJK.',
  'validation.signInAttempt': 'The sign-in attempt is not valid. Ask for a new code.',
  'validation.emailConfirmation': 'The confirmation is not valid. Ask for a new code.',
  'validation.googleCredential': 'The Google credential is missing.',
  'validation.otpUrl': 'Secret key is required',
  'validation.name': `Enter a name of at most ${limit.NAME_MAX_LENGTH} characters.`,
  'validation.text.characters':
    'This contains characters that are not allowed (invisible, control or direction characters, or < >).',

  // Contact form
  'validation.contact.name': `Please tell us your name (at most ${n(limit.CONTACT_NAME_MAX_LENGTH)} characters).`,
  'validation.contact.topic': 'Please choose a topic.',
  'validation.contact.message': `Please write between ${limit.CONTACT_MESSAGE_MIN} and ${n(limit.CONTACT_MESSAGE_MAX)} characters.`,

  // Identity and investor verification
  'validation.legalName': `Enter your legal name, at most ${limit.LEGAL_NAME_MAX_LENGTH} characters.`,
  'validation.dateOfBirth': 'Enter the date of birth as YYYY-MM-DD.',
  'validation.dateOfBirth.real': 'Enter a real date of birth.',
  'validation.country': 'Choose your country of residence.',
  'validation.entityName': `Enter the registered name, at most ${limit.ENTITY_NAME_MAX_LENGTH} characters.`,
  'validation.entityNumber': `Enter the registration number, at most ${limit.ENTITY_NUMBER_MAX_LENGTH} characters.`,
  'validation.upload': 'Upload the file again.',
  'validation.backOfDocument': 'Add the back of the document.',
  'validation.fileId': 'No such file.',
  'validation.identity': 'Choose one of your identities.',
  'validation.sourceOfFunds': 'Choose where the money comes from.',
  'validation.evidence': `Add between one and ${limit.EVIDENCE_FILES_MAX} documents as evidence.`,
  'validation.evidenceDetails': `Describe the evidence in at most ${n(limit.EVIDENCE_DETAILS_MAX_LENGTH)} characters.`,
  'validation.selfCertified': 'Confirm that the statement is true.',

  // Orders, contracts and payments
  'validation.quantity': `Enter a whole number of tokens from 1 to ${n(limit.ORDER_QUANTITY_MAX)}.`,
  'validation.payMethod': 'Choose a way to pay.',
  'validation.orderId': 'That is not an order id.',
  'validation.signFileId': 'That is not a file id.',
  'validation.cancelReason': `Write the reason in at most ${limit.CANCEL_REASON_MAX_LENGTH} characters.`,
  'validation.contractHash': 'The contract hash must be 64 hex characters.',
  'validation.consent.terms': 'Agree to the contract terms.',
  'validation.consent.risks': 'Confirm you understand the risks.',
  'validation.consent.electronicSignature': 'Agree to sign electronically.',
  'validation.signature.tooLarge': 'The drawn signature is too large; draw it again.',
  'validation.signature.png': 'The drawn signature must be a PNG image.',
  'validation.payerName': `Enter the name on the paying account, at most ${limit.PAYER_NAME_MAX_LENGTH} characters.`,
  'validation.txHash': 'Enter the transaction hash as the wallet shows it.',

  // Account area: revenue, gifts, bank details, address book
  'validation.date': 'Use a date like 2026-01-31.',
  'validation.revenue.interval': 'interval must be day, month or year.',
  'validation.revenue.range': 'from must not be after to.',
  'validation.recipientName': `Enter the recipient's name, at most ${limit.RECIPIENT_NAME_MAX_LENGTH} characters.`,
  'validation.deliveryAddress': `Enter the delivery address, at most ${limit.DELIVERY_ADDRESS_MAX_LENGTH} characters.`,
  'validation.phone': 'Enter a phone number of digits, spaces and dashes.',
  'validation.bankName': `Enter the bank, at most ${limit.BANK_NAME_MAX_LENGTH} characters.`,
  'validation.accountHolder': `Enter the account holder, at most ${limit.ACCOUNT_HOLDER_MAX_LENGTH} characters.`,
  'validation.accountNumber': 'An account number is 6 to 20 digits (spaces and dashes allowed).',
  'validation.walletLabel': `Enter a label, at most ${limit.WALLET_LABEL_MAX_LENGTH} characters.`,
  'validation.walletNetwork': 'Choose Ethereum, Polygon or Bitcoin.',
  'validation.walletAddress': `Enter the address, at most ${limit.WALLET_ADDRESS_MAX_LENGTH} characters.`,
  'validation.walletAddressId': 'That is not an address id.',

  // Cash balance
  'validation.month': 'Use a month like 2026-11.',
  'validation.limit.entries': 'limit must be a whole number from 1 to 200.',
  'validation.withdrawal.amount': 'Enter an amount of at least 1, in the smallest unit of the currency.',
  'validation.market.days': 'days must be a whole number from 1 to 366.',
  'validation.market.side': 'Choose BUY or SELL.',
  'validation.market.price': 'Enter a price per token of at least 1, in the smallest unit of the currency.',
  'validation.market.quantity': 'Enter a whole number of tokens from 1 to 1,000,000,000.',
  'validation.market.tickSize': 'Enter a tick size of at least 1, in the smallest unit of the currency.',
  'validation.market.bandBp': 'Enter a daily band from 1 to 10,000 basis points.',
  'validation.market.feeBp': 'Enter a fee from 0 to 1,000 basis points.',
  'validation.market.reason': 'Give a reason of 1 to 500 characters.',
  'validation.market.goodUntil': 'The end date must be a date and time with its offset.',
  'validation.market.state': 'Choose OPEN, FILLED, CANCELLED or EXPIRED.',
  'validation.withdrawalId': 'That is not a withdrawal id.',
  'validation.entryId': 'That is not a balance entry id.',
  'validation.depositReference': 'Enter the deposit reference, such as MOA7K3F9Q.',
  'validation.bankReference': 'Enter the bank reference, at most 100 characters.',
  'validation.returnReason': 'Say why the withdrawal is returned, at most 500 characters.',
  'validation.payFrom': 'Choose a pay method, or pay from your balance (payFrom BALANCE), not both.',

  // Governance
  'validation.governance.title': `Enter a title, at most ${limit.GOVERNANCE_TITLE_MAX_LENGTH} characters.`,
  'validation.governance.body': `Enter the text, at most ${n(limit.GOVERNANCE_BODY_MAX_LENGTH)} characters.`,
  'validation.governance.answer': `Enter the answer, at most ${n(limit.ANSWER_MAX_LENGTH)} characters.`,
  'validation.governance.reason': `Enter the reason, at most ${limit.REPORT_REASON_MAX_LENGTH} characters.`,
  'validation.governance.option': `Enter each option, at most ${limit.OPTION_MAX_LENGTH} characters.`,
  'validation.governance.options': `Give from ${limit.MIN_OPTIONS} to ${limit.MAX_OPTIONS} options.`,
  'validation.governance.optionsDistinct': 'Each option must be different.',
  'validation.governance.choice': 'Choose an option.',
  'validation.governance.endsAt': 'The end must be a date and time.',
  'validation.governance.quorum': 'The quorum is a whole percentage from 0 to 100.',
  'validation.governance.threshold': 'The pass threshold is a whole percentage from 1 to 100.',

  // Ids, paging and other values only a client program sets
  'validation.projectId': 'The project id must be a whole number of at least 1.',
  'validation.categoryId': 'The category id must be a whole number of at least 1.',
  'validation.sectionId': 'The section id must be a whole number of at least 1.',
  'validation.itemId': 'The id must be a whole number of at least 1.',
  'validation.documentId': 'The document id must be a whole number of at least 1.',
  'validation.documentVersion': `The document version must be a whole number from 1 to ${n(limit.DOCUMENT_VERSION_MAX)}.`,
  'validation.statementYear': `The statement year must be four digits from ${limit.STATEMENT_FIRST_YEAR} to the current year.`,
  'validation.giftId': 'The gift id must be a whole number of at least 1.',
  'validation.notificationId': 'The notification id must be a whole number of at least 1.',
  'validation.nextId': 'nextId must be a whole number of at least 1.',
  'validation.before': 'before must be a whole number of at least 1.',
  'validation.limit.posts': `limit must be a whole number from 1 to ${limit.POSTS_MAX_LIMIT}.`,
  'validation.limit.products': `limit must be a whole number from 1 to ${limit.PRODUCT_PAGE_MAX}.`,
  'validation.limit.notifications': `limit must be a whole number from 1 to ${limit.NOTIFICATIONS_MAX_LIMIT}.`,
  'validation.limit.activity': `limit must be a whole number from 1 to ${limit.ACTIVITY_MAX_LIMIT}.`,
  'validation.limit.audit': 'limit must be a whole number from 1 to 1000.',
  'validation.limit.trades': 'limit must be a whole number from 1 to 200.',
  'validation.marketOrderId': 'The order id must be a whole number of at least 1.',
  'validation.hideStatus': 'hideStatus can only be SHOW.',
  'validation.postAddress': `A post address is 1 to ${limit.POST_ADDRESS_MAX_LENGTH} lower-case letters, digits and single hyphens.`,
  'validation.notification.type': 'type must be one of the notification types.',
  'validation.notification.link': `link must be a path inside the app, such as /projects/3, at most ${limit.NOTIFICATION_LINK_MAX_LENGTH} characters.`,
  'validation.notification.isEnabled': 'isEnabled must be true or false.',
  'validation.notification.perProject': 'Only governance notifications can be chosen per project.',
  'validation.push.endpoint': `endpoint must be an http(s) URL of at most ${limit.PUSH_ENDPOINT_MAX_LENGTH} characters.`,
  'validation.push.key': 'A push subscription key must be base64url text of the expected length.',

  // Blog posts written in the operator console
  'validation.post.title': `Give the post a title of at most ${limit.POST_TITLE_MAX_LENGTH} characters.`,
  'validation.post.description': `Describe the post in at most ${limit.POST_DESCRIPTION_MAX_LENGTH} characters.`,
  'validation.post.markdown': `Write the post, at most ${n(limit.POST_MARKDOWN_MAX_LENGTH)} characters of Markdown.`,
  'validation.post.publishAt': 'Choose a date and time to publish, in the future.',
  'validation.post.thumbnail': 'The thumbnail must be an image uploaded here, or none.',
  // Projects an operator writes (src/domain/project-editing.ts)
  'validation.project.name': `Enter the project name, at most ${limit.PROJECT_NAME_MAX_LENGTH} characters.`,
  'validation.project.text': 'Fill in this field within its length limit.',
  'validation.project.tokenName': `The token name is 1 to ${limit.TOKEN_NAME_MAX_LENGTH} capital letters or digits.`,
  'validation.project.link': 'Enter an https address or a path starting with /, at most 500 characters.',
  'validation.project.amount': 'Enter a whole amount in minor units of at least 1.',
  'validation.project.quantity': 'Enter a whole number of tokens of at least 1.',
  'validation.project.date': 'Enter a date and time such as 2026-12-01T09:00:00.000Z.',
  'validation.project.dates': 'The sale must end after it starts.',
  'validation.project.limits': 'The maximum investment must be at least the minimum.',
  'validation.project.caps': 'The soft cap must not be above the target.',
  'validation.project.flag': 'This must be true or false.',
  'validation.project.list': `A list holds at most ${limit.PROJECT_LIST_MAX} entries.`,
  'validation.project.payMethodType': 'A pay method is ACCOUNT or CRYPTO.',
  'validation.capTableDate': 'Enter the date as YYYY-MM-DD.',
} as const;

export type ValidationKey = keyof typeof validationMessages;

export function isValidationKey(message: string): message is ValidationKey {
  return Object.hasOwn(validationMessages, message);
}

/** A schema's message, given as its key: `z.email(says('validation.email.invalid'))`. */
export function says(key: ValidationKey): { error: ValidationKey } {
  return { error: key };
}
