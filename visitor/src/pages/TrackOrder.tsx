import { useState, type ComponentProps, type FormEvent } from 'react';
import type { Brand } from '@app/domain/brands';
import { noticeFor, trackOrder } from '../api';
import { NoticeBox } from '../components/NoticeBox';
import { useI18n, type MessageKey } from '../i18n';
import type { Notice } from '../notice';
import { arrivalNotice, detailsPath, navigate } from '../router';
import { saveToken } from '../session';
import { usePageTitle } from './usePageTitle';

type Field = 'orderId' | 'email';

/** /track-order/{orderId}: order id (prefilled from the link) and email, then the download page. */
export function TrackOrder({ orderId: linkedId, brand }: { orderId: number | null; brand: Brand }) {
  const { t } = useI18n();
  usePageTitle('trackTitle');
  const [orderId, setOrderId] = useState(linkedId === null ? '' : String(linkedId));
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, MessageKey>>>({});
  const [notice, setNotice] = useState<Notice | undefined>(arrivalNotice);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<Field, MessageKey>> = {};
    if (!orderId.trim()) found.orderId = 'orderIdRequired';
    if (!email.trim()) found.email = 'emailRequired';
    setErrors(found);
    setNotice(undefined);
    if (found.orderId || found.email) {
      event.currentTarget.querySelector<HTMLInputElement>(`#${found.orderId ? 'orderId' : 'email'}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const tracked = await trackOrder(orderId.trim(), email.trim());
      saveToken(tracked.orderId, tracked.token);
      navigate(detailsPath(tracked.orderId));
    } catch (error) {
      setNotice(noticeFor(error, 'notFound'));
      setBusy(false);
    }
  };

  const field = (name: Field, label: MessageKey, input: ComponentProps<'input'>) => (
    <div className="field">
      <label htmlFor={name}>{t(label)}</label>
      <input
        id={name}
        name={name}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `${name}-error` : undefined}
        {...input}
      />
      {errors[name] && (
        <p id={`${name}-error`} className="field-error">
          {t(errors[name])}
        </p>
      )}
    </div>
  );

  return (
    <section className="card" aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>
        {t('trackTitle')}
      </h1>
      <p>{t('trackIntro')}</p>
      <form noValidate onSubmit={submit}>
        {field('orderId', 'orderIdLabel', {
          value: orderId,
          onChange: (e) => setOrderId(e.target.value),
          inputMode: 'numeric',
          autoComplete: 'off',
          maxLength: 32,
        })}
        {field('email', 'emailLabel', {
          value: email,
          onChange: (e) => setEmail(e.target.value),
          type: 'email',
          autoComplete: 'email',
          maxLength: 191,
        })}
        <NoticeBox notice={notice} testId="track-notice" />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('tracking') : t('trackButton')}
        </button>
      </form>
      <p className="support">
        {t('needHelp')} <a href={`mailto:${brand.supportEmail}`}>{t('contactSupport')}</a>
      </p>
    </section>
  );
}
