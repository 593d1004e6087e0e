import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiKeySummary, CreatedApiKey } from '../../../contracts/api-keys';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../contracts/api-paths';
import { Checkbox } from '../../components/Checkbox';
import { Empty } from '../../components/Empty';
import { useFeedback } from '../../lib/feedback';
import { PATHS } from '../../lib/paths';
import { API_KEYS_KEY } from '../../lib/query-keys';
import { CopyLink } from '../meeting/CopyLink';
import { createApiKey, fetchApiKeys, revokeApiKey } from './api';
import './api-keys.css';

// A scope's name holds a colon (`records:read`), which i18next would otherwise read as a namespace.
const NO_NAMESPACE = { nsSeparator: false } as const;
const when = (time: number) => dayjs(time).format('YYYY-MM-DD HH:mm');

/**
 * The settings card for personal API keys: make one with a name and scopes (its key is shown this once, to
 * copy), see each with its last use, revoke one. Guests never see it: their profile page asks them to sign in.
 */
export function ApiKeysCard() {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const client = useQueryClient();
  const keys = useQuery({ queryKey: API_KEYS_KEY, queryFn: fetchApiKeys });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const revoke = useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => {
      void message.success(t('apiKeys.revoked'));
      void client.invalidateQueries({ queryKey: API_KEYS_KEY });
    },
  });
  const confirmRevoke = (key: ApiKeySummary) =>
    modal.confirm({
      title: t('apiKeys.revokeTitle', { name: key.name }),
      content: t('apiKeys.revokeText'),
      okText: t('apiKeys.revoke'),
      okButtonProps: { danger: true, 'data-testid': 'api-key-revoke-ok' },
      cancelText: t('apiKeys.cancel'),
      onOk: () => revoke.mutateAsync(key.id),
    });

  return (
    <Card
      title={t('apiKeys.title')}
      variant="borderless"
      className="section-card"
      data-testid="api-keys"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="api-key-create">
          {t('apiKeys.create')}
        </Button>
      }
    >
      <p className="api-keys-intro">
        {t('apiKeys.intro')} <Link to={PATHS.developers}>{t('apiKeys.reference')}</Link>
      </p>
      {keys.data?.length === 0 && <Empty description={t('apiKeys.none')} />}
      <ul className="api-keys-list">
        {keys.data?.map((key) => (
          <li key={key.id} className="security-row api-key-row" data-testid="api-key-row">
            <span className="security-icon">
              <KeyOutlined />
            </span>
            <div className="security-text">
              <span className="security-label">
                {key.name} <code>{key.prefix}…</code>
              </span>
              <span className="security-value">{key.scopes.map((scope) => t(`apiKeys.scopes.${scope}`, NO_NAMESPACE)).join(' · ')}</span>
              <span className="security-value" data-testid="api-key-used">
                {key.revokedTime
                  ? t('apiKeys.revokedAt', { date: when(key.revokedTime) })
                  : key.lastUsedTime
                    ? t('apiKeys.lastUsed', { date: when(key.lastUsedTime) })
                    : t('apiKeys.neverUsed')}
              </span>
            </div>
            {!key.revokedTime && (
              <Button danger onClick={() => confirmRevoke(key)} data-testid="api-key-revoke">
                {t('apiKeys.revoke')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            void client.invalidateQueries({ queryKey: API_KEYS_KEY });
          }}
        />
      )}
      {created && (
        // Unmounted, not hidden, once closed: the key leaves the page with the dialog.
        <Modal
          open
          title={t('apiKeys.createdTitle')}
          onCancel={() => setCreated(null)}
          footer={
            <Button type="primary" onClick={() => setCreated(null)} data-testid="api-key-done">
              {t('apiKeys.done')}
            </Button>
          }
        >
          <Alert type="warning" showIcon message={t('apiKeys.shownOnce')} className="api-key-once" />
          <CopyLink link={created.key} testId="api-key-value" />
        </Modal>
      )}
    </Card>
  );
}

interface KeyForm {
  name: string;
}

function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: CreatedApiKey) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<KeyForm>();
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['records:read', 'transcribe']);
  const create = useMutation({ mutationFn: createApiKey, onSuccess: onCreated });
  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)));
  const submit = ({ name }: KeyForm) => create.mutate({ name, scopes });

  return (
    <Modal
      open
      title={t('apiKeys.create')}
      onCancel={onClose}
      okText={t('apiKeys.createOk')}
      cancelText={t('apiKeys.cancel')}
      okButtonProps={{ disabled: scopes.length === 0, loading: create.isPending, 'data-testid': 'api-key-create-ok' }}
      onOk={() => form.submit()}
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="name" label={t('apiKeys.name')} rules={[{ required: true, whitespace: true, max: 60, message: t('apiKeys.nameRule') }]}>
          <Input placeholder={t('apiKeys.namePlaceholder')} maxLength={60} data-testid="api-key-name" />
        </Form.Item>
        <fieldset className="api-key-scopes">
          <legend>{t('apiKeys.scopesLabel')}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <Checkbox key={scope} checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} data-testid={`api-key-scope-${scope}`}>
              <span className="api-key-scope">
                <strong>{t(`apiKeys.scopes.${scope}`, NO_NAMESPACE)}</strong> <code>{scope}</code>
                <span>{t(`apiKeys.scopeHints.${scope}`, NO_NAMESPACE)}</span>
              </span>
            </Checkbox>
          ))}
        </fieldset>
      </Form>
    </Modal>
  );
}
