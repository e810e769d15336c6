import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { MAX_OPTIONS, MIN_OPTIONS } from '../../../../domain/governance';
import {
  agendaRequestSchema,
  noticeRequestSchema,
  type OperatorVoting,
  type ProjectChoices,
  type ReportedPost,
} from '../../../../domain/operator-governance';
import {
  operatorNoticesOptions,
  operatorVotingsOptions,
  projectChoicesOptions,
  reportedPostsOptions,
} from '../../../../features/operator/revenue-governance';
import { useGovernanceAction } from '../../../../features/operator/mutations';
import { formatDateTime } from '../../../../lib/dates';
import { t, type MessageKey } from '../../../../lib/i18n';
import { QueryProblem } from './query-problem';
import { useScreenSearch } from './use-screen-search';

const tabs = ['notices', 'agendas', 'moderation'] as const;
type Tab = (typeof tabs)[number];
const searchSchema = z.object({
  tab: z.enum(tabs).optional(),
  project: z.coerce.number().int().min(1).optional(),
});
const TAB_LABELS: Record<Tab, MessageKey> = {
  notices: 'operator.governance.tab.notices',
  agendas: 'operator.governance.tab.agendas',
  moderation: 'operator.governance.tab.moderation',
};

/** What the schema's rule for each field asks, in the console's own texts. */
const FIELD_RULES: Record<string, MessageKey> = {
  title: 'operator.governance.rule.title',
  body: 'operator.governance.rule.body',
  options: 'operator.governance.rule.options',
  endsAt: 'operator.governance.rule.endsAt',
  quorumPercent: 'operator.governance.rule.quorum',
  thresholdPercent: 'operator.governance.rule.threshold',
};

/** The first refusal of a schema, as the field's rule (the server checks the same schema). */
function firstProblem(result: { success: boolean; error?: z.ZodError }): string | null {
  if (result.success || !result.error) return null;
  const field = String(result.error.issues[0]?.path[0] ?? '');
  return t(FIELD_RULES[field] ?? 'operator.governance.rule.other');
}

/** Text of sanitized HTML, for a short look at a reported post (never rendered as markup here). */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/**
 * Governance (admins everywhere, sellers in their projects): notices and pins, agendas and
 * proposals, and the queue of reported posts. Titles, texts and options are checked with the
 * schemas the server checks them with.
 */
export default function GovernanceScreen() {
  const projects = useQuery(projectChoicesOptions());
  const [search, setSearch] = useScreenSearch(searchSchema);
  const tab = search.tab ?? 'notices';
  const choices = projects.data;
  const productId =
    choices?.projects.find((project) => project.id === search.project)?.id ?? choices?.projects[0]?.id ?? null;
  return (
    <div>
      <h1 className="page-title">{t('operator.governance.title')}</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">{t('operator.governance.intro')}</p>
      <div role="tablist" aria-label={t('operator.governance.title')} className="mt-4 flex flex-wrap gap-2">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={name === tab}
            className={name === tab ? 'btn-primary' : 'btn-ghost'}
            onClick={() => setSearch({ tab: name })}
          >
            {t(TAB_LABELS[name])}
          </button>
        ))}
      </div>
      {!choices ? (
        <QueryProblem query={projects} />
      ) : tab === 'moderation' ? (
        <Moderation />
      ) : productId === null ? (
        <p className="mt-6 text-ink-soft">{t('operator.governance.noProjects')}</p>
      ) : (
        <div className="mt-4 space-y-6">
          <ProjectPicker choices={choices} value={productId} onChange={(project) => setSearch({ project })} />
          {tab === 'notices' ? <Notices productId={productId} /> : <Agendas productId={productId} />}
        </div>
      )}
    </div>
  );
}

function ProjectPicker({
  choices,
  value,
  onChange,
}: {
  choices: ProjectChoices;
  value: number;
  onChange: (productId: number) => void;
}) {
  return (
    <label className="block max-w-md text-sm">
      <span className="font-semibold text-ink">{t('operator.governance.project')}</span>
      <select className="input mt-1 w-full" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {choices.projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name} (#{project.id})
          </option>
        ))}
      </select>
    </label>
  );
}

function Problem({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="text-sm text-coral-800">
      {message}
    </p>
  ) : null;
}

function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <label className="block text-sm">
      <span className="font-semibold text-ink">{label}</span>
      {children}
      {hint ? <span className="mt-1 block text-xs text-ink-soft">{hint}</span> : null}
    </label>
  );
}

function Notices({ productId }: { productId: number }) {
  const notices = useQuery(operatorNoticesOptions(productId));
  const post = useGovernanceAction();
  const pin = useGovernanceAction();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [isPinned, setIsPinned] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <form
        className="card space-y-4 p-4 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          const checked = noticeRequestSchema.safeParse({ productId, title, body, isPinned });
          setProblem(firstProblem(checked));
          if (!checked.success) return;
          post.mutate(
            { action: 'post-notice', body: checked.data },
            {
              onSuccess: () => {
                setTitle('');
                setBody('');
                setIsPinned(false);
              },
            },
          );
        }}
      >
        <h2 className="text-lg font-bold text-ink">{t('operator.governance.notice.new')}</h2>
        <Field label={t('operator.governance.field.title')}>
          <input className="input mt-1 w-full" value={title} onChange={(event) => setTitle(event.target.value)} />
        </Field>
        <Field label={t('operator.governance.field.text')}>
          <textarea
            className="input mt-1 min-h-28 w-full"
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input type="checkbox" checked={isPinned} onChange={(event) => setIsPinned(event.target.checked)} />
          {t('operator.governance.notice.pin')}
        </label>
        <Problem message={problem ?? post.error?.message} />
        <button type="submit" className="btn-primary" disabled={post.isPending}>
          {t('operator.governance.notice.post')}
        </button>
      </form>
      <section className="space-y-3">
        <h2 className="text-lg font-bold text-ink">{t('operator.governance.notice.list')}</h2>
        {notices.data ? (
          notices.data.notices.length ? (
            <ul className="card divide-y divide-line">
              {notices.data.notices.map((notice) => (
                <li key={notice.id} className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
                  <div className="min-w-0">
                    <p className="break-words font-semibold text-ink">
                      {notice.isPinned ? (
                        <span className="mr-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-900">
                          {t('operator.governance.notice.pinned')}
                        </span>
                      ) : null}
                      {notice.title}
                    </p>
                    <p className="text-ink-soft">
                      {formatDateTime(notice.createdAt)} ·{' '}
                      {t(`operator.governance.source.${notice.source}` as MessageKey)}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn-ghost"
                    disabled={pin.isPending}
                    onClick={() => pin.mutate({ action: 'pin-notice', id: notice.id, isPinned: !notice.isPinned })}
                  >
                    {t(
                      notice.isPinned
                        ? 'operator.governance.notice.unpinAction'
                        : 'operator.governance.notice.pinAction',
                    )}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-ink-soft">{t('operator.governance.notice.empty')}</p>
          )
        ) : (
          <QueryProblem query={notices} />
        )}
        <Problem message={pin.error?.message} />
      </section>
    </>
  );
}

/** A local date and time a few days ahead, as a datetime-local input wants it. */
function localInputIn(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setSeconds(0, 0);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function Agendas({ productId }: { productId: number }) {
  const id = useId();
  const votings = useQuery(operatorVotingsOptions(productId));
  const open = useGovernanceAction();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [options, setOptions] = useState(['', '']);
  const [quorum, setQuorum] = useState('20');
  const [threshold, setThreshold] = useState('50');
  const [endsAt, setEndsAt] = useState(() => localInputIn(7));
  const [isVisible, setIsVisible] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <form
        className="card space-y-4 p-4 sm:p-6"
        aria-labelledby={`${id}-new`}
        onSubmit={(event) => {
          event.preventDefault();
          const end = new Date(endsAt);
          const checked = agendaRequestSchema.safeParse({
            productId,
            title,
            body,
            options: options.map((option) => option.trim()).filter(Boolean),
            endsAt: Number.isNaN(end.getTime()) ? endsAt : end.toISOString(),
            quorumPercent: Number(quorum),
            thresholdPercent: Number(threshold),
            resultsVisibleBeforeClose: isVisible,
          });
          setProblem(firstProblem(checked));
          if (!checked.success) return;
          open.mutate(
            { action: 'open-agenda', body: checked.data },
            {
              onSuccess: () => {
                setTitle('');
                setBody('');
                setOptions(['', '']);
              },
            },
          );
        }}
      >
        <h2 id={`${id}-new`} className="text-lg font-bold text-ink">
          {t('operator.governance.agenda.new')}
        </h2>
        <Field label={t('operator.governance.field.title')}>
          <input className="input mt-1 w-full" value={title} onChange={(event) => setTitle(event.target.value)} />
        </Field>
        <Field label={t('operator.governance.field.text')}>
          <textarea
            className="input mt-1 min-h-24 w-full"
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">{t('operator.governance.agenda.options')}</legend>
          {options.map((option, index) => (
            <div key={index} className="flex gap-2">
              <label className="flex-1">
                <span className="sr-only">{t('operator.governance.agenda.option', { number: index + 1 })}</span>
                <input
                  className="input w-full"
                  placeholder={t('operator.governance.agenda.option', { number: index + 1 })}
                  value={option}
                  onChange={(event) =>
                    setOptions((list) => list.map((value, at) => (at === index ? event.target.value : value)))
                  }
                />
              </label>
              {options.length > MIN_OPTIONS ? (
                <button
                  type="button"
                  className="btn-ghost"
                  aria-label={t('operator.governance.agenda.removeOption', { number: index + 1 })}
                  onClick={() => setOptions((list) => list.filter((_, at) => at !== index))}
                >
                  <span className="i-lucide-x" aria-hidden="true" />
                </button>
              ) : null}
            </div>
          ))}
          {options.length < MAX_OPTIONS ? (
            <button type="button" className="btn-ghost" onClick={() => setOptions((list) => [...list, ''])}>
              <span className="i-lucide-plus mr-1" aria-hidden="true" />
              {t('operator.governance.agenda.addOption')}
            </button>
          ) : null}
          <p className="text-xs text-ink-soft">{t('operator.governance.agenda.abstain')}</p>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t('operator.governance.agenda.quorum')} hint={t('operator.governance.agenda.quorumHint')}>
            <input
              className="input mt-1 w-full"
              type="number"
              min={0}
              max={100}
              value={quorum}
              onChange={(event) => setQuorum(event.target.value)}
            />
          </Field>
          <Field label={t('operator.governance.agenda.threshold')} hint={t('operator.governance.agenda.thresholdHint')}>
            <input
              className="input mt-1 w-full"
              type="number"
              min={1}
              max={100}
              value={threshold}
              onChange={(event) => setThreshold(event.target.value)}
            />
          </Field>
          <Field label={t('operator.governance.agenda.ends')}>
            <input
              className="input mt-1 w-full"
              type="datetime-local"
              value={endsAt}
              onChange={(event) => setEndsAt(event.target.value)}
            />
          </Field>
        </div>
        <fieldset className="space-y-1 text-sm">
          <legend className="font-semibold text-ink">{t('operator.governance.agenda.results')}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-results`} checked={!isVisible} onChange={() => setIsVisible(false)} />
            {t('operator.governance.agenda.shielded')}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-results`} checked={isVisible} onChange={() => setIsVisible(true)} />
            {t('operator.governance.agenda.visible')}
          </label>
        </fieldset>
        <Problem message={problem ?? open.error?.message} />
        <button type="submit" className="btn-primary" disabled={open.isPending}>
          {t('operator.governance.agenda.open')}
        </button>
      </form>
      <section className="space-y-3">
        <h2 className="text-lg font-bold text-ink">{t('operator.governance.agenda.list')}</h2>
        {votings.data ? (
          votings.data.votings.length ? (
            <ul className="space-y-3">
              {votings.data.votings.map((voting) => (
                <li key={voting.id} className="card p-4">
                  <VotingCard voting={voting} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-ink-soft">{t('operator.governance.agenda.empty')}</p>
          )
        ) : (
          <QueryProblem query={votings} />
        )}
      </section>
    </>
  );
}

function VotingCard({ voting }: { voting: OperatorVoting }) {
  const act = useGovernanceAction();
  const [reason, setReason] = useState('');
  const isOpen = voting.status === 'OPEN';
  return (
    <div className="space-y-2 text-sm">
      <p className="text-xs font-semibold uppercase tracking-wide text-ink-soft">
        {t(`operator.governance.kind.${voting.kind}` as MessageKey)} #{voting.id} ·{' '}
        {t(`operator.governance.status.${voting.status}` as MessageKey)}
        {voting.outcome ? ` · ${t(`operator.governance.outcome.${voting.outcome}` as MessageKey)}` : ''}
      </p>
      <p className="break-words font-semibold text-ink">{voting.title}</p>
      <p className="text-ink-soft">
        {t('operator.governance.agenda.summary', {
          author: voting.authorName,
          ends: formatDateTime(voting.closedAt ?? voting.endsAt),
          quorum: voting.quorumPercent,
          threshold: voting.thresholdPercent,
        })}
        {' · '}
        {t(
          voting.resultsVisibleBeforeClose
            ? 'operator.governance.agenda.visible'
            : 'operator.governance.agenda.shielded',
        )}
      </p>
      {isOpen && voting.kind === 'AGENDA' ? (
        <button
          type="button"
          className="btn-secondary"
          disabled={act.isPending}
          onClick={() => act.mutate({ action: 'close-agenda', id: voting.id })}
        >
          {t('operator.governance.agenda.close')}
        </button>
      ) : null}
      {isOpen && voting.kind === 'PROPOSAL' ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            act.mutate({ action: 'cancel-proposal', id: voting.id, reason: reason.trim() });
          }}
        >
          <label className="min-w-0 flex-1">
            <span className="sr-only">{t('operator.governance.reasonToAuthor')}</span>
            <input
              className="input w-full"
              required
              maxLength={500}
              placeholder={t('operator.governance.reasonToAuthor')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <button type="submit" className="btn-ghost" disabled={act.isPending}>
            {t('operator.governance.proposal.cancel')}
          </button>
        </form>
      ) : null}
      <Problem message={act.error?.message} />
    </div>
  );
}

function Moderation() {
  const reports = useQuery(reportedPostsOptions());
  return (
    <section className="mt-4 space-y-3">
      <p className="text-sm text-ink-soft">{t('operator.governance.moderation.intro')}</p>
      {reports.data ? (
        reports.data.posts.length ? (
          <ul className="space-y-3">
            {reports.data.posts.map((post) => (
              <li key={post.postId} className="card p-4">
                <ReportedCard post={post} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-soft">{t('operator.governance.moderation.empty')}</p>
        )
      ) : (
        <QueryProblem query={reports} />
      )}
    </section>
  );
}

function ReportedCard({ post }: { post: ReportedPost }) {
  const act = useGovernanceAction();
  const [reason, setReason] = useState('');
  return (
    <div className="space-y-2 text-sm">
      <p className="text-xs font-semibold uppercase tracking-wide text-ink-soft">
        {post.productName} ·{' '}
        {t(post.isHidden ? 'operator.governance.moderation.hidden' : 'operator.governance.moderation.shown')}
      </p>
      {post.title ? <p className="break-words font-semibold text-ink">{post.title}</p> : null}
      <p className="line-clamp-3 break-words text-ink">{textOf(post.body)}</p>
      <p className="text-ink-soft">
        {t('operator.governance.moderation.author', { author: post.authorName ?? post.authorEmail ?? '—' })}
        {post.reportCount
          ? ` · ${t('operator.governance.moderation.reports', {
              count: post.reportCount,
              reasons: post.reasons.join(' / '),
            })}`
          : ''}
      </p>
      {post.isHidden && post.hiddenReason ? (
        <p className="text-ink-soft">
          {t('operator.governance.moderation.hiddenBecause', { reason: post.hiddenReason })}
        </p>
      ) : null}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const text = reason.trim();
          if (post.isHidden) act.mutate({ action: 'restore-post', id: post.postId, ...(text ? { reason: text } : {}) });
          else act.mutate({ action: 'hide-post', id: post.postId, reason: text });
        }}
      >
        <label className="min-w-0 flex-1">
          <span className="sr-only">{t('operator.governance.reasonToAuthor')}</span>
          <input
            className="input w-full"
            required={!post.isHidden}
            maxLength={500}
            placeholder={t(
              post.isHidden ? 'operator.governance.moderation.note' : 'operator.governance.reasonToAuthor',
            )}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <button type="submit" className={post.isHidden ? 'btn-secondary' : 'btn-primary'} disabled={act.isPending}>
          {t(post.isHidden ? 'operator.governance.moderation.restore' : 'operator.governance.moderation.hide')}
        </button>
      </form>
      <Problem message={act.error?.message} />
    </div>
  );
}
