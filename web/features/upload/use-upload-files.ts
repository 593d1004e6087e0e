import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCAL_UPLOAD } from '../../../contracts/constants';
import { extensionOf } from '../../../contracts/upload-files';
import { isRequestError } from '../../lib/request';
import { TRANSCRIBE_UPLOAD, isUploadError, uploadMedia } from '../../lib/uploader';
import type { UploadTarget } from '../../lib/uploader';
import { removeUploads } from './api';
import { readDuration } from './duration';
import { useFeedback } from '../../lib/feedback';

/**
 * An upload dialog's file list (spec §4 local transcription dialog and dub upload, §5 upload rules): checks
 * what is added, uploads it at once, and deletes or cancels what is removed.
 */

/** What a dialog accepts; the two dialogs differ in limits and in how they word a refusal. */
export interface UploadRules {
  extensions: readonly string[];
  maxFiles: number;
  maxBytes: number;
  maxSeconds: number;
  /**
   * 'batch': a pick or drop of more files than the limit is refused whole (local upload); 'list': one that
   * would take the list past the limit is (dubbing).
   */
  countRule: 'batch' | 'list';
  /** A too large or too long file is refused naming both limits (dubbing), else naming the one exceeded. */
  bothLimits: boolean;
  /** Files of a picked folder are taken only this many path segments deep (folder/file is 2); null: any. */
  maxPathSegments: number | null;
  /** Percent shown at most until the server confirmed the file. */
  progressCap: number;
  target: UploadTarget;
}

export const LOCAL_RULES: UploadRules = {
  extensions: LOCAL_UPLOAD.extensions,
  maxFiles: LOCAL_UPLOAD.maxFiles,
  maxBytes: LOCAL_UPLOAD.maxBytes,
  maxSeconds: LOCAL_UPLOAD.maxSeconds,
  countRule: 'batch',
  bothLimits: false,
  maxPathSegments: null,
  progressCap: 99,
  target: TRANSCRIBE_UPLOAD,
};

export interface UploadItem {
  key: string;
  name: string;
  /** Seconds: read in the browser, then the server's probe once uploaded. */
  duration: number;
  /** 0–100; held below 100 until the server confirmed the file. */
  percent: number;
  /** The uploaded file's id on the server; null while uploading. */
  fileId: number | null;
  /** Taken over from an earlier session's upload (the recovery banner). */
  restored: boolean;
}

const MB = 1024 * 1024;

/** A size limit as people say it: "500 MB", "5 GB". */
export const formatLimit = (bytes: number) => (bytes >= 1024 * MB ? `${bytes / (1024 * MB)} GB` : `${bytes / MB} MB`);

export const baseName = (name: string) => name.replace(/\.[^./\\]+$/, '');

let nextKey = 0;

export function useUploadFiles({ onAdded, rules = LOCAL_RULES }: { onAdded?: (name: string) => void; rules?: UploadRules }) {
  const { t } = useTranslation();
  const formats = rules.extensions.join(', ');
  const overLimits = (name: string) =>
    void message.warning(t('upload.overLimits', { name, hours: rules.maxSeconds / 3600, size: formatLimit(rules.maxBytes) }));
  const { message } = useFeedback();
  const [items, setItems] = useState<UploadItem[]>([]);
  // Adding is asynchronous (the length is read first): the checks need the list as it is now, not as rendered.
  const current = useRef<UploadItem[]>([]);
  const checking = useRef(new Set<string>());
  const uploads = useRef(new Map<string, AbortController>());

  const commit = useCallback((change: (list: UploadItem[]) => UploadItem[]) => {
    current.current = change(current.current);
    setItems(current.current);
  }, []);
  const update = useCallback(
    (key: string, patch: Partial<UploadItem>) => commit((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item))),
    [commit],
  );
  const drop = useCallback((key: string) => commit((list) => list.filter((item) => item.key !== key)), [commit]);

  const start = (file: File, duration: number) => {
    const key = `upload-${++nextKey}`;
    const controller = new AbortController();
    uploads.current.set(key, controller);
    commit((list) => [...list, { key, name: file.name, duration, percent: 0, fileId: null, restored: false }]);
    onAdded?.(file.name);
    uploadMedia(file, {
      signal: controller.signal,
      target: rules.target,
      onProgress: (sent, total) => update(key, { percent: Math.min(rules.progressCap, Math.floor((sent / total) * 1000) / 10) }),
    })
      .then((uploaded) => {
        const seconds = uploaded.audioDuration ?? uploaded.duration ?? duration;
        // Spec §8: the server's probe can find a file longer than the browser did; such a file is deleted again.
        if (seconds > rules.maxSeconds) {
          drop(key);
          overLimits(file.name);
          void removeUploads([uploaded.id]).catch(() => undefined); // the layer showed why
          return;
        }
        update(key, { percent: 100, fileId: uploaded.id, duration: seconds });
      })
      .catch((error: unknown) => {
        if (isUploadError(error, 'cancelled')) return; // removed on purpose; the row is gone already
        drop(key);
        if (isUploadError(error, 'failed')) void message.error(t('upload.uploadError'));
        else if (isRequestError(error, 'business') || isRequestError(error, 'network')) void message.error(error.message);
      })
      .finally(() => uploads.current.delete(key));
  };

  /** One pick or drop: the whole batch is refused when it holds more files than the dialog takes. */
  const add = async (files: File[]) => {
    const { maxPathSegments } = rules;
    const media = files.filter((file) => {
      if (maxPathSegments !== null && file.webkitRelativePath.split('/').length > maxPathSegments) {
        void message.warning(t('upload.tooDeep', { name: file.webkitRelativePath }));
        return false;
      }
      const accepted = rules.extensions.includes(extensionOf(file.name));
      if (!accepted) void message.error(t('upload.formatError', { name: file.name, formats }));
      return accepted;
    });
    if (rules.countRule === 'batch' && media.length > rules.maxFiles) {
      void message.warning(t('upload.tooManyAtOnce', { count: rules.maxFiles }));
      return;
    }
    if (rules.countRule === 'list' && current.current.length + checking.current.size + media.length > rules.maxFiles) {
      void message.warning(t('upload.maxFiles', { count: rules.maxFiles }));
      return;
    }
    for (const file of media) {
      const names = new Set([...current.current.map((item) => item.name), ...checking.current]);
      if (names.has(file.name)) {
        void message.warning(t('upload.duplicate', { name: file.name }));
        continue;
      }
      if (names.size >= rules.maxFiles) {
        void message.warning(t('upload.maxFiles', { count: rules.maxFiles }));
        continue;
      }
      if (file.size > rules.maxBytes) {
        if (rules.bothLimits) overLimits(file.name);
        else void message.warning(t('upload.tooLarge', { name: file.name, size: (file.size / MB).toFixed(1), max: rules.maxBytes / MB }));
        continue;
      }
      checking.current.add(file.name);
      let duration: number;
      try {
        duration = await readDuration(file);
      } catch {
        void message.warning(t('upload.unreadable', { name: file.name }));
        continue;
      } finally {
        checking.current.delete(file.name);
      }
      if (duration > rules.maxSeconds) {
        if (rules.bothLimits) overLimits(file.name);
        else void message.warning(t('upload.tooLong', { name: file.name, hours: rules.maxSeconds / 3600, mb: rules.maxBytes / MB }));
        continue;
      }
      start(file, duration);
    }
  };

  /** Deletes an uploaded file on the server, or cancels its upload; resolves with the files left. */
  const remove = async (item: UploadItem) => {
    if (item.fileId !== null) {
      await removeUploads([item.fileId]);
      void message.success(t('upload.deleted'));
    } else {
      uploads.current.get(item.key)?.abort();
    }
    drop(item.key);
    return current.current.length;
  };

  /** The recovery banner's file: uploaded in an earlier session, never submitted. */
  const restore = (file: { id: number; name: string; duration: number }) =>
    commit(() => [{ key: `upload-${++nextKey}`, name: file.name, duration: file.duration, percent: 100, fileId: file.id, restored: true }]);

  /** Closing: uploads in flight are cancelled; uploaded files are deleted on the server unless kept for later. */
  const discard = ({ keepOnServer }: { keepOnServer: boolean }) => {
    for (const controller of uploads.current.values()) controller.abort();
    const ids = current.current.flatMap((item) => (item.fileId === null ? [] : [item.fileId]));
    if (!keepOnServer && ids.length > 0) void removeUploads(ids).catch(() => undefined); // the layer showed why
    commit(() => []);
  };

  // Leaving the layout (a standalone page) unmounts the dialog: nothing may keep uploading unseen.
  useEffect(() => {
    const inFlight = uploads.current;
    return () => {
      for (const controller of inFlight.values()) controller.abort();
    };
  }, []);

  const ready = items.length > 0 && items.every((item) => item.fileId !== null);
  return { items, ready, add, remove, restore, discard };
}
