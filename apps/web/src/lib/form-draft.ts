import type { FormInstance } from 'antd/es/form';
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { useSession } from './session-store.ts';
import { drafts } from './storage.ts';

export const LEAVE_MESSAGE = '您有未提交的内容，确定离开此页吗？草稿已保存在本机，回到此页可继续填写。';

/**
 * Asks before leaving while `dirty.current` holds: a reload, closing the tab or typing another
 * address (the browser's own beforeunload dialog), and a click inside the app (React Router's
 * blocker, with a Chinese confirm). A ref, so a successful submit that clears it and navigates in
 * the same tick is not asked about.
 */
export function useLeaveGuard(dirty: { readonly current: boolean }, message = LEAVE_MESSAGE): void {
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
}

export interface DraftCodec<V> {
  /** the form's values as JSON-safe data (dates as text) */
  save: (values: V) => unknown;
  /** back to the form's values; anything unreadable left out */
  load: (stored: unknown) => V;
}

const asIs: DraftCodec<never> = { save: (v) => v, load: (v) => v as never };

export interface FormDraft<V> {
  /** the Form's onValuesChange: keeps what was typed and marks the form changed */
  onValuesChange: (changed: Partial<V>, all: V) => void;
  /** when the draft shown was written (ISO), if one was restored */
  restoredAt: string | null;
  /** after a successful submit: the draft goes, leaving is no longer asked about */
  clear: () => void;
  /** 清空草稿: the draft goes and `reset` puts the form back */
  discard: () => void;
}

/**
 * A long form's draft in localStorage, per member (and per project where `name` says so): restored
 * when the form is shown again (once `ready`: after the server's own values were put in), written
 * on every change, cleared after a successful submit; leaving with unsent changes is asked about
 * (docs/web.md § Drafts of long forms).
 */
export function useFormDraft<V>(opts: {
  form: FormInstance<V>;
  /** the form's name in the key, e.g. `publish.new`, `orderPrice.7`; null: no draft */
  name: string | null;
  ready?: boolean;
  codec?: DraftCodec<V>;
  /** what 清空草稿 puts back (the form's starting values) */
  reset: () => void;
}): FormDraft<V> {
  const { form, name, ready = true, reset } = opts;
  const codec = (opts.codec ?? asIs) as DraftCodec<V>;
  const cardno = useSession((s) => s.cardno);
  const key = cardno && name ? drafts.key(cardno, name) : null;
  const dirty = useRef(false);
  const restoredFor = useRef<string | null>(null);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  useLeaveGuard(dirty);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restored once per key, when the form is ready
  useEffect(() => {
    if (!key || !ready || restoredFor.current === key) return;
    restoredFor.current = key;
    const stored = drafts.read(key);
    if (!stored) return;
    form.setFieldsValue(codec.load(stored.values) as never);
    setRestoredAt(stored.at);
  }, [key, ready]);

  return {
    onValuesChange: () => {
      if (!key) return;
      dirty.current = true;
      drafts.write(key, codec.save(form.getFieldsValue(true) as V));
    },
    restoredAt,
    clear: () => {
      dirty.current = false;
      if (key) drafts.remove(key);
      setRestoredAt(null);
    },
    discard: () => {
      dirty.current = false;
      if (key) drafts.remove(key);
      setRestoredAt(null);
      reset();
    },
  };
}
