import { Card } from 'antd';
import type { ReactNode } from 'react';
import type { MeetingStatus } from '../../../contracts/meeting';
import { PageTitle } from '../../components/PageTitle';
import { StatusTag } from '../records/RecordTags';

/** A live meeting's title card, on the host's console and a participant's view alike: name, status, what else the screen tells about it (`meta`), and its controls. */
export function MeetingHead({ name, status, meta, children }: { name: string; status: MeetingStatus; meta?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="borderless" className="meeting-head">
      <div className="meeting-head-main">
        <PageTitle>{name}</PageTitle>
        <div className="meeting-meta">
          <StatusTag status={status} />
          {meta}
        </div>
      </div>
      {children}
    </Card>
  );
}
