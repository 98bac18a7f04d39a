import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import { acceptFor, fileThumbUrl, fileUrl } from '@zl/shared';
import Button from 'antd/es/button';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import Image from 'antd/es/image';
import Progress from 'antd/es/progress';
import type { RcFile, UploadProps } from 'antd/es/upload';
import Upload from 'antd/es/upload';
import { type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { isBizError } from '../../lib/biz-error.ts';
import { isPdf, precheckFile } from './upload-checks.ts';
import { type UploadedFile, type UploadPurpose, uploadFile } from './upload-file.ts';
import './file-upload.css';

export interface FileUploadProps {
  purpose: UploadPurpose;
  /** the file id (antd Form control value) */
  value?: string;
  onChange?: (id: string) => void;
  /** what the server said about the current value ({id, url, thumbUrl}), for its preview */
  initialFile?: UploadedFile | null;
  /** text in the empty box, e.g. 身份证人像面 */
  placeholder?: string;
  disabled?: boolean;
  shape?: 'card' | 'avatar';
  id?: string;
  /** called with each upload's result (e.g. to show the new avatar elsewhere) */
  onUploaded?: (file: UploadedFile) => void;
  /**
   * An empty box that picks several files at once: the picker allows multi-select and hands every
   * picked file to `onPick` (the list uploads each in a box of its own) instead of uploading one.
   */
  onPick?: (files: File[]) => void;
  /** a file picked elsewhere (several at once): uploaded as soon as the box appears */
  startWith?: File;
}

interface Progressing {
  name: string;
  percent: number;
  preview: string | null;
}

function describe(id: string, known: UploadedFile | undefined): UploadedFile {
  return known ?? { id, url: fileUrl(id), thumbUrl: fileThumbUrl(id) };
}

function objectUrl(file: File): string | null {
  if (!file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return null;
  return URL.createObjectURL(file);
}

/**
 * One upload control for every feature: pre-checks, XHR progress, preview, replace and remove.
 * Its value is the uploaded file's id, so it sits directly in an antd Form.Item.
 */
export function FileUpload({
  purpose,
  value,
  onChange,
  initialFile,
  placeholder = '点击上传',
  disabled: disabledProp,
  shape = 'card',
  id,
  onUploaded,
  onPick,
  startWith,
}: FileUploadProps) {
  // a disabled antd Form (a verification under review) disables its controls through this context
  const formDisabled = useContext(DisabledContext);
  const disabled = disabledProp ?? formDisabled;
  const [known, setKnown] = useState<Record<string, UploadedFile>>({});
  const [progress, setProgress] = useState<Progressing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(
    () => () => {
      if (progress?.preview) URL.revokeObjectURL(progress.preview);
    },
    [progress?.preview],
  );

  const current = value
    ? describe(value, known[value] ?? (initialFile?.id === value ? initialFile : undefined))
    : null;

  const beforeUpload: UploadProps['beforeUpload'] = (file, fileList) => {
    if (onPick) {
      // antd asks once per picked file, each time with the whole pick: hand the pick over once
      if (file === fileList[0]) onPick(fileList);
      return Upload.LIST_IGNORE;
    }
    const problem = precheckFile(file, purpose);
    if (problem) {
      setError(problem);
      return Upload.LIST_IGNORE;
    }
    setError(null);
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => start(file as RcFile);

  function start(f: File) {
    abortRef.current?.abort();
    const ctrl = new AbortController();
    abortRef.current = ctrl;
    setProgress({ name: f.name, percent: 0, preview: objectUrl(f) });
    uploadFile({
      purpose,
      file: f,
      signal: ctrl.signal,
      onProgress: (percent) => setProgress((p) => (p ? { ...p, percent } : p)),
    })
      .then((res) => {
        if (ctrl.signal.aborted) return;
        const done: UploadedFile = { ...res, name: res.name || f.name, mime: res.mime || f.type };
        setKnown((k) => ({ ...k, [done.id]: done }));
        setProgress(null);
        onChange?.(done.id);
        onUploaded?.(done);
      })
      .catch((err: unknown) => {
        if (ctrl.signal.aborted) return;
        setProgress(null);
        setError(isBizError(err) ? err.message : '上传失败，请重试');
      });
    // No abort handle for rc-upload: it aborts on unmount, and the picker that started an upload
    // (the 替换 button) unmounts while it runs. Cancelling is ours (取消上传, replace, unmount).
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: a box uploads the file it was given once, when it appears
  useEffect(() => {
    if (!startWith) return;
    const problem = precheckFile(startWith, purpose);
    if (problem) setError(problem);
    else start(startWith);
  }, [startWith]);

  function cancel() {
    abortRef.current?.abort();
    setProgress(null);
  }

  function remove() {
    setError(null);
    onChange?.('');
  }

  const picker = (child: ReactNode) => (
    <Upload
      accept={acceptFor(purpose)}
      showUploadList={false}
      multiple={Boolean(onPick)}
      maxCount={onPick ? undefined : 1}
      disabled={disabled || progress !== null}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
    >
      {child}
    </Upload>
  );

  let body: ReactNode;
  if (current) {
    body =
      isPdf(current.mime, current.name) || current.thumbUrl === null ? (
        <a className="zl-up-pdf" href={current.url} target="_blank" rel="noreferrer">
          <FilePdfOutlined />
          <span>{current.name || 'PDF 文件'}</span>
        </a>
      ) : (
        <Image src={current.thumbUrl || current.url} preview={{ src: current.url }} alt={placeholder} />
      );
  } else if (progress?.preview) {
    body = <img className="zl-up-img" src={progress.preview} alt="" />;
  } else if (disabled) {
    body = <span className="zl-up-trigger">未上传</span>;
  } else {
    body = picker(
      <button type="button" className="zl-up-trigger" id={id} aria-label={placeholder}>
        <PlusOutlined />
        <span>{placeholder}</span>
      </button>,
    );
  }

  return (
    <div className={shape === 'avatar' ? 'zl-up zl-up-avatar' : 'zl-up'}>
      <div className={current ? 'zl-up-box zl-up-filled' : 'zl-up-box'}>
        {body}
        {progress && (
          <div className="zl-up-progress" role="status" aria-live="polite">
            <Progress
              type="circle"
              percent={progress.percent}
              size={shape === 'avatar' ? 44 : 56}
              aria-label={`上传进度 ${progress.percent}%`}
            />
            <span>上传中 {progress.percent}%</span>
          </div>
        )}
      </div>
      {!disabled && (current || progress) && (
        <div className="zl-up-actions">
          {progress ? (
            <Button size="small" type="link" onClick={cancel}>
              取消上传
            </Button>
          ) : (
            <>
              {picker(
                <Button size="small" type="link" icon={<SwapOutlined />}>
                  替换
                </Button>,
              )}
              <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={remove}>
                删除
              </Button>
            </>
          )}
        </div>
      )}
      {error && (
        <div className="zl-up-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
