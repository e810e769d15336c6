/** The account area: the community badge beside the investor's name and what needs their action. */
export const account = {
  'badge.label': 'Community badge',
  'badge.earnedIn': '{badge}, earned in {project}',
  'settings.badgeYours': 'Your badge:',
  'settings.badgeFrom': 'from {project}',
  'settings.badgeNone': 'You have not reached a badge yet: hold more tokens of a project to earn one.',
  'portfolio.filterNotSaved':
    'This project’s figures are not saved on this device yet. Choose “All projects”, or connect to see them.',
  'needsAction.title': 'Needs your action',
  'needsAction.sign.title': 'Sign the contract for {project}',
  'needsAction.sign.body': '{quantity} tokens are reserved for you until {deadline}.',
  'needsAction.sign.action': 'Sign the contract',
  'needsAction.pay.title': 'Pay for {project}',
  'needsAction.pay.body': '{amount} to pay by {deadline}, reference {reference}.',
  'needsAction.pay.action': 'Go to payment',
  'needsAction.gift.title': 'A gift to claim from {project}',
  'needsAction.gift.body': 'Your holding unlocks “{gift}”.',
  'needsAction.gift.action': 'Claim the gift',
} as const;
