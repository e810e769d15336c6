import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { nameSchema } from '../../../../../domain/auth';
import { useUpdateName } from '../../../../../features/account/mutations';
import { t, validationText } from '../../../../../lib/i18n';
import { Field } from '../../../../../ui/field';
import { FormActions } from '../../../../../ui/form-actions';
import { useProfileUpdate } from './use-profile-update';

export function NameForm({ current, onDone }: { current: string; onDone: () => void }) {
  const apply = useProfileUpdate();
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateName({
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
    if (!parsed.success) return setError(validationText(parsed.error.issues[0]?.message) ?? null);
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
