import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordDetail, RecordRow } from '../../../contracts/records';
import type { EditedLine } from '../../../contracts/transcription';
import { useSession } from '../../lib/session';
import { fetchUploadLanguages } from '../upload/api';
import { addTranslation, fetchMedia, fetchRecordDetail, fetchWords, refreshRecord, saveLines, translateAgain } from './api';
import { DETAIL_POLL_MS, isLocked } from '../records/status';
import { UPLOAD_LANGUAGES_KEY, detailKey, mediaKey, wordsKey } from '../../lib/query-keys';

export function useRecordDetail(id: number | null) {
  const hasAccount = useSession((s) => s.userInfo !== null);
  return useQuery({
    queryKey: detailKey(id ?? 0),
    queryFn: () => fetchRecordDetail(id!),
    enabled: id !== null && hasAccount,
    // Also while lines are translated again after an edit: their new translations appear by themselves.
    refetchInterval: ({ state: { data } }) => (data && (isLocked(data.record.status) || data.lines.some((l) => l.translating)) ? DETAIL_POLL_MS : false),
  });
}

/**
 * The player's signed URL. Never refreshed on its own: a new URL would restart playback, and the signature
 * outlives a listening session; the player asks again when the media fails to load.
 */
export function useRecordMedia(id: number) {
  return useQuery({
    queryKey: mediaKey(id),
    queryFn: () => fetchMedia(id),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The word timings of a finished record; they never change once the record is assembled. */
export function useRecordWords(id: number, ready: boolean) {
  return useQuery({ queryKey: wordsKey(id), queryFn: () => fetchWords(id), enabled: ready, staleTime: Infinity, retry: false });
}

/** The record as a call answered it, at once: the status shown and the polling follow without waiting. */
function useSetRecord(id: number) {
  const queryClient = useQueryClient();
  return (record: RecordRow) => queryClient.setQueryData<RecordDetail>(detailKey(id), (old) => old && { ...old, record });
}

/** The caller marks its lines saved before announcing the change, so the reload finds nothing unsaved. */
export function useSaveTranscript(id: number) {
  return useMutation({ mutationFn: (lines: EditedLine[]) => saveLines(id, lines) });
}

export function useRetryRecord(id: number, changed: () => Promise<void>) {
  const setRecord = useSetRecord(id);
  return useMutation({
    mutationFn: () => refreshRecord(id),
    onSuccess: (record) => {
      setRecord(record);
      return changed();
    },
  });
}

export function useAddTranslation(id: number, changed: () => Promise<void>) {
  const setRecord = useSetRecord(id);
  return useMutation({
    mutationFn: (language: string) => addTranslation(id, language),
    onSuccess: (record) => {
      setRecord(record);
      return changed();
    },
  });
}

/** "Translate again" for some lines (`lineIds`) or, with none, the whole record; the reload shows them updating. */
export function useTranslateAgain(id: number, changed: () => Promise<void>) {
  return useMutation({
    mutationFn: (lineIds: number[]) => translateAgain({ id, lineIds }),
    onSuccess: () => changed(),
  });
}

/**
 * Languages a transcript can be translated into: the file-transcription list's targets (the same list the
 * upload dialog offers), without the record's own language.
 */
export function useTranslationTargets(audioLanguage: string) {
  const languages = useQuery({ queryKey: UPLOAD_LANGUAGES_KEY, queryFn: fetchUploadLanguages });
  return { ...languages, targets: languages.data?.translation.filter((l) => l.code !== audioLanguage) ?? [] };
}
