import { Result } from 'antd';
import type { ReactNode } from 'react';
import { PageTitle } from '../../components/PageTitle';

export interface MeetingOutcomeProps {
  status: 'success' | 'warning' | 'error' | 'info' | '404';
  title: string;
  description?: string;
  extra?: ReactNode;
  testId: string;
}

/** A page-sized outcome: the meeting is over, a link no longer works, a code is unknown. Loaded by MeetingStates. */
export default function MeetingOutcome({ status, title, description, extra, testId }: MeetingOutcomeProps) {
  return (
    <div className="meeting-outcome" data-testid={testId}>
      <Result status={status} title={<PageTitle>{title}</PageTitle>} subTitle={description} extra={extra} />
    </div>
  );
}
