import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import type { FileRef } from '@zl/shared';
import Image from 'antd/es/image';
import { FileUpload } from '../../../components/upload/file-upload.tsx';
import type { UploadedFile } from '../../../components/upload/upload-file.ts';

export const EVIDENCE_MAX = 10;

/** Up to ten evidence files (images or PDFs, uploaded as private attachments); the value is their ids. */
export function EvidenceUpload({
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
    <div className="zl-evidence-up" id={id}>
      {value.map((fileId, i) => (
        <FileUpload
          key={fileId}
          purpose="attachment"
          value={fileId}
          initialFile={byId.get(fileId) ?? null}
          placeholder={`证据 ${i + 1}`}
          onChange={(next) => {
            const copy = [...value];
            if (next) copy[i] = next;
            else copy.splice(i, 1);
            onChange?.(copy);
          }}
        />
      ))}
      {value.length < EVIDENCE_MAX && (
        <FileUpload
          key={`new-${value.length}`}
          purpose="attachment"
          value=""
          placeholder={value.length === 0 ? '上传证据' : '继续上传'}
          onChange={(next) => {
            if (next) onChange?.([...value, next]);
          }}
        />
      )}
    </div>
  );
}

/** Evidence as the parties and operators see it: image thumbnails that open, PDFs as links. */
export function EvidenceList({ files }: { files: FileRef[] }) {
  if (files.length === 0) return <span className="zl-muted">无证据文件</span>;
  return (
    <div className="zl-evidence">
      <Image.PreviewGroup>
        {files.map((f, i) =>
          f.thumbUrl ? (
            <Image
              key={f.id}
              src={f.thumbUrl}
              preview={{ src: f.url }}
              width={96}
              height={72}
              alt={`证据 ${i + 1}`}
            />
          ) : (
            <a key={f.id} href={f.url} target="_blank" rel="noreferrer" className="zl-evidence-pdf">
              <FilePdfOutlined /> 证据 {i + 1}
            </a>
          ),
        )}
      </Image.PreviewGroup>
    </div>
  );
}
