import { Card, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MEETING } from '../../../contracts/meeting';
import { PageTitle } from '../../components/PageTitle';
import { castPath } from './links';

/** /cast without a code: the six digits the host's console shows; the last digit opens the screen. */
export function CastCodeEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card className="cast-entry" variant="borderless" data-testid="cast-entry">
      <PageTitle>{t('meeting.projection.enterTitle')}</PageTitle>
      <p className="meeting-hint">{t('meeting.projection.enterHint')}</p>
      <Input.OTP
        length={MEETING.screenCodeLength}
        size="large"
        autoFocus
        // Only digits count: anything else typed or pasted is dropped (spaces mark the cells still empty).
        formatter={(value) => value.replace(/[^\d ]/g, '')}
        onChange={(code) => {
          if (/^\d+$/.test(code) && code.length === MEETING.screenCodeLength) void navigate(castPath(code));
        }}
        aria-label={t('meeting.projection.enterTitle')}
        data-testid="cast-code"
      />
    </Card>
  );
}
