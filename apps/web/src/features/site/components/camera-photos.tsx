import CameraOutlined from '@ant-design/icons/CameraOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { useId } from 'react';
import type { Shot } from '../lib/use-shots.ts';

/**
 * The photos of a site step: a thumbnail per photo (upload progress, remove, retry, its own error)
 * and a 拍照 box whose file input opens the phone's camera (`capture="environment"`; a desktop
 * browser opens its file picker).
 */
export function CameraPhotos({
  shots,
  max,
  disabled,
  invalid,
  onPick,
  onRemove,
  onRetry,
}: {
  shots: Shot[];
  max: number;
  disabled?: boolean;
  invalid?: boolean;
  onPick: (files: File[]) => void;
  onRemove: (key: number) => void;
  onRetry: (key: number) => void;
}) {
  const inputId = useId();
  return (
    <ul className="zl-site-shots" aria-label="现场照片">
      {shots.map((s, i) => (
        <li
          key={s.key}
          className={`zl-site-shot${s.error ? ' zl-site-shot-bad' : ''}`}
          data-state={s.state}
          aria-label={`现场照片 ${i + 1}`}
        >
          <div className="zl-site-shot-box">
            {s.preview ? (
              <img src={s.preview} alt={`现场照片 ${i + 1}`} />
            ) : (
              <span className="zl-site-shot-blank">照片 {i + 1}</span>
            )}
            {s.state === 'uploading' && (
              <span className="zl-site-shot-progress" role="status">
                {s.percent}%
              </span>
            )}
            {s.state === 'failed' && (
              <button
                type="button"
                className="zl-site-shot-retry"
                onClick={() => onRetry(s.key)}
                disabled={disabled}
                aria-label={`重新上传照片 ${i + 1}`}
              >
                <ReloadOutlined /> 重试
              </button>
            )}
            <button
              type="button"
              className="zl-site-shot-del"
              onClick={() => onRemove(s.key)}
              disabled={disabled}
              aria-label={`删除照片 ${i + 1}`}
              title="删除"
            >
              <CloseOutlined />
            </button>
          </div>
          {s.error && (
            <div className="zl-site-shot-error" role="alert">
              {s.error}
            </div>
          )}
        </li>
      ))}
      {shots.length < max && (
        <li className="zl-site-shot">
          <label
            htmlFor={inputId}
            className={`zl-site-shot-box zl-site-shot-add${invalid ? ' zl-site-shot-bad' : ''}${disabled ? ' zl-site-shot-off' : ''}`}
          >
            <CameraOutlined />
            <span>{shots.length === 0 ? '拍照' : '再拍一张'}</span>
          </label>
          <input
            id={inputId}
            className="zl-site-camera"
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            disabled={disabled}
            aria-label="拍摄现场照片"
            onChange={(e) => {
              const picked = Array.from(e.target.files ?? []);
              // the same photo may be picked again after a remove
              e.target.value = '';
              if (picked.length) onPick(picked);
            }}
          />
        </li>
      )}
    </ul>
  );
}
