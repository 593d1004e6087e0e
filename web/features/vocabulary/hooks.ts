import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../contracts/engine-languages';
import { currentLocale } from '../../i18n';
import { useSession } from '../../lib/session';
import {
  editEntry,
  editLibrary,
  editVocabularyFolder,
  fetchLibraries,
  fetchLibrary,
  fetchVocabularyFolders,
  removeEntries,
  removeLibraries,
  removeVocabularyFolder,
} from './api';
import type { EntryQuery, LibraryQuery } from './api';
import { VOCABULARY_FOLDERS_KEY, VOCABULARY_KEY, librariesKey, libraryKey } from '../../lib/query-keys';

export function useLibraries(query: LibraryQuery) {
  const hasAccount = useSession((s) => s.userInfo !== null);
  return useQuery({ queryKey: librariesKey(query), queryFn: () => fetchLibraries(query), enabled: hasAccount, placeholderData: keepPreviousData });
}

export function useLibrary(query: EntryQuery | null) {
  return useQuery({
    queryKey: libraryKey(query ?? { id: 0, pageNum: 1, pageSize: 1 }),
    queryFn: () => fetchLibrary(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useVocabularyFolders() {
  const hasAccount = useSession((s) => s.userInfo !== null);
  return useQuery({ queryKey: VOCABULARY_FOLDERS_KEY, queryFn: fetchVocabularyFolders, enabled: hasAccount });
}

/** Every change can move a count, a name or a folder that several lists show: all vocabulary views reload. */
function useVocabularyMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: VOCABULARY_KEY }) });
}

export const useEditLibrary = () => useVocabularyMutation(editLibrary);
export const useRemoveLibraries = () => useVocabularyMutation(removeLibraries);
export const useEditEntry = () => useVocabularyMutation(editEntry);
export const useRemoveEntries = () => useVocabularyMutation(({ id, ids }: { id: number; ids: number[] }) => removeEntries(id, ids));
export const useEditVocabularyFolder = () => useVocabularyMutation(editVocabularyFolder);
export const useRemoveVocabularyFolder = () => useVocabularyMutation(removeVocabularyFolder);

/** Language choices for a library, named in the interface language. */
export function useLanguageOptions() {
  useTranslation(); // re-render on a language change
  const locale = currentLocale();
  return LANGUAGES.map((l) => ({ value: l.code, label: l.names[locale] ?? l.names['en-US'] }));
}

export function useLanguageName() {
  const options = useLanguageOptions();
  return useCallback((code: string | null) => (code ? (options.find((o) => o.value.toLowerCase() === code.toLowerCase())?.label ?? code) : ''), [options]);
}
