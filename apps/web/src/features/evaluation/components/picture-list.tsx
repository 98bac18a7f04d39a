import { EVALUATION_RULES } from '@zl/shared';
import { FileUpload } from '../../../components/upload/file-upload.tsx';

/** Up to nine evaluation pictures (public image uploads); the value is the list of file ids. */
export function EvaluationPictures({
  value = [],
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  id?: string;
}) {
  return (
    <div className="zl-pics" id={id}>
      {value.map((fileId, i) => (
        <FileUpload
          key={fileId}
          purpose="project"
          value={fileId}
          placeholder={`图片 ${i + 1}`}
          onChange={(next) => {
            const copy = [...value];
            if (next) copy[i] = next;
            else copy.splice(i, 1);
            onChange?.(copy);
          }}
        />
      ))}
      {value.length < EVALUATION_RULES.maxPictures && (
        <FileUpload
          key={`new-${value.length}`}
          purpose="project"
          value=""
          placeholder={value.length === 0 ? '上传图片' : '继续上传'}
          onChange={(next) => {
            if (next) onChange?.([...value, next]);
          }}
        />
      )}
    </div>
  );
}
