import { useCallback, useEffect, useRef, useState } from 'react';
import { precheckFile } from '../../../components/upload/upload-checks.ts';
import { uploadFile } from '../../../components/upload/upload-file.ts';
import { isBizError } from '../../../lib/biz-error.ts';

/** One photo of a site step's form: uploaded (purpose `report`) as soon as it is taken. */
export interface Shot {
  key: number;
  /** what the thumbnail shows: the picked file itself, or the server's thumbnail once uploaded */
  preview: string | null;
  state: 'uploading' | 'done' | 'failed';
  percent: number;
  /** the file id, once File/upload answered */
  id: string | null;
  /** a problem of this photo: its upload failed, or the server refused it (`photos.<i>`) */
  error: string | null;
}

let seq = 0;

function objectUrl(file: File): string | null {
  if (typeof URL.createObjectURL !== 'function') return null;
  try {
    return URL.createObjectURL(file);
  } catch {
    return null;
  }
}

function revoke(url: string | null): void {
  if (url?.startsWith('blob:') && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

/**
 * The photos of one form: `add` uploads what the camera gave (up to `max`, each pre-checked),
 * `remove` drops one (cancelling its upload), `retry` uploads a failed one again, `settled` waits
 * for the uploads under way and gives the photos as they then are.
 */
export function useShots(max: number) {
  const [shots, setShots] = useState<Shot[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  // the photos as of now: uploads finish one after another between renders
  const latest = useRef<Shot[]>([]);
  const files = useRef(new Map<number, File>());
  const running = useRef(new Map<number, { ctrl: AbortController; done: Promise<void> }>());

  const update = useCallback((fn: (list: Shot[]) => Shot[]) => {
    latest.current = fn(latest.current);
    setShots(latest.current);
  }, []);

  const patch = useCallback(
    (key: number, p: Partial<Shot>) =>
      update((list) => list.map((s) => (s.key === key ? { ...s, ...p } : s))),
    [update],
  );

  const start = useCallback(
    (key: number, file: File) => {
      const ctrl = new AbortController();
      const done = uploadFile({
        purpose: 'report',
        file,
        signal: ctrl.signal,
        onProgress: (percent) => patch(key, { percent }),
      })
        .then((res) => {
          if (ctrl.signal.aborted) return;
          update((list) =>
            list.map((s) => {
              if (s.key !== key) return s;
              const preview = s.preview ?? res.thumbUrl ?? res.url;
              return { ...s, state: 'done', percent: 100, id: res.id, preview, error: null };
            }),
          );
        })
        .catch((err: unknown) => {
          if (ctrl.signal.aborted) return;
          patch(key, { state: 'failed', error: isBizError(err) ? err.message : '上传失败，请重试' });
        })
        .finally(() => {
          if (running.current.get(key)?.ctrl === ctrl) running.current.delete(key);
        });
      running.current.set(key, { ctrl, done });
    },
    [patch, update],
  );

  const add = useCallback(
    (picked: File[]) => {
      const problems: string[] = [];
      const fit = picked.filter((f) => {
        const problem = precheckFile(f, 'report');
        if (problem) problems.push(f.name ? `${f.name}：${problem}` : problem);
        return !problem;
      });
      const room = Math.max(0, max - latest.current.length);
      const take = fit.slice(0, room);
      if (fit.length > take.length) {
        problems.unshift(`现场照片最多 ${max} 张，多出的 ${fit.length - take.length} 张未上传`);
      }
      setNotice(problems.length ? problems.join('；') : null);
      const fresh = take.map((file) => {
        const key = ++seq;
        files.current.set(key, file);
        return {
          shot: {
            key,
            preview: objectUrl(file),
            state: 'uploading',
            percent: 0,
            id: null,
            error: null,
          } satisfies Shot,
          file,
        };
      });
      if (fresh.length === 0) return;
      update((list) => [...list, ...fresh.map((f) => f.shot)]);
      for (const f of fresh) start(f.shot.key, f.file);
    },
    [max, start, update],
  );

  const remove = useCallback(
    (key: number) => {
      running.current.get(key)?.ctrl.abort();
      running.current.delete(key);
      files.current.delete(key);
      const gone = latest.current.find((s) => s.key === key);
      revoke(gone?.preview ?? null);
      setNotice(null);
      update((list) => list.filter((s) => s.key !== key));
    },
    [update],
  );

  const retry = useCallback(
    (key: number) => {
      const file = files.current.get(key);
      if (!file) return;
      patch(key, { state: 'uploading', percent: 0, error: null });
      start(key, file);
    },
    [patch, start],
  );

  /** The server's word on the photos it was sent (`sent` are their keys, in the order sent). */
  const refuse = useCallback(
    (sent: number[], byIndex: Map<number, string>) => {
      const byKey = new Map<number, string>();
      for (const [i, msg] of byIndex) {
        const key = sent[i];
        if (key !== undefined) byKey.set(key, msg);
      }
      update((list) =>
        list.map((s) => ({ ...s, error: byKey.get(s.key) ?? (s.state === 'failed' ? s.error : null) })),
      );
    },
    [update],
  );

  const settled = useCallback(async (): Promise<Shot[]> => {
    await Promise.all([...running.current.values()].map((r) => r.done));
    return latest.current;
  }, []);

  useEffect(() => {
    const list = running.current;
    return () => {
      for (const r of list.values()) r.ctrl.abort();
      for (const s of latest.current) revoke(s.preview);
    };
  }, []);

  return { shots, notice, add, remove, retry, refuse, settled };
}
