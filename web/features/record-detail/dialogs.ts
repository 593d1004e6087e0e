import { lazyDialog } from '../../lib/lazy-dialog';

/** The record page's dialogs (also the dubbing editor's speaker rename): each loads the first time it is shown. */
export const AddTranslationDialog = lazyDialog(() => import('./AddTranslationDialog').then((m) => ({ default: m.AddTranslationDialog })));
export const SpeakerNameDialog = lazyDialog(() => import('./SpeakerNameDialog').then((m) => ({ default: m.SpeakerNameDialog })));
