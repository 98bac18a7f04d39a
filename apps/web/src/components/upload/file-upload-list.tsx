import { FileUpload } from './file-upload.tsx';
import type { UploadedFile, UploadPurpose } from './upload-file.ts';

/** What a Form.Item hands a list of uploads, and what the server already said about its files. */
export interface FileUploadListValueProps {
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** what the server said about the files of the value ({id, url, thumbUrl}), for their previews */
  known?: UploadedFile[];
  id?: string;
}

export interface FileUploadListProps extends FileUploadListValueProps {
  purpose: UploadPurpose;
  /** how many files at the most */
  max: number;
  /** names the boxes: `<label> 1`, `<label> 2`, … and `上传<label>` in the first empty one */
  label: string;
  className?: string;
}

/**
 * A list of uploads built from the one upload control: each filled box is one file id, one empty box
 * appends until `max`. The value is the list of file ids (a Form.Item control).
 */
export function FileUploadList({
  value = [],
  onChange,
  known = [],
  id,
  purpose,
  max,
  label,
  className,
}: FileUploadListProps) {
  const byId = new Map(known.map((f) => [f.id, f]));
  return (
    <div className={className} id={id}>
      {value.map((fileId, i) => (
        <FileUpload
          key={fileId}
          purpose={purpose}
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
          purpose={purpose}
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
