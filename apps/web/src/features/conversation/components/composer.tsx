import CloseOutlined from '@ant-design/icons/CloseOutlined';
import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import { acceptFor, MASK_CHAR, MESSAGE_FILES_MAX, MESSAGE_MAX, maskContacts, maskNotice } from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import Progress from 'antd/es/progress';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { isPdf, precheckFile } from '../../../components/upload/upload-checks.ts';
import { uploadFile } from '../../../components/upload/upload-file.ts';
import { isBizError } from '../../../lib/biz-error.ts';
import { useCompact } from '../../../lib/use-compact.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { type SendResult, useSendMessage } from '../api/messages.ts';
import { type SendErrors, sendErrors } from '../lib/chat.ts';

const PURPOSE = 'attachment';

interface Attachment {
  key: number;
  name: string;
  pdf: boolean;
  /** a local preview of a picture */
  preview: string | null;
  percent: number;
  /** the uploaded file's id, once File/upload answered */
  id: string | null;
  error: string | null;
  ctrl: AbortController;
}

let attachSeq = 0;

function objectUrl(file: File): string | null {
  if (!file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return null;
  return URL.createObjectURL(file);
}

function revoke(a: Attachment): void {
  a.ctrl.abort();
  if (a.preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(a.preview);
}

/**
 * The input at the bottom of a thread: text (Enter sends, Shift+Enter is a new line), pictures and
 * PDFs (purpose `attachment`, uploaded as soon as picked or pasted), 发送 once per submission.
 * Before the award (`masking`) it says while typing which contact details will show as ＊.
 */
export function Composer({
  threadId,
  projectId,
  masking,
  onSent,
}: {
  threadId?: number;
  projectId?: number;
  masking: boolean;
  onSent?: (res: SendResult) => void;
}) {
  const send = useSendMessage();
  const compact = useCompact();
  const { busy, run } = useSubmitOnce();
  const [content, setContent] = useState('');
  const [atts, setAtts] = useState<Attachment[]>([]);
  const [errors, setErrors] = useState<SendErrors | null>(null);
  const [pickNote, setPickNote] = useState<string | null>(null);
  const [maskedAfter, setMaskedAfter] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const textRef = useRef<TextAreaRef>(null);
  const attsRef = useRef(atts);
  attsRef.current = atts;

  useEffect(() => () => attsRef.current.forEach(revoke), []);

  const kinds = masking && content ? maskContacts(content).kinds : [];
  const uploading = atts.some((a) => a.id === null && a.error === null);
  const ready = atts.filter((a) => a.id !== null);
  const empty = content.trim() === '' && ready.length === 0;

  function update(key: number, patch: Partial<Attachment>) {
    setAtts((list) => list.map((a) => (a.key === key ? { ...a, ...patch } : a)));
  }

  function add(files: File[]) {
    const problems: string[] = [];
    const room = MESSAGE_FILES_MAX - attsRef.current.length;
    const fit = files.filter((f) => {
      const problem = precheckFile(f, PURPOSE);
      if (problem) problems.push(`${f.name}：${problem}`);
      return !problem;
    });
    const take = fit.slice(0, Math.max(0, room));
    if (fit.length > take.length) {
      problems.unshift(
        `一次最多发送 ${MESSAGE_FILES_MAX} 个图片或文件，多出的 ${fit.length - take.length} 个未添加`,
      );
    }
    setPickNote(problems.length ? problems.join('；') : null);
    const added = take.map(
      (f): Attachment => ({
        key: ++attachSeq,
        name: f.name,
        pdf: isPdf(f.type, f.name),
        preview: objectUrl(f),
        percent: 0,
        id: null,
        error: null,
        ctrl: new AbortController(),
      }),
    );
    setAtts((list) => [...list, ...added]);
    added.forEach((a, i) => {
      uploadFile({
        purpose: PURPOSE,
        file: take[i]!,
        signal: a.ctrl.signal,
        onProgress: (percent) => update(a.key, { percent }),
      })
        .then((res) => {
          if (!a.ctrl.signal.aborted) update(a.key, { id: res.id, percent: 100 });
        })
        .catch((err: unknown) => {
          if (!a.ctrl.signal.aborted)
            update(a.key, { error: isBizError(err) ? err.message : '上传失败，请重试' });
        });
    });
  }

  function remove(key: number) {
    setAtts((list) => {
      const a = list.find((x) => x.key === key);
      if (a) revoke(a);
      return list.filter((x) => x.key !== key);
    });
    setErrors(null);
  }

  const submit = () =>
    run(async () => {
      if (empty || uploading) return;
      const sent = ready;
      setErrors(null);
      try {
        const res = await send.mutateAsync({
          ...(threadId !== undefined ? { threadId } : { projectId }),
          content: content.trim(),
          files: sent.map((a) => a.id!),
        });
        setContent('');
        for (const a of attsRef.current) revoke(a);
        setAtts([]);
        setPickNote(null);
        setMaskedAfter(res.maskedKinds);
        onSent?.(res);
        textRef.current?.focus();
      } catch (err) {
        const e = sendErrors(
          err,
          sent.map((a) => a.name),
        );
        setErrors(e);
        const bad = new Set(e.files.map((i) => sent[i]?.key));
        if (bad.size > 0)
          setAtts((list) => list.map((a) => (bad.has(a.key) ? { ...a, error: '发送失败' } : a)));
      }
    });

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // an input method's Enter picks its candidate; it sends nothing
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    void submit();
  }

  function onPaste(e: ClipboardEvent<HTMLTextAreaElement>) {
    const files = Array.from(e.clipboardData?.files ?? []);
    if (files.length === 0) return;
    e.preventDefault();
    add(files);
  }

  return (
    <div className="zl-conv-composer">
      {kinds.length > 0 && (
        <Alert type="warning" showIcon className="zl-conv-mask" title={maskNotice(kinds)} />
      )}
      {kinds.length === 0 && maskedAfter.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setMaskedAfter([]) }}
          className="zl-conv-mask"
          title={`成交前请勿交换联系方式：${maskedAfter.join('、')}已显示为 ${MASK_CHAR}`}
        />
      )}
      {atts.length > 0 && (
        <ul className="zl-conv-atts" aria-label="待发送的图片和文件">
          {atts.map((a) => (
            <li
              key={a.key}
              className={a.error ? 'zl-conv-att zl-conv-att-bad' : 'zl-conv-att'}
              title={a.error ?? a.name}
            >
              {a.preview && !a.pdf ? (
                <img src={a.preview} alt={a.name} />
              ) : (
                <span className="zl-conv-att-file">
                  <FilePdfOutlined />
                  <span>{a.name}</span>
                </span>
              )}
              {a.id === null && a.error === null && (
                <span className="zl-conv-att-progress">
                  <Progress
                    type="circle"
                    percent={a.percent}
                    size={28}
                    aria-label={`上传进度 ${a.percent}%`}
                  />
                </span>
              )}
              {a.error && <span className="zl-conv-att-error">{a.error}</span>}
              <button
                type="button"
                className="zl-conv-att-del"
                aria-label={`移除 ${a.name}`}
                onClick={() => remove(a.key)}
              >
                <CloseOutlined />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="zl-conv-input">
        <Button
          type="text"
          icon={<PaperClipOutlined />}
          aria-label="添加图片或 PDF"
          title={`添加图片或 PDF（最多 ${MESSAGE_FILES_MAX} 个）`}
          disabled={atts.length >= MESSAGE_FILES_MAX}
          onClick={() => fileInput.current?.click()}
        />
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept={acceptFor(PURPOSE)}
          data-testid="conv-file-input"
          onChange={(e) => {
            add(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <Input.TextArea
          ref={textRef}
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
            setMaskedAfter([]);
            if (errors) setErrors(null);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={MESSAGE_MAX}
          status={errors && errors.lines.length > 0 && errors.files.length === 0 ? 'error' : undefined}
          placeholder={compact ? '输入消息' : '输入消息，Enter 发送，Shift+Enter 换行'}
          aria-label="消息"
          enterKeyHint="send"
          className="zl-conv-text"
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={() => void submit()}
          loading={busy}
          disabled={busy || empty || uploading}
          className="zl-conv-send"
        >
          发送
        </Button>
      </div>
      {content.length > MESSAGE_MAX - 200 && (
        <div className="zl-conv-count">
          {content.length} / {MESSAGE_MAX}
        </div>
      )}
      {(errors?.lines.length || pickNote) && (
        <div className="zl-conv-error" role="alert">
          {[...(errors?.lines ?? []), ...(pickNote ? [pickNote] : [])].map((l) => (
            <div key={l}>{l}</div>
          ))}
        </div>
      )}
    </div>
  );
}
