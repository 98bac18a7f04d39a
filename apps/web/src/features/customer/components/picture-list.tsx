import { FileUpload } from '../../../components/upload/file-upload.tsx';
import type { UploadedFile } from '../../../components/upload/upload-file.ts';

export const MAX_PICTURES = 9;

/**
 * Up to nine reference images built from the one upload control: each filled box is one file id,
 * one empty box appends. The value is the list of file ids (a Form.Item control).
 */
export function PictureList({
  value = [],
  onChange,
  known = [],
  id,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  known?: UploadedFile[];
  id?: string;
}) {
  const byId = new Map(known.map((f) => [f.id, f]));
  return (
    <div className="zl-pics" id={id}>
      {value.map((fileId, i) => (
        <FileUpload
          key={fileId}
          purpose="project"
          value={fileId}
          initialFile={byId.get(fileId) ?? null}
          placeholder={`参考图 ${i + 1}`}
          onChange={(next) => {
            const copy = [...value];
            if (next) copy[i] = next;
            else copy.splice(i, 1);
            onChange?.(copy);
          }}
        />
      ))}
      {value.length < MAX_PICTURES && (
        <FileUpload
          key={`new-${value.length}`}
          purpose="project"
          value=""
          placeholder={value.length === 0 ? '上传参考图' : '继续上传'}
          onChange={(next) => {
            if (next) onChange?.([...value, next]);
          }}
        />
      )}
    </div>
  );
}
