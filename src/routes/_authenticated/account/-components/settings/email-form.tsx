import { useState } from 'react';
import { toast } from 'sonner';
import { emailSchema, isCode } from '../../../../../domain/auth';
import { useConfirmEmailChange, useRequestEmailChange } from '../../../../../features/account/mutations';
import { t, validationText } from '../../../../../lib/i18n';
import { CodeField, Field } from '../../../../../ui/field';
import { FormActions } from '../../../../../ui/form-actions';
import { useProfileUpdate } from './use-profile-update';

export function EmailForm({ onDone }: { onDone: () => void }) {
  const apply = useProfileUpdate();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<{ id: string; email: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useRequestEmailChange({
    onSuccess: ({ challengeId }, address) => {
      setChallenge({ id: challengeId, email: address });
      setError(null);
    },
    onError: (failure) => setError(failure.message),
  });
  const confirm = useConfirmEmailChange({
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
          if (!isCode(code)) return setError(t('otp.codeFormat'));
          confirm.mutate({ challengeId: challenge.id, code });
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
        if (!parsed.success) return setError(validationText(parsed.error.issues[0]?.message) ?? null);
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
