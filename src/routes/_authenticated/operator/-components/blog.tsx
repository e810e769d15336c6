import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  POST_DESCRIPTION_MAX_LENGTH,
  POST_MARKDOWN_MAX_LENGTH,
  POST_TITLE_MAX_LENGTH,
} from '../../../../domain/limits';
import {
  postEditSchema,
  postStates,
  PUBLISH_AT_REFUSAL,
  searchTitleOf,
  SEARCH_DESCRIPTION_HINT,
  SEARCH_TITLE_HINT,
  suggestUrlTitle,
  type OperatorPost,
  type OperatorPostSummary,
  type PostEdit,
  type PostState,
} from '../../../../domain/operator-posts';
import { cutText } from '../../../../domain/post-text';
import { isValidationKey, validationMessages } from '../../../../domain/validation-messages';
import { validationMessagesKo } from '../../../../domain/validation-messages.ko';
import { PostContent } from '../../../../features/blog/components/post-content';
import { useSavePost, useSetPostHidden, useUploadPostImage } from '../../../../features/operator-blog/mutations';
import {
  operatorPostOptions,
  operatorPostsOptions,
  postPreviewOptions,
} from '../../../../features/operator-blog/queries';
import { formatDateTime } from '../../../../lib/dates';
import { getLanguage, t, type MessageKey } from '../../../../lib/i18n';
import { RequestError } from '../../../../lib/request-error';
import { FieldError } from '../../../../ui/field';
import { DataTable, sortFromParam, sortToParam } from './data-table';
import { QueryProblem } from './query-problem';
import { useScreenSearch } from './use-screen-search';

/**
 * The Blog screen (issue 23): every post with its state, and an editor with a live preview the
 * server renders with the sanitizer it saves with, a thumbnail, a publish time and a preview of
 * the post as a search result. /operator/blog lists, /operator/blog/new and /operator/blog/<id> edit.
 */
export default function BlogScreen({ rest }: { rest: string }) {
  if (rest === '') return <PostList />;
  if (rest === 'new') return <PostEditor id={null} />;
  if (/^[1-9][0-9]{0,9}$/.test(rest)) return <PostEditor id={Number(rest)} key={rest} />;
  return <p className="text-ink-soft">{t('operator.blog.notFound')}</p>;
}

/** Where a post lives on the public blog. */
const postPath = (urlTitle: string) => `/blog/${urlTitle}`;

const STATE_STYLE: Record<PostState, string> = {
  DRAFT: 'bg-paper text-ink ring-ink-muted/40',
  SCHEDULED: 'bg-gold-100 text-ink ring-gold-700/40',
  PUBLISHED: 'bg-brand-50 text-brand-900 ring-brand-300',
  HIDDEN: 'bg-coral-50 text-coral-800 ring-coral-300',
};

function StateBadge({ state }: { state: PostState }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATE_STYLE[state]}`}
      data-testid="post-state"
    >
      {t(`operator.blog.state.${state}` as MessageKey)}
    </span>
  );
}

const listSearchSchema = z.object({
  state: z.enum(postStates).optional(),
  sort: z.string().max(40).optional(),
});
const column = createColumnHelper<OperatorPostSummary>();

function EditLink({ post, children }: { post: OperatorPostSummary; children: ReactNode }) {
  return (
    <Link
      to="/operator/$"
      params={{ _splat: `blog/${post.id}` }}
      className="focus-ring rounded font-semibold text-brand-800 underline-offset-3 hover:underline"
    >
      {children}
    </Link>
  );
}

function HideButton({ post }: { post: OperatorPostSummary }) {
  const setHidden = useSetPostHidden();
  const hidden = post.state === 'HIDDEN';
  return (
    <button
      type="button"
      className="btn-ghost min-h-9 whitespace-nowrap px-3"
      disabled={setHidden.isPending}
      onClick={() =>
        setHidden.mutate(
          { id: post.id, hidden: !hidden },
          {
            onSuccess: () => toast.success(t(hidden ? 'operator.blog.shown' : 'operator.blog.hidden')),
            onError: (error) => toast.error(error.message),
          },
        )
      }
    >
      <span className={hidden ? 'i-lucide-eye' : 'i-lucide-eye-off'} aria-hidden="true" />
      {t(hidden ? 'operator.blog.show' : 'operator.blog.hide')}
      <span className="sr-only">: {post.title}</span>
    </button>
  );
}

function PostList() {
  const [search, setSearch] = useScreenSearch(listSearchSchema);
  const posts = useQuery(operatorPostsOptions());
  const rows = (posts.data?.posts ?? []).filter((post) => !search.state || post.state === search.state);
  const columns = [
    column.accessor('title', {
      header: () => t('operator.blog.field.title'),
      cell: (info) => (
        <div>
          <EditLink post={info.row.original}>{info.getValue()}</EditLink>
          <p className="text-xs text-ink-muted">{postPath(info.row.original.urlTitle)}</p>
        </div>
      ),
    }),
    column.accessor('state', {
      header: () => t('operator.blog.stateLabel'),
      cell: (info) => <StateBadge state={info.getValue()} />,
    }),
    column.accessor('postedAt', {
      header: () => t('operator.blog.postedAt'),
      cell: (info) => (
        <time dateTime={info.getValue()} className="whitespace-nowrap">
          {formatDateTime(info.getValue())}
        </time>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('operator.blog.actions')}</span>,
      cell: (info) => <HideButton post={info.row.original} />,
    }),
  ];
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="page-title">{t('operator.blog.title')}</h1>
          <p className="mt-2 max-w-3xl text-ink-soft">{t('operator.blog.intro')}</p>
        </div>
        <Link to="/operator/$" params={{ _splat: 'blog/new' }} className="btn-primary" data-testid="post-new">
          <span className="i-lucide-pen-line" aria-hidden="true" />
          {t('operator.blog.new')}
        </Link>
      </div>
      <label className="mt-4 block max-w-xs text-sm">
        <span className="font-semibold text-ink">{t('operator.blog.filter')}</span>
        <select
          className="input mt-1"
          value={search.state ?? ''}
          onChange={(event) => setSearch({ state: (event.target.value || undefined) as PostState | undefined })}
        >
          <option value="">{t('operator.blog.filter.all')}</option>
          {postStates.map((state) => (
            <option key={state} value={state}>
              {t(`operator.blog.state.${state}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      {posts.data ? (
        <DataTable
          label={t('operator.blog.title')}
          data={rows}
          columns={columns}
          sort={sortFromParam(search.sort)}
          onSortChange={(sort) => setSearch({ sort: sortToParam(sort) })}
          rowKey={(row) => String(row.id)}
          empty={t('operator.blog.empty')}
          card={(row) => (
            <div className="space-y-2 text-sm">
              <div className="flex items-start justify-between gap-3">
                <EditLink post={row}>{row.title}</EditLink>
                <StateBadge state={row.state} />
              </div>
              <p className="break-all text-xs text-ink-muted">{postPath(row.urlTitle)}</p>
              <p className="text-ink-soft">
                <time dateTime={row.postedAt}>{formatDateTime(row.postedAt)}</time>
              </p>
              <HideButton post={row} />
            </div>
          )}
        />
      ) : (
        <QueryProblem query={posts} />
      )}
    </div>
  );
}

function PostEditor({ id }: { id: number | null }) {
  const post = useQuery({ ...operatorPostOptions(id ?? 0), enabled: id !== null });
  return (
    <div>
      <Link to="/operator/$" params={{ _splat: 'blog' }} className="focus-ring rounded text-sm text-brand-800">
        <span className="i-lucide-arrow-left mr-1 align-[-2px]" aria-hidden="true" />
        {t('operator.blog.back')}
      </Link>
      {id === null ? (
        <EditorForm post={null} />
      ) : post.data ? (
        <EditorForm post={post.data} />
      ) : (
        <QueryProblem query={post} />
      )}
    </div>
  );
}

/**
 * What the shared schema says about a refused field, in the reader's language. The messages come
 * in this screen's chunk with the schemas that carry their keys, so opening the console loads no
 * more than it did (every route's list of text areas sits on the investor's first page).
 */
function refusal(message: string): string {
  if (!isValidationKey(message)) return message;
  return (getLanguage() === 'ko' ? validationMessagesKo : validationMessages)[message];
}

type Field = 'title' | 'urlTitle' | 'description' | 'markdown' | 'thumbnail' | 'publish';
type PublishMode = 'DRAFT' | 'NOW' | 'AT';

/** An ISO instant as a datetime-local value in the browser's time zone, and back. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
function fromLocalInput(value: string): string | null {
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Waits until typing pauses before the preview is asked for. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function EditorForm({ post }: { post: OperatorPost | null }) {
  const id = useId();
  const navigate = useNavigate();
  const save = useSavePost(post?.id ?? null);
  const upload = useUploadPostImage();
  const setHidden = useSetPostHidden();
  const [title, setTitle] = useState(post?.title ?? '');
  const [urlTitle, setUrlTitle] = useState(post?.urlTitle ?? '');
  const [urlTitleTouched, setUrlTitleTouched] = useState(post !== null);
  const [description, setDescription] = useState(post?.subTitle ?? '');
  const [markdown, setMarkdown] = useState(post?.markdown ?? '');
  const [thumbnail, setThumbnail] = useState<string | null>(post?.thumbnail ?? null);
  const [mode, setMode] = useState<PublishMode>(post ? (post.isDraft ? 'DRAFT' : 'AT') : 'DRAFT');
  const [publishAt, setPublishAt] = useState(post && !post.isDraft ? toLocalInput(post.postedAt) : '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const settledMarkdown = useSettled(markdown, 500);
  const preview = useQuery({
    ...postPreviewOptions(settledMarkdown),
    enabled: settledMarkdown.trim().length > 0,
    placeholderData: keepPreviousData,
  });

  const publishValue = (): PostEdit['publish'] | null => {
    if (mode !== 'AT') return { mode };
    const at = fromLocalInput(publishAt);
    return at ? { mode, at } : null;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const publish = publishValue();
    const parsed = postEditSchema.safeParse({ title, urlTitle, description, markdown, thumbnail, publish });
    const next: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= refusal(issue.message);
      }
    }
    // A new time must lie ahead; a published post may keep the date it has.
    if (publish?.mode === 'AT' && Date.parse(publish.at) <= Date.now()) {
      const keeps = post && !post.isDraft && toLocalInput(post.postedAt) === publishAt;
      if (!keeps) next.publish = refusal(PUBLISH_AT_REFUSAL);
    }
    if (mode === 'AT' && !publish) next.publish = refusal(PUBLISH_AT_REFUSAL);
    setErrors(next);
    if (!parsed.success || Object.keys(next).length) {
      setFormError(t('operator.blog.fixErrors'));
      const first = (['title', 'urlTitle', 'description', 'markdown', 'thumbnail', 'publish'] as const).find(
        (field) => next[field],
      );
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    // A published post whose time was kept sends its stored instant, to the millisecond.
    const body: PostEdit =
      parsed.data.publish.mode === 'AT' && post && !post.isDraft && toLocalInput(post.postedAt) === publishAt
        ? { ...parsed.data, publish: { mode: 'AT', at: post.postedAt } }
        : parsed.data;
    setFormError(null);
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success(t(`operator.blog.saved.${saved.state}` as MessageKey));
        if (!post) void navigate({ to: '/operator/$', params: { _splat: `blog/${saved.id}` }, replace: true });
        else {
          setMode(saved.isDraft ? 'DRAFT' : 'AT');
          setPublishAt(saved.isDraft ? publishAt : toLocalInput(saved.postedAt));
        }
      },
      onError: (error) => {
        if (error instanceof RequestError && error.code === 'CONFLICT') {
          setErrors({ urlTitle: error.message });
          document.getElementById(`${id}-urlTitle`)?.focus();
          return;
        }
        const field = /^body\.(\w+)/.exec(error.message)?.[1] as Field | undefined;
        if (field) setErrors({ [field]: error.message.replace(/^body\.\w+(\.\w+)*: /, '') });
        setFormError(error.message);
      },
    });
  };

  const onTitle = (value: string) => {
    setTitle(value);
    if (!urlTitleTouched) setUrlTitle(suggestUrlTitle(value));
  };

  const onThumbnail = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        setThumbnail(url);
        setErrors((current) => ({ ...current, thumbnail: undefined }));
      },
      onError: (error) => setErrors((current) => ({ ...current, thumbnail: error.message })),
    });
  };

  const describedBy = (field: Field, hint = true) =>
    [hint ? `${id}-${field}-hint` : null, errors[field] ? `${id}-${field}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  const counter = (length: number, max: number) => t('operator.blog.count', { count: length, max });
  const saveLabel: MessageKey =
    mode === 'DRAFT' ? 'operator.blog.saveDraft' : mode === 'NOW' ? 'operator.blog.publishNow' : 'operator.blog.saveAt';

  return (
    <form onSubmit={submit} noValidate className="mt-3" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-center gap-3">
        <h1 id={`${id}-heading`} className="page-title">
          {post ? t('operator.blog.editTitle') : t('operator.blog.newTitle')}
        </h1>
        {post ? <StateBadge state={post.state} /> : null}
      </div>
      {post?.state === 'PUBLISHED' ? (
        <a
          href={`/blog/${post.urlTitle}`}
          className="text-link mt-2 inline-block text-sm"
          target="_blank"
          rel="noreferrer"
        >
          {t('operator.blog.view')}
        </a>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-5">
          <TextInput
            id={`${id}-title`}
            label={t('operator.blog.field.title')}
            value={title}
            onChange={onTitle}
            maxLength={POST_TITLE_MAX_LENGTH}
            hint={counter(title.length, POST_TITLE_MAX_LENGTH)}
            error={errors.title}
            describedBy={describedBy('title')}
          />
          <TextInput
            id={`${id}-urlTitle`}
            label={t('operator.blog.field.urlTitle')}
            value={urlTitle}
            onChange={(value) => {
              setUrlTitleTouched(true);
              setUrlTitle(value.toLowerCase());
            }}
            maxLength={120}
            hint={t('operator.blog.field.urlTitleHint', { path: `/blog/${urlTitle || '…'}` })}
            error={errors.urlTitle}
            describedBy={describedBy('urlTitle')}
            spellCheck={false}
            autoCapitalize="none"
            testId="post-url-title"
          />
          <div>
            <label htmlFor={`${id}-description`} className="block text-sm font-semibold text-ink">
              {t('operator.blog.field.description')}
            </label>
            <p id={`${id}-description-hint`} className="mt-1 text-sm text-ink-muted">
              {counter(description.length, POST_DESCRIPTION_MAX_LENGTH)}
            </p>
            <textarea
              id={`${id}-description`}
              className="input mt-2"
              rows={3}
              maxLength={POST_DESCRIPTION_MAX_LENGTH}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy('description')}
            />
            <FieldError id={`${id}-description-error`} message={errors.description} />
          </div>
          <div>
            <label htmlFor={`${id}-markdown`} className="block text-sm font-semibold text-ink">
              {t('operator.blog.field.markdown')}
            </label>
            <p id={`${id}-markdown-hint`} className="mt-1 text-sm text-ink-muted">
              {t('operator.blog.field.markdownHint')}
            </p>
            <textarea
              id={`${id}-markdown`}
              className="input mt-2 font-mono text-sm"
              rows={16}
              maxLength={POST_MARKDOWN_MAX_LENGTH}
              value={markdown}
              onChange={(event) => setMarkdown(event.target.value)}
              aria-invalid={errors.markdown ? true : undefined}
              aria-describedby={describedBy('markdown')}
              data-testid="post-markdown"
            />
            <FieldError id={`${id}-markdown-error`} message={errors.markdown} />
          </div>
        </div>

        <section className="min-w-0" aria-labelledby={`${id}-preview`}>
          <h2 id={`${id}-preview`} className="text-lg font-bold text-ink">
            {t('operator.blog.preview')}
          </h2>
          <div
            className="card mt-2 p-4 lg:p-6"
            data-testid="post-preview"
            aria-live="polite"
            aria-busy={preview.isFetching}
          >
            <p className="text-2xl font-bold text-ink">{title || t('operator.blog.untitled')}</p>
            {description ? <p className="mt-2 text-ink-soft">{description}</p> : null}
            <div className="mt-4">
              {!markdown.trim() ? (
                <p className="text-ink-muted">{t('operator.blog.previewEmpty')}</p>
              ) : preview.data ? (
                <>
                  <p className="mb-3 text-xs text-ink-muted">
                    {t('operator.blog.readTime', { count: preview.data.readTime })}
                  </p>
                  <PostContent html={preview.data.html} />
                </>
              ) : (
                <QueryProblem query={preview} />
              )}
            </div>
          </div>
        </section>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <SearchPreview title={title} description={description} urlTitle={urlTitle} />

        <section className="space-y-5" aria-label={t('operator.blog.publishing')}>
          <div>
            <p className="text-sm font-semibold text-ink" id={`${id}-thumbnail-label`}>
              {t('operator.blog.field.thumbnail')}
            </p>
            <p id={`${id}-thumbnail-hint`} className="mt-1 text-sm text-ink-muted">
              {t('operator.blog.field.thumbnailHint')}
            </p>
            {thumbnail ? (
              <img
                src={thumbnail}
                alt=""
                className="mt-2 h-48 w-full max-w-sm rounded-md object-cover ring-1 ring-line"
              />
            ) : null}
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <input
                id={`${id}-thumbnail`}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="text-sm"
                aria-labelledby={`${id}-thumbnail-label`}
                aria-describedby={describedBy('thumbnail')}
                disabled={upload.isPending}
                onChange={(event) => onThumbnail(event.target.files?.[0])}
              />
              {thumbnail ? (
                <button type="button" className="btn-ghost min-h-9 px-3" onClick={() => setThumbnail(null)}>
                  {t('operator.blog.field.thumbnailRemove')}
                </button>
              ) : null}
              {upload.isPending ? <span className="text-sm text-ink-muted">{t('operator.blog.uploading')}</span> : null}
            </div>
            <FieldError id={`${id}-thumbnail-error`} message={errors.thumbnail} />
          </div>

          <fieldset aria-describedby={errors.publish ? `${id}-publish-error` : undefined}>
            <legend className="text-sm font-semibold text-ink">{t('operator.blog.field.publish')}</legend>
            <div className="mt-2 space-y-2">
              {(['DRAFT', 'NOW', 'AT'] as const).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    value={value}
                    checked={mode === value}
                    onChange={() => setMode(value)}
                    className="h-4 w-4"
                    data-testid={`publish-${value}`}
                  />
                  {t(`operator.blog.publish.${value}` as MessageKey)}
                </label>
              ))}
            </div>
            {mode === 'AT' ? (
              <label className="mt-3 block text-sm">
                <span className="font-semibold text-ink">{t('operator.blog.field.publishAt')}</span>
                <input
                  id={`${id}-publish`}
                  type="datetime-local"
                  className="input mt-1 max-w-xs"
                  value={publishAt}
                  onChange={(event) => setPublishAt(event.target.value)}
                  aria-invalid={errors.publish ? true : undefined}
                />
              </label>
            ) : null}
            <FieldError id={`${id}-publish-error`} message={errors.publish} />
          </fieldset>
        </section>
      </div>

      {formError ? (
        <p role="alert" className="mt-6 rounded-md bg-coral-50 p-3 text-sm text-coral-800">
          {formError}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={save.isPending} data-testid="post-save">
          {t(saveLabel)}
        </button>
        {post ? (
          <button
            type="button"
            className="btn-secondary"
            disabled={setHidden.isPending}
            onClick={() =>
              setHidden.mutate(
                { id: post.id, hidden: post.state !== 'HIDDEN' },
                {
                  onSuccess: (saved) =>
                    toast.success(t(saved.state === 'HIDDEN' ? 'operator.blog.hidden' : 'operator.blog.shown')),
                  onError: (error) => toast.error(error.message),
                },
              )
            }
          >
            {t(post.state === 'HIDDEN' ? 'operator.blog.show' : 'operator.blog.hide')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function TextInput({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  describedBy,
  testId,
  ...rest
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint: string;
  error?: string;
  describedBy?: string;
  testId?: string;
  maxLength: number;
  spellCheck?: boolean;
  autoCapitalize?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <p id={`${id}-hint`} className="mt-1 break-words text-sm text-ink-muted">
        {hint}
      </p>
      <input
        id={id}
        className="input mt-2"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        {...rest}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The post as a search engine lists it: address, title and description, with how much of each fits. */
function SearchPreview({ title, description, urlTitle }: { title: string; description: string; urlTitle: string }) {
  const host = typeof window === 'undefined' ? 'moa' : window.location.host;
  const pageTitle = searchTitleOf(title || t('operator.blog.untitled'));
  const shownTitle = pageTitle.length > SEARCH_TITLE_HINT ? `${cutText(pageTitle, SEARCH_TITLE_HINT - 1)}…` : pageTitle;
  const snippet = cutText(description, SEARCH_DESCRIPTION_HINT);
  const titleLong = pageTitle.length > SEARCH_TITLE_HINT;
  const descriptionLong = description.length > SEARCH_DESCRIPTION_HINT;
  const hint = (isLong: boolean, text: string) => (
    <p className={`text-xs ${isLong ? 'font-semibold text-coral-700' : 'text-ink-muted'}`}>
      {isLong ? <span className="i-lucide-circle-alert mr-1 align-[-2px]" aria-hidden="true" /> : null}
      {text}
    </p>
  );
  return (
    <section aria-labelledby="search-preview-title" data-testid="search-preview">
      <h2 id="search-preview-title" className="text-lg font-bold text-ink">
        {t('operator.blog.search')}
      </h2>
      <div className="card mt-2 space-y-1 p-4">
        <p className="break-all text-xs text-ink-soft">{[host, 'blog', urlTitle || '…'].join(' › ')}</p>
        <p className="break-words text-lg text-brand-700">{shownTitle}</p>
        <p className="break-words text-sm text-ink-soft">
          {snippet || t('operator.blog.searchNoDescription')}
          {descriptionLong ? '…' : ''}
        </p>
      </div>
      <div className="mt-2 space-y-1">
        {hint(titleLong, t('operator.blog.searchTitleHint', { count: pageTitle.length, max: SEARCH_TITLE_HINT }))}
        {hint(
          descriptionLong,
          t('operator.blog.searchDescriptionHint', { count: description.length, max: SEARCH_DESCRIPTION_HINT }),
        )}
      </div>
    </section>
  );
}
