import type { AuditEvent } from '../../../../domain/operator-console';
import { formatDateTime } from '../../../../lib/dates';

/**
 * Audit events about one person or submission, newest first: when, what, who, and the words the
 * operator gave (the detail named by `quote`: a ban's reason, a review's message to the investor).
 */
export function AuditHistory({
  events,
  quote,
  testId,
}: {
  events: readonly AuditEvent[];
  quote: string;
  testId?: string;
}) {
  return (
    <ol className="mt-3 space-y-2 text-sm" data-testid={testId}>
      {events.map((event) => (
        <li key={event.id} className="flex flex-wrap gap-x-3">
          <time dateTime={event.createdAt} className="text-ink-soft">
            {formatDateTime(event.createdAt)}
          </time>
          <span className="font-semibold">{event.type}</span>
          <span>{event.actorLabel ?? event.actor}</span>
          {event.detail[quote] ? <span className="text-ink-soft">“{event.detail[quote]}”</span> : null}
        </li>
      ))}
    </ol>
  );
}
