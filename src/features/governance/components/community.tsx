import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Answer, SectionAccess, Thread, ThreadDetail } from '../../../domain/governance';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { useCreateAnswer, useCreateThread, useDeletePost, useReportPost, useUpdatePost } from '../mutations';
import { AuthorLine, PostBody } from './governance-shell';

const inputClass = 'focus-ring mt-1 block w-full rounded-lg border border-brand-200 bg-white px-3 py-2 text-base';
const smallButton = 'btn-ghost min-h-9 px-3 text-xs';

/** Sanitized HTML as the text to edit: markup dropped, paragraphs and breaks kept as new lines. */
function editableText(html: string): string {
  const doc = new DOMParser().parseFromString(
    html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p>/gi, '\n\n'),
    'text/html',
  );
  return (doc.body.textContent ?? '').trim();
}

function ReportForm({ productId, id, onDone }: { productId: number; id: number; onDone: () => void }) {
  const isOnline = useIsOnline();
  const report = useReportPost(productId);
  const [reason, setReason] = useState('');
  return (
    <form
      className="mt-2 rounded-lg bg-brand-50 p-3"
      aria-label={t('governance.reportTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim()) report.mutate({ id, reason: reason.trim() }, { onSuccess: onDone });
      }}
    >
      <label className="block text-sm font-semibold">
        {t('governance.reportReason')}
        <textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={2}
          maxLength={500}
          required
          className={inputClass}
        />
      </label>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn-secondary min-h-9 px-3 text-xs"
          disabled={!isOnline || !reason.trim() || report.isPending}
        >
          {t('governance.reportSend')}
        </button>
        <button type="button" className={smallButton} onClick={onDone}>
          {t('governance.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Edit and delete for the author, report for everyone else; online only, with the reason shown offline. */
function PostActions({
  productId,
  id,
  kind,
  isOwn,
  onEdit,
  onDeleted,
}: {
  productId: number;
  id: number;
  kind: 'thread' | 'answer';
  isOwn: boolean;
  onEdit: () => void;
  onDeleted?: () => void;
}) {
  const isOnline = useIsOnline();
  const remove = useDeletePost(productId);
  const [reporting, setReporting] = useState(false);
  return (
    <div className="mt-2">
      <div className="flex flex-wrap gap-2">
        {isOwn ? (
          <>
            <button type="button" className={smallButton} disabled={!isOnline} onClick={onEdit}>
              {t('governance.edit')}
            </button>
            <button
              type="button"
              className={smallButton}
              disabled={!isOnline || remove.isPending}
              onClick={() => {
                if (window.confirm(t('governance.confirmDelete')))
                  remove.mutate({ id, kind }, onDeleted ? { onSuccess: onDeleted } : undefined);
              }}
            >
              {t('governance.delete')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className={smallButton}
            disabled={!isOnline}
            aria-expanded={reporting}
            onClick={() => setReporting(!reporting)}
          >
            {t('governance.report')}
          </button>
        )}
      </div>
      {!isOnline ? <p className="mt-1 text-xs text-ink-muted">{t('governance.offlineEdit')}</p> : null}
      {reporting && !isOwn ? <ReportForm productId={productId} id={id} onDone={() => setReporting(false)} /> : null}
    </div>
  );
}

function EditForm({
  productId,
  target,
  onDone,
}: {
  productId: number;
  target: { kind: 'thread'; post: Thread } | { kind: 'answer'; post: Answer };
  onDone: () => void;
}) {
  const isOnline = useIsOnline();
  const update = useUpdatePost(productId);
  const [title, setTitle] = useState(target.kind === 'thread' ? target.post.title : '');
  const [body, setBody] = useState(() => editableText(target.post.body));
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        const done = { onSuccess: onDone };
        if (target.kind === 'thread')
          update.mutate({ kind: 'thread', id: target.post.id, body: { title, body } }, done);
        else update.mutate({ kind: 'answer', id: target.post.id, body: { body } }, done);
      }}
    >
      {target.kind === 'thread' ? (
        <label className="block text-sm font-semibold">
          {t('governance.field.title')}
          <input
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            maxLength={200}
            className={inputClass}
          />
        </label>
      ) : null}
      <label className="block text-sm font-semibold">
        {t('governance.field.body')}
        <textarea
          value={body}
          onChange={(event) => setBody(event.target.value)}
          required
          rows={4}
          maxLength={target.kind === 'thread' ? 10000 : 5000}
          className={inputClass}
        />
      </label>
      {!isOnline ? <p className="text-sm text-coral-700">{t('governance.offlineEdit')}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn-primary min-h-9 px-4 text-sm"
          disabled={!isOnline || !body.trim() || update.isPending}
        >
          {t('governance.save')}
        </button>
        <button type="button" className="btn-ghost min-h-9 px-4 text-sm" onClick={onDone}>
          {t('governance.cancel')}
        </button>
      </div>
    </form>
  );
}

function Edited({ post }: { post: { createdAt: string; updatedAt: string } }) {
  return post.updatedAt !== post.createdAt ? (
    <span className="text-xs text-ink-muted"> ({t('governance.edited')})</span>
  ) : null;
}

function AnswerItem({ productId, answer }: { productId: number; answer: Answer }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="border-t border-brand-100 py-3 first:border-t-0" data-testid="answer">
      <AuthorLine author={answer.author} at={answer.createdAt} />
      {editing ? (
        <EditForm productId={productId} target={{ kind: 'answer', post: answer }} onDone={() => setEditing(false)} />
      ) : (
        <>
          <PostBody html={answer.body} />
          <Edited post={answer} />
          <PostActions
            productId={productId}
            id={answer.id}
            kind="answer"
            isOwn={answer.isOwn}
            onEdit={() => setEditing(true)}
          />
        </>
      )}
    </li>
  );
}

function AnswerForm({ productId, threadId }: { productId: number; threadId: number }) {
  const isOnline = useIsOnline();
  const answer = useCreateAnswer(productId, threadId);
  const [body, setBody] = useState('');
  return (
    <form
      className="card p-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim()) answer.mutate({ body }, { onSuccess: () => setBody('') });
      }}
    >
      <label className="block text-sm font-semibold">
        {t('governance.yourAnswer')}
        <textarea
          value={body}
          onChange={(event) => setBody(event.target.value)}
          rows={3}
          maxLength={5000}
          className={inputClass}
        />
      </label>
      {!isOnline ? <p className="mt-1 text-sm text-coral-700">{t('governance.offlinePost')}</p> : null}
      <button type="submit" className="btn-secondary mt-2" disabled={!isOnline || !body.trim() || answer.isPending}>
        {t('governance.answer')}
      </button>
    </form>
  );
}

/** One thread on its own page: the post, its answers, and what the reader may do with them. */
export function ThreadView({
  productId,
  detail,
  onDeleted,
}: {
  productId: number;
  detail: ThreadDetail;
  onDeleted: () => void;
}) {
  const { thread, answers } = detail;
  const [editing, setEditing] = useState(false);
  return (
    <>
      <section className="card p-5" data-testid="thread" aria-labelledby={`thread-${thread.id}`}>
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          {t(`project.community.${thread.sectionType}`)}
        </p>
        {editing ? (
          <EditForm productId={productId} target={{ kind: 'thread', post: thread }} onDone={() => setEditing(false)} />
        ) : (
          <>
            <h2 id={`thread-${thread.id}`} className="mt-1 text-xl font-bold text-ink">
              {thread.title}
            </h2>
            <AuthorLine author={thread.author} at={thread.createdAt} />
            <PostBody html={thread.body} />
            <Edited post={thread} />
            <PostActions
              productId={productId}
              id={thread.id}
              kind="thread"
              isOwn={thread.isOwn}
              onEdit={() => setEditing(true)}
              onDeleted={onDeleted}
            />
          </>
        )}
      </section>
      <section className="card p-5" aria-labelledby="answers-heading">
        <h2 id="answers-heading" className="text-lg font-bold text-ink">
          {t('governance.answers', { count: answers.length })}
        </h2>
        {answers.length === 0 ? <p className="mt-2 text-sm text-ink-muted">{t('governance.noAnswers')}</p> : null}
        <ul className="mt-2">
          {answers.map((answer) => (
            <AnswerItem key={answer.id} productId={productId} answer={answer} />
          ))}
        </ul>
      </section>
      <AnswerForm productId={productId} threadId={thread.id} />
    </>
  );
}

/** A thread in the list: its title opens its own page. */
export function ThreadCard({ productId, thread }: { productId: number; thread: Thread }) {
  return (
    <section className="card p-5" data-testid="thread" aria-labelledby={`thread-${thread.id}`}>
      <h2 id={`thread-${thread.id}`} className="text-lg font-bold text-ink">
        <Link
          to="/governance/community/$productId/$threadId"
          params={{ productId, threadId: thread.id }}
          className="focus-ring hover:underline"
        >
          {thread.title}
        </Link>
      </h2>
      <AuthorLine author={thread.author} at={thread.createdAt} />
      <div className="line-clamp-3">
        <PostBody html={thread.body} />
      </div>
      <Link
        to="/governance/community/$productId/$threadId"
        params={{ productId, threadId: thread.id }}
        className="text-link mt-2 inline-block text-sm"
        aria-label={`${t('governance.openThread')}: ${thread.title}`}
      >
        {t('governance.answers', { count: thread.answerCount })} →
      </Link>
    </section>
  );
}

export function NewThreadForm({ productId, sections }: { productId: number; sections: SectionAccess[] }) {
  const isOnline = useIsOnline();
  const create = useCreateThread(productId);
  const writable = sections.filter((section) => section.unlocked);
  if (writable.length === 0) return null;
  return (
    <form
      className="card space-y-3 p-5"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const data = new FormData(form);
        create.mutate(
          {
            sectionId: Number(data.get('section')),
            title: String(data.get('title') ?? ''),
            body: String(data.get('body') ?? ''),
          },
          { onSuccess: () => form.reset() },
        );
      }}
    >
      <h2 className="text-lg font-bold text-ink">{t('governance.newThread')}</h2>
      <label className="block text-sm font-semibold">
        {t('governance.field.section')}
        <select name="section" className={inputClass}>
          {writable.map((section) => (
            <option key={section.sectionId} value={section.sectionId}>
              {t(`project.community.${section.type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-semibold">
        {t('governance.field.title')}
        <input name="title" required maxLength={200} className={inputClass} />
      </label>
      <label className="block text-sm font-semibold">
        {t('governance.field.body')}
        <textarea name="body" required maxLength={10000} rows={3} className={inputClass} />
      </label>
      {!isOnline ? <p className="text-sm text-coral-700">{t('governance.offlinePost')}</p> : null}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={!isOnline || create.isPending}>
        {t('governance.post')}
      </button>
    </form>
  );
}
