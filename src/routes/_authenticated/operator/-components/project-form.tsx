import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { operatorRoleOf } from '../../../../domain/access';
import { parseMajorAmount, toMajorUnitsNumeral } from '../../../../domain/money';
import type { OperatorProject, ProjectInputDraft } from '../../../../domain/project-editing';
import { useProjectVisibility, useSaveProject } from '../../../../features/operator/mutations';
import { useUploadProjectImage } from '../../../../features/operator-projects/mutations';
import { operatorKeys } from '../../../../features/operator/queries';
import { meQueryOptions } from '../../../../features/session/queries';
import { t, type MessageKey } from '../../../../lib/i18n';
import { StateBadge } from './project-state';

/**
 * The whole project in sections, as its page shows it. Fields are plain inputs read when the
 * form is sent; the server's schema (src/domain/project-editing.ts) decides what is valid and
 * names the field it refuses. Amounts are typed in major units and sent as integer minor units.
 */

type Kind =
  'text' | 'long' | 'optional' | 'link' | 'optionalLink' | 'amount' | 'quantity' | 'number' | 'flag' | 'payType';
interface Field {
  name: string;
  label: MessageKey;
  kind: Kind;
  /** An image's address: an uploaded image fills it. */
  image?: boolean;
}
type Item = Record<string, unknown>;

const f = (name: string, kind: Kind, label = `operator.projects.field.${name}`): Field => ({
  name,
  kind,
  label: label as MessageKey,
});

/** An address field the page loads an image from: it gets an upload button. */
const img = (field: Field): Field => ({ ...field, image: true });

const LISTS = {
  team: [f('name', 'text'), f('role', 'text'), f('description', 'long'), img(f('image', 'optionalLink'))],
  socialLinks: [f('platform', 'text'), f('url', 'link')],
  dealTerms: [f('field', 'text'), f('value', 'text'), f('tooltip', 'optional')],
  images: [img(f('url', 'link')), f('altText', 'text')],
  gifts: [f('title', 'text'), f('description', 'long'), f('isDigital', 'flag'), f('limitQuantity', 'quantity')],
  communityBadges: [f('name', 'text'), f('limitQuantity', 'quantity')],
  faqs: [f('title', 'text'), f('description', 'long')],
  risks: [f('title', 'text'), f('description', 'long')],
  customSections: [f('title', 'text'), f('content', 'long')],
  payMethods: [
    f('name', 'text'),
    f('payMethodType', 'payType'),
    f('address', 'text'),
    f('alias', 'text'),
    f('bankName', 'optional'),
    f('accountHolder', 'optional'),
    f('network', 'optional'),
    f('asset', 'optional'),
  ],
} satisfies Record<string, Field[]>;
type ListName = keyof typeof LISTS;
const LIST_NAMES = Object.keys(LISTS) as ListName[];

const ABOUT = [
  f('legalName', 'text'),
  f('form', 'optional'),
  f('founded', 'number'),
  f('employees', 'number'),
  f('website', 'optionalLink'),
  f('address', 'optional'),
  img(f('logo', 'optionalLink', 'operator.projects.field.aboutLogo')),
  img(f('locationImage', 'optionalLink')),
];

/** A local datetime-local value ("2026-12-01T09:00") from an ISO instant, and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

let keySeq = 0;
const newKey = () => `k${(keySeq += 1)}`;

function emptyProject(currency: string, categoryId: number): ProjectInputDraft {
  void currency;
  return {
    categoryId,
    name: '',
    description: '',
    image: '/icons/icon-512.png',
    logo: '/icons/icon-192.png',
    tokenName: '',
    contractAddress: null,
    pricePerToken: 0,
    totalQuantity: 0,
    targetCap: null,
    softCap: null,
    userMinInvestment: 0,
    userMaxInvestment: null,
    startsAt: null,
    endsAt: null,
    isRegD: false,
    isRestricted: false,
    isFeatured: false,
    isGovernance: false,
    canWitch: false,
    regulation: 'Regulation CF',
    investmentRiskDisclaimer: '',
    documentDescription: null,
    about: null,
    team: [],
    socialLinks: [],
    dealTerms: [],
    images: [],
    gifts: [],
    faqs: [],
    risks: [],
    customSections: [],
    payMethods: [],
    communityBadges: [],
  };
}

function initialValue(kind: Kind, value: unknown, currency: string): string {
  if (value === null || value === undefined) return '';
  if (kind === 'amount') return Number(value) > 0 ? toMajorUnitsNumeral(Number(value), currency) : '';
  if ((kind === 'quantity' || kind === 'number') && Number(value) === 0) return '';
  return String(value);
}

/** A typed value as the schema takes it; what cannot be read is sent as typed, for the schema to refuse. */
function readValue(kind: Kind, raw: FormDataEntryValue | null, currency: string): unknown {
  const text = typeof raw === 'string' ? raw.trim() : '';
  switch (kind) {
    case 'flag':
      return raw !== null;
    case 'amount':
      return text === '' ? null : (parseMajorAmount(text, currency) ?? text);
    case 'quantity':
    case 'number':
      return text === '' ? null : /^\d+$/.test(text) ? Number(text) : text;
    case 'optional':
    case 'optionalLink':
      return text === '' ? null : text;
    default:
      return text;
  }
}

/**
 * Beside an image's address: choose a file, it is uploaded and its address fills the field (saved
 * with the project). Only an existing project takes uploads; a new one is saved as a draft first.
 */
function ImageUpload({ inputId, projectId, label }: { inputId: string; projectId: number; label: string }) {
  const upload = useUploadProjectImage(projectId);
  const [shown, setShown] = useState<string | null>(null);
  const onFile = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        const field = document.getElementById(inputId);
        if (field instanceof HTMLInputElement) field.value = url;
        setShown(url);
      },
      onSettled: () => {
        input.value = '';
      },
    });
  };
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <label className="btn-secondary cursor-pointer focus-within:(ring-3 ring-brand-400 ring-offset-2 ring-offset-paper)">
        <span
          className={upload.isPending ? 'i-lucide-loader-circle animate-spin' : 'i-lucide-arrow-up'}
          aria-hidden="true"
        />
        {t(upload.isPending ? 'operator.projects.uploading' : 'operator.projects.uploadImage')}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          aria-label={t('operator.projects.uploadImageFor', { field: label })}
          disabled={upload.isPending}
          onChange={(event) => onFile(event.currentTarget)}
        />
      </label>
      {shown ? (
        <img
          src={shown}
          alt={t('operator.projects.uploadedImage', { field: label })}
          className="h-11 w-11 rounded-md border border-line object-cover"
          width={44}
          height={44}
        />
      ) : null}
      <span role="status" className="min-w-0 text-sm">
        {upload.error ? (
          <span className="text-coral-800">{upload.error.message}</span>
        ) : shown ? (
          <span className="text-ink-soft">{t('operator.projects.imageUploaded')}</span>
        ) : null}
      </span>
    </div>
  );
}

function Input({
  id,
  field,
  value,
  currency,
  projectId,
}: {
  id: string;
  field: Field;
  value: unknown;
  currency: string;
  projectId?: number | undefined;
}) {
  const label = t(field.label);
  if (field.kind === 'flag') {
    return (
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-ink">
        <input type="checkbox" name={id} defaultChecked={Boolean(value)} className="h-5 w-5" />
        {label}
      </label>
    );
  }
  const common = {
    name: id,
    id,
    className: 'input mt-1 w-full',
    defaultValue: initialValue(field.kind, value, currency),
  };
  const control = (
    <label className="block text-sm" htmlFor={id}>
      <span className="font-semibold text-ink">
        {label}
        {field.kind === 'amount' ? ` (${currency})` : ''}
      </span>
      {field.kind === 'long' ? (
        <textarea {...common} rows={3} />
      ) : field.kind === 'payType' ? (
        <select {...common}>
          <option value="ACCOUNT">{t('operator.projects.payType.ACCOUNT')}</option>
          <option value="CRYPTO">{t('operator.projects.payType.CRYPTO')}</option>
        </select>
      ) : (
        <input
          {...common}
          type="text"
          inputMode={['amount', 'quantity', 'number'].includes(field.kind) ? 'decimal' : undefined}
        />
      )}
    </label>
  );
  if (field.image && projectId !== undefined) {
    return (
      <div>
        {control}
        <ImageUpload inputId={id} projectId={projectId} label={label} />
      </div>
    );
  }
  return control;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="card p-4 sm:p-6">
      <legend className="float-left mb-3 w-full text-lg font-bold text-ink">{title}</legend>
      <div className="clear-both grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

interface Row {
  key: string;
  item: Item;
}

function ListSection({
  name,
  rows,
  onChange,
  currency,
  projectId,
}: {
  name: ListName;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  currency: string;
  projectId: number | undefined;
}) {
  const move = (index: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    onChange(next);
  };
  return (
    <fieldset className="card p-4 sm:p-6">
      <legend className="float-left mb-3 w-full text-lg font-bold text-ink">
        {t(`operator.projects.section.${name}`)}
      </legend>
      <ol className="clear-both space-y-4">
        {rows.map((row, index) => (
          <li key={row.key} className="rounded-md border border-line p-3">
            <div className="grid gap-3 sm:grid-cols-2">
              {LISTS[name].map((field) => (
                <Input
                  key={field.name}
                  id={`${name}:${row.key}:${field.name}`}
                  field={field}
                  value={row.item[field.name]}
                  currency={currency}
                  projectId={projectId}
                />
              ))}
            </div>
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" className="btn-ghost" disabled={index === 0} onClick={() => move(index, -1)}>
                <span className="i-lucide-arrow-up" aria-hidden="true" />
                {t('operator.projects.up')}
              </button>
              <button
                type="button"
                className="btn-ghost"
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
              >
                <span className="i-lucide-arrow-down" aria-hidden="true" />
                {t('operator.projects.down')}
              </button>
              <button
                type="button"
                className="btn-ghost text-coral-700"
                onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
              >
                <span className="i-lucide-trash-2" aria-hidden="true" />
                {t('operator.projects.remove')}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn-secondary mt-3"
        onClick={() => onChange([...rows, { key: newKey(), item: {} }])}
        data-testid={`add-${name}`}
      >
        <span className="i-lucide-plus" aria-hidden="true" />
        {t('operator.projects.add')}
      </button>
    </fieldset>
  );
}

export function ProjectForm({
  project,
  currency,
  categories,
}: {
  project: OperatorProject | null;
  currency: string;
  categories: Array<{ id: number; name: string }>;
}) {
  const start = project ?? emptyProject(currency, categories[0]?.id ?? 0);
  const [lists, setLists] = useState<Record<ListName, Row[]>>(() => {
    const entries = LIST_NAMES.map((name) => [name, (start[name] as Item[]).map((item) => ({ key: newKey(), item }))]);
    return Object.fromEntries(entries) as Record<ListName, Row[]>;
  });
  const [hasAbout, setHasAbout] = useState(start.about !== null);
  const save = useSaveProject(project?.id ?? null);
  const visibility = useProjectVisibility(project?.id ?? 0);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: me } = useQuery(meQueryOptions());
  const isAdmin = operatorRoleOf(me) === 'ADMIN';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string, kind: Kind) => readValue(kind, form.get(name), currency);
    const item = (prefix: string, fields: Field[], id?: unknown) => {
      const values: Item = id === undefined ? {} : { id };
      for (const field of fields) values[field.name] = read(`${prefix}:${field.name}`, field.kind);
      return values;
    };
    const body = {
      categoryId: Number(form.get('categoryId')),
      ...item('p', FIELDS.basics),
      ...item('p', FIELDS.sale),
      ...item('p', FIELDS.terms),
      startsAt: fromLocalInput(String(form.get('p:startsAt') ?? '')),
      endsAt: fromLocalInput(String(form.get('p:endsAt') ?? '')),
      about: hasAbout ? item('about', ABOUT) : null,
      ...Object.fromEntries(
        LIST_NAMES.map((name) => [
          name,
          lists[name].map((row) => item(`${name}:${row.key}`, LISTS[name], row.item.id)),
        ]),
      ),
    } as ProjectInputDraft;
    save.mutate(body, {
      onSuccess: (saved) => {
        queryClient.setQueryData(operatorKeys.project(saved.id), saved);
        if (!project) void navigate({ to: '/operator/$', params: { _splat: `projects/${saved.id}` } });
      },
    });
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-6" aria-label={t('operator.projects.form')} noValidate>
      {project ? (
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="page-title min-w-0 basis-full break-words lg:basis-auto lg:flex-1" data-testid="project-title">
            {project.name}
          </h1>
          <StateBadge state={project.state} />
          <Link
            to="/operator/$"
            params={{ _splat: `projects/${project.id}/preview` }}
            className="btn-secondary"
            data-testid="project-preview-link"
          >
            <span className="i-lucide-search" aria-hidden="true" />
            {t('operator.projects.preview')}
          </Link>
          {isAdmin ? (
            <button
              type="button"
              className={project.state === 'PUBLISHED' ? 'btn-secondary' : 'btn-accent'}
              disabled={visibility.isPending}
              data-testid={project.state === 'PUBLISHED' ? 'project-hide' : 'project-publish'}
              onClick={() => visibility.mutate(project.state === 'PUBLISHED' ? 'hide' : 'publish')}
            >
              <span className={project.state === 'PUBLISHED' ? 'i-lucide-lock' : 'i-lucide-send'} aria-hidden="true" />
              {t(project.state === 'PUBLISHED' ? 'operator.projects.hide' : 'operator.projects.publish')}
            </button>
          ) : null}
        </div>
      ) : null}
      {save.error ? (
        <p role="alert" className="rounded-md bg-coral-50 p-3 text-sm text-coral-800" data-testid="project-error">
          {save.error.message}
        </p>
      ) : null}

      <Section title={t('operator.projects.section.basics')}>
        {project ? null : (
          <p className="text-sm text-ink-soft sm:col-span-2">{t('operator.projects.uploadAfterSave')}</p>
        )}
        <label className="block text-sm">
          <span className="font-semibold text-ink">{t('operator.projects.field.category')}</span>
          <select name="categoryId" className="input mt-1 w-full" defaultValue={start.categoryId}>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
        {FIELDS.basics.map((field) => (
          <Input
            key={field.name}
            id={`p:${field.name}`}
            field={field}
            value={start[field.name as 'name']}
            currency={currency}
            projectId={project?.id}
          />
        ))}
      </Section>

      <Section title={t('operator.projects.section.sale')}>
        {FIELDS.sale.map((field) => (
          <Input
            key={field.name}
            id={`p:${field.name}`}
            field={field}
            value={start[field.name as 'name']}
            currency={currency}
            projectId={project?.id}
          />
        ))}
        {(['startsAt', 'endsAt'] as const).map((name) => (
          <label key={name} className="block text-sm">
            <span className="font-semibold text-ink">{t(`operator.projects.field.${name}`)}</span>
            <input
              type="datetime-local"
              name={`p:${name}`}
              className="input mt-1 w-full"
              defaultValue={toLocalInput(start[name] ?? null)}
            />
          </label>
        ))}
      </Section>

      <Section title={t('operator.projects.section.terms')}>
        {FIELDS.terms.map((field) => (
          <Input
            key={field.name}
            id={`p:${field.name}`}
            field={field}
            value={start[field.name as 'name']}
            currency={currency}
            projectId={project?.id}
          />
        ))}
      </Section>

      <fieldset className="card p-4 sm:p-6">
        <legend className="float-left mb-3 w-full text-lg font-bold text-ink">
          {t('operator.projects.section.about')}
        </legend>
        <label className="clear-both flex min-h-11 items-center gap-2 text-sm font-semibold text-ink">
          <input
            type="checkbox"
            checked={hasAbout}
            onChange={(event) => setHasAbout(event.target.checked)}
            className="h-5 w-5"
          />
          {t('operator.projects.hasAbout')}
        </label>
        {hasAbout ? (
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {ABOUT.map((field) => (
              <Input
                key={field.name}
                id={`about:${field.name}`}
                field={field}
                value={start.about?.[field.name as 'legalName']}
                currency={currency}
                projectId={project?.id}
              />
            ))}
          </div>
        ) : null}
      </fieldset>

      {LIST_NAMES.map((name) => (
        <ListSection
          key={name}
          name={name}
          rows={lists[name]}
          currency={currency}
          projectId={project?.id}
          onChange={(rows) => setLists((current) => ({ ...current, [name]: rows }))}
        />
      ))}

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap gap-3 border-t border-line bg-white p-4 sm:mx-0 sm:rounded-md">
        <button type="submit" className="btn-primary" disabled={save.isPending} data-testid="project-save">
          <span className="i-lucide-check" aria-hidden="true" />
          {t(project ? 'operator.projects.save' : 'operator.projects.saveDraft')}
        </button>
      </div>
    </form>
  );
}

const FIELDS = {
  basics: [
    f('name', 'text'),
    f('tokenName', 'text'),
    f('description', 'long'),
    img(f('image', 'link')),
    img(f('logo', 'link')),
  ],
  sale: [
    f('pricePerToken', 'amount'),
    f('totalQuantity', 'quantity'),
    f('targetCap', 'amount'),
    f('softCap', 'amount'),
    f('userMinInvestment', 'amount'),
    f('userMaxInvestment', 'amount'),
    f('isRestricted', 'flag'),
    f('isFeatured', 'flag'),
    f('isGovernance', 'flag'),
    f('canWitch', 'flag'),
  ],
  terms: [
    f('regulation', 'text'),
    f('isRegD', 'flag'),
    f('investmentRiskDisclaimer', 'long'),
    f('documentDescription', 'optional'),
    f('contractAddress', 'optional'),
  ],
} satisfies Record<string, Field[]>;
