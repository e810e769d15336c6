import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SectionAccess, Thread } from '../../../domain/governance';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { useCreateAnswer, useCreateThread, useDeletePost, useReportPost } from '../mutations';
import { threadOptions } from '../queries';
import { AuthorLine, PostBody } from './governance-shell';

const inputClass = 'focus-ring mt-1 block w-full rounded-lg border border-brand-200 bg-white px-3 py-2 text-base';

function PostActions({
  productId,
  id,
  kind,
  isOwn,
}: {
  productId: number;
  id: number;
  kind: 'thread' | 'answer';
  isOwn: boolean;
}) {
  const isOnline = useIsOnline();
  const remove = useDeletePost(productId);
  const report = useReportPost(productId);
  return (
    <div className="mt-2 flex gap-2">
      {isOwn ? (
        <button
          type="button"
          className="btn-ghost min-h-9 px-3 text-xs"
          disabled={!isOnline || remove.isPending}
          onClick={() => {
            if (window.confirm(t('governance.confirmDelete'))) remove.mutate({ id, kind });
          }}
        >
          {t('governance.delete')}
        </button>
      ) : (
        <button
          type="button"
          className="btn-ghost min-h-9 px-3 text-xs"
          disabled={!isOnline || report.isPending}
          onClick={() => {
            const reason = window.prompt(t('governance.reportReason'));
            if (reason?.trim()) report.mutate({ id, reason: reason.trim() });
          }}
        >
          {t('governance.report')}
        </button>
      )}
    </div>
  );
}

function Answers({ productId, thread }: { productId: number; thread: Thread }) {
  const isOnline = useIsOnline();
  const detail = useQuery(threadOptions(productId, thread.id));
  const answer = useCreateAnswer(productId, thread.id);
  const [body, setBody] = useState('');
  return (
    <div className="mt-3 border-l-2 border-brand-100 pl-3">
      {detail.data?.answers.map((item) => (
        <div key={item.id} className="py-2" data-testid="answer">
          <AuthorLine author={item.author} at={item.createdAt} />
          <PostBody html={item.body} />
          <PostActions productId={productId} id={item.id} kind="answer" isOwn={item.isOwn} />
        </div>
      ))}
      <form
        className="mt-2"
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
            rows={2}
            maxLength={5000}
            className={inputClass}
          />
        </label>
        {!isOnline ? <p className="mt-1 text-sm text-coral-700">{t('governance.offlinePost')}</p> : null}
        <button type="submit" className="btn-secondary mt-2" disabled={!isOnline || !body.trim() || answer.isPending}>
          {t('governance.answer')}
        </button>
      </form>
    </div>
  );
}

export function ThreadCard({ productId, thread }: { productId: number; thread: Thread }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card p-5" data-testid="thread" aria-labelledby={`thread-${thread.id}`}>
      <h2 id={`thread-${thread.id}`} className="text-lg font-bold text-ink">
        {thread.title}
      </h2>
      <AuthorLine author={thread.author} at={thread.createdAt} />
      <PostBody html={thread.body} />
      <PostActions productId={productId} id={thread.id} kind="thread" isOwn={thread.isOwn} />
      <button type="button" className="text-link mt-2 text-sm" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('governance.answers', { count: thread.answerCount })}
      </button>
      {open ? <Answers productId={productId} thread={thread} /> : null}
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
