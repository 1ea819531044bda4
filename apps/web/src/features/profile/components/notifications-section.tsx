import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PUSH_KINDS, type PushKind } from '@wallet/contract/client';
import { CheckboxField } from '@/components/field';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import {
  pushConfigQuery,
  usePushPreferences,
  useSetPushPreferences,
} from '@/features/profile/api/push';
import {
  deviceSubscription,
  PushPermissionError,
  pushSupported,
  subscribeDevice,
  unsubscribeDevice,
} from '@/pwa/push-device';

type DeviceState = 'checking' | 'off' | 'on';

/**
 * Notifications on this device (issue 29, decision 0154): the opt-in switch (permission,
 * pushManager.subscribe, the subscription sent with the app's language) and, when on, one
 * switch per kind. Its own lazy chunk of the profile page.
 */
export function NotificationsSection() {
  const { t } = useI18n();
  const titleId = useId();
  const supported = pushSupported();
  return (
    <section className="card notifications" aria-labelledby={titleId} data-testid="notifications">
      <h2 id={titleId} className="notifications__title">
        {t('notifications.title')}
      </h2>
      {supported ? (
        <DeviceSwitches />
      ) : (
        <p className="muted" data-testid="notifications-unsupported">
          {t('notifications.unsupported')}
        </p>
      )}
    </section>
  );
}

function DeviceSwitches() {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const [device, setDevice] = useState<DeviceState>('checking');
  const [permission, setPermission] = useState(() => Notification.permission);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    void deviceSubscription()
      .then((subscription) => {
        if (!live) return;
        // (The member shell has sent a subscribed device again for this session and language:
        // push-device.ts sendDeviceAgain.)
        setDevice(subscription ? 'on' : 'off');
      })
      .catch(() => live && setDevice('off'));
    return () => {
      live = false;
    };
  }, []);

  // Not disabled while working (a disabled switch loses the keyboard's focus): a second
  // press waits for the first.
  const toggle = async (on: boolean) => {
    if (working) return;
    setError('');
    setWorking(true);
    try {
      if (on) {
        const config = await queryClient.fetchQuery(pushConfigQuery);
        await subscribeDevice(config.publicKey, locale);
        await queryClient.invalidateQueries({ queryKey: ['push', 'preferences'] });
      } else {
        await unsubscribeDevice();
      }
      setDevice(on ? 'on' : 'off');
    } catch (failure) {
      if (failure instanceof PushPermissionError) setPermission(failure.permission);
      else setError(`${t('notifications.failed')} ${errorMessage(failure)}`);
    } finally {
      setWorking(false);
    }
  };

  const denied = permission === 'denied';
  return (
    <>
      <p className="muted">{t('notifications.hint')}</p>
      <CheckboxField
        role="switch"
        label={t('notifications.device')}
        checked={device === 'on'}
        disabled={device === 'checking' || (denied && device !== 'on')}
        aria-busy={working || undefined}
        onChange={(event) => void toggle(event.target.checked)}
        data-testid="notifications-device"
      />
      {denied && device !== 'on' ? (
        <p className="notifications__note" data-testid="notifications-denied">
          {t('notifications.denied')}
        </p>
      ) : null}
      <p role="status" className="muted" data-testid="notifications-working">
        {working ? t('notifications.working') : ''}
      </p>
      <p role="alert" className="form__error" data-testid="notifications-error">
        {error}
      </p>
      {device === 'on' ? <KindSwitches /> : null}
    </>
  );
}

function KindSwitches() {
  const { t } = useI18n();
  const preferences = usePushPreferences(true);
  const save = useSetPushPreferences();
  if (preferences.isPending) return null;
  if (preferences.isError)
    return (
      <p role="alert" className="form__error">
        {t('notifications.loadFailed')} {errorMessage(preferences.error)}
      </p>
    );
  const current = preferences.data.preferences;
  const set = (kind: PushKind, on: boolean) => {
    if (!save.isPending) save.mutate({ preferences: { ...current, [kind]: on } });
  };
  return (
    <fieldset className="notifications__kinds" data-testid="notifications-kinds">
      <legend>{t('notifications.kindsLegend')}</legend>
      {PUSH_KINDS.map((kind) => (
        <CheckboxField
          key={kind}
          role="switch"
          label={t(`notifications.kinds.${kind}`)}
          checked={current[kind]}
          aria-busy={save.isPending || undefined}
          onChange={(event) => set(kind, event.target.checked)}
          data-testid={`notifications-kind-${kind}`}
        />
      ))}
      {save.isError ? (
        <p role="alert" className="form__error" data-testid="notifications-kinds-error">
          {t('notifications.failed')} {errorMessage(save.error)}
        </p>
      ) : null}
    </fieldset>
  );
}

export default NotificationsSection;
