import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordDetail, SubtitleLine } from '../../contracts/records';
import type { VoiceProfile } from '../../contracts/voices';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import { openPopup } from './helpers/popup';
import { askPanelReply, fail, ok, recordRow } from './helpers/records';
import { renderAt } from './helpers/render-app';

/** Voice profiles in the web app: saving a named speaker's voice from the record page, and the settings list. */
const server = useApiServer();
useFakeApp(server, fakeApi);
const ID = 7;
let voices: VoiceProfile[];
let identify: boolean;

const line = (id: number, start: number, speaker: string): SubtitleLine => ({
  id,
  seq: id - 1,
  start,
  end: start + 4000,
  text: `Line ${id}.`,
  speaker,
  translations: {},
});
const detail = (): RecordDetail => ({ record: recordRow(ID, { name: 'Weekly sync', duration: 20 }), lines: [line(1, 0, 'Anna'), line(2, 5000, 'Speaker 2')] });
const voice = (id: number, name: string): VoiceProfile => ({ id, name, seconds: 42, consentedAt: 0, createdAt: 0, updatedAt: 0 });

function fakeApi({ url, method, body }: RecordedRequest): Reply {
  const path = url.pathname.replace('/prod-api', '');
  switch (`${method} ${path}`) {
    case 'GET /speech/audio/transcribe/getTrans':
      return ok(detail());
    case 'GET /speech/audio/transcribe/media':
      return ok({ url: 'http://127.0.0.1:1/media/clip.mp3', kind: 'audio' });
    case 'GET /speech/audio/transcribe/words':
      return ok({ lines: [] });
    case 'POST /ai/ai/queryMediaSummary':
      return ok({ recordId: ID, status: 'none', errorReason: null, summary: null, stale: false, generatedAt: null });
    case 'POST /voices': {
      const { name } = JSON.parse(body) as { name: string };
      voices = [...voices, voice(9, name)];
      return ok({ id: 9, name });
    }
    case 'GET /voices':
      return ok(voices);
    case 'GET /voices/settings':
      return ok({ identify });
    case 'PUT /voices/settings':
      identify = (JSON.parse(body) as { identify: boolean }).identify;
      return ok({ identify });
    case 'DELETE /voices/3':
      voices = voices.filter((v) => v.id !== 3);
      return ok(null);
    case 'GET /auth/loginOptions':
      return ok({ google: false, wechat: false, phone: false, email: true });
    default:
      return askPanelReply(path) ?? fail(404, `No route ${method} ${path}`);
  }
}

const calls = (method: string, path: string) => server.requests.filter((r) => r.method === method && r.url.pathname === `/prod-api${path}`);

beforeEach(() => {
  voices = [voice(3, 'Anna'), voice(4, 'Ben')];
  identify = true;
});

describe('voice profiles', () => {
  it('offers to save only a speaker someone named, says what is stored, and saves it from the record', async () => {
    renderAt(`/meetingDetail?id=${ID}`);
    const speakers = await screen.findByTestId('detail-speakers', {}, { timeout: 20_000 });
    await waitFor(() => expect(within(speakers).getAllByTestId('detail-speaker-save-voice')).toHaveLength(1));
    expect(speakers.querySelector('[data-speaker="Speaker 2"] [data-testid="detail-speaker-save-voice"]')).toBeNull();
    fireEvent.click(within(speakers).getByTestId('detail-speaker-save-voice'));
    const confirm = await openPopup('.ant-popover');
    expect(confirm.textContent).toContain('Only a voiceprint of this speaker (numbers describing the voice, not audio) is stored');
    // Nothing is saved until the user confirms that the person agreed.
    const ok = within(confirm).getByTestId('detail-speaker-save-voice-ok');
    expect(ok).toHaveProperty('disabled', true);
    fireEvent.click(ok);
    fireEvent.click(within(confirm).getByText('This person agreed that their voice may be saved.'));
    await waitFor(() => expect(ok).toHaveProperty('disabled', false));
    fireEvent.click(ok);
    await waitFor(() =>
      expect(calls('POST', '/voices').map((r) => JSON.parse(r.body))).toEqual([{ recordId: ID, speaker: 'Anna', name: 'Anna', consent: true }]),
    );
  });

  it('lists the saved voices in settings, turns naming off, and deletes a voice', async () => {
    renderAt('/user/profile');
    const card = await screen.findByTestId('voices-card', {}, { timeout: 20_000 });
    await waitFor(() =>
      expect(
        within(card)
          .getAllByTestId('voice-row')
          .map((r) => r.getAttribute('data-voice')),
      ).toEqual(['Anna', 'Ben']),
    );
    expect(card.textContent).toContain('never audio');

    const toggle = within(card).getByTestId('voices-identify');
    // The switch shows the account's setting once it has loaded (and is busy until then).
    await waitFor(() => expect(toggle.classList.contains('ant-switch-loading')).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(calls('PUT', '/voices/settings').map((r) => JSON.parse(r.body))).toEqual([{ identify: false }]));

    fireEvent.click(within(card).getAllByTestId('voice-delete')[0]!);
    fireEvent.click(await screen.findByTestId('voice-delete-confirm'));
    await waitFor(() =>
      expect(
        within(card)
          .getAllByTestId('voice-row')
          .map((r) => r.getAttribute('data-voice')),
      ).toEqual(['Ben']),
    );
    expect(calls('DELETE', '/voices/3')).toHaveLength(1);
  });
});
