import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, apiPath } from '../../contracts/api-paths';
import { post } from '../lib/request';
import { ACCOUNT_DETAIL_KEY } from '../lib/query-keys';
import { refreshPermissions } from '../lib/permissions';
import { useFeedback } from '../lib/feedback';

/** Card-code redemption (spec §2, §5, §8): trimmed code, button disabled while empty; failures toast in the request layer. */
export function CardExchangeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const trimmed = code.trim();

  const exchange = useMutation({
    mutationFn: (cardCode: string) => post(apiPath(API.expense.exchangeCardPassword, { code: cardCode })),
    onSuccess: () => {
      void message.success(t('cardExchange.success'));
      // The redeemed package changes balances and may change what the plan allows.
      void queryClient.invalidateQueries({ queryKey: ACCOUNT_DETAIL_KEY });
      void refreshPermissions();
      setCode('');
      onClose();
    },
  });

  const submit = () => {
    if (trimmed && !exchange.isPending) exchange.mutate(trimmed);
  };

  return (
    <Modal open={open} onCancel={onClose} title={t('cardExchange.title')} footer={null} width={420} destroyOnHidden>
      <p className="dialog-hint">{t('cardExchange.hint')}</p>
      <Input
        size="large"
        value={code}
        placeholder={t('cardExchange.placeholder')}
        onChange={(event) => setCode(event.target.value)}
        onPressEnter={submit}
        autoFocus
        data-testid="card-code-input"
      />
      <Button
        type="primary"
        size="large"
        block
        className="dialog-submit"
        disabled={!trimmed}
        loading={exchange.isPending}
        onClick={submit}
        data-testid="card-code-submit"
      >
        {t('cardExchange.submit')}
      </Button>
    </Modal>
  );
}
