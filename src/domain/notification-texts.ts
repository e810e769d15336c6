/**
 * What each notification says, as catalogue messages with placeholders: a notification is
 * stored as its type and parameters, and written in the reader's language where it is read
 * (the inbox, by the client's catalogue; a push message, by the server in the account's
 * language). English is the reference; notification-texts.ko.ts holds the same keys in Korean.
 * Both are also the `notifications` area of the client's catalogue; notification-params.ts lists
 * each type's parameters and writes a notification from them.
 */
export const notificationTexts = {
  'notifications.text.PROPOSAL_CREATED.title': 'New proposal in {productName}',
  'notifications.text.PROPOSAL_CREATED.body': '“{title}” is open for your vote until {endsAt}.',
  'notifications.text.VOTE_FINISH.title': 'Vote closed in {productName}',
  'notifications.text.VOTE_FINISH.body': '“{title}” in {productName} {outcome}. See the result.',
  'notifications.text.AGENDA_CLOSED.title': 'Agenda closed in {productName}',
  'notifications.text.AGENDA_CLOSED.body': '“{title}” in {productName} {outcome}. See the result.',
  'notifications.text.CONTRACT_SIGNED.title': 'Contract signed',
  'notifications.text.CONTRACT_SIGNED.body':
    'Your contract {reference} for {productName} is signed. The signed PDF is in your documents.',
  // A promotion's words are the operator's own, shown as written.
  'notifications.text.PROMOTE.title': '{title}',
  'notifications.text.PROMOTE.body': '{body}',
  'notifications.text.PAYMENT_CONFIRMED.title': 'Payment confirmed',
  'notifications.text.PAYMENT_CONFIRMED.body':
    'Your payment of {amount} for {productName} (order {reference}) is confirmed: {quantity} tokens are now yours.',
  'notifications.text.PAYMENT_REJECTED.title': 'Payment not confirmed',
  'notifications.text.PAYMENT_REJECTED.body':
    'We could not match your payment for {productName} (order {reference}), so the order is cancelled.',
  'notifications.text.ORDER_EXPIRED.title': 'Order expired',
  'notifications.text.ORDER_EXPIRED.body':
    'Your order {reference} for {productName} passed its payment deadline and has expired.',
  'notifications.text.ORDER_REFUNDED.title': 'Order refunded',
  'notifications.text.ORDER_REFUNDED.body':
    'Your order {reference} for {productName} is refunded: {quantity} tokens left your holdings.',
  'notifications.text.DEPOSIT_CREDITED.title': 'Deposit credited',
  'notifications.text.DEPOSIT_CREDITED.body': '{amount} arrived in your balance and is ready to invest.',
  'notifications.text.WITHDRAWAL_PAID.title': 'Withdrawal paid',
  'notifications.text.WITHDRAWAL_PAID.body': 'Your withdrawal of {amount} has been paid out.',
  'notifications.text.WITHDRAWAL_RETURNED.title': 'Withdrawal returned',
  'notifications.text.WITHDRAWAL_RETURNED.body':
    'We could not pay your withdrawal of {amount}; it is back in your balance.',
  'notifications.text.MARKET_ORDER_FILLED.title': 'Market order filled: {productName}',
  'notifications.text.MARKET_ORDER_FILLED.body':
    'Your {side} order {reference} traded {quantity} tokens for {amount}; {filled} of {ordered} tokens are done.',
  'notifications.side.BUY': 'buy',
  'notifications.side.SELL': 'sell',
  /** Added after the body when the operator gave a reason. */
  'notifications.text.reason': 'Reason: {reason}',
  'notifications.outcome.PASSED': 'passed',
  'notifications.outcome.REJECTED': 'did not pass',
  'notifications.outcome.NO_QUORUM': 'closed without reaching its quorum',
};

export type NotificationTextKey = keyof typeof notificationTexts;
