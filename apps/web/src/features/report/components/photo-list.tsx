import { FileUpload } from '../../../components/upload/file-upload.tsx';
import type { UploadedFile } from '../../../components/upload/upload-file.ts';

/**
 * A list of report uploads (purpose `report`) built from the one upload control: each filled box
 * is one file id, one empty box appends until `max`. The value is the list of ids (a Form.Item control).
 */
export function PhotoList({
  value = [],
  onChange,
  known = [],
  max,
  label,
  id,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  known?: UploadedFile[];
  max: number;
  label: string;
  id?: string;
}) {
  const byId = new Map(known.map((f) => [f.id, f]));
  return (
    <div className="zl-rp-pics" id={id}>
      {value.map((fileId, i) => (
        <FileUpload
          key={fileId}
          purpose="report"
          value={fileId}
          initialFile={byId.get(fileId) ?? null}
          placeholder={`${label} ${i + 1}`}
          onChange={(next) => {
            const copy = [...value];
            if (next) copy[i] = next;
            else copy.splice(i, 1);
            onChange?.(copy);
          }}
        />
      ))}
      {value.length < max && (
        <FileUpload
          key={`new-${value.length}`}
          purpose="report"
          value=""
          placeholder={value.length === 0 ? `上传${label}` : '继续上传'}
          onChange={(next) => {
            if (next) onChange?.([...value, next]);
          }}
        />
      )}
    </div>
  );
}
