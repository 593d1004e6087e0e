import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXPORT_CONTENTS, EXPORT_FORMATS } from '../../../contracts/record-vocabulary';
import type { ExportContent, ExportFormat } from '../../../contracts/record-vocabulary';
import type { SharedRecord } from '../../../contracts/records';
import { SUMMARY_EXPORT_FORMATS } from '../../../contracts/record-vocabulary';
import type { SummaryExportFormat } from '../../../contracts/record-vocabulary';
import { downloadShared } from './api';
import { sharedViewPath } from './links';
import { SharedHeading, SharedLoader } from './SharedRecord';
import './shared-record.css';
import { useFeedback } from '../../lib/feedback';

/**
 * /meetingShareDownload: a shared record's transcript (text, subtitles or Word; original, translation or both)
 * and its minutes (Word or Markdown) as files, for anyone holding the share link, with no account. Files are
 * handed out only when the owner allows copies; otherwise the page says so and leads to the read-only view.
 */
export function SharedDownload({ token }: { token: string }) {
  return <SharedLoader token={token}>{(record) => <Downloads token={token} record={record} />}</SharedLoader>;
}

function Downloads({ token, record }: { token: string; record: SharedRecord }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [format, setFormat] = useState<ExportFormat>('docx');
  const [content, setContent] = useState<ExportContent>('source');
  const [busy, setBusy] = useState<string | null>(null);
  const translated = record.translationLanguage !== null && record.lines.some((l) => l.translations[record.translationLanguage!]);

  const save = async (key: string, run: () => Promise<string>) => {
    setBusy(key);
    try {
      void message.success(t('export.saved', { name: await run() }));
    } catch {
      // The request layer showed why.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card variant="borderless" className="shared-record" data-testid="shared-download">
      <SharedHeading record={record}>
        <Link to={sharedViewPath(token)} data-testid="shared-download-view">
          <Button icon={<EyeOutlined />}>{t('sharedDownload.viewOnline')}</Button>
        </Link>
      </SharedHeading>

      {!record.allowCopy ? (
        <Alert type="info" showIcon message={t('sharedDownload.notAllowed')} data-testid="shared-download-blocked" />
      ) : (
        <div className="shared-downloads">
          <section className="shared-download-part" aria-labelledby="shared-download-transcript">
            <h2 id="shared-download-transcript">{t('sharedDownload.transcript')}</h2>
            {record.lines.length === 0 ? (
              <p className="shared-download-none">{t('sharedPage.noLines')}</p>
            ) : (
              <>
                <Radio.Group
                  value={format}
                  onChange={(e) => setFormat(e.target.value as ExportFormat)}
                  optionType="button"
                  options={EXPORT_FORMATS.map((f) => ({ value: f, label: t(`export.formats.${f}`) }))}
                  data-testid="shared-download-format"
                />
                {translated && (
                  <Radio.Group
                    value={content}
                    onChange={(e) => setContent(e.target.value as ExportContent)}
                    optionType="button"
                    options={EXPORT_CONTENTS.map((c) => ({ value: c, label: t(`export.contents.${c}`) }))}
                  />
                )}
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  loading={busy === 'transcript'}
                  onClick={() => void save('transcript', () => downloadShared({ token, what: 'transcript', format, content: translated ? content : 'source' }))}
                  data-testid="shared-download-transcript"
                >
                  {t('sharedDownload.downloadTranscript')}
                </Button>
              </>
            )}
          </section>
          <section className="shared-download-part" aria-labelledby="shared-download-summary">
            <h2 id="shared-download-summary">{t(record.type === 'meeting' ? 'sharedDownload.minutes' : 'sharedDownload.summary')}</h2>
            {record.hasSummary ? (
              <Space wrap>
                {SUMMARY_EXPORT_FORMATS.map((f: SummaryExportFormat) => (
                  <Button
                    key={f}
                    icon={<DownloadOutlined />}
                    loading={busy === f}
                    onClick={() => void save(f, () => downloadShared({ token, what: 'summary', format: f }))}
                    data-testid={`shared-download-summary-${f}`}
                  >
                    {t(`summary.formats.${f}`)}
                  </Button>
                ))}
              </Space>
            ) : (
              <p className="shared-download-none">{t('sharedDownload.noSummary')}</p>
            )}
          </section>
        </div>
      )}
    </Card>
  );
}
