import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VOICES_KEY, VOICE_SETTINGS_KEY } from '../../lib/query-keys';
import { deleteVoice, fetchVoiceSettings, fetchVoices, mergeVoices, putVoiceSettings, renameVoice, saveVoice } from './api';

export const useVoices = () => useQuery({ queryKey: VOICES_KEY, queryFn: fetchVoices });
export const useVoiceSettings = () => useQuery({ queryKey: VOICE_SETTINGS_KEY, queryFn: fetchVoiceSettings });

/** Every change to the profiles refreshes the list (and the switch, which shares its key prefix). */
function useVoiceChange<A>(change: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: VOICES_KEY }) });
}

export const useSaveVoice = () => useVoiceChange(saveVoice);
export const useRenameVoice = () => useVoiceChange(({ id, name }: { id: number; name: string }) => renameVoice(id, name));
export const useMergeVoices = () => useVoiceChange(({ from, into }: { from: number; into: number }) => mergeVoices(from, into));
export const useDeleteVoice = () => useVoiceChange(deleteVoice);
export const useSetVoiceSettings = () => useVoiceChange(putVoiceSettings);
