import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { emailSchema, nameSchema, type KycStatus, type UserPayload } from '../../../domain/auth';
import type { Me } from '../../../domain/session';
import {
  confirmEmailChange,
  requestEmailChange,
  setBadgeHidden,
  signOutEverywhere,
  updateName,
} from '../../../features/account/api';
import { regenerateRecoveryCodes, verifyOtp } from '../../../features/otp/api';
import { countryName } from '../../../features/kyc/countries';
import { RecoveryCodes } from '../../../features/otp/components/recovery-codes';
import { adoptAccessToken, meQueryOptions, sessionKeys } from '../../../features/session/queries';
import { pageHead } from '../../../lib/head';
import { getLocale, t, type MessageKey } from '../../../lib/i18n';
import { signOutLocally } from '../../../lib/session';
import { useNetworkAction } from '../../../lib/offline';
import { CodeField, Field, FormError } from '../../../ui/field';
import { NetworkHint } from '../../../ui/network-button';
import { FormActions } from '../../../ui/form-actions';

export const Route = createFileRoute('/_authenticated/account/account-settings')({
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions()),
  head: () => pageHead(t('settings.title')),
  component: Page,
});

const kycLabels: Record<KycStatus, MessageKey> = {
  NONE: 'kyc.status.NONE',
  INPROGRESS: 'kyc.status.INPROGRESS',
  GREEN: 'kyc.status.GREEN',
  RED: 'kyc.status.RED',
};

/** Changes are refused for a banned account, and cannot be sent without a network. */
function useIsLocked(user: UserPayload): boolean {
  const { isAvailable } = useNetworkAction();
  return user.isBanned || !isAvailable;
}

const orNA = (value: string | null) => (value && value.trim() ? value : t('common.na'));

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="card p-5 sm:p-6" aria-label={title}>
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

function Page() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  if (!me) return null;
  const user = me.userPayload;
  return (
    <div>
      <h1 className="page-title">{t('settings.title')}</h1>
      <OfflineHint />
      {user.isBanned ? (
        <div role="status" className="mt-6 rounded-lg bg-coral-50 p-4 text-coral-800 ring-1 ring-coral-200">
          <p className="font-semibold">{t('settings.bannedTitle')}</p>
          <p className="mt-1 text-sm">{t('settings.bannedBody', { reason: user.banReason ?? t('common.na') })}</p>
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ProfileSection user={user} />
        <div className="space-y-6">
          <BadgeSection user={user} />
          <SecondFactorSection user={user} />
          <SessionsSection />
        </div>
      </div>
    </div>
  );
}

function useProfileUpdate() {
  const queryClient = useQueryClient();
  return (me: Me) => queryClient.setQueryData(sessionKeys.me(), me);
}

function OfflineHint() {
  const { reason } = useNetworkAction();
  return reason ? (
    <p className="mt-3">
      <NetworkHint reason={reason} />
    </p>
  ) : null;
}

function ProfileSection({ user }: { user: UserPayload }) {
  const isLocked = useIsLocked(user);
  const [editing, setEditing] = useState<'name' | 'email' | null>(null);
  const rows: Array<{ label: string; value: string; action?: ReactNode }> = [
    {
      label: t('settings.name'),
      value: orNA(user.name),
      action: (
        <button
          type="button"
          className="text-link inline-flex min-h-11 items-center px-1 text-sm"
          onClick={() => setEditing('name')}
          disabled={isLocked}
        >
          {t('settings.edit')}
        </button>
      ),
    },
    {
      label: t('settings.email'),
      value: orNA(user.email),
      action: (
        <button
          type="button"
          className="text-link inline-flex min-h-11 items-center px-1 text-sm"
          onClick={() => setEditing('email')}
          disabled={isLocked}
        >
          {t('settings.change')}
        </button>
      ),
    },
    { label: t('settings.legalName'), value: orNA(user.legalName) },
    {
      label: t('settings.country'),
      value: user.countryOfResidence ? countryName(user.countryOfResidence, getLocale()) : t('common.na'),
    },
    {
      label: t('settings.investorType'),
      value: user.investorType === 'COMPANY' ? t('investorType.COMPANY') : t('investorType.INDIVIDUAL'),
    },
    { label: t('settings.kycStatus'), value: t(kycLabels[user.kycStatus]) },
  ];
  return (
    <Section title={t('settings.profile')} description={t('settings.profileHint')}>
      <dl className="divide-y divide-line">
        {rows.map((row) => (
          <div key={row.label} className="py-3">
            <dt className="text-sm text-ink-muted">{row.label}</dt>
            <dd className="mt-0.5 flex items-center justify-between gap-4 text-ink">
              <span className="min-w-0 break-words">{row.value}</span>
              {row.action ? <span className="shrink-0">{row.action}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      {editing === 'name' ? <NameForm current={user.name ?? ''} onDone={() => setEditing(null)} /> : null}
      {editing === 'email' ? <EmailForm onDone={() => setEditing(null)} /> : null}
    </Section>
  );
}

function NameForm({ current, onDone }: { current: string; onDone: () => void }) {
  const apply = useProfileUpdate();
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: updateName,
    onSuccess: (me) => {
      apply(me);
      toast.success(t('settings.nameSaved'));
      onDone();
    },
    onError: (failure) => setError(failure.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4 rounded-md bg-paper p-4">
      <Field
        label={t('settings.name')}
        name="name"
        autoComplete="nickname"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
        autoFocus
      />
      <FormActions
        submitLabel={t('settings.save')}
        cancelLabel={t('settings.cancel')}
        isPending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

function EmailForm({ onDone }: { onDone: () => void }) {
  const apply = useProfileUpdate();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<{ id: string; email: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: requestEmailChange,
    onSuccess: ({ challengeId }, address) => {
      setChallenge({ id: challengeId, email: address });
      setError(null);
    },
    onError: (failure) => setError(failure.message),
  });
  const confirm = useMutation({
    mutationFn: () => confirmEmailChange(challenge!.id, code),
    onSuccess: (me) => {
      apply(me);
      toast.success(t('settings.emailSaved'));
      onDone();
    },
    onError: (failure) => setError(failure.message),
  });
  if (challenge) {
    return (
      <form
        noValidate
        className="mt-4 space-y-4 rounded-md bg-paper p-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!/^\d{6}$/.test(code)) return setError(t('otp.codeFormat'));
          confirm.mutate();
        }}
      >
        <p className="text-sm text-ink-soft">{t('settings.emailCodeSent', { email: challenge.email })}</p>
        <CodeField
          label={t('settings.emailCodeLabel')}
          name="emailCode"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          autoFocus
        />
        <FormActions
          submitLabel={t('settings.confirmEmail')}
          cancelLabel={t('settings.cancel')}
          isPending={confirm.isPending}
          onCancel={onDone}
        />
      </form>
    );
  }
  return (
    <form
      noValidate
      className="mt-4 space-y-4 rounded-md bg-paper p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = emailSchema.safeParse(email);
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
        send.mutate(parsed.data);
      }}
    >
      <Field
        label={t('settings.newEmail')}
        hint={t('settings.newEmailHint')}
        type="email"
        name="newEmail"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
        autoFocus
      />
      <FormActions
        submitLabel={t('settings.sendEmailCode')}
        cancelLabel={t('settings.cancel')}
        isPending={send.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

function BadgeSection({ user }: { user: UserPayload }) {
  const isLocked = useIsLocked(user);
  const apply = useProfileUpdate();
  const toggle = useMutation({
    mutationFn: setBadgeHidden,
    onSuccess: apply,
    onError: (failure) => toast.error(failure.message),
  });
  return (
    <Section title={t('settings.badge')} description={t('settings.badgeHint')}>
      <label className="flex items-center justify-between gap-4">
        <span className="text-ink">{t('settings.badgeShow')}</span>
        <input
          type="checkbox"
          role="switch"
          className="focus-ring h-6 w-6 shrink-0 accent-brand-800"
          checked={!user.isHideBadge}
          disabled={toggle.isPending || isLocked}
          onChange={(event) => toggle.mutate(!event.target.checked)}
        />
      </label>
    </Section>
  );
}

function SecondFactorSection({ user }: { user: UserPayload }) {
  const isLocked = useIsLocked(user);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'regenerate' | 'reset' | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const regenerate = useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: (response) => {
      setCodes(response.recoveryCodes);
      setMode(null);
      setCode('');
    },
    onError: (failure) => setError(failure.message),
  });
  // A fresh code first; the setup page then issues the new keys.
  const reset = useMutation({
    mutationFn: (value: string) => verifyOtp({ code: value }),
    onSuccess: async (response) => {
      await adoptAccessToken(queryClient, response);
      await navigate({ to: '/auth/otp/setup', search: { redirect: '/account/account-settings' } });
    },
    onError: (failure) => setError(failure.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(t('otp.codeFormat'));
    setError(null);
    if (mode === 'regenerate') regenerate.mutate(code);
    else reset.mutate(code);
  };

  return (
    <Section title={t('settings.secondFactor')} description={t('settings.secondFactorHint')}>
      <p className="flex items-center gap-2 text-ink">
        <span className="i-lucide-shield-check text-jade-700" aria-hidden="true" />
        {user.isOtpEnabled ? t('settings.secondFactorOn') : t('settings.secondFactorOff')}
      </p>
      {codes ? (
        <div className="mt-4 space-y-3">
          <p className="text-sm font-semibold text-ink">{t('settings.newRecoveryCodes')}</p>
          <RecoveryCodes codes={codes} />
        </div>
      ) : null}
      {mode ? (
        <form onSubmit={submit} noValidate className="mt-4 space-y-4 rounded-md bg-paper p-4">
          <CodeField
            label={t('settings.currentCode')}
            hint={mode === 'reset' ? t('settings.resetHint') : t('settings.regenerateHint')}
            name="currentCode"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error}
            autoFocus
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={regenerate.isPending || reset.isPending}>
              {mode === 'reset' ? t('settings.resetSubmit') : t('settings.regenerateSubmit')}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setMode(null)}>
              {t('settings.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          <button
            type="button"
            className="btn-secondary"
            disabled={isLocked}
            onClick={() => {
              setMode('regenerate');
              setCodes(null);
              setError(null);
            }}
          >
            {t('settings.regenerate')}
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={isLocked}
            onClick={() => {
              setMode('reset');
              setCodes(null);
              setError(null);
            }}
          >
            {t('settings.reset')}
          </button>
        </div>
      )}
    </Section>
  );
}

function SessionsSection() {
  const [error, setError] = useState<string | null>(null);
  const { isAvailable } = useNetworkAction();
  const all = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: signOutLocally,
    onError: (failure) => setError(failure.message),
  });
  return (
    <Section title={t('settings.sessions')} description={t('settings.sessionsHint')}>
      <FormError message={error} />
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-secondary"
          disabled={all.isPending || !isAvailable}
          onClick={() => all.mutate()}
        >
          {t('settings.signOutAll')}
        </button>
      </div>
    </Section>
  );
}
