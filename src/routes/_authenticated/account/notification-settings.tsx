import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useId } from 'react';
import { toast } from 'sonner';
import type { NotificationType } from '../../../domain/notifications';
import { PushSetting } from '../../../features/notifications/components/push-setting';
import { Switch } from '../../../features/notifications/components/switch';
import { useUpdatePreference } from '../../../features/notifications/mutations';
import { preferencesQueryOptions } from '../../../features/notifications/queries';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';

export const Route = createFileRoute('/_authenticated/account/notification-settings')({
  staticData: { texts: ['notifications'] },
  loader: ({ context }) => context.queryClient.ensureQueryData(preferencesQueryOptions()),
  head: () => pageHead(t('notifications.settings.title')),
  component: Page,
});

function Page() {
  const { data } = useSuspenseQuery(preferencesQueryOptions());
  const save = useUpdatePreference({
    onSuccess: () => toast.success(t('notifications.settings.saved'), { id: 'notification-preferences' }),
    onError: (error) => toast.error(error.message, { id: 'notification-preferences' }),
  });
  const isTypeOn = (type: NotificationType) => data.types.find((item) => item.type === type)?.isEnabled ?? false;

  return (
    <div>
      <h1 className="page-title">{t('notifications.settings.title')}</h1>
      <p className="mt-3 max-w-2xl text-ink-soft">{t('notifications.settings.intro')}</p>
      <div className="mt-6 grid max-w-3xl gap-6">
        <PushSetting />
        <section className="card p-5 sm:p-6" aria-labelledby="notification-types">
          <h2 id="notification-types" className="text-lg font-bold text-ink">
            {t('notifications.settings.types')}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">{t('notifications.settings.typesHint')}</p>
          <ul className="mt-4 divide-y divide-line">
            {data.types.map((item) => (
              <ChoiceRow
                key={item.type}
                label={t(`notifications.type.${item.type}`)}
                hint={t(`notifications.typeHint.${item.type}`)}
                checked={item.isEnabled}
                onChange={(isEnabled) => save.mutate({ type: item.type, isEnabled })}
              />
            ))}
          </ul>
        </section>
        <section className="card p-5 sm:p-6" aria-labelledby="notification-projects">
          <h2 id="notification-projects" className="text-lg font-bold text-ink">
            {t('notifications.settings.projects')}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">{t('notifications.settings.projectsHint')}</p>
          {data.projects.length === 0 ? (
            <p className="mt-4 text-sm text-ink">
              {t('notifications.settings.noProjects')}{' '}
              <Link to="/projects" className="text-link">
                {t('nav.projects')}
              </Link>
            </p>
          ) : (
            data.projects.map((project) => (
              <fieldset key={project.productId} className="mt-5 first-of-type:mt-4">
                <legend className="font-semibold text-ink">{project.productName}</legend>
                <ul className="mt-1 divide-y divide-line">
                  {project.types.map((item) => (
                    <ChoiceRow
                      key={item.type}
                      label={t(`notifications.type.${item.type}`)}
                      hint={isTypeOn(item.type) ? undefined : t('notifications.settings.offForAll')}
                      checked={isTypeOn(item.type) && item.isEnabled}
                      disabled={!isTypeOn(item.type)}
                      onChange={(isEnabled) =>
                        save.mutate({ type: item.type, productId: project.productId, isEnabled })
                      }
                    />
                  ))}
                </ul>
              </fieldset>
            ))
          )}
        </section>
      </div>
    </div>
  );
}

function ChoiceRow(props: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <li className="flex items-center gap-4 py-3">
      <div className="min-w-0 flex-1">
        <p id={labelId} className="font-semibold text-ink">
          {props.label}
        </p>
        {props.hint && (
          <p id={hintId} className="mt-0.5 text-sm text-ink-soft">
            {props.hint}
          </p>
        )}
      </div>
      <Switch
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onChange}
        labelledBy={labelId}
        describedBy={props.hint ? hintId : undefined}
      />
    </li>
  );
}
