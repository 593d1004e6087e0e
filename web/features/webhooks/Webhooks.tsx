import { Button, Card, Input, Modal, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookEvent } from '../../../contracts/webhooks';
import { Checkbox } from '../../components/Checkbox';
import { Tag } from '../../components/Tag';
import { useFeedback } from '../../lib/feedback';
import {
  WEBHOOKS_KEY,
  createEndpoint,
  deliveriesKey,
  enableEndpoint,
  fetchDeliveries,
  fetchEndpoints,
  removeEndpoint,
  replayDelivery,
  rotateSecret,
} from './api';
import './webhooks.css';

/** Each event's description (i18next reads a dot as a level, so the keys use an underscore). */
const EVENT_TEXT = {
  'transcription.completed': 'webhooks.events.transcription_completed',
  'transcription.failed': 'webhooks.events.transcription_failed',
  'summary.ready': 'webhooks.events.summary_ready',
  'dubbing.completed': 'webhooks.events.dubbing_completed',
  'dubbing.failed': 'webhooks.events.dubbing_failed',
  'meeting.ended': 'webhooks.events.meeting_ended',
  'minutes.ready': 'webhooks.events.minutes_ready',
} as const satisfies Record<WebhookEvent, string>;

/**
 * Webhooks in the profile (docs/webhooks.md): the user's endpoints, adding one (its URL and events), its signing
 * secret shown once (on adding and on rotating), removing, enabling a disabled one, and each endpoint's recent
 * deliveries with their answers and a replay.
 */
export function Webhooks() {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const client = useQueryClient();
  const endpoints = useQuery({ queryKey: WEBHOOKS_KEY, queryFn: fetchEndpoints });
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: WEBHOOKS_KEY });

  const rotate = useMutation({ mutationFn: rotateSecret, onSuccess: (made) => setSecret(made.secret) });
  const enable = useMutation({ mutationFn: enableEndpoint, onSuccess: refresh });
  const remove = useMutation({ mutationFn: removeEndpoint, onSuccess: refresh });

  const confirmRemove = (endpoint: WebhookEndpoint) =>
    void modal.confirm({
      title: t('webhooks.removeTitle'),
      content: endpoint.url,
      okText: t('webhooks.remove'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(endpoint.id).catch(() => {}),
    });
  const confirmRotate = (endpoint: WebhookEndpoint) =>
    void modal.confirm({
      title: t('webhooks.rotateTitle'),
      content: t('webhooks.rotateBody'),
      okText: t('webhooks.rotate'),
      onOk: () => rotate.mutateAsync(endpoint.id).catch(() => {}),
    });

  return (
    <Card
      title={t('webhooks.title')}
      variant="borderless"
      className="section-card webhooks"
      extra={
        !adding && (
          <Button type="primary" onClick={() => setAdding(true)} data-testid="webhook-add">
            {t('webhooks.add')}
          </Button>
        )
      }
    >
      <p className="webhooks-intro">{t('webhooks.intro')}</p>
      {adding && (
        <AddEndpoint
          onDone={(made) => {
            setAdding(false);
            if (made) {
              setSecret(made);
              void refresh();
            }
          }}
        />
      )}
      {endpoints.data?.length === 0 && !adding && <p className="webhooks-empty">{t('webhooks.empty')}</p>}
      <ul className="webhooks-list">
        {endpoints.data?.map((endpoint) => (
          <li key={endpoint.id} className="webhook" data-testid={`webhook-${endpoint.id}`}>
            <div className="webhook-head">
              <span className="webhook-url">{endpoint.url}</span>
              {endpoint.disabled ? (
                <Tag color="error">{t('webhooks.disabled')}</Tag>
              ) : endpoint.failingSince ? (
                <Tag color="warning">{t('webhooks.failing')}</Tag>
              ) : null}
            </div>
            <div className="webhook-events">
              {endpoint.events.map((event) => (
                <code key={event}>{event}</code>
              ))}
            </div>
            <div className="webhook-actions">
              <Button size="small" onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)} data-testid={`webhook-deliveries-${endpoint.id}`}>
                {t('webhooks.deliveries')}
              </Button>
              <Button size="small" onClick={() => confirmRotate(endpoint)} data-testid={`webhook-rotate-${endpoint.id}`}>
                {t('webhooks.rotate')}
              </Button>
              {endpoint.disabled && (
                <Button size="small" onClick={() => enable.mutate(endpoint.id)} data-testid={`webhook-enable-${endpoint.id}`}>
                  {t('webhooks.enable')}
                </Button>
              )}
              <Button size="small" danger onClick={() => confirmRemove(endpoint)} data-testid={`webhook-remove-${endpoint.id}`}>
                {t('webhooks.remove')}
              </Button>
            </div>
            {open === endpoint.id && <Deliveries endpoint={endpoint} />}
          </li>
        ))}
      </ul>
      <Modal
        open={secret !== null}
        destroyOnHidden
        title={t('webhooks.secretTitle')}
        onCancel={() => setSecret(null)}
        footer={<Button onClick={() => setSecret(null)}>{t('webhooks.secretDone')}</Button>}
      >
        <p>{t('webhooks.secretOnce')}</p>
        <Typography.Paragraph copyable code className="webhook-secret" data-testid="webhook-secret">
          {secret}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}

/** The form that registers an endpoint; `onDone` gets the new secret, or null when cancelled. */
function AddEndpoint({ onDone }: { onDone: (secret: string | null) => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const create = useMutation({ mutationFn: createEndpoint, onSuccess: (made) => onDone(made.secret) });
  const toggle = (event: WebhookEvent, on: boolean) => setEvents((now) => (on ? [...now, event] : now.filter((e) => e !== event)));
  return (
    <form
      className="webhook-form"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ url: url.trim(), events });
      }}
    >
      <Input
        type="url"
        required
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        placeholder="https://example.com/webhooks/tingyi"
        aria-label={t('webhooks.url')}
        data-testid="webhook-url"
      />
      <fieldset className="webhook-event-choices">
        <legend>{t('webhooks.eventsLabel')}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox key={event} checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} data-testid={`webhook-event-${event}`}>
            <code>{event}</code> {t(EVENT_TEXT[event])}
          </Checkbox>
        ))}
      </fieldset>
      <div className="webhook-actions">
        <Button type="primary" htmlType="submit" loading={create.isPending} disabled={!url.trim() || events.length === 0} data-testid="webhook-save">
          {t('webhooks.save')}
        </Button>
        <Button onClick={() => onDone(null)}>{t('webhooks.cancel')}</Button>
      </div>
    </form>
  );
}

/** An endpoint's recent deliveries, newest first, each with its last answer and a replay. */
function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const deliveries = useQuery({ queryKey: deliveriesKey(endpoint.id), queryFn: () => fetchDeliveries(endpoint.id) });
  const replay = useMutation({
    mutationFn: (deliveryId: string) => replayDelivery(endpoint.id, deliveryId),
    onSuccess: () => client.invalidateQueries({ queryKey: deliveriesKey(endpoint.id) }),
  });
  if (deliveries.data?.length === 0) return <p className="webhooks-empty">{t('webhooks.noDeliveries')}</p>;
  return (
    <ul className="webhook-deliveries">
      {deliveries.data?.map((d) => (
        <li key={d.id} data-testid={`delivery-${d.id}`}>
          <div className="webhook-head">
            <code>{d.event}</code>
            <Tag color={d.status === 'delivered' ? 'success' : d.status === 'failed' ? 'error' : 'processing'}>{t(`webhooks.status.${d.status}`)}</Tag>
          </div>
          <div className="delivery-meta">
            {new Date(d.createdAt).toLocaleString(i18n.language)} · {t('webhooks.attempts', { count: d.attempts })}
            {d.lastStatus !== null && ` · ${d.lastStatus === 0 ? t('webhooks.noAnswer') : `HTTP ${d.lastStatus}`}`}
          </div>
          {d.lastAnswer && <div className="delivery-answer">{d.lastAnswer}</div>}
          <Button
            size="small"
            disabled={endpoint.disabled}
            loading={replay.isPending && replay.variables === d.id}
            onClick={() => replay.mutate(d.id)}
            data-testid={`replay-${d.id}`}
          >
            {t('webhooks.replay')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
