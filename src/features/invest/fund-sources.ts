import { sourcesOfFunds, type SourceOfFunds } from '../../domain/source-of-funds';
import { t, type MessageKey } from '../../lib/i18n';

const sourceKeys: Record<SourceOfFunds, MessageKey> = {
  SALARY: 'invest.source.SALARY',
  SAVINGS: 'invest.source.SAVINGS',
  BUSINESS: 'invest.source.BUSINESS',
  INVESTMENTS: 'invest.source.INVESTMENTS',
  INHERITANCE: 'invest.source.INHERITANCE',
  OTHER: 'invest.source.OTHER',
};

/** The sources of funds with their labels, read when the page renders (in the language shown then). */
export const fundSourceOptions = () => sourcesOfFunds.map((value) => ({ value, label: t(sourceKeys[value]) }));
